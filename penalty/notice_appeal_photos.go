package penalty

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// MaxAppealPhotos is how many photos one appeal carries (the contract's
// maxItems of filePenaltyAppeal's photo_ids).
const MaxAppealPhotos = 10

// checkAppealPhotos locks the photos an appeal is to carry and requires
// each to be a live, verified photo of the notice's inspection that the
// caller uploaded (as an owner does through attachFindingPhoto and the
// photo path) and not already attached to an appeal. It returns the ids
// sorted and without repeats.
func checkAppealPhotos(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	n models.PenaltyNotice,
	ids []uuid.UUID,
) ([]uuid.UUID, error) {
	ids = slices.Clone(ids)
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return nil, nil
	}
	if len(ids) > MaxAppealPhotos {
		return nil, models.InvalidField("photo_ids", "too_many", "at most %d photos", MaxAppealPhotos)
	}
	var rows []appealPhotoRow
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT id, appeal_id IS NOT NULL AS attached FROM photos
		WHERE id IN ? AND inspection_id = ? AND uploaded_by = ? AND state = 'verified' AND deleted_at IS NULL
		FOR UPDATE`, ids, n.InspectionID, sc.UserID).
		Scan(&rows).
		Error
	if err != nil {
		return nil, fmt.Errorf("check appeal photos: %w", err)
	}
	for _, id := range ids {
		i := slices.IndexFunc(rows, func(r appealPhotoRow) bool { return r.ID == id })
		switch {
		case i < 0:
			return nil, models.InvalidField("photo_ids", "photo_not_verified",
				"photo %s is not a verified photo of this notice's inspection that you uploaded", id)
		case rows[i].Attached:
			return nil, models.InvalidField("photo_ids", "photo_attached", "photo %s is attached to another appeal", id)
		}
	}
	return ids, nil
}

// appealPhotoRow is a photo an appeal may carry, and whether another
// appeal carries it already.
type appealPhotoRow struct {
	ID       uuid.UUID
	Attached bool
}

// attachAppealPhotos links the checked photos to the appeal.
func attachAppealPhotos(ctx context.Context, tx *storage.Tx, appeal uuid.UUID, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	err := tx.DB.WithContext(ctx).
		Exec(`UPDATE photos SET appeal_id = ? WHERE id IN ? AND appeal_id IS NULL`, appeal, ids).
		Error
	if err != nil {
		return fmt.Errorf("attach appeal photos: %w", err)
	}
	return nil
}

// loadAppealPhotos puts on each appeal the ids of its photos, in one query.
func loadAppealPhotos(ctx context.Context, db *gorm.DB, as []models.PenaltyAppeal) error {
	if len(as) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(as))
	for i, a := range as {
		ids[i] = a.ID
	}
	var rows []struct{ ID, AppealID uuid.UUID }
	err := db.WithContext(ctx).
		Raw(`SELECT id, appeal_id FROM photos WHERE appeal_id IN ? AND deleted_at IS NULL ORDER BY id`, ids).
		Scan(&rows).
		Error
	if err != nil {
		return fmt.Errorf("load appeal photos: %w", err)
	}
	of := map[uuid.UUID][]uuid.UUID{}
	for _, r := range rows {
		of[r.AppealID] = append(of[r.AppealID], r.ID)
	}
	for i, a := range as {
		as[i].PhotoIDs = append([]uuid.UUID{}, of[a.ID]...)
	}
	return nil
}
