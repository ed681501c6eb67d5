package api_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/testkit"
)

// clearanceTemplate is Karnataka's re-inspection clearance checklist; its
// items are "clear." and the code (docs/SYNC.md §11): the phone derives
// both without asking.
var clearanceTemplate = checklist.TemplateID("ka-reinspection-clearance", 1)

func clearanceItem(code string) string { return "clear." + code }

// mutation is one sync mutation as a device captured it.
type mutation struct {
	id      uuid.UUID
	name    string
	version int
	seq     int
	at      time.Time
	args    map[string]any
}

// sendResult is a push result with the outcome a replay reports.
type sendResult struct {
	Status  string `json:"status"`
	Code    string `json:"code"`
	Outcome *struct {
		Status string `json:"status"`
	} `json:"outcome"`
}

// send pushes one captured mutation from p's device (its own seq and
// capture time, whatever order it arrives in) and returns its result.
func (p *pusher) send(m mutation) sendResult {
	p.h.t.Helper()
	body := map[string]any{"id": m.id, "seq": m.seq, "name": m.name,
		"version": m.version, "args": m.args, "base_version": 1, "captured_at": m.at.UTC().Format(time.RFC3339Nano)}
	res := p.h.do("POST", "/v1/sync/push", p.user, map[string]any{"ack_seq": 0, "mutations": []any{body}}, "X-Device-Id", p.dev,
		"X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
	var out struct{ Results []sendResult }
	if res.status != 200 || json.Unmarshal(res.body, &out) != nil || len(out.Results) != 1 {
		p.h.t.Fatalf("push %s: %d %s", m.name, res.status, res.body)
	}
	return out.Results[0]
}

// detainedFor pushes a submitted spot inspection of vessel that finds
// 20 passengers on a boat certified for 8 (03001, Karnataka 2025 Sch-IV
// row 5) and an inspector's finding of no valid survey certificate
// (01003, Sch-IV row 4), and has the supervisor detain it; it returns the
// order's id.
func (h *harness) detainedFor(vessel uuid.UUID) uuid.UUID {
	h.t.Helper()
	r := h.detainedBy(h.pusher("inspector"), "supervisor", vessel)
	if r.status != 201 || !strings.Contains(string(r.body), "03001") || !strings.Contains(string(r.body), "01003") {
		h.t.Fatalf("detention for 03001 and 01003: %d %s", r.status, r.body)
	}
	return uuid.MustParse(r.json()["id"].(string))
}

// detainedBy pushes detainedFor's inspection through p and has the user
// by detain the vessel; it returns the answer to the detention.
func (h *harness) detainedBy(p *pusher, by string, vessel uuid.UUID) response {
	h.t.Helper()
	id := uuid.Must(uuid.NewV7())
	at := testkit.Now().Add(-2 * time.Hour)
	for _, m := range []struct {
		name string
		args map[string]any
	}{{"inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": detentionTemplate, "kind": "spot", "passengers_carried": 20}},
		{"inspection.answer", map[string]any{"inspection_id": id, "item_id": "det.navigate", "answer": "yes"}},
		{"finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": "01003", "action": "06"}},
		{"inspection.submit", map[string]any{"inspection_id": id}}} {
		if r := p.push(at, m.name, m.args); r.Status != "applied" {
			h.t.Fatalf("%s: %+v", m.name, r)
		}
		at = at.Add(time.Second)
	}
	return h.do("POST", "/v1/inspections/"+id.String()+"/detention", by, confirmBody)
}

