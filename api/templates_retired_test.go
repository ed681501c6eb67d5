package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/testkit"
)

// retiredPush is what a push answers, with the stored outcome of a replay.
type retiredPush struct {
	Results []struct {
		ID, Status, Code, Message string
		Errors                    []struct{ Field, Code, Message string }
		Outcome                   *struct{ Status, Code, Message string }
	}
	Inspections []struct{ ID uuid.UUID }
}

// retireAt seeds the templates and sets when version v of key was retired,
// as if the first server to seed its successor had done it then.
func (h *harness) retireAt(key string, v int, at time.Time) {
	h.t.Helper()
	if _, err := inspect.New(h.db, nil, nil).SeedTemplates(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	res := h.db.Gorm.Exec("UPDATE checklist_templates SET retired_at = ? WHERE id = ?", at, checklist.TemplateID(key, v))
	if res.Error != nil || res.RowsAffected != 1 {
		h.t.Fatalf("retire %s v%d: %v, %d rows", key, v, res.Error, res.RowsAffected)
	}
}

// startMutation is inspection.start (v1 with one template, v2 with
// several) of a new inspection of the Karwar vessel, captured at `at`.
func (h *harness) startMutation(seq int, at time.Time, templates ...uuid.UUID) map[string]any {
	args := map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-KARWAR"], "kind": "routine"}
	version := 1
	if len(templates) == 1 {
		args["template_id"] = templates[0]
	} else {
		args["template_ids"], version = templates, 2
	}
	return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq, "name": "inspection.start", "version": version, "args": args,
		"captured_at": at.UTC().Format(time.RFC3339Nano)}
}

// pushAs sends mutations from the inspector's phone, its clock right.
func (h *harness) pushAs(ms ...map[string]any) retiredPush {
	h.t.Helper()
	res := h.do("POST", "/v1/sync/push", "inspector", map[string]any{"ack_seq": 0, "mutations": ms}, "X-Device-Id", h.deviceOf("inspector"),
		"X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
	var out retiredPush
	if res.status != 200 || json.Unmarshal(res.body, &out) != nil || len(out.Results) != len(ms) {
		h.t.Fatalf("push: %d %s", res.status, res.body)
	}
	return out
}

// current is the current version of key, and its number.
func current(t *testing.T, key string) (uuid.UUID, int) {
	t.Helper()
	for _, tp := range checklist.Templates() {
		if tp.Key == key && !tp.Retired {
			return tp.ID, tp.Version
		}
	}
	t.Fatalf("no current version of %s", key)
	return uuid.Nil, 0
}

func (h *harness) inspectionsWith(id any) int64 {
	var n int64
	h.db.Gorm.Raw("SELECT count(*) FROM inspections WHERE id = ?", id).Scan(&n)
	return n
}

// Issue 15: ka-form2-annex v1 fines AIS, VHF and binoculars in every zone
// under the Zone-1 codes of Karnataka 2025 r.46 (r.47 leaves Zones 2 and 3
// to the DA). A phone that never pulled v2 and starts with v1 a month
// after its retirement is refused, v1 and v2 alike: the push answers
// rejected template_retired naming the version, its retirement and what to
// use instead; nothing is written; the rejection is recorded (replayed
// the same on a resend, kept whole in quarantine) and the inspection's
// later mutations are rejected with it, none lost silently.
func TestStartWithARetiredTemplateAfterTheGraceIsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	now := testkit.Now().UTC().Truncate(time.Microsecond)
	retired := now.AddDate(0, 0, -31)
	h.retireAt("ka-form2-annex", 1, retired)
	h.retireAt("ka-display-board", 1, retired)
	v1 := checklist.TemplateID("ka-form2-annex", 1)
	form2, form2v := current(t, "ka-form2-annex")
	stateControl, _ := current(t, "ka-state-control")
	cases := []struct {
		name      string
		templates []uuid.UUID
		field     string
		names     []string
	}{
		{"inspection.start v1 with ka-form2-annex v1", []uuid.UUID{v1}, "template_id",
			[]string{"ka-form2-annex version 1", fmt.Sprintf("ka-form2-annex version %d", form2v)}},
		{"inspection.start v2 with ka-form2-annex v1 as an extra template", []uuid.UUID{stateControl, v1}, "template_ids.1",
			[]string{"ka-form2-annex version 1", fmt.Sprintf("ka-form2-annex version %d", form2v)}},
		{"inspection.start v2 with ka-display-board v1, replaced by the marking templates (Karnataka 2025 r.20)", []uuid.UUID{form2, checklist.TemplateID("ka-display-board", 1)}, "template_ids.1",
			[]string{"ka-display-board version 1", "ka-marking-mechanised"}},
	}
	seq := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := h.with(t)
			start := h.startMutation(seq+1, now, c.templates...)
			insp := start["args"].(map[string]any)["id"]
			answer := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq + 2, "name": "inspection.answer", "version": 1,
				"args": map[string]any{"inspection_id": insp, "item_id": "fire.extinguishers", "answer": "no"}, "captured_at": now.Add(time.Minute).Format(time.RFC3339Nano)}
			seq += 2
			out := h.pushAs(start, answer)
			r := out.Results[0]
			if r.Status != "rejected" || r.Code != inspect.CodeTemplateRetired || len(r.Errors) != 1 ||
				r.Errors[0].Field != c.field || r.Errors[0].Code != inspect.CodeTemplateRetired {
				t.Fatalf("start: %+v", r)
			}
			for _, want := range append(c.names, retired.Format(time.RFC3339)) {
				if !strings.Contains(r.Errors[0].Message, want) {
					t.Errorf("refusal %q does not name %q", r.Errors[0].Message, want)
				}
			}
			if a := out.Results[1]; a.Status != "rejected" || a.Code != "prerequisite_rejected" {
				t.Errorf("the inspection's answer: %+v, want rejected prerequisite_rejected", a)
			}
			if len(out.Inspections) != 0 || h.inspectionsWith(insp) != 0 {
				t.Fatalf("an inspection was stored: %+v", out.Inspections)
			}
			var rec struct{ Status, Code, Reason string }
			h.db.Gorm.Raw(`SELECT a.status, a.outcome->>'code' AS code, q.reason FROM applied_mutations a
				JOIN quarantine q ON q.mutation_id = a.id WHERE a.id = ?`, start["id"]).Scan(&rec)
			if rec.Status != "rejected" || rec.Code != inspect.CodeTemplateRetired || rec.Reason != inspect.CodeTemplateRetired {
				t.Errorf("recorded rejection %+v, want rejected %s kept in quarantine", rec, inspect.CodeTemplateRetired)
			}
			// The phone did not get the answer and sends the start again.
			again := h.pushAs(start).Results[0]
			if again.Status != "replayed" || again.Outcome == nil || again.Outcome.Status != "rejected" || again.Outcome.Code != inspect.CodeTemplateRetired {
				t.Fatalf("resent start: %+v", again)
			}
			if h.inspectionsWith(insp) != 0 {
				t.Fatal("the resend stored the inspection")
			}
		})
	}
}

