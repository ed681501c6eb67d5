package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Photo content types accepted (docs/PHOTOS.md) and the size limit.
var photoTypes = []string{"image/jpeg", "image/png", "image/webp", "image/heic"}

// MaxPhotoBytes is the largest photo accepted (25 MiB).
const MaxPhotoBytes = 25 << 20

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// AttachPhotoArgs are the arguments of photo.attach v1: the record of a
// photo of an inspection (optionally of one finding). The bytes are
// uploaded afterwards, straight to the object store (docs/PHOTOS.md).
type AttachPhotoArgs struct {
	ID           uuid.UUID  `json:"id"`
	InspectionID uuid.UUID  `json:"inspection_id"`
	FindingID    *uuid.UUID `json:"finding_id,omitempty"`
	SHA256       string     `json:"sha256"`
	Size         int64      `json:"size"`
	ContentType  string     `json:"content_type"`
	Caption      *string    `json:"caption,omitempty"`
	TakenAt      *time.Time `json:"taken_at,omitempty"`
}

// Aggregate implements Args.
func (a *AttachPhotoArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *AttachPhotoArgs) validate() error {
	var fe models.FieldErrors
	if a.ID == uuid.Nil || a.InspectionID == uuid.Nil {
		fe.Add("id", "required", "id and inspection_id are required")
	}
	if !sha256Hex.MatchString(a.SHA256) {
		fe.Add("sha256", "pattern", "must be 64 lower-case hex digits")
	}
	if a.Size < 1 || a.Size > MaxPhotoBytes {
		fe.Add("size", "range", "must be between 1 byte and 25 MiB")
	}
	if !slices.Contains(photoTypes, a.ContentType) {
		fe.Add("content_type", "enum", "must be one of %v", photoTypes)
	}
	if a.Caption != nil && len(*a.Caption) > 500 {
		fe.Add("caption", "max_length", "at most 500 characters")
	}
	return fe.Err()
}

func (a *AttachPhotoArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return deref(out), err
	}
	existing, found, err := w.photo(ctx, a.ID)
	if err != nil {
		return Outcome{}, err
	}
	if found {
		if existing.InspectionID != a.InspectionID || existing.SHA256 != a.SHA256 {
			return Outcome{}, models.Errorf(models.KindConflict, "id_taken", "photo %s exists with other content", a.ID)
		}
		return applied(&ag.row), nil
	}
	if a.FindingID != nil {
		if err := w.loadFindings(ctx, ag); err != nil {
			return Outcome{}, err
		}
		if _, ok := ag.findings[*a.FindingID]; !ok {
			return Outcome{}, models.InvalidField(
				"finding_id",
				"unknown_finding",
				"inspection %s has no finding %s",
				a.InspectionID,
				*a.FindingID,
			)
		}
	}
	v := w.bump(ag.row.ID)
	p := models.Photo{
		ID:             a.ID,
		InspectionID:   ag.row.ID,
		FindingID:      a.FindingID,
		SHA256:         a.SHA256,
		Size:           a.Size,
		ContentType:    a.ContentType,
		State:          "pending_upload",
		CapturedAt:     a.TakenAt,
		Stamps:         models.Stamps{"caption": stampOf(m, v, nil)},
		JurisdictionID: ag.row.JurisdictionID,
		OwnerID:        ag.row.OwnerID,
		InspectorID:    ag.row.InspectorID,
	}
	u := m.UserID
	p.UploadedBy = &u
	if a.Caption != nil {
		p.Caption = *a.Caption
	}
	first, err := w.tx.FirstVersion(ctx)
	if err != nil {
		return Outcome{}, err
	}
	p.Version = first
	if err := w.putPhoto(ctx, &p); err != nil {
		return Outcome{}, err
	}
	w.changed(EntityPhoto, p.ID, keys(&ag.row)...)
	w.audit("photo.attach", EntityPhoto, p.ID, p)
	return applied(&ag.row, RowRef{EntityPhoto, p.ID, 1}), nil
}