// clearanceMutations are a re-inspection of order on the clearance
// checklist, each code answered as given, and its submission, in capture
// order.
func clearanceMutations(vessel, order uuid.UUID, answers map[string]string) []mutation {
	id := uuid.Must(uuid.NewV7())
	at := testkit.Now().Add(-30 * time.Minute)
	ms := []mutation{{name: "inspection.start", version: 1, args: map[string]any{"id": id, "vessel_id": vessel, "template_id": clearanceTemplate,
		"kind": "re_inspection", "detention_order_id": order}}}
	codes := make([]string, 0, len(answers))
	for c := range answers {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		ms = append(ms, mutation{name: "inspection.answer", version: 1, args: map[string]any{"inspection_id": id,
			"item_id": clearanceItem(c), "answer": answers[c], "note": "seen on board"}})
	}
	ms = append(ms, mutation{name: "inspection.submit", version: 1, args: map[string]any{"inspection_id": id}})
	for i := range ms {
		ms[i].id, ms[i].seq, ms[i].at = uuid.Must(uuid.NewV7()), i+1, at.Add(time.Duration(i)*time.Second)
	}
	return ms
}

// TestReinspectionClearsWhatItWasSentToClear: issue 19 item 9. A boat
// detained for overloading (03001) and no survey certificate (01003) is
// re-inspected on the clearance checklist, which asks exactly those codes:
// "cleared" for both lets the supervisor release it (Karnataka 2025,
// Sch-IX Annex-2) with nothing re-recorded by hand; "still open" for one
// keeps it open and the release is refused naming it; and the arrival
// order of the re-inspection's mutations does not change the result.
func TestReinspectionClearsWhatItWasSentToClear(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	arrivals := map[string][]int{
		"in capture order":         {0, 1, 2, 3},
		"answers before the start": {2, 1, 0, 3},
		"submit first, start last": {3, 1, 2, 0},
		"answers after the submit": {0, 3, 2, 1},
	}
	names := make([]string, 0, len(arrivals))
	for n := range arrivals {
		names = append(names, n)
	}
	slices.Sort(names)
	n := 0
	for _, name := range names {
		for _, tc := range []struct {
			answers map[string]string
			open    string // "" when the release must succeed
		}{{map[string]string{"03001": "yes", "01003": "yes"}, ""}, {map[string]string{"03001": "yes", "01003": "no"}, "01003"}} {
			n++
			vessel := h.compliantBoat(n)
			order := h.detainedFor(vessel)
			p := h.pusher("inspector")
			ms := clearanceMutations(vessel, order, tc.answers)
			for _, i := range arrivals[name] {
				p.send(ms[i])
			}
			h.resendUntilFinal(p, ms)
			charged := func() (n int64) {
				h.row(&n, `SELECT count(*) FROM offences o JOIN inspections i ON i.id = o.inspection_id
					WHERE i.vessel_id = ? AND i.detention_order_id IS NULL AND o.deleted_at IS NULL`, vessel)
				return n
			}
			before := charged()
			r := h.do("POST", "/v1/detention-orders/"+order.String()+"/release", "supervisor", map[string]any{})
			if after := charged(); before != 2 || after != before {
				t.Errorf("%s, %v: the detention inspection's offences %d before the release, %d after; want rows 4 and 5 charged, unchanged", name, tc.answers, before, after)
			}
			switch {
			case tc.open == "" && r.status != 200:
				t.Errorf("%s: both cleared, release refused: %d %s", name, r.status, r.body)
			case tc.open != "" && (r.status != 422 || r.json()["code"] != "detainable_open" || !strings.Contains(string(r.body), tc.open) ||
				strings.Contains(string(r.body), "03001")):
				t.Errorf("%s: %s still open, release: %d %s", name, tc.open, r.status, r.body)
			}
			// The release rectifies (action 01) the findings the re-inspection
			// cleared; a finding still open stays open.
			var open []string
			h.row(&open, `SELECT f.code FROM findings f JOIN inspections i ON i.id = f.inspection_id
				WHERE i.vessel_id = ? AND i.detention_order_id IS NULL AND f.deleted_at IS NULL AND NOT f.rectified ORDER BY f.code`, vessel)
			if want := map[bool][]string{true: nil, false: {"01003", "03001"}}[tc.open == ""]; !slices.Equal(open, want) {
				t.Errorf("%s, %v: open findings of the detention inspection %v, want %v", name, tc.answers, open, want)
			}
			var status string
			h.row(&status, "SELECT status FROM vessels WHERE id = ?", vessel)
			if want := map[bool]string{true: "active", false: "detained"}[tc.open == ""]; status != want {
				t.Errorf("%s, %v: vessel %s, want %s", name, tc.answers, status, want)
			}
			// The re-inspection asked only the order's codes: nothing else was
			// raised, and a "no" raised its code again.
			var raised []string
			h.row(&raised, `SELECT f.code FROM findings f JOIN inspections i ON i.id = f.inspection_id
				WHERE i.detention_order_id = ? AND f.deleted_at IS NULL ORDER BY f.code`, order)
			if want := map[bool][]string{true: nil, false: {tc.open}}[tc.open == ""]; !slices.Equal(raised, want) {
				t.Errorf("%s, %v: re-inspection findings %v, want %v", name, tc.answers, raised, want)
			}
			// Still open is the ground already charged, not a new offence: the
			// boat lay detained (Karnataka 2025, Sch-IV row 4 was charged once).
			var offences int64
			h.row(&offences, `SELECT count(*) FROM offences o JOIN inspections i ON i.id = o.inspection_id
				WHERE i.detention_order_id = ? AND o.deleted_at IS NULL`, order)
			if offences != 0 {
				t.Errorf("%s, %v: the re-inspection charged %d offences", name, tc.answers, offences)
			}
		}
	}
	// Once used, the template is reference data every phone pulls.
	items, _ := h.pullAll("inspector", "")
	if !slices.Contains(upserted(items, "checklist_template"), clearanceTemplate.String()) {
		t.Error("the inspector's pull lacks the clearance template")
	}
}

