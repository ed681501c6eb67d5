package jobs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/rules"
)

func TestCoC2027LegacyDeadline(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "hi", j)
	v := w.vessel("KA-KWR-M-0003", "mechanised", "KA-IV-2025", j, o)
	w.crew("Ramesh Tandel", "ramesh@test.tindal", j, v, o, "serang", "serang", true, "2010-04-01", "", "")
	w.steps(jobs.JobCoC2027, []step{
		{date: "2026-12-07"}, // 181 days before 6 June 2027
		{date: "2026-12-08", newFlags: []string{"coc_revalidation_due/serang/2027-06-06/open"}, newNotice: []string{"crew-coc_legacy_deadline:180"}},
		{date: "2026-12-09"},
		{date: "2027-03-08", newNotice: []string{"crew-coc_legacy_deadline:90"}},
		{date: "2027-05-07", newNotice: []string{"crew-coc_legacy_deadline:30"}},
		{date: "2027-05-30", newNotice: []string{"crew-coc_legacy_deadline:7"}},
		{date: "2027-06-05", newNotice: []string{"crew-coc_legacy_deadline:1"}},
		{date: "2027-06-06"}, // the deadline itself: still valid
		{date: "2027-06-07", newFlags: []string{"coc_invalid/serang/2027-06-06/open", "manning_non_compliant//2027-06-07/open"}, newNotice: []string{"manning"}},
		{date: "2027-06-08"},
	})
	// Holder (email only: no account) and owner (email and feed).
	var rows []struct{ Channel, RecipientType, Locale, Subject string }
	w.must(w.db.Gorm.Raw(`SELECT channel, recipient_type, locale, subject FROM notifications WHERE dedupe_key LIKE '%:180|%' ORDER BY channel, recipient_type`).Scan(&rows).Error)
	if len(rows) != 3 {
		t.Fatalf("180-day reminder rows %+v, want holder email, owner email, owner feed", rows)
	}
	for _, r := range rows {
		if r.Locale != "hi" || !strings.Contains(r.Subject, "6 जून 2027") {
			t.Errorf("reminder %+v: want Hindi with the due date", r)
		}
	}
}

func TestCoC2027DeadlineIsASetting(t *testing.T) {
	w := newWorld(t, func(d *jobs.Deps) { d.Settings.LegacyCoCDeadline = rules.D(2027, 12, 31) })
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "en", j)
	v := w.vessel("KA-KWR-M-0004", "mechanised", "KA-IV-2025", j, o)
	w.crew("Suresh", "", j, v, o, "serang", "serang", true, "2010-04-01", "", "")
	w.run(jobs.JobCoC2027, "2027-07-04") // 180 days before the moved deadline, after 6 June 2027
	if got := w.flags(); !slices.Equal(got, []string{"coc_revalidation_due/serang/2027-12-31/open"}) {
		t.Errorf("flags %v: the moved deadline must govern", got)
	}
}

func TestCoC2027RegularRevalidation(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "en", j)
	v := w.vessel("KA-KWR-M-0005", "mechanised", "KA-IV-2025", j, o)
	w.crew("Anand", "", j, v, o, "master", "master_class_3", false, "2023-01-10", "", "")
	// Issued 10 January 2023: revalidation due 10 January 2028 (Sch-XV F).
	w.steps(jobs.JobCoC2027, []step{
		{date: "2027-07-13"},
		{date: "2027-07-14", newFlags: []string{"coc_revalidation_due/master_class_3/2028-01-10/open"}, newNotice: []string{"crew-coc_revalidation_due:180"}},
	})
}
