package inspect

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
)

// gate decides whether a content edit applies to an inspection in its
// current status (docs/SYNC.md §4). It returns an outcome when the edit
// does not apply: an amendment request for edits captured after submission
// and any edit to an approved or withdrawn inspection. Edits captured before
// the submission apply and mark the inspection "changed after submission".
// A draft discarded concurrently on another device is brought back: the
// discard loses to the edit, and the clash is recorded.
func (w *Work) gate(ctx context.Context, a *agg, m Meta) (*Outcome, error) {
	if m.amendment != uuid.Nil && a.row.Status != models.StatusDiscarded {
		return nil, nil // the reviewer accepted this amendment request (docs/SYNC.md §4)
	}
	switch a.row.Status {
	case models.StatusDraft, models.StatusReturned:
		return nil, nil
	case models.StatusSubmitted:
		if a.row.SubmittedAt != nil && m.At.Before(*a.row.SubmittedAt) {
			return nil, w.markChangedAfterSubmission(ctx, a)
		}
		return w.amend(ctx, a, m, "captured after submission")
	case models.StatusDiscarded:
		return nil, w.undiscard(ctx, a, m)
	}
	return w.amend(ctx, a, m, "inspection is "+a.row.Status)
}

func (w *Work) markChangedAfterSubmission(ctx context.Context, a *agg) error {
	if a.row.ChangedAfterSubmission {
		return nil
	}
	a.row.ChangedAfterSubmission = true
	return w.updateInspection(ctx, a, map[string]any{"changed_after_submission": true})
}

// undiscard revives a draft discarded on another device that had not seen
// this edit; an edit after the same device's own discard is rejected.
func (w *Work) undiscard(ctx context.Context, a *agg, m Meta) error {
	st := a.row.Stamps["status"]
	if st.Device == m.DeviceID || st.Version <= m.Base {
		return models.Errorf(models.KindConflict, "inspection_discarded", "the inspection was discarded")
	}
	cid, err := w.recordConflict(ctx, a, m, clash{entity: EntityInspection, entityID: a.row.ID, field: "status",
		server: models.StatusDiscarded, client: models.StatusDraft, st: st, clientWon: true})
	if err != nil {
		return err
	}
	_ = cid
	if err := photo.RestoreInspection(w.tx, a.row.ID); err != nil { // before deleted_at is cleared
		return err
	}
	a.row.Status = models.StatusDraft
	a.row.DeletedAt = gorm.DeletedAt{}
	a.row.Stamps["status"] = stampOf(m, w.bump(a.row.ID), models.StatusDiscarded)
	return w.updateInspection(
		ctx,
		a,
		map[string]any{"status": models.StatusDraft, "deleted_at": nil, "stamps": a.row.Stamps},
	)
}

// amend keeps an edit as an amendment request for the reviewer.
func (w *Work) amend(ctx context.Context, a *agg, m Meta, why string) (*Outcome, error) {
	id := uuid.Must(uuid.NewV7())
	r := models.AmendmentRequest{
		ID:             id,
		InspectionID:   a.row.ID,
		UserID:         m.UserID,
		Name:           m.Name,
		Args:           models.JSON(m.Args),
		CapturedAt:     m.At,
		Status:         "open",
		Reason:         why,
		JurisdictionID: a.row.JurisdictionID,
		OwnerID:        a.row.OwnerID,
		InspectorID:    a.row.InspectorID,
	}
	if len(r.Args) == 0 {
		r.Args = models.JSON("{}")
	}
	if m.Mutation != uuid.Nil {
		mid := m.Mutation
		r.MutationID = &mid
	}
	if m.DeviceID != uuid.Nil {
		d := m.DeviceID
		r.DeviceID = &d
	}
	r.Version = 1
	if err := w.tx.DB.WithContext(ctx).Create(&r).Error; err != nil {
		return nil, fmt.Errorf("record amendment request: %w", err)
	}
	w.changed(EntityAmendment, id, keys(&a.row)...)
	w.audit("amendment.request", EntityAmendment, id, r)
	return &Outcome{Status: ResultMerged, Code: "amendment_requested", Unapplied: []string{"*"}, AmendmentID: &id,
		Written: []RowRef{{EntityAmendment, id, 1}}}, nil
}

