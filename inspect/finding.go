package inspect

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// RecordFindingArgs are the arguments of finding.record v1: a deficiency
// the inspector found. Action is the action code the inspector asks for;
// the rules may correct it (the correction is the derived action).
type RecordFindingArgs struct {
	ID           uuid.UUID `json:"id"`
	InspectionID uuid.UUID `json:"inspection_id"`
	Code         string    `json:"code"`
	Note         *string   `json:"note,omitempty"`
	Action       *string   `json:"action,omitempty"`
	Persons      *int      `json:"persons,omitempty"`
	PartyRef     *string   `json:"party_ref,omitempty"`
}

// Aggregate implements Args.
func (a *RecordFindingArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *RecordFindingArgs) validate() error {
	var fe models.FieldErrors
	if a.ID == uuid.Nil {
		fe.Add("id", "required", "is required")
	}
	if a.InspectionID == uuid.Nil {
		fe.Add("inspection_id", "required", "is required")
	}
	if _, ok := rules.Lookup(rules.Code(a.Code)); !ok {
		fe.Add("code", "unknown_code", "%q is not a code of the deficiency catalogue", a.Code)
	}
	validateFindingFields(&fe, a.Note, a.Action, a.Persons, a.PartyRef)
	return fe.Err()
}

func validateFindingFields(fe *models.FieldErrors, note, action *string, persons *int, party *string) {
	if note != nil && len(*note) > 2000 {
		fe.Add("note", "max_length", "at most 2000 characters")
	}
	if action != nil && *action != "" && rules.ActionTitles[rules.ActionCode(*action)] == "" {
		fe.Add("action", "enum", "must be a deficiency action code (01-06, 99)")
	}
	if persons != nil && (*persons < 0 || *persons > 10000) {
		fe.Add("persons", "range", "must be between 0 and 10000")
	}
	if party != nil && len(*party) > 80 {
		fe.Add("party_ref", "max_length", "at most 80 characters")
	}
}

// findingEdits lists the client-editable fields an edit sets.
func findingEdits(f *models.Finding, note, action *string, persons *int, party *string) []edit {
	var out []edit
	if note != nil {
		out = append(out, edit{"note", f.Note, *note})
	}
	if action != nil {
		out = append(out, edit{"requested_action", f.RequestedAction, *action})
	}
	if persons != nil {
		out = append(out, edit{"persons", f.Persons, *persons})
	}
	if party != nil {
		out = append(out, edit{"party_ref", f.PartyRef, *party})
	}
	return out
}

func (a *RecordFindingArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return deref(out), err
	}
	if err := w.loadFindings(ctx, ag); err != nil {
		return Outcome{}, err
	}
	if f, ok := ag.findings[a.ID]; ok {
		if f.Code != a.Code {
			return Outcome{}, models.Errorf(models.KindConflict, "id_taken", "finding %s exists with another code", a.ID)
		}
		return w.editFinding(ctx, ag, m, f, "finding.record", findingEdits(f, a.Note, a.Action, a.Persons, a.PartyRef))
	}
	v := w.bump(ag.row.ID)
	f := models.Finding{ID: a.ID, InspectionID: ag.row.ID, Code: a.Code, Source: string(rules.SourceInspector),
		Sources: models.Strings{string(rules.SourceInspector)}, Stamps: models.Stamps{"code": stampOf(m, v, nil)},
		JurisdictionID: ag.row.JurisdictionID, OwnerID: ag.row.OwnerID, InspectorID: ag.row.InspectorID}
	for _, e := range findingEdits(&f, a.Note, a.Action, a.Persons, a.PartyRef) {
		setFindingField(&f, e.field, e.next)
		f.Stamps[e.field] = stampOf(m, v, nil)
	}
	first, err := w.tx.FirstVersion(ctx)
	if err != nil {
		return Outcome{}, err
	}
	f.Version = first
	if err := w.putFinding(ctx, &f); err != nil {
		if storage.IsUniqueViolation(err) { // the id is another inspection's finding
			return Outcome{}, models.Errorf(models.KindConflict, "id_taken", "finding %s belongs to another inspection", a.ID)
		}
		return Outcome{}, fmt.Errorf("insert finding: %w", err)
	}
	ag.findings[f.ID] = &f
	w.changed(EntityFinding, f.ID, findingKeys(&ag.row, &f)...)
	w.audit("finding.record", EntityFinding, f.ID, f)
	return applied(&ag.row, RowRef{EntityFinding, f.ID, 1}), nil
}

