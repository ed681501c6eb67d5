package checklist_test

import (
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/rules"
)

// Karnataka 2025, Sch-IX Annex-1: a re-inspection is asked, per code of
// the catalogue, whether it is cleared; ids are derived so that the phone
// builds the same checklist, and the template is not offered as an
// inspector's checklist.
func TestClearanceTemplateAsksEveryCodeOfItsRegime(t *testing.T) {
	ts := checklist.ClearanceTemplates()
	if len(ts) != 1 || ts[0].Regime != rules.RegimeKarnataka2025 || ts[0].Key != "ka-reinspection-clearance" ||
		ts[0].ID != checklist.TemplateID("ka-reinspection-clearance", 1) || !ts[0].IsClearance() {
		t.Fatalf("clearance templates: %+v", ts)
	}
	tp := ts[0]
	want := 0
	for _, e := range rules.Catalogue() {
		if e.AppliesTo(tp.Regime) {
			want++
			it, ok := tp.Item("clear." + string(e.Code))
			if !ok || it.Code != e.Code || it.FailWhen != rules.AnswerNo || it.Ref == "" || it.Text == "" {
				t.Errorf("code %s: item %+v", e.Code, it)
			}
		}
	}
	if len(tp.Items) != want {
		t.Errorf("%d items, want one per code (%d)", len(tp.Items), want)
	}
	if _, ok := checklist.Index()[tp.ID]; !ok {
		t.Error("the index lacks the clearance template")
	}
	for _, x := range checklist.Templates() {
		if x.IsClearance() {
			t.Errorf("%s offered as an inspector's checklist", x.Key)
		}
	}
}
