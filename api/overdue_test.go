package api_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	stdsync "sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/services/servicestest"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// TestFindingOverdueEscalates: a finding with action code 03 (rectify
// within 14 days, Karnataka 2025 Sch-IX Form B) lapses; the
// finding-overdue job, run with a fake "now", raises one flag per finding
// carrying the r.13/Form-18 proposal and the Sch-IV row, tells the owner
// in their language, and adds nothing when run again; the reviewer's view
// and the queue, on a clock past the due date, show the finding overdue;
// the gauge counts it per jurisdiction.
func TestFindingOverdueEscalates(t *testing.T) {
	var shift stdsync.Int64
	clock := func() time.Time { return testkit.Now().Add(time.Duration(shift.Load())) }
	h := newHarnessWith(t, harnessOptions{deps: func(d *api.Deps) {
		d.Inspect = inspect.New(d.DB, nil, clock)
		d.Push = tsync.New(d.DB, d.Inspect, testkit.Now, tsync.Options{})
		d.Penalties, d.Orders = nil, nil // derived again from this inspection service
		d.Set = servicestest.Complete(d.Set, d.DB)
	}})
	h.compliant()
	p := h.pusher("inspector")
	now := testkit.Now()
	approved, fa := h.submitted(p, now.Add(-2*time.Hour), foundDef{"11004", "03"}, foundDef{"07003", "05"})
	if r := h.do("POST", "/v1/inspections/"+approved.String()+"/review", "supervisor", map[string]any{"decision": "approve", "override_reason": "seen"}); r.status != 200 {
		t.Fatalf("approve: %d %s", r.status, r.body)
	}
	waiting, _ := h.submitted(p, now.Add(-time.Hour), foundDef{"11004", "03"})

	svc := jobs.New(jobs.Deps{DB: h.db, Outbox: notify.Outbox{}})
	run := func(days int) map[string]int64 {
		t.Helper()
		rec, err := svc.RunNow(context.Background(), jobs.JobFindingOverdue, now.AddDate(0, 0, days))
		h.must(err)
		if rec.Outcome != "succeeded" {
			t.Fatalf("finding-overdue: %s %s", rec.Outcome, rec.Error)
		}
		return rec.Counts
	}
	if c := run(10); c["flags"] != 0 || c["findings_overdue"] != 0 {
		t.Fatalf("day 10, within 14 days: %v", c)
	}
	if c := run(15); c["flags"] != 2 || c["findings_overdue"] != 2 {
		t.Fatalf("day 15: %v, want the two lifebuoy findings", c)
	}
	var flag struct{ Kind, SubjectType, Citation, Detail string }
	h.row(&flag, "SELECT kind, subject_type, citation, detail FROM flags WHERE document = ?", jobs.FindingDocument(fa["11004"]))
	if flag.Kind != jobs.FlagFindingOverdue || flag.SubjectType != "vessel" || !strings.Contains(flag.Citation, "action code 03") ||
		!strings.Contains(flag.Detail, "r.13") || !strings.Contains(flag.Detail, "Form-18") || !strings.Contains(flag.Detail, "KA-F09") {
		t.Errorf("flag: %+v", flag)
	}
	var told struct{ Locale, Body string }
	h.row(&told, "SELECT locale, body FROM notifications WHERE template = 'finding.overdue' AND owner_id = ? LIMIT 1", h.ids["owner-KARWAR"])
	if told.Locale != "kn" || !strings.Contains(told.Body, "11004") {
		t.Errorf("owner's notice: %+v", told)
	}
	notices := h.count("notifications")
	if c := run(16); c["flags"] != 0 || h.count("notifications") != notices {
		t.Errorf("rerun raised %v, notifications %d → %d", c, notices, h.count("notifications"))
	}

	shift.Store(int64(15 * 24 * time.Hour))
	st, d := h.reviewer(approved, "supervisor")
	if st != 200 {
		t.Fatalf("GET: %d", st)
	}
	for _, rf := range d.ReviewerFindings {
		if want := rf.FindingID == fa["11004"].String(); rf.Overdue != want {
			t.Errorf("finding %s overdue %v, want %v (the 3-month 05 is not due yet)", rf.FindingID, rf.Overdue, want)
		}
	}
	if _, q := h.queue("supervisor", url.Values{"overdue": {"true"}}); !slices.Equal(q.ids(), []string{waiting.String()}) || q.Counts["overdue"] != 1 {
		t.Errorf("queue of overdue: %v %v", q.ids(), q.Counts)
	}
	if m := string(h.scrape().body); !strings.Contains(m, `tindal_findings_overdue{jurisdiction="KARWAR"} 2`) {
		t.Errorf("gauge: %s", grepLines(m, "tindal_findings_overdue"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
