package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
)

// A pulled finding names its inspection's vessel (FindingRecord.vessel_id),
// so an app shows the open findings of its jurisdictions on each vessel's
// card offline; and a pulled checklist template carries its title and its
// questions in English, Kannada and Hindi (ChecklistTexts), so an app
// switches language offline.
func TestPulledFindingNamesItsVesselAndTemplatesSpeakEveryLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.recordPusher()
	id := p.startForm2()
	finding := uuid.Must(uuid.NewV7())
	if r := p.push(p.mut("finding.record", 1, map[string]any{"id": finding, "inspection_id": id, "code": "03001"})); r[0].Status != "applied" {
		t.Fatalf("finding.record: %+v", r[0])
	}
	pulled := h.pullPages("inspector")
	found := false
	for _, f := range pulled["finding"] {
		if f["id"] == finding.String() {
			found = true
			if f["vessel_id"] != h.ids["vessel-KARWAR"].String() {
				t.Errorf("pulled finding's vessel_id %v, want the inspection's vessel %s", f["vessel_id"], h.ids["vessel-KARWAR"])
			}
		}
	}
	if !found {
		t.Fatalf("finding %s not pulled", finding)
	}
	want := checklist.Index()[form2v2]
	for _, tp := range pulled["checklist_template"] {
		if tp["id"] != form2v2.String() {
			continue
		}
		titles, _ := tp["titles"].(map[string]any)
		if titles["kn"] != want.Titles.Kn || titles["hi"] != want.Titles.Hi || titles["kn"] == "" || titles["kn"] == nil {
			t.Errorf("pulled titles %v, want %+v", titles, want.Titles)
		}
		items, _ := tp["items"].([]any)
		for i, raw := range items {
			it, _ := raw.(map[string]any)
			texts, _ := it["texts"].(map[string]any)
			if w := want.Items[i].Texts; texts["en"] != w.En || texts["kn"] != w.Kn || texts["hi"] != w.Hi || w.Kn == "" {
				t.Errorf("item %v: pulled texts %v, want %+v", it["id"], texts, w)
			}
		}
		r := h.do("GET", fmt.Sprintf("/v1/vessels/%s/templates", h.ids["vessel-KARWAR"]), "inspector", nil)
		if r.status != 200 || !strings.Contains(string(r.body), want.Items[0].Texts.Hi) {
			t.Errorf("GET templates: %d, no Hindi question %q in %.300s", r.status, want.Items[0].Texts.Hi, r.body)
		}
		return
	}
	t.Fatalf("template %s not pulled", form2v2)
}
