package api_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

type foundDef struct{ code, action string }

// submitted has the inspector start an inspection captured at at, record
// the findings, and submit it three minutes later; it returns the
// inspection and its findings' ids by code.
func (h *harness) submitted(p *pusher, at time.Time, found ...foundDef) (uuid.UUID, map[string]uuid.UUID) {
	h.t.Helper()
	id := uuid.Must(uuid.NewV7())
	p.push(at, "inspection.start", map[string]any{"id": id, "vessel_id": h.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	ids := map[string]uuid.UUID{}
	for i, f := range found {
		fid := uuid.Must(uuid.NewV7())
		ids[f.code] = fid
		if r := p.push(at.Add(time.Duration(i+1)*time.Second), "finding.record", map[string]any{"id": fid, "inspection_id": id, "code": f.code, "action": f.action, "note": "found on board"}); r.Status != "applied" {
			h.t.Fatalf("record %s: %+v", f.code, r)
		}
	}
	if r := p.push(at.Add(3*time.Minute), "inspection.submit", map[string]any{"inspection_id": id}); r.Status != "applied" {
		h.t.Fatalf("submit: %+v", r)
	}
	return id, ids
}

type queuePage struct {
	Items []struct {
		Inspection struct {
			ID                string `json:"id"`
			DetentionProposed bool   `json:"detention_proposed"`
		} `json:"inspection"`
		AgeDays            int  `json:"age_days"`
		EvidenceIncomplete bool `json:"evidence_incomplete"`
		OpenFindings       int  `json:"open_findings"`
	} `json:"items"`
	NextCursor *string          `json:"next_cursor"`
	Counts     map[string]int64 `json:"counts"`
}

func (h *harness) queue(user string, query url.Values) (int, queuePage) {
	h.t.Helper()
	var q queuePage
	r := h.do("GET", "/v1/reviews?"+query.Encode(), user, nil)
	if r.status == 200 {
		h.must(json.Unmarshal(r.body, &q))
	}
	return r.status, q
}

func (q queuePage) ids() []string {
	out := []string{}
	for _, it := range q.Items {
		out = append(out, it.Inspection.ID)
	}
	return out
}

// TestReviewQueue: the queue holds the submitted inspections of the
// supervisor's jurisdictions, oldest submission first, paged by an opaque
// cursor; each filter narrows it; the counts count the whole queue; an
// approved inspection leaves it; another jurisdiction's supervisor sees an
// empty queue and roles without the desk are refused.
func TestReviewQueue(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.compliant()
	h.addUser("supervisor-mangaluru", models.RoleSupervisor, "MANGALURU")
	p := h.pusher("inspector")
	now := testkit.Now()
	// Ages are counted in India's calendar days: each inspection is
	// submitted at noon India time, n days before today there, whatever
	// the hour the suite runs at (make test-hours runs it at 00:30).
	noon := func(n int) time.Time {
		y, m, d := now.In(rules.IST).Date()
		return time.Date(y, m, d-n, 12, 0, 0, 0, rules.IST)
	}
	// Submitted out of capture order: the queue orders by submission time.
	b, _ := h.submitted(p, noon(2), foundDef{"30013", "06"}) // Sch-IX para 2.2 watertight integrity failed: detention proposed
	a, _ := h.submitted(p, noon(3), foundDef{"11004", "03"}) // lifebuoys within 14 days
	c, _ := h.submitted(p, noon(1))
	// Captured before c's submission, synced after it: changed after
	// submission. Captured after b's: an amendment request (an open issue).
	p.push(noon(1).Add(time.Minute), "inspection.edit", map[string]any{"inspection_id": c, "notes": "written before submitting"})
	if r := p.push(now.Add(-time.Hour), "inspection.edit", map[string]any{"inspection_id": b, "notes": "written after submitting"}); r.Code != "amendment_requested" {
		t.Fatalf("edit after submission: %+v", r)
	}

	st, all := h.queue("supervisor", nil)
	if st != 200 || !slices.Equal(all.ids(), []string{a.String(), b.String(), c.String()}) {
		t.Fatalf("queue: %d %v, want a, b, c oldest first", st, all.ids())
	}
	if all.Items[0].AgeDays != 3 || all.Items[1].AgeDays != 2 || all.Items[2].AgeDays != 1 {
		t.Errorf("ages: %+v", all.Items)
	}
	if !all.Items[1].Inspection.DetentionProposed || all.Items[0].Inspection.DetentionProposed {
		t.Fatalf("detention: a %v, b %v", all.Items[0].Inspection.DetentionProposed, all.Items[1].Inspection.DetentionProposed)
	}
	// a and b hold inspector findings with no photo at all; c none.
	if !all.Items[0].EvidenceIncomplete || !all.Items[1].EvidenceIncomplete || all.Items[2].EvidenceIncomplete {
		t.Errorf("evidence incomplete: %+v", all.Items)
	}
	want := map[string]int64{"total": 3, "detention_proposed": 1, "evidence_incomplete": 2, "changed_after_submission": 1, "older_than_7_days": 0, "open_issues": 1}
	for k, v := range want {
		if all.Counts[k] != v {
			t.Errorf("count %s = %d, want %d (%v)", k, all.Counts[k], v, all.Counts)
		}
	}
	if all.Counts["clean"]+all.Counts["deficiencies"]+all.Counts["detention_proposed"] != 3 {
		t.Errorf("outcome counts do not add up: %v", all.Counts)
	}

	filters := []struct {
		query url.Values
		want  []string
	}{
		{url.Values{"outcome": {"detention"}}, []string{b.String()}},
		{url.Values{"detention_proposed": {"false"}}, []string{a.String(), c.String()}},
		{url.Values{"evidence_incomplete": {"true"}}, []string{a.String(), b.String()}},
		{url.Values{"changed_after_submission": {"true"}}, []string{c.String()}},
		{url.Values{"min_age_days": {"2"}}, []string{a.String(), b.String()}},
		{url.Values{"max_age_days": {"1"}}, []string{c.String()}},
		{url.Values{"open_issues": {"true"}}, []string{b.String()}},
		{url.Values{"open_issues": {"false"}, "outcome": {"clean"}}, []string{c.String()}},
		{url.Values{"outcome": {"deficiencies"}}, []string{a.String()}},
		{url.Values{"evidence_incomplete": {"true"}, "detention_proposed": {"false"}}, []string{a.String()}},
	}
	for _, f := range filters {
		st, q := h.queue("supervisor", f.query)
		if st != 200 || !slices.Equal(q.ids(), f.want) {
			t.Errorf("filter %v: %d %v, want %v", f.query, st, q.ids(), f.want)
		}
		if q.Counts["total"] != 3 {
			t.Errorf("filter %v: counts are of the whole queue, got %v", f.query, q.Counts)
		}
	}
	// A jurisdiction filter narrows the queue and its counts to that office.
	if st, q := h.queue("supervisor", url.Values{"jurisdiction_id": {h.ids["MANGALURU"].String()}}); st != 200 || len(q.Items) != 0 || q.Counts["total"] != 0 {
		t.Errorf("another office's queue: %d %v %v", st, q.ids(), q.Counts)
	}

	t.Run("paged by cursor", func(t *testing.T) {
		h := h.with(t)
		_, p1 := h.queue("supervisor", url.Values{"limit": {"2"}})
		if !slices.Equal(p1.ids(), []string{a.String(), b.String()}) || p1.NextCursor == nil {
			t.Fatalf("page 1: %v %v", p1.ids(), p1.NextCursor)
		}
		_, p2 := h.queue("supervisor", url.Values{"limit": {"2"}, "cursor": {*p1.NextCursor}})
		if !slices.Equal(p2.ids(), []string{c.String()}) || p2.NextCursor != nil {
			t.Fatalf("page 2: %v %v", p2.ids(), p2.NextCursor)
		}
		if st, _ := h.queue("supervisor", url.Values{"cursor": {"bm90LWEtY3Vyc29y"}}); st != 422 {
			t.Errorf("forged cursor: %d, want 422", st)
		}
	})

	t.Run("scoped", func(t *testing.T) {
		h := h.with(t)
		st, q := h.queue("supervisor-mangaluru", nil)
		if st != 200 || len(q.Items) != 0 || q.Counts["total"] != 0 {
			t.Errorf("another jurisdiction's supervisor: %d %v %v", st, q.ids(), q.Counts)
		}
		if st, q := h.queue("admin", nil); st != 200 || len(q.Items) != 3 {
			t.Errorf("admin: %d %v", st, q.ids())
		}
		for _, who := range []string{"inspector", "owner", "registrar"} {
			if st, _ := h.queue(who, nil); st != 403 {
				t.Errorf("%s: %d, want 403", who, st)
			}
		}
		if r := h.do("GET", "/v1/inspections/"+a.String(), "supervisor-mangaluru", nil); r.status != 404 {
			t.Errorf("another jurisdiction's supervisor reads the inspection: %d, want 404", r.status)
		}
	})

	// A photo not yet verified: approval is refused unless a reason overrides.
	h.must(h.db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, 1000, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`,
		uuid.New(), strings.Repeat("ab", 32), a).Error)
	if r := h.do("POST", "/v1/inspections/"+a.String()+"/review", "supervisor", map[string]any{"decision": "approve"}); r.status != 409 ||
		r.json()["code"] != "evidence_unverified" {
		t.Fatalf("approve with an unverified photo, no reason: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/inspections/"+a.String()+"/review", "supervisor", map[string]any{"decision": "approve", "override_reason": "photos follow"}); r.status != 200 {
		t.Fatalf("approve: %d %s", r.status, r.body)
	}
	if _, q := h.queue("supervisor", nil); !slices.Equal(q.ids(), []string{b.String(), c.String()}) || q.Counts["total"] != 2 {
		t.Errorf("after approving a: %v %v", q.ids(), q.Counts)
	}
}

type historyRow struct {
	Action    string  `json:"action"`
	ActorName string  `json:"actor_name"`
	ActorRole string  `json:"actor_role"`
	DeviceID  *string `json:"device_id"`
	Reason    string  `json:"reason"`
}

func (h *harness) history(id uuid.UUID, user string) []historyRow {
	h.t.Helper()
	var d struct {
		History []historyRow `json:"history"`
	}
	r := h.do("GET", "/v1/inspections/"+id.String(), user, nil)
	if r.status != 200 {
		h.t.Fatalf("GET inspection: %d %s", r.status, r.body)
	}
	h.must(json.Unmarshal(r.body, &d))
	return d.History
}

// TestReviewHistory: submit → return → resubmit → approve, each decision
// in the inspection's history with who, why and from which device.
func TestReviewHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.compliant()
	p := h.pusher("inspector")
	now := testkit.Now()
	id, _ := h.submitted(p, now.Add(-3*time.Hour), foundDef{"11004", "03"})
	review := func(body map[string]any) {
		t.Helper()
		if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", body); r.status != 200 {
			t.Fatalf("review %v: %d %s", body, r.status, r.body)
		}
	}
	review(map[string]any{"decision": "return", "comment": "photograph the lifebuoys"})
	if r := p.push(now.Add(-time.Hour), "inspection.submit", map[string]any{"inspection_id": id}); r.Status != "applied" {
		t.Fatalf("resubmit: %+v", r)
	}
	review(map[string]any{"decision": "approve", "override_reason": "lifebuoys seen on the video call"})

	var decisions []historyRow
	for _, e := range h.history(id, "supervisor") {
		if slices.Contains([]string{"inspection.start", "inspection.submit", "inspection.return", "inspection.approve"}, e.Action) {
			decisions = append(decisions, e)
		}
	}
	want := []historyRow{
		{Action: "inspection.start", ActorName: "inspector", ActorRole: "inspector"},
		{Action: "inspection.submit", ActorName: "inspector", ActorRole: "inspector"},
		{Action: "inspection.return", ActorName: "supervisor", ActorRole: "supervisor", Reason: "photograph the lifebuoys"},
		{Action: "inspection.submit", ActorName: "inspector", ActorRole: "inspector"},
		{Action: "inspection.approve", ActorName: "supervisor", ActorRole: "supervisor", Reason: "lifebuoys seen on the video call"},
	}
	if len(decisions) != len(want) {
		t.Fatalf("history: %+v", decisions)
	}
	for i, w := range want {
		g := decisions[i]
		if g.Action != w.Action || g.ActorName != w.ActorName || g.ActorRole != w.ActorRole || g.Reason != w.Reason {
			t.Errorf("history[%d] = %+v, want %+v", i, g, w)
		}
		// The inspector's decisions came from the phone; the supervisor's
		// from a signed-in session, which has its device too.
		if g.DeviceID == nil {
			t.Errorf("history[%d] %s has no device", i, g.Action)
		}
	}
	if dev := h.deviceOf("inspector"); decisions[1].DeviceID == nil || *decisions[1].DeviceID != dev {
		t.Errorf("submit from device %v, want the inspector's %s", decisions[1].DeviceID, dev)
	}
}

// compliant gives the Karwar vessel what the law asks of it, so that its
// inspections propose detention only for what the inspector records: a
// Certificate of Registration, a Certificate of Survey, insurance and a
// pollution certificate, and the Category C zone 3 passenger crew of
// Karnataka 2025 r.29(1) (Master Class 3, GP rating, Engine Driver Class 2).
func (h *harness) compliant() {
	h.t.Helper()
	v, j, o := h.ids["vessel-KARWAR"], h.ids["KARWAR"], h.ids["owner-KARWAR"]
	issued := testkit.Now().AddDate(0, 0, -182).Format(time.DateOnly)
	expires := testkit.Now().AddDate(0, 0, 365).Format(time.DateOnly)
	for _, kind := range []string{"registration", "survey", "insurance", "pollution"} {
		var exp any = expires
		if kind == "registration" {
			exp = nil
		}
		h.must(h.db.Gorm.Exec(`INSERT INTO certificates (id, subject_type, vessel_id, kind, number, issued_on, expires_on, jurisdiction_id, owner_id)
			VALUES (?, 'vessel', ?, ?, ?, ?, ?, ?, ?)`, uuid.New(), v, kind, "KA-"+kind, issued, exp, j, o).Error)
	}
	for i, c := range []struct{ role, kind, grade string }{{"master", "competency", "master_class_3"}, {"gp_rating", "gp_rating", "gp_rating"}, {"engine_driver", "competency", "engine_driver_class_2"}} {
		cm := uuid.New()
		h.must(h.db.Gorm.Exec(`INSERT INTO crew_members (id, indivc_number, name, jurisdiction_id) VALUES (?, ?, ?, ?)`, cm, "INDIVC-"+string(rune('A'+i)), c.role, j).Error)
		h.must(h.db.Gorm.Exec(`INSERT INTO certificates (id, subject_type, crew_member_id, kind, grade, number, issued_on, expires_on, jurisdiction_id)
			VALUES (?, 'crew_member', ?, ?, ?, ?, ?, ?, ?)`, uuid.New(), cm, c.kind, c.grade, "COC-"+c.role, issued, expires, j).Error)
		h.must(h.db.Gorm.Exec(`INSERT INTO vessel_crew (id, vessel_id, crew_member_id, role, signed_on, jurisdiction_id, owner_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			uuid.New(), v, cm, c.role, "2020-01-01", j, o).Error)
	}
}

// TestInspectionDetailSendsEveryField: the reviewer's view names every
// field the contract requires, null when there is no value (a client
// written from the contract tells "no value" from "not sent"): the
// findings' due date, the phone's raw clock and who confirmed the time,
// and each history entry's actor and device.
func TestInspectionDetailSendsEveryField(t *testing.T) {
	h := newHarness(t)
	h.compliant()
	p := h.pusher("inspector")
	id, _ := h.submitted(p, testkit.Now().Add(-3*time.Hour), foundDef{"11004", "03"})
	r := h.do("GET", "/v1/inspections/"+id.String(), "supervisor", nil)
	if r.status != 200 {
		t.Fatalf("GET inspection: %d %s", r.status, r.body)
	}
	var d struct {
		Findings []map[string]json.RawMessage `json:"findings"`
		Time     map[string]json.RawMessage   `json:"time"`
		History  []map[string]json.RawMessage `json:"history"`
	}
	h.must(json.Unmarshal(r.body, &d))
	if len(d.Findings) == 0 || len(d.History) == 0 {
		t.Fatalf("no findings or history: %s", r.body)
	}
	has := func(what string, m map[string]json.RawMessage, keys ...string) {
		t.Helper()
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("%s has no %q: %v", what, k, m)
			}
		}
	}
	for _, f := range d.Findings {
		has("finding", f, "due_date")
	}
	has("time", d.Time, "started_raw", "time_confirmed_by")
	if string(d.Time["time_confirmed_by"]) != "null" {
		t.Errorf("time_confirmed_by = %s, want null (nobody confirmed it)", d.Time["time_confirmed_by"])
	}
	for _, e := range d.History {
		has("history entry", e, "actor_id", "device_id")
	}
}