// updateInspection writes the given columns of an inspection (never its
// version, which Finish writes once).
func (w *Work) updateInspection(ctx context.Context, a *agg, cols map[string]any) error {
	cols["updated_at"] = time.Now().UTC()
	err := w.tx.DB.WithContext(ctx).Model(&models.Inspection{}).Unscoped().Where("id = ?", a.row.ID).Updates(cols).Error
	if err != nil {
		return fmt.Errorf("update inspection: %w", err)
	}
	w.changed(EntityInspection, a.row.ID, keys(&a.row)...)
	return nil
}

// EditArgs are the arguments of inspection.edit v1: header fields the
// inspector may change; absent fields are left alone.
type EditArgs struct {
	InspectionID      uuid.UUID `json:"inspection_id"`
	Lat               *float64  `json:"lat,omitempty"`
	Lon               *float64  `json:"lon,omitempty"`
	Notes             *string   `json:"notes,omitempty"`
	PassengersCarried *int      `json:"passengers_carried,omitempty"`
	CargoTonnes       *float64  `json:"cargo_tonnes,omitempty"`
}

// Aggregate implements Args.
func (a *EditArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *EditArgs) validate() error {
	var fe models.FieldErrors
	if a.InspectionID == uuid.Nil {
		fe.Add("inspection_id", "required", "is required")
	}
	validateHeader(&fe, a.Lat, a.Lon, a.Notes, a.PassengersCarried, a.CargoTonnes)
	return fe.Err()
}

func (a *EditArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return deref(out), err
	}
	r := &ag.row
	var edits []edit
	if a.Lat != nil {
		edits = append(edits, edit{"lat", r.Lat, a.Lat})
	}
	if a.Lon != nil {
		edits = append(edits, edit{"lon", r.Lon, a.Lon})
	}
	if a.Notes != nil {
		edits = append(edits, edit{"notes", r.Notes, *a.Notes})
	}
	if a.PassengersCarried != nil {
		edits = append(edits, edit{"passengers_carried", r.PassengersCarried, a.PassengersCarried})
	}
	if a.CargoTonnes != nil {
		edits = append(edits, edit{"cargo_tonnes", r.CargoTonnes, a.CargoTonnes})
	}
	return w.editInspection(ctx, ag, m, edits)
}

// editInspection applies header edits under the stamp rules.
func (w *Work) editInspection(ctx context.Context, ag *agg, m Meta, edits []edit) (Outcome, error) {
	fe, err := w.applyEdits(
		ctx,
		ag,
		m,
		EntityInspection,
		ag.row.ID,
		ag.row.Stamps,
		edits,
		func() int64 { return w.bump(ag.row.ID) },
	)
	if err != nil {
		return Outcome{}, err
	}
	out := applied(&ag.row)
	out.Unapplied, out.ConflictIDs = fe.unapplied, fe.conflicts
	if len(fe.unapplied) > 0 {
		out.Status = ResultMerged
	}
	if !fe.touched {
		return out, nil
	}
	setHeader(&ag.row, fe.cols)
	ag.row.Stamps = fe.stamps
	fe.cols["stamps"] = fe.stamps
	if err := w.updateInspection(ctx, ag, fe.cols); err != nil {
		return Outcome{}, err
	}
	w.audit("inspection.edit", EntityInspection, ag.row.ID, fe.cols)
	return out, nil
}

// setHeader copies applied header columns onto the cached row.
func setHeader(r *models.Inspection, cols map[string]any) {
	for k, v := range cols {
		switch k {
		case "lat":
			r.Lat = v.(*float64)
		case "lon":
			r.Lon = v.(*float64)
		case "notes":
			r.Notes = v.(string)
		case "passengers_carried":
			r.PassengersCarried = v.(*int)
		case "cargo_tonnes":
			r.CargoTonnes = v.(*float64)
		}
	}
}

func deref(o *Outcome) Outcome {
	if o == nil {
		return Outcome{}
	}
	return *o
}

// SubmitArgs are the arguments of inspection.submit v1.
type SubmitArgs struct {
	InspectionID uuid.UUID `json:"inspection_id"`
}

// Aggregate implements Args.
func (a *SubmitArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *SubmitArgs) validate() error { return required(a.InspectionID, "inspection_id") }

