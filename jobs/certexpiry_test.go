package jobs_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/rules"
)

// step is one run of a job at a date and what it must add.
type step struct {
	date      string
	newFlags  []string // kind/document/due/status of flags that appear
	newNotice []string // "template:offset-or-event" markers of notifications that appear (both channels counted once)
}

// diff returns the entries of after not in before.
func diff(before, after []string) []string {
	out := []string{}
	for _, a := range after {
		if !slices.Contains(before, a) {
			out = append(out, a)
		}
	}
	return out
}

// markers reduces notification lines to their dedupe key's event part
// ("cert-expiring:…:60" → "cert-expiring:60"), one per key.
func markers(lines []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, l := range lines {
		key := l[strings.LastIndex(l, " ")+1:]
		key = key[:strings.Index(key, "|")]
		parts := strings.Split(key, ":")
		m := parts[0]
		if last := parts[len(parts)-1]; len(parts) > 3 {
			m += ":" + last
		}
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

func (w *world) steps(job string, steps []step) {
	w.t.Helper()
	for _, s := range steps {
		fb, nb := w.flags(), w.notices()
		w.run(job, s.date)
		gotF, gotN := diff(fb, w.flags()), markers(diff(nb, w.notices()))
		if s.newFlags == nil {
			s.newFlags = []string{}
		}
		if s.newNotice == nil {
			s.newNotice = []string{}
		}
		if !slices.Equal(gotF, s.newFlags) {
			w.t.Errorf("%s %s: new flags %v, want %v", job, s.date, gotF, s.newFlags)
		}
		if !slices.Equal(gotN, s.newNotice) {
			w.t.Errorf("%s %s: new notices %v, want %v", job, s.date, gotN, s.newNotice)
		}
		// Rerun at the same now: nothing new.
		fa, na := w.flags(), w.notices()
		w.run(job, s.date)
		if d := diff(fa, w.flags()); len(d) > 0 {
			w.t.Errorf("%s %s rerun: new flags %v", job, s.date, d)
		}
		if d := diff(na, w.notices()); len(d) > 0 {
			w.t.Errorf("%s %s rerun: new notices %v", job, s.date, d)
		}
	}
}

func TestCertificateExpiryThresholds(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "hi", j)
	v := w.vessel("KA-KWR-M-0001", "mechanised", "KA-IV-2025", j, o)
	w.vesselCert(v, j, o, "insurance", "2026-03-02", "2027-03-01")
	w.steps(jobs.JobCertificateExpiry, []step{
		{date: "2026-12-30"}, // 61 days before: nothing
		{date: "2026-12-31", newFlags: []string{"certificate_expiring/insurance/2027-03-01/open"}, newNotice: []string{"cert-expiring:60"}},
		{date: "2027-01-01"}, // the day after the 60-day reminder: nothing new
		{date: "2027-01-29"},
		{date: "2027-01-30", newNotice: []string{"cert-expiring:30"}},
		{date: "2027-02-22", newNotice: []string{"cert-expiring:7"}},
		{date: "2027-02-28", newNotice: []string{"cert-expiring:1"}},
		{date: "2027-03-01"}, // last valid day: the 1-day reminder was sent yesterday
		// Expired: a flag, the expiring flag resolved, one notice; and the
		// compliance view finds the vessel unfit to ply (it has no survey
		// certificate nor crew either), so it is flagged and the owner told.
		{date: "2027-03-02", newFlags: []string{"certificate_expired/insurance/2027-03-01/open",
			"certificate_expiring/insurance/2027-03-01/resolved", "vessel_unfit//2027-03-02/open"}, newNotice: []string{"cert-expired", "unfit"}},
		{date: "2027-03-03"},
	})
	if got := w.flags(); !slices.Contains(got, "certificate_expiring/insurance/2027-03-01/resolved") {
		t.Errorf("expiring flag not resolved once expired: %v", got)
	}
	var locales []string
	w.must(w.db.Gorm.Raw(`SELECT DISTINCT locale FROM notifications`).Scan(&locales).Error)
	if !slices.Equal(locales, []string{"hi"}) {
		t.Errorf("locales %v, want the owner's hi", locales)
	}
	if n := w.count("notifications WHERE channel = 'email'"); n != 6 {
		t.Errorf("%d emails, want 6 (60, 30, 7, 1, expired, unfit)", n)
	}
}

func TestCertificateExpiryLeapDayAndFitToPly(t *testing.T) {
	unfit := false
	w := newWorld(t, func(d *jobs.Deps) {
		d.Fitness = jobs.FitnessFunc(func(context.Context, uuid.UUID, rules.Date) (bool, []jobs.UnfitReason, error) {
			return !unfit, []jobs.UnfitReason{{Code: string(rules.CodeSurveyCertExpired), Message: "Certificate of Survey expired"}}, nil
		})
	})
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "en", j)
	v := w.vessel("KA-KWR-M-0002", "mechanised", "KA-IV-2025", j, o)
	w.vesselCert(v, j, o, "registration", "2020-01-01", "")
	w.vesselCert(v, j, o, "survey", "2027-03-01", "2028-02-29")
	w.vesselCert(v, j, o, "insurance", "2027-03-01", "2028-12-31")
	w.vesselCert(v, j, o, "pollution", "2027-03-01", "2028-12-31")
	unfit = true
	w.steps(jobs.JobCertificateExpiry, []step{
		{date: "2027-12-30"},
		{date: "2027-12-31", newFlags: []string{"certificate_expiring/survey/2028-02-29/open"}, newNotice: []string{"cert-expiring:60"}},
		{date: "2028-02-28", newNotice: []string{"cert-expiring:1"}},
		{date: "2028-02-29"}, // leap day, the last valid day
		{date: "2028-03-01", newFlags: []string{"certificate_expired/survey/2028-02-29/open", "certificate_expiring/survey/2028-02-29/resolved",
			"vessel_unfit//2028-03-01/open"}, newNotice: []string{"cert-expired", "unfit"}},
	})
	// A renewed survey certificate resolves the flags at the next run.
	w.vesselCert(v, j, o, "survey", "2028-03-05", "2029-03-04")
	unfit = false
	w.run(jobs.JobCertificateExpiry, "2028-03-06")
	got := w.flags()
	for _, want := range []string{"certificate_expired/survey/2028-02-29/resolved", "vessel_unfit//2028-03-01/resolved"} {
		if !slices.Contains(got, want) {
			t.Errorf("flags %v lack %s", got, want)
		}
	}
}
