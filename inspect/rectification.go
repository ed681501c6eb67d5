package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// EntityRectification is the audit entity of an owner's rectification.
const EntityRectification = "finding_rectification"

// Rectification statuses and decisions.
const (
	RectificationPending  = "pending"
	RectificationAccepted = "accepted"
	RectificationRejected = "rejected"
	DecisionAccept        = "accept"
	DecisionReject        = "reject"
	maxRectificationPhoto = 10
	maxRectificationNote  = 2000
)

// Rectification is an owner's evidence that an open finding was put right.
type Rectification struct {
	ID             uuid.UUID `json:"id"`
	FindingID      uuid.UUID `json:"finding_id"`
	InspectionID   uuid.UUID `json:"inspection_id"`
	Note           string    `json:"note"`
	PhotoIDs       []string  `json:"photo_ids" gorm:"-"`
	PhotoJSON      []byte    `json:"-" gorm:"column:photo_ids"`
	SubmittedBy    uuid.UUID `json:"submitted_by"`
	SubmittedAt    time.Time `json:"submitted_at"`
	Status         string    `json:"status"`
	DecidedBy      *uuid.UUID
	DecidedAt      *time.Time
	Reason         string
	ActionCode     string
	JurisdictionID uuid.UUID
	OwnerID        uuid.UUID
	Version        int64
}

// findingRef is a finding with what rectification needs of it.
type findingRef struct {
	ID, InspectionID, JurisdictionID, OwnerID, VesselID uuid.UUID
	Code, Action, Status, PenaltyRow                    string
	Rectified                                           bool
	Version                                             int64
}

// loadFindingRef reads a live finding in the caller's scope, locked with
// its inspection when lock is set (inspection first: docs/ARCHITECTURE.md, lock order).
func loadFindingRef(ctx context.Context, db *gorm.DB, sc models.Scope, id uuid.UUID) (findingRef, error) {
	var rows []findingRef
	q := db.WithContext(ctx).Table("findings f").
		Select(`f.id, f.inspection_id, f.jurisdiction_id, f.owner_id, i.vessel_id, f.code, f.action, i.status,
		f.penalty_row, f.rectified, f.version`).
		Joins("JOIN inspections i ON i.id = f.inspection_id").
		Where("f.id = ? AND f.deleted_at IS NULL AND i.deleted_at IS NULL", id)
	if err := storage.Scoped(q, sc, findingByID).Scan(&rows).Error; err != nil {
		return findingRef{}, fmt.Errorf("load finding %s: %w", id, err)
	}
	if len(rows) == 0 {
		return findingRef{}, models.NotFound("finding")
	}
	return rows[0], nil
}

// findingByID is the rule of a read of one finding by id (rectification):
// owners reach their own findings, every official their jurisdictions'
// (inspectors their colleagues' too), admins all.
var findingByID = storage.Scoping{Jurisdiction: "f.jurisdiction_id IN ?", Owner: "f.owner_id = ?"}

// lockInspectionRow takes the inspection's aggregate lock (the lock every
// command of the aggregate takes) and returns its scope keys.
func lockInspectionRow(ctx context.Context, tx *storage.Tx, id uuid.UUID) (models.Inspection, error) {
	var row models.Inspection
	err := tx.DB.WithContext(ctx).Raw(`SELECT * FROM inspections WHERE id = ? FOR NO KEY UPDATE`, id).Scan(&row).Error
	if err != nil {
		return row, fmt.Errorf("lock inspection %s: %w", id, err)
	}
	return row, nil
}

// bumpInspection raises an inspection's version after a change to one of
// its rows, and logs it, so devices pull the new state.
func bumpInspection(ctx context.Context, tx *storage.Tx, row *models.Inspection) error {
	if err := tx.DB.WithContext(ctx).
		Exec(`UPDATE inspections SET version = version + 1, updated_at = now() WHERE id = ?`, row.ID).
		Error; err != nil {
		return fmt.Errorf("bump inspection: %w", err)
	}
	tx.Changed(EntityInspection, row.ID, keys(row)...)
	return nil
}