// run moves draft or returned → submitted; a submit of a submitted
// inspection changes nothing (another device got there first).
func (a *SubmitArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	switch ag.row.Status {
	case models.StatusDiscarded:
		if err := w.undiscard(ctx, ag, m); err != nil {
			return Outcome{}, err
		}
	case models.StatusDraft, models.StatusReturned:
	default:
		out := applied(&ag.row)
		out.Code = "already_" + ag.row.Status
		return out, nil
	}
	at := m.At
	ag.row.Status, ag.row.SubmittedAt = models.StatusSubmitted, &at
	ag.row.Stamps["status"] = stampOf(m, w.bump(ag.row.ID), models.StatusDraft)
	err = w.updateInspection(
		ctx,
		ag,
		map[string]any{"status": models.StatusSubmitted, "submitted_at": at, "stamps": ag.row.Stamps},
	)
	w.audit("inspection.submit", EntityInspection, ag.row.ID, map[string]any{"submitted_at": at})
	return applied(&ag.row), err
}

// DiscardArgs are the arguments of inspection.discard v1 (drafts only).
type DiscardArgs struct {
	InspectionID uuid.UUID `json:"inspection_id"`
}

// Aggregate implements Args.
func (a *DiscardArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *DiscardArgs) validate() error { return required(a.InspectionID, "inspection_id") }

// run discards a draft. A discard loses to a concurrent edit from another
// device: the inspection is kept and the clash recorded. Nothing submitted
// is deleted (it can only be withdrawn with a reason).
func (a *DiscardArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	if ag.row.Status == models.StatusDiscarded {
		return applied(&ag.row), nil
	}
	if ag.row.Status != models.StatusDraft && ag.row.Status != models.StatusReturned {
		out := applied(&ag.row)
		out.Status, out.Code, out.Unapplied = ResultMerged, "not_a_draft", []string{"status"}
		return out, nil
	}
	other, st, err := w.concurrentEdit(ctx, ag, m)
	if err != nil {
		return Outcome{}, err
	}
	if other {
		cid, err := w.recordConflict(ctx, ag, m, clash{entity: EntityInspection, entityID: ag.row.ID, field: "status",
			server: ag.row.Status, client: models.StatusDiscarded, st: st})
		out := applied(&ag.row)
		out.Status, out.Code, out.Unapplied, out.ConflictIDs = ResultMerged, "discard_lost", []string{
			"status",
		}, []uuid.UUID{
			cid,
		}
		return out, err
	}
	now := time.Now().UTC()
	ag.row.Stamps["status"] = stampOf(m, w.bump(ag.row.ID), ag.row.Status)
	ag.row.Status = models.StatusDiscarded
	ag.row.DeletedAt = gorm.DeletedAt{Time: now, Valid: true}
	err = w.updateInspection(
		ctx,
		ag,
		map[string]any{"status": models.StatusDiscarded, "deleted_at": now, "stamps": ag.row.Stamps},
	)
	if err == nil { // its photos go with it; their uploads end after commit (docs/PHOTOS.md)
		err = photo.DiscardInspection(w.tx, ag.row.ID)
	}
	w.audit("inspection.discard", EntityInspection, ag.row.ID, nil)
	return applied(&ag.row), err
}

// concurrentEdit reports whether another device changed anything of the
// inspection after the version this device based its command on, with the
// stamp of such a change.
func (w *Work) concurrentEdit(ctx context.Context, ag *agg, m Meta) (bool, models.Stamp, error) {
	newer := func(st models.Stamp) bool { return st.Device != m.DeviceID && st.Version > m.Base }
	for _, st := range ag.row.Stamps {
		if newer(st) {
			return true, st, nil
		}
	}
	if err := w.loadAnswers(ctx, ag); err != nil {
		return false, models.Stamp{}, err
	}
	for _, an := range ag.answers {
		if st := answerStamp(an); newer(st) {
			return true, st, nil
		}
	}
	if err := w.loadFindings(ctx, ag); err != nil {
		return false, models.Stamp{}, err
	}
	for _, f := range ag.findings {
		for _, st := range f.Stamps {
			if newer(st) {
				return true, st, nil
			}
		}
	}
	return false, models.Stamp{}, nil
}
