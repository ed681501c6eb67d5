package api_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/testkit"
)

// pushVersion sends one mutation of the given version as p's device.
func (p *pusher) pushVersion(at time.Time, name string, version int, args map[string]any) pushResult {
	p.h.t.Helper()
	p.seq++
	m := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": p.seq, "name": name, "version": version, "args": args, "base_version": 1,
		"captured_at": at.UTC().Format(time.RFC3339Nano)}
	res := p.h.do("POST", "/v1/sync/push", p.user, map[string]any{"ack_seq": 0, "mutations": []any{m}}, "X-Device-Id", p.dev,
		"X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
	var out struct{ Results []pushResult }
	if res.status != 200 || json.Unmarshal(res.body, &out) != nil || len(out.Results) != 1 {
		p.h.t.Fatalf("push %s v%d: %d %s", name, version, res.status, res.body)
	}
	return out.Results[0]
}

// Issue 15: the inspection view lists every template of an inspection
// started with inspection.start v2, and each answer names its template
// (a non-mechanised boat's Sch-VI Section B checklist with the Sch-IX
// detention assessment, Karnataka 2025, r.131(3)).
func TestInspectionViewShowsEveryTemplate(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	vessel := h.compliantBoat(1)
	primary, extra := checklist.TemplateID("ka-sch6-non-mechanised", 2), checklist.TemplateID("ka-detention-criteria", 1)
	var item string
	for _, tp := range checklist.Templates() {
		if tp.ID == primary {
			item = tp.Items[0].ID
		}
	}
	p := h.pusher("inspector")
	id, at := uuid.Must(uuid.NewV7()), testkit.Now().Add(-30*time.Minute)
	for i, m := range []struct {
		name    string
		version int
		args    map[string]any
	}{
		{"inspection.start", 2, map[string]any{"id": id, "vessel_id": vessel, "template_ids": []uuid.UUID{primary, extra}, "kind": "spot"}},
		{"inspection.answer", 2, map[string]any{"inspection_id": id, "template_id": extra, "item_id": "det.navigate", "answer": "no"}},
		{"inspection.answer", 1, map[string]any{"inspection_id": id, "item_id": item, "answer": "yes"}},
	} {
		if r := p.pushVersion(at.Add(time.Duration(i)*time.Second), m.name, m.version, m.args); r.Status != "applied" {
			t.Fatalf("%s v%d: %+v", m.name, m.version, r)
		}
	}
	r := h.do("GET", "/v1/inspections/"+id.String(), "inspector", nil)
	var view struct {
		Inspection struct {
			TemplateID  uuid.UUID   `json:"template_id"`
			TemplateIDs []uuid.UUID `json:"template_ids"`
		} `json:"inspection"`
		Answers []struct {
			TemplateID uuid.UUID `json:"template_id"`
			ItemID     string    `json:"item_id"`
			Answer     string    `json:"answer"`
		} `json:"answers"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &view) != nil {
		t.Fatalf("GET inspection: %d %s", r.status, r.body)
	}
	if view.Inspection.TemplateID != primary || !slices.Equal(view.Inspection.TemplateIDs, []uuid.UUID{primary, extra}) {
		t.Errorf("inspection templates %s %v, want %s then %s", view.Inspection.TemplateID, view.Inspection.TemplateIDs, primary, extra)
	}
	got := map[string]uuid.UUID{}
	for _, a := range view.Answers {
		got[a.ItemID] = a.TemplateID
	}
	if got["det.navigate"] != extra || got[item] != primary || len(got) != 2 {
		t.Errorf("answers by item → template %v, want det.navigate → %s, %s → %s", got, extra, item, primary)
	}
}