// FindingPhotoInput is the record of a photo an owner takes of a finding.
type FindingPhotoInput struct {
	ID          uuid.UUID
	SHA256      string
	Size        int64
	ContentType string
	Caption     string
}

// AttachFindingPhoto records a photo an owner (or the master, signed in as
// the owner's user) took of an open finding of their own vessel, so that
// the ordinary photo path (plan, upload, complete) takes its bytes: the
// photo is the caller's, as a photo.attach makes it the inspector's. The
// same id and content again is a no-op. Errors: not_found (out of scope),
// invalid (bad record), conflict (rectified finding, id taken).
func (s *Service) AttachFindingPhoto(
	ctx context.Context,
	sc models.Scope,
	findingID uuid.UUID,
	in FindingPhotoInput,
) (uuid.UUID, error) {
	return s.attachOwnerPhoto(ctx, sc, findingID, in, true)
}

// AttachAppealPhoto records a photo an owner sends with an appeal against
// a penalty of a notice (penalty.FileAppeal's photos), as
// AttachFindingPhoto does, of the finding charged — open or already
// rectified: the appeal is against the penalty, which a rectification
// does not undo.
func (s *Service) AttachAppealPhoto(
	ctx context.Context,
	sc models.Scope,
	findingID uuid.UUID,
	in FindingPhotoInput,
) (uuid.UUID, error) {
	return s.attachOwnerPhoto(ctx, sc, findingID, in, false)
}

// ownerPhotoRetry reports whether photo in.ID is recorded already: true
// when it is this same photo (a retry), the conflict id_taken when the id
// holds another.
func ownerPhotoRetry(ctx context.Context, tx *storage.Tx, sc models.Scope, finding uuid.UUID,
	in FindingPhotoInput) (bool, error) {
	var existing []models.Photo
	if err := tx.DB.WithContext(ctx).Unscoped().Where("id = ?", in.ID).Limit(1).Find(&existing).Error; err != nil {
		return false, fmt.Errorf("look up photo: %w", err)
	}
	if len(existing) == 0 {
		return false, nil
	}
	e := existing[0]
	if e.FindingID == nil || *e.FindingID != finding || e.SHA256 != in.SHA256 || e.UploadedBy == nil ||
		*e.UploadedBy != sc.UserID {
		return false, models.Errorf(models.KindConflict, "id_taken", "photo %s exists with other content", in.ID)
	}
	return true, nil
}

// attachOwnerPhoto records an owner's photo of a finding; open refuses a
// rectified finding.
func (s *Service) attachOwnerPhoto(
	ctx context.Context,
	sc models.Scope,
	findingID uuid.UUID,
	in FindingPhotoInput,
	open bool,
) (uuid.UUID, error) {
	args := AttachPhotoArgs{
		ID:           in.ID,
		InspectionID: uuid.Max,
		SHA256:       in.SHA256,
		Size:         in.Size,
		ContentType:  in.ContentType,
		Caption:      &in.Caption,
	}
	if err := args.validate(); err != nil {
		return uuid.Nil, err
	}
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		f, err := loadFindingRef(ctx, tx.DB, sc, findingID)
		if err != nil {
			return err
		}
		row, err := lockInspectionRow(ctx, tx, f.InspectionID)
		if err != nil {
			return err
		}
		if retry, err := ownerPhotoRetry(ctx, tx, sc, f.ID, in); retry || err != nil {
			return err
		}
		if open && f.Rectified {
			return models.Errorf(models.KindConflict, "already_rectified", "the finding is closed")
		}
		u, fid := sc.UserID, f.ID
		p := models.Photo{
			ID:             in.ID,
			InspectionID:   row.ID,
			FindingID:      &fid,
			SHA256:         in.SHA256,
			Size:           in.Size,
			ContentType:    in.ContentType,
			State:          "pending_upload",
			Caption:        in.Caption,
			UploadedBy:     &u,
			Stamps:         models.Stamps{},
			JurisdictionID: row.JurisdictionID,
			OwnerID:        row.OwnerID,
			InspectorID:    row.InspectorID,
		}
		first, err := tx.FirstVersion(ctx)
		if err != nil {
			return err
		}
		p.Version = first
		if err := tx.DB.WithContext(ctx).Create(&p).Error; err != nil {
			return fmt.Errorf("insert photo: %w", err)
		}
		tx.Changed(EntityPhoto, p.ID, keys(&row)...)
		if err := tx.Audit("photo.attach_owner", EntityPhoto, p.ID, nil, p); err != nil {
			return err
		}
		return photo.RefreshEvidence(tx, row.ID)
	})
	return in.ID, err
}