func setFindingField(f *models.Finding, field string, v any) {
	switch field {
	case "note":
		f.Note = v.(string)
	case "requested_action":
		f.RequestedAction = v.(string)
	case "persons":
		f.Persons = v.(int)
	case "party_ref":
		f.PartyRef = v.(string)
	case "rectified":
		f.Rectified = v.(bool)
	case "rectification_note":
		f.RectificationNote = v.(string)
	}
}

// editFinding applies field edits to an inspector finding. An edit of a
// finding discarded on another device that had not seen it brings the
// finding back (the discard loses, docs/SYNC.md §4).
func (w *Work) editFinding(
	ctx context.Context,
	ag *agg,
	m Meta,
	f *models.Finding,
	action string,
	edits []edit,
) (Outcome, error) {
	if f.Source != string(rules.SourceInspector) {
		return Outcome{}, models.InvalidField("finding_id", "derived_finding", "derived findings are server-owned")
	}
	if err := w.settle(ctx); err != nil { // the row may be pending
		return Outcome{}, err
	}
	cols := map[string]any{}
	var conflicts []uuid.UUID
	if f.DeletedAt.Valid {
		cid, err := w.reviveFinding(ctx, ag, m, f)
		if err != nil {
			return Outcome{}, err
		}
		conflicts = append(conflicts, cid)
		cols["deleted_at"] = nil
	}
	fe, err := w.applyEdits(ctx, ag, m, EntityFinding, f.ID, f.Stamps, edits, func() int64 { return w.bump(ag.row.ID) })
	if err != nil {
		return Outcome{}, err
	}
	out := applied(&ag.row)
	out.Unapplied, out.ConflictIDs = fe.unapplied, append(conflicts, fe.conflicts...)
	if len(fe.unapplied) > 0 {
		out.Status = ResultMerged
	}
	if !fe.touched && len(cols) == 0 {
		return out, nil
	}
	for k, v := range fe.cols {
		setFindingField(f, k, v)
		cols[k] = v
	}
	f.Stamps = fe.stamps
	cols["stamps"] = fe.stamps
	if fe.changed || len(conflicts) > 0 {
		f.Version++
		w.bump(ag.row.ID)
	}
	if err := w.writeFinding(ctx, ag, f, cols, action); err != nil {
		return Outcome{}, err
	}
	out.Written = []RowRef{{EntityFinding, f.ID, f.Version}}
	return out, nil
}

// reviveFinding undoes a concurrent discard from another device.
func (w *Work) reviveFinding(ctx context.Context, ag *agg, m Meta, f *models.Finding) (uuid.UUID, error) {
	st := f.Stamps["deleted"]
	if st.Device == m.DeviceID || st.Version <= m.Base {
		return uuid.Nil, models.Errorf(models.KindConflict, "finding_discarded", "the finding was discarded")
	}
	f.DeletedAt = gorm.DeletedAt{}
	f.Stamps["deleted"] = stampOf(m, w.bump(ag.row.ID), true)
	return w.recordConflict(
		ctx,
		ag,
		m,
		clash{entity: EntityFinding, entityID: f.ID, field: "deleted", server: true, client: false, st: st, clientWon: true},
	)
}

// writeFinding writes changed finding columns with the row version.
func (w *Work) writeFinding(ctx context.Context, ag *agg, f *models.Finding, cols map[string]any, action string) error {
	if err := w.settle(ctx); err != nil { // the row may be pending
		return err
	}
	cols["version"], cols["updated_at"] = f.Version, time.Now().UTC()
	if err := w.tx.DB.WithContext(ctx).
		Model(&models.Finding{}).
		Unscoped().
		Where("id = ?", f.ID).
		Updates(cols).
		Error; err != nil {
		return fmt.Errorf("update finding: %w", err)
	}
	w.changed(EntityFinding, f.ID, findingKeys(&ag.row, f)...)
	w.audit(action, EntityFinding, f.ID, cols)
	return nil
}

// lockFinding locks the inspection and returns one of its findings.
func (w *Work) lockFinding(
	ctx context.Context,
	m Meta,
	inspection, finding uuid.UUID,
) (*agg, *models.Finding, *Outcome, error) {
	ag, err := w.lock(ctx, inspection)
	if err != nil {
		return nil, nil, nil, err
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return ag, nil, out, err
	}
	if err := w.loadFindings(ctx, ag); err != nil {
		return nil, nil, nil, err
	}
	f, ok := ag.findings[finding]
	if !ok {
		return nil, nil, nil, models.InvalidField(
			"finding_id",
			"unknown_finding",
			"inspection %s has no finding %s",
			inspection,
			finding,
		)
	}
	return ag, f, nil, nil
}

