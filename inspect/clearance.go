package inspect

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// A re-inspection's checklist is the findings it was sent to clear
// (checklist/clearance.go): the grounds of its detention order and the
// vessel's open findings, each answered cleared (yes) or still open (no).
// A yes counts as the code examined and passing for the release check
// (openCodes); a no raises the code again on the re-inspection, so it
// stays open and, if detainable, refuses the release naming it.

// errClearanceNotReinspection refuses a clearance template, or an answer
// to one, on an inspection that is not a re-inspection: only a
// re-inspection has findings it was sent to clear.
func errClearanceNotReinspection(field string) error {
	return models.Refused(field, "clearance_not_reinspection",
		"the re-inspection clearance checklist is only for a re-inspection (kind %s) of a detention order (Karnataka 2025, Sch-IX Annex-1)", KindReinspection)
}

// clearanceCodes are the codes a re-inspection was sent to clear: its
// order's codes and those of the vessel's open (unrectified, live)
// findings on its other submitted or approved inspections.
func (w *Work) clearanceCodes(ctx context.Context, ag *agg) (map[rules.Code]bool, error) {
	out := map[rules.Code]bool{}
	if ag.row.Kind != KindReinspection {
		return out, nil
	}
	var codes []string
	err := w.tx.DB.WithContext(ctx).Raw(`SELECT DISTINCT jsonb_array_elements_text(codes) FROM detention_orders WHERE id = ?
		UNION SELECT DISTINCT f.code FROM findings f JOIN inspections i ON i.id = f.inspection_id
		WHERE i.vessel_id = ? AND i.id <> ? AND i.status IN ? AND i.deleted_at IS NULL AND f.deleted_at IS NULL AND NOT f.rectified`,
		ag.row.DetentionOrderID, ag.row.VesselID, ag.row.ID, []string{models.StatusSubmitted, models.StatusApproved}).Scan(&codes).Error
	if err != nil {
		return nil, fmt.Errorf("codes to clear: %w", err)
	}
	for _, c := range codes {
		out[rules.Code(c)] = true
	}
	return out, nil
}

// checklistOf is template t's checklist for the inspection: a clearance
// template asks only the codes the re-inspection was sent to clear.
func (w *Work) checklistOf(ctx context.Context, ag *agg, t checklist.Template, v rules.InspectedVessel) ([]rules.ChecklistItem, error) {
	items := t.ChecklistFor(v)
	if !t.IsClearance() {
		return items, nil
	}
	codes, err := w.clearanceCodes(ctx, ag)
	if err != nil {
		return nil, err
	}
	return checklist.ClearanceFor(items, codes), nil
}

// withoutReoffence drops from the offences every code that only a
// clearance item raised. "Still open" at a re-inspection is the ground the
// vessel was detained or found for, already charged on the inspection
// that found it: the vessel lay detained, it did not ply again, so it is
// not a new Sch-IV offence (Karnataka 2025, Sch-IV; Sch-IX Annex-1). The
// finding and the detention codes stay.
func withoutReoffence(ev rules.Evaluation) rules.Evaluation {
	only := map[rules.Code]bool{}
	for _, d := range ev.Deficiencies {
		only[d.Code] = raisedByClearanceOnly(d)
	}
	var out []rules.ProposedOffence
	for _, o := range ev.Offences {
		codes := slices.DeleteFunc(slices.Clone(o.Codes), func(c rules.Code) bool { return only[c] })
		if len(codes) > 0 {
			o.Codes = codes
			out = append(out, o)
		}
	}
	if out == nil {
		out = []rules.ProposedOffence{}
	}
	ev.Offences = out
	return ev
}

// raisedByClearanceOnly reports whether every ground of d is a clearance
// item answered "no" (the rules name the item in each detail).
func raisedByClearanceOnly(d rules.Deficiency) bool {
	if len(d.Details) == 0 || !slices.Equal(d.Sources, []rules.Source{rules.SourceChecklist}) {
		return false
	}
	for _, s := range d.Details {
		if !strings.Contains(s, "checklist item ") || !strings.Contains(s, checklist.ClearancePrefix) {
			return false
		}
	}
	return true
}