// TestClearanceChecklistOnlyOnReinspection: the clearance checklist asks
// what a re-inspection was sent to clear; on any other inspection it is
// refused, at the start and at an answer, with 422
// clearance_not_reinspection, and nothing is written.
func TestClearanceChecklistOnlyOnReinspection(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.pusher("inspector")
	vessel := h.compliantBoat(99)
	at := testkit.Now().Add(-time.Minute)
	r := p.push(at, "inspection.start", map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": vessel, "template_id": clearanceTemplate, "kind": "spot"})
	if r.Status == "applied" || r.Code != "clearance_not_reinspection" {
		t.Errorf("spot inspection on the clearance checklist: %+v", r)
	}
	id := uuid.Must(uuid.NewV7())
	if r := p.push(at, "inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": detentionTemplate, "kind": "spot"}); r.Status != "applied" {
		t.Fatalf("spot start: %+v", r)
	}
	p.seq++
	a := p.send(mutation{id: uuid.Must(uuid.NewV7()), name: "inspection.answer", version: 2, seq: p.seq, at: at.Add(time.Second), args: map[string]any{"inspection_id": id,
		"template_id": clearanceTemplate, "item_id": clearanceItem("03001"), "answer": "yes"}})
	if a.Status == "applied" || a.Code != "clearance_not_reinspection" {
		t.Errorf("clearance answer on a spot inspection: %+v", a)
	}
	var answers int64
	h.row(&answers, "SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id)
	if answers != 0 {
		t.Errorf("a refused clearance answer wrote %d answers", answers)
	}
}

// resendUntilFinal resends, in seq order as the app does, every mutation
// until each has a final result (docs/SYNC.md §3), and fails unless each
// applied.
func (h *harness) resendUntilFinal(p *pusher, ms []mutation) {
	h.t.Helper()
	last := map[int]sendResult{}
	// Until every mutation has its final answer; the minute only bounds a
	// broken server, a loaded machine's slow one still gets there.
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		pending := 0
		for _, m := range ms {
			if r, ok := last[m.seq]; ok && r.Status != "deferred" && r.Status != "retry" {
				continue
			}
			last[m.seq] = p.send(m)
			if s := last[m.seq].Status; s == "deferred" || s == "retry" {
				pending++
			}
		}
		if pending == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, m := range ms {
		if r := last[m.seq]; r.Status != "applied" && (r.Status != "replayed" || r.Outcome == nil || r.Outcome.Status != "applied") {
			h.t.Fatalf("%s (seq %d) not applied: %+v", m.name, m.seq, r)
		}
	}
}