// UpdateFindingArgs are the arguments of finding.update v1.
type UpdateFindingArgs struct {
	FindingID    uuid.UUID `json:"finding_id"`
	InspectionID uuid.UUID `json:"inspection_id"`
	Note         *string   `json:"note,omitempty"`
	Action       *string   `json:"action,omitempty"`
	Persons      *int      `json:"persons,omitempty"`
	PartyRef     *string   `json:"party_ref,omitempty"`
}

// Aggregate implements Args.
func (a *UpdateFindingArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *UpdateFindingArgs) validate() error {
	var fe models.FieldErrors
	if a.FindingID == uuid.Nil || a.InspectionID == uuid.Nil {
		fe.Add("finding_id", "required", "finding_id and inspection_id are required")
	}
	validateFindingFields(&fe, a.Note, a.Action, a.Persons, a.PartyRef)
	return fe.Err()
}

func (a *UpdateFindingArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, f, out, err := w.lockFinding(ctx, m, a.InspectionID, a.FindingID)
	if out != nil || err != nil {
		return deref(out), err
	}
	return w.editFinding(ctx, ag, m, f, "finding.update", findingEdits(f, a.Note, a.Action, a.Persons, a.PartyRef))
}

// RectifyArgs are the arguments of finding.rectify v1: the deficiency was
// put right (on the spot or later).
type RectifyArgs struct {
	FindingID    uuid.UUID `json:"finding_id"`
	InspectionID uuid.UUID `json:"inspection_id"`
	Note         *string   `json:"note,omitempty"`
}

// Aggregate implements Args.
func (a *RectifyArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *RectifyArgs) validate() error {
	if a.FindingID == uuid.Nil || a.InspectionID == uuid.Nil {
		return models.InvalidField("finding_id", "required", "finding_id and inspection_id are required")
	}
	return nil
}

func (a *RectifyArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, f, out, err := w.lockFinding(ctx, m, a.InspectionID, a.FindingID)
	if out != nil || err != nil {
		return deref(out), err
	}
	edits := []edit{{"rectified", f.Rectified, true}}
	if a.Note != nil {
		edits = append(edits, edit{"rectification_note", f.RectificationNote, *a.Note})
	}
	res, err := w.editFinding(ctx, ag, m, f, "finding.rectify", edits)
	if err == nil && f.Rectified && f.RectifiedAt == nil {
		at := m.At
		f.RectifiedAt = &at
		err = w.tx.DB.WithContext(ctx).Exec("UPDATE findings SET rectified_at = ? WHERE id = ?", at, f.ID).Error
	}
	return res, err
}

// DiscardFindingArgs are the arguments of finding.discard v1.
type DiscardFindingArgs struct {
	FindingID    uuid.UUID `json:"finding_id"`
	InspectionID uuid.UUID `json:"inspection_id"`
}

// Aggregate implements Args.
func (a *DiscardFindingArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *DiscardFindingArgs) validate() error {
	if a.FindingID == uuid.Nil || a.InspectionID == uuid.Nil {
		return models.InvalidField("finding_id", "required", "finding_id and inspection_id are required")
	}
	return nil
}

// run tombstones an inspector finding, unless another device edited it
// concurrently: then the discard loses and the clash is recorded.
func (a *DiscardFindingArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, f, out, err := w.lockFinding(ctx, m, a.InspectionID, a.FindingID)
	if out != nil || err != nil {
		return deref(out), err
	}
	if f.Source != string(rules.SourceInspector) {
		return Outcome{}, models.InvalidField("finding_id", "derived_finding", "derived findings are server-owned")
	}
	res := applied(&ag.row)
	if f.DeletedAt.Valid {
		return res, nil
	}
	for field, st := range f.Stamps {
		if st.Device != m.DeviceID && st.Version > m.Base {
			cid, err := w.recordConflict(
				ctx,
				ag,
				m,
				clash{entity: EntityFinding, entityID: f.ID, field: field, server: false, client: true, st: st},
			)
			res.Status, res.Code, res.Unapplied, res.ConflictIDs = ResultMerged, "discard_lost", []string{
				"deleted",
			}, []uuid.UUID{
				cid,
			}
			return res, err
		}
	}
	now := time.Now().UTC()
	f.DeletedAt = gorm.DeletedAt{Time: now, Valid: true}
	f.Stamps["deleted"] = stampOf(m, w.bump(ag.row.ID), false)
	f.Version++
	err = w.writeFinding(ctx, ag, f, map[string]any{"deleted_at": now, "stamps": f.Stamps}, "finding.discard")
	res.Written = []RowRef{{EntityFinding, f.ID, f.Version}}
	return res, err
}
