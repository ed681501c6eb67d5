package checklist

import (
	"strings"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
)

// A re-inspection clearance template asks, per deficiency code of its
// regime, "is it cleared?": yes clears the code, no raises it again. The
// server asks only the items of the codes the re-inspection was sent to
// clear (its detention order's codes and the vessel's open findings;
// inspect/recompute.go), so the phone shows the same few items, built from
// the order and the findings it pulled (docs/SYNC.md §11). Karnataka 2025,
// Sch-IX Annex-1: the detained vessel "must be presented for re-inspection
// by a Surveyor", who records whether each ground of detention is
// rectified.
//
// The templates are not offered as inspectors' checklists (Templates,
// TemplatesFor): inspection.start accepts one only for a re-inspection.

// clearanceVersion is the version of every clearance template. A code
// added to the catalogue is a new item, hence a new version.
const clearanceVersion = 1

// ClearancePrefix begins the id of every clearance item: "clear.03001".
const ClearancePrefix = "clear."

// ClearanceItemID is the id of the clearance item of code c.
func ClearanceItemID(c rules.Code) string { return ClearancePrefix + string(c) }

// ClearanceKey is the key of regime r's clearance template.
func ClearanceKey(r rules.Regime) string {
	return strings.ToLower(strings.SplitN(string(r), "-", 2)[0]) + "-reinspection-clearance"
}

// ClearanceTemplateID is the id of regime r's clearance template.
func ClearanceTemplateID(r rules.Regime) uuid.UUID {
	return TemplateID(ClearanceKey(r), clearanceVersion)
}

// IsClearance reports whether t is a re-inspection clearance template.
func (t Template) IsClearance() bool { return t.Key == ClearanceKey(t.Regime) }

// ClearanceTemplates are the clearance templates of the regimes that have
// a power to detain (only they issue the orders a re-inspection lifts).
func ClearanceTemplates() []Template {
	var out []Template
	for _, r := range []rules.Regime{rules.RegimeKarnataka2025, rules.RegimeParadip1967, rules.RegimeKandla1955} {
		if rules.DetentionPower(r) {
			out = append(out, clearanceTemplate(r))
		}
	}
	return out
}

// clearanceTemplate builds regime r's clearance template: one item per
// catalogue code of r, failing on "no".
func clearanceTemplate(r rules.Regime) Template {
	var items []Item
	for _, e := range rules.Catalogue() {
		if !e.AppliesTo(r) {
			continue
		}
		it := Item{ID: ClearanceItemID(e.Code), Code: e.Code, FailWhen: rules.AnswerNo, Group: rules.AreaTitles[e.Area],
			Texts: clearedTexts(e)}
		it.Text = it.Texts.En
		if len(e.LegalRefs) > 0 {
			it.Ref = e.LegalRefs[0]
		}
		items = append(items, it)
	}
	title := "Re-inspection: grounds of detention and open findings cleared"
	return Template{
		ID:      ClearanceTemplateID(r),
		Key:     ClearanceKey(r),
		Version: clearanceVersion,
		Regime:  r,
		Title:   title,
		Titles:  textsOf(title),
		Source:  "Karnataka 2025, Sch-IX Annex-1 and Annex-2",
		Items:   items,
	}
}

// ClearanceFor narrows a clearance template's checklist to the codes the
// re-inspection was sent to clear; the rules read no other item of it.
func ClearanceFor(items []rules.ChecklistItem, codes map[rules.Code]bool) []rules.ChecklistItem {
	out := items[:0:0]
	for _, it := range items {
		if codes[it.Code] {
			out = append(out, it)
		}
	}
	return out
}
