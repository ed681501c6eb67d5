package inspect

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

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
	return models.Refused(
		field,
		"clearance_not_reinspection",
		"the re-inspection clearance checklist is only for a re-inspection (kind %s) of a detention order "+
			"(Karnataka 2025, Sch-IX Annex-1)",
		KindReinspection,
	)
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
	err := w.tx.DB.WithContext(ctx).
		Raw(`SELECT DISTINCT jsonb_array_elements_text(codes) FROM detention_orders WHERE id = ?
		UNION SELECT DISTINCT f.code FROM findings f JOIN inspections i ON i.id = f.inspection_id
		WHERE i.vessel_id = ? AND i.id <> ? AND i.status IN ? AND i.deleted_at IS NULL
		AND f.deleted_at IS NULL AND NOT f.rectified`,
			ag.row.DetentionOrderID, ag.row.VesselID, ag.row.ID, []string{models.StatusSubmitted, models.StatusApproved}).
		Scan(&codes).
		Error
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
func (w *Work) checklistOf(
	ctx context.Context,
	ag *agg,
	t checklist.Template,
	v rules.InspectedVessel,
) ([]rules.ChecklistItem, error) {
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

// CloseCleared closes, as the release of order lifts the detention, the
// vessel's open findings of the order's codes that the re-inspection re
// answered cleared on its clearance checklist: rectified, with action code
// 01 "Deficiency rectified" (Karnataka 2025, Sch-IX, after Form B) and the
// release order named in the note. The supervisor's release is the
// physical verification a detainable finding waits for (docs/REVIEW.md,
// rule detainable_06); each finding and its inspection get new versions.
func (w *Work) CloseCleared(ctx context.Context, order *models.DetentionOrder, re uuid.UUID, note string) error {
	ag, err := w.lock(ctx, re)
	if err != nil {
		return err
	}
	cleared, err := w.clearedCodes(ctx, ag, order)
	if err != nil || len(cleared) == 0 {
		return err
	}
	var ids []struct{ ID, InspectionID uuid.UUID }
	err = w.tx.DB.WithContext(ctx).
		Raw(`SELECT f.id, f.inspection_id FROM findings f JOIN inspections i ON i.id = f.inspection_id
		WHERE i.vessel_id = ? AND i.id <> ? AND i.status IN ? AND i.deleted_at IS NULL
		AND f.deleted_at IS NULL AND NOT f.rectified
		AND f.code IN ? ORDER BY f.inspection_id, f.id`,
			ag.row.VesselID, ag.row.ID, []string{models.StatusSubmitted, models.StatusApproved}, cleared).
		Scan(&ids).
		Error
	if err != nil {
		return fmt.Errorf("findings cleared: %w", err)
	}
	for _, f := range ids {
		if err := w.closeCleared(ctx, f.InspectionID, f.ID, note); err != nil {
			return err
		}
	}
	return nil
}

// clearedCodes are the order's codes that re answered yes on a clearance
// checklist.
func (w *Work) clearedCodes(ctx context.Context, re *agg, order *models.DetentionOrder) ([]string, error) {
	if err := w.loadAnswers(ctx, re); err != nil {
		return nil, err
	}
	var out []string
	for _, id := range re.templateIDs() {
		t, _ := w.s.Template(id)
		if !t.IsClearance() {
			continue
		}
		for _, it := range t.Items {
			if a := re.answers[re.answerKey(id, it.ID)]; a != nil && a.Answer == "yes" &&
				slices.Contains(order.Codes, string(it.Code)) {
				out = append(out, string(it.Code))
			}
		}
	}
	return out, nil
}

// closeCleared marks one finding rectified under its locked inspection.
func (w *Work) closeCleared(ctx context.Context, inspection, id uuid.UUID, note string) error {
	ag, err := w.lock(ctx, inspection)
	if err != nil {
		return err
	}
	if err := w.loadFindings(ctx, ag); err != nil {
		return err
	}
	f := ag.findings[id]
	if f == nil || f.Rectified {
		return nil
	}
	now := w.Now().UTC()
	f.Rectified, f.RectifiedAt, f.RectificationNote = true, &now, note
	f.Version++
	w.bump(ag.row.ID)
	err = w.tx.DB.WithContext(ctx).
		Exec(`UPDATE findings SET rectified = true, rectified_at = ?, rectification_note = ?, rectification_action = ?,
		version = ?, updated_at = now() WHERE id = ?`, now, note, string(rules.RectifiedAction), f.Version, f.ID).
		Error
	if err != nil {
		return fmt.Errorf("close cleared finding: %w", err)
	}
	w.changed(EntityFinding, f.ID, findingKeys(&ag.row, f)...)
	w.audit("finding.rectified", EntityFinding, f.ID, map[string]any{"action_code": rules.RectifiedAction, "note": note})
	err = w.tx.DB.WithContext(ctx).
		Exec(`UPDATE flags SET status = 'resolved', resolved_at = ?, resolution = ?, updated_at = now()
		WHERE kind = 'finding_overdue' AND document = ? AND status = 'open'`, now, note, "finding:"+f.ID.String()).
		Error
	if err != nil {
		return fmt.Errorf("resolve overdue flag: %w", err)
	}
	return nil
}