// photo looks up a photo record by id, tombstones included. In a batched
// unit of work only the records of this transaction are looked at: a
// photo id already stored is refused by its primary key when the pending
// rows are written, and the chunk is rerun unbatched, where this reads
// the database (the same fallback as for a finding id already taken).
func (w *Work) photo(ctx context.Context, id uuid.UUID) (models.Photo, bool, error) {
	if w.deferred {
		p, ok := w.pendingPhoto(id)
		return p, ok, nil
	}
	var p models.Photo
	res := w.tx.DB.WithContext(ctx).Unscoped().Where("id = ?", id).Limit(1).Find(&p)
	if res.Error != nil {
		return p, false, fmt.Errorf("look up photo: %w", res.Error)
	}
	return p, res.RowsAffected > 0, nil
}

// Vessel particulars an inspector may report as found (never written to
// the vessel: a registrar accepts or rejects the observation).
var observableFields = []string{
	"name",
	"kind",
	"category",
	"zone",
	"engine_power",
	"power_unit",
	"length_m",
	"breadth_m",
	"depth_m",
	"grt",
	"nrt",
	"passengers",
	"cargo_tonnes",
	"use",
	"registration_number",
	"owner",
	"status",
	"other",
}

// ObserveArgs are the arguments of vessel.observe v1.
type ObserveArgs struct {
	ID           uuid.UUID       `json:"id"`
	VesselID     uuid.UUID       `json:"vessel_id"`
	InspectionID *uuid.UUID      `json:"inspection_id,omitempty"`
	Field        string          `json:"field"`
	Value        json.RawMessage `json:"value"`
	Note         *string         `json:"note,omitempty"`
}

// Aggregate implements Args: an observation belongs to its vessel.
func (a *ObserveArgs) Aggregate() uuid.UUID { return a.VesselID }

// Vessel is the vessel observed.
func (a *ObserveArgs) Vessel() uuid.UUID { return a.VesselID }

func (a *ObserveArgs) validate() error {
	var fe models.FieldErrors
	if a.ID == uuid.Nil || a.VesselID == uuid.Nil {
		fe.Add("id", "required", "id and vessel_id are required")
	}
	if !slices.Contains(observableFields, a.Field) {
		fe.Add("field", "enum", "must be one of %v", observableFields)
	}
	if len(a.Value) == 0 || len(a.Value) > 2000 || !json.Valid(a.Value) {
		fe.Add("value", "invalid", "must be a JSON value of at most 2000 bytes")
	}
	if a.Note != nil && len(*a.Note) > 2000 {
		fe.Add("note", "max_length", "at most 2000 characters")
	}
	return fe.Err()
}

// run records the observation; the vessel row is not touched.
func (a *ObserveArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	v, err := w.liveVessel(ctx, a.VesselID)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Status: ResultApplied, Aggregate: RowRef{AggregateVessel, v.ID, v.Version}}
	var n int64
	if err := w.tx.DB.WithContext(ctx).
		Raw("SELECT count(*) FROM vessel_observations WHERE id = ?", a.ID).
		Scan(&n).
		Error; err != nil {
		return out, fmt.Errorf("look up observation: %w", err)
	}
	if n > 0 {
		out.Code = "already_exists"
		return out, nil
	}
	o := models.VesselObservation{
		ID:           a.ID,
		VesselID:     v.ID,
		InspectionID: a.InspectionID,
		ObserverID:   m.UserID,
		Field:        a.Field,
		Observed: models.JSON(
			a.Value,
		),
		ObservedAt:     m.At,
		Status:         "proposed",
		JurisdictionID: v.JurisdictionID,
		OwnerID:        v.OwnerID,
	}
	if m.DeviceID != uuid.Nil {
		d := m.DeviceID
		o.DeviceID = &d
	}
	if a.Note != nil {
		o.Note = *a.Note
	}
	first, err := w.tx.FirstVersion(ctx)
	if err != nil {
		return out, err
	}
	o.Version = first
	if err := w.tx.DB.WithContext(ctx).Create(&o).Error; err != nil {
		return out, storage.MapError(fmt.Errorf("insert observation: %w", err), "observation")
	}
	w.changed(EntityObserve, o.ID, storage.ScopeJurisdiction(v.JurisdictionID), storage.ScopeUser(m.UserID))
	w.audit("vessel.observe", EntityObserve, o.ID, o)
	out.Written = []RowRef{{EntityObserve, o.ID, 1}}
	return out, nil
}