// RectifyInput is an owner's rectification of one finding.
type RectifyInput struct {
	Note     string
	PhotoIDs []uuid.UUID
}

func (in RectifyInput) validate() error {
	var fe models.FieldErrors
	if n := len([]rune(strings.TrimSpace(in.Note))); n == 0 || n > maxRectificationNote {
		fe.Add("note", "length", "say what was put right, in at most %d characters", maxRectificationNote)
	}
	if len(in.PhotoIDs) == 0 || len(in.PhotoIDs) > maxRectificationPhoto {
		fe.Add("photo_ids", "count", "give 1 to %d verified photos of the rectification", maxRectificationPhoto)
	}
	return fe.Err()
}

// SubmitRectification records an owner's evidence against an open finding
// for a supervisor to decide. Only a finding the rules let close remotely
// (rules.ClosureFor) may be rectified this way; every 06 and hardware under
// 04 needs a re-inspection. Each photo must be verified, of this finding,
// and the caller's own. Sending the same rectification again returns the
// pending one. Errors: not_found, invalid (with the rule that needs a
// re-inspection, or an unverified photo), conflict (closed finding, another
// rectification pending, inspection not submitted or approved).
func (s *Service) SubmitRectification(
	ctx context.Context,
	sc models.Scope,
	findingID uuid.UUID,
	in RectifyInput,
) (Rectification, error) {
	if err := in.validate(); err != nil {
		return Rectification{}, err
	}
	var out Rectification
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		f, err := loadFindingRef(ctx, tx.DB, sc, findingID)
		if err != nil {
			return err
		}
		if _, err := lockInspectionRow(ctx, tx, f.InspectionID); err != nil {
			return err
		}
		if f, err = loadFindingRef(ctx, tx.DB, sc, findingID); err != nil { // as of the lock
			return err
		}
		if err := rectifiable(f); err != nil {
			return err
		}
		ids, err := checkRectificationPhotos(ctx, tx.DB, sc, f.ID, in.PhotoIDs)
		if err != nil {
			return err
		}
		if p, ok, err := pendingRectification(ctx, tx.DB, f.ID); err != nil || ok {
			if err == nil && (p.Note != strings.TrimSpace(in.Note) || !slices.Equal(p.PhotoIDs, ids)) {
				err = models.Errorf(
					models.KindConflict,
					"rectification_pending",
					"rectification %s of this finding waits for a supervisor",
					p.ID,
				)
			}
			out = p
			return err
		}
		out, err = insertRectification(ctx, tx, sc, f, strings.TrimSpace(in.Note), ids, s.clock().UTC())
		return err
	})
	return out, err
}

// rectifiable refuses a finding that is closed, of an inspection not yet
// submitted (or withdrawn), or that the law says needs a re-inspection.
func rectifiable(f findingRef) error {
	if f.Rectified {
		return models.Errorf(models.KindConflict, "already_rectified", "the finding is closed")
	}
	if f.Status != models.StatusSubmitted && f.Status != models.StatusApproved {
		return models.Errorf(models.KindConflict, "inspection_not_final", "the inspection is %s", f.Status)
	}
	if c := rules.ClosureFor(rules.Code(f.Code), rules.ActionCode(f.Action)); !c.Remote() {
		return models.Refused(
			"finding_id",
			"reinspection_required",
			"rule %s: %s (%s); the finding closes with a re-inspection",
			c.Rule,
			c.Reason,
			c.Citation,
		)
	}
	return nil
}