// An offline phone keeps its work: a start with a retired version is
// accepted when it was captured before the grace (30 days) after the
// retirement ended, however late it is pushed, and refused from then on.
func TestStartWithARetiredTemplateWithinTheGraceIsAccepted(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	now := testkit.Now().UTC().Truncate(time.Microsecond)
	retired := now.AddDate(0, 0, -32)
	h.retireAt("ka-form2-annex", 1, retired)
	v1 := checklist.TemplateID("ka-form2-annex", 1)
	edge := retired.Add(inspect.DefaultRetiredGrace)
	cases := []struct {
		name   string
		at     time.Time
		status string
	}{
		{"29 days after the retirement, the day before the grace ends", retired.AddDate(0, 0, 29), "applied"},
		{"the last microsecond of the grace", edge.Add(-time.Microsecond), "applied"},
		{"the moment the grace ends (30 days)", edge, "rejected"},
		{"31 days after the retirement, the day after", retired.AddDate(0, 0, 31), "rejected"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := h.with(t)
			start := h.startMutation(i+1, c.at, v1)
			insp := start["args"].(map[string]any)["id"]
			r := h.pushAs(start).Results[0]
			if r.Status != c.status {
				t.Fatalf("start captured %s: %+v, want %s", c.at, r, c.status)
			}
			if want := int64(map[string]int{"applied": 1}[c.status]); h.inspectionsWith(insp) != want {
				t.Fatalf("%d inspections stored, want %d", h.inspectionsWith(insp), want)
			}
			if c.status == "rejected" && r.Code != inspect.CodeTemplateRetired {
				t.Fatalf("refused with %s, want %s", r.Code, inspect.CodeTemplateRetired)
			}
			if c.status == "applied" {
				var row struct {
					TemplateID uuid.UUID
					StartedAt  time.Time
				}
				h.db.Gorm.Raw("SELECT template_id, started_at FROM inspections WHERE id = ?", insp).Scan(&row)
				if row.TemplateID != v1 || !row.StartedAt.Equal(c.at) {
					t.Errorf("stored %+v, want template v1 started %s", row, c.at)
				}
			}
		})
	}
}

// A current version has no retirement and is never refused, however long
// ago the start was captured (a Karnataka 2025 start 59 days back).
func TestStartWithACurrentTemplateIsNeverRefusedForRetirement(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.retireAt("ka-form2-annex", 1, testkit.Now().AddDate(0, 0, -365))
	form2, _ := current(t, "ka-form2-annex")
	var row struct{ RetiredAt *time.Time }
	h.db.Gorm.Raw("SELECT retired_at FROM checklist_templates WHERE id = ?", form2).Scan(&row)
	if row.RetiredAt != nil {
		t.Fatalf("current ka-form2-annex retired at %s", row.RetiredAt)
	}
	for i, ago := range []int{0, 31, 59} {
		start := h.startMutation(i+1, testkit.Now().AddDate(0, 0, -ago), form2)
		if r := h.pushAs(start).Results[0]; r.Status != "applied" {
			t.Errorf("start %d days ago: %+v", ago, r)
		}
	}
}