// checkRectificationPhotos requires every photo to be a live, verified
// photo of the finding uploaded by the caller; it returns them sorted.
func checkRectificationPhotos(
	ctx context.Context,
	db *gorm.DB,
	sc models.Scope,
	finding uuid.UUID,
	ids []uuid.UUID,
) ([]string, error) {
	var ok []uuid.UUID
	err := db.WithContext(ctx).
		Raw(`SELECT id FROM photos WHERE id IN ? AND finding_id = ? AND uploaded_by = ? AND state = 'verified'
		AND deleted_at IS NULL`, ids, finding, sc.UserID).
		Scan(&ok).
		Error
	if err != nil {
		return nil, fmt.Errorf("check photos: %w", err)
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(ok, id) {
			return nil, models.InvalidField(
				"photo_ids",
				"photo_not_verified",
				"photo %s is not a verified photo of this finding that you uploaded",
				id,
			)
		}
		out = append(out, id.String())
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

const rectificationColumns = `id, finding_id, inspection_id, note, photo_ids, submitted_by, submitted_at,
	status, decided_by, decided_at,
	reason, action_code, jurisdiction_id, owner_id, version`

func scanRectifications(q *gorm.DB) ([]Rectification, error) {
	var rows []Rectification
	if err := q.Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load rectifications: %w", err)
	}
	for i := range rows {
		_ = json.Unmarshal(rows[i].PhotoJSON, &rows[i].PhotoIDs) //nolint:errcheck // a read: a jsonb array
		if rows[i].PhotoIDs == nil {
			rows[i].PhotoIDs = []string{}
		}
	}
	return rows, nil
}

func pendingRectification(ctx context.Context, db *gorm.DB, finding uuid.UUID) (Rectification, bool, error) {
	rows, err := scanRectifications(db.WithContext(ctx).Raw(`SELECT `+rectificationColumns+` FROM finding_rectifications
		WHERE finding_id = ? AND status = 'pending'`, finding))
	if err != nil || len(rows) == 0 {
		return Rectification{}, false, err
	}
	return rows[0], true, nil
}

func insertRectification(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	f findingRef,
	note string,
	ids []string,
	now time.Time,
) (Rectification, error) {
	r := Rectification{
		ID:             uuid.Must(uuid.NewV7()),
		FindingID:      f.ID,
		InspectionID:   f.InspectionID,
		Note:           note,
		PhotoIDs:       ids,
		SubmittedBy:    sc.UserID,
		SubmittedAt:    now,
		Status:         RectificationPending,
		JurisdictionID: f.JurisdictionID,
		OwnerID:        f.OwnerID,
		Version:        1,
	}
	photos, err := json.Marshal(ids)
	if err != nil {
		return r, fmt.Errorf("rectification photos: %w", err)
	}
	var dev *uuid.UUID
	if sc.DeviceID != uuid.Nil {
		d := sc.DeviceID
		dev = &d
	}
	err = tx.DB.WithContext(ctx).
		Exec(`INSERT INTO finding_rectifications (id, finding_id, inspection_id, note, photo_ids, submitted_by,
		device_id, submitted_at, jurisdiction_id, owner_id) VALUES (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
			r.ID, r.FindingID, r.InspectionID, note, string(photos), sc.UserID, dev, now, f.JurisdictionID, f.OwnerID).
		Error
	if err != nil {
		return r, fmt.Errorf("insert rectification: %w", err)
	}
	return r, tx.Audit(
		"rectification.submit",
		EntityRectification,
		r.ID,
		nil,
		map[string]any{"finding_id": f.ID, "note": note, "photo_ids": ids},
	)
}

// errNoRectification is the answer for an absent or out-of-scope one.
var errNoRectification = models.NotFound("rectification")
