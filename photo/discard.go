package photo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Reject codes of uploads that were ended rather than refused.
const (
	// codeDiscarded: the photo's inspection was discarded.
	codeDiscarded = "inspection_discarded"
	// codeExpired: the upload was not completed in time.
	codeExpired = "upload_expired"
)

// stateEnding marks an upload that is over but whose multipart upload or
// staged objects may still be in the store (00010); EndUploads removes
// them after commit, then marks it rejected with its reject_code.
const stateEnding = "ending"

var errDiscarded = models.Errorf(models.KindConflict, "photo_discarded",
	"the inspection of this photo was discarded, and the photo with it: do not upload it (its upload was ended); "+
		"if the inspection is brought back, ask POST /v1/photos for a new plan")

// DiscardInspection ends the photos of an inspection being discarded, in
// the discard's transaction, after the inspection's deleted_at is written
// (the inspect package calls it; the inspection is locked). The photos are
// tombstoned at the inspection's own deleted_at, so RestoreInspection can
// tell them from photos removed before; a tombstone hides the photo, stops
// its background work, answers photo_discarded to its plan and complete,
// and lets GC take its blob once nothing else references it. Every
// unfinished upload is marked ending: EndUploads aborts the multipart
// upload and removes the staged bytes after commit (docs/PHOTOS.md: no network
// I/O in a transaction).
func DiscardInspection(tx *storage.Tx, inspectionID uuid.UUID) error {
	var rows []struct{ ID, JurisdictionID, OwnerID, InspectorID uuid.UUID }
	err := tx.DB.Raw(`UPDATE photos p SET deleted_at = i.deleted_at, thumb_lease_until = NULL, version = p.version + 1,
			updated_at = now()
		FROM inspections i WHERE i.id = ? AND i.deleted_at IS NOT NULL AND p.inspection_id = i.id AND p.deleted_at IS NULL
		RETURNING p.id, p.jurisdiction_id, p.owner_id, p.inspector_id`, inspectionID).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("discard photos of inspection %s: %w", inspectionID, err)
	}
	for _, r := range rows {
		tx.Changed(EntityPhoto, r.ID, storage.ScopeKeys(r.JurisdictionID, r.OwnerID, r.InspectorID)...)
	}
	err = tx.DB.Exec(`UPDATE photo_uploads SET state = 'ending', reject_code = ?,
			reject_detail = 'the inspection was discarded', lease_until = NULL, updated_at = now()
		WHERE inspection_id = ? AND state IN ('open', 'verifying', 'rejected')`, codeDiscarded, inspectionID).Error
	if err != nil {
		return fmt.Errorf("end uploads of inspection %s: %w", inspectionID, err)
	}
	return nil
}

// RestoreInspection brings back the photos DiscardInspection tombstoned,
// when a discarded draft is revived by an edit from another device (the
// discard lost). Call it before the inspection's deleted_at is cleared.
// Their ended uploads stay ended: the app asks for a new plan.
func RestoreInspection(tx *storage.Tx, inspectionID uuid.UUID) error {
	var rows []struct{ ID, JurisdictionID, OwnerID, InspectorID uuid.UUID }
	err := tx.DB.Raw(`UPDATE photos p SET deleted_at = NULL, version = p.version + 1, updated_at = now()
		FROM inspections i WHERE i.id = ? AND p.inspection_id = i.id AND p.deleted_at = i.deleted_at
		RETURNING p.id, p.jurisdiction_id, p.owner_id, p.inspector_id`, inspectionID).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("restore photos of inspection %s: %w", inspectionID, err)
	}
	for _, r := range rows {
		tx.Changed(EntityPhoto, r.ID, storage.ScopeKeys(r.JurisdictionID, r.OwnerID, r.InspectorID)...)
	}
	if len(rows) > 0 {
		return RefreshEvidence(tx, inspectionID)
	}
	return nil
}

// EndUploads finishes ended uploads: aborts each one's multipart upload
// and deletes its staged objects (both idempotent), then marks it
// rejected. The worker runs it on every cycle and housekeeping on every
// run, so an upload ended by a commit is cleaned up moments later, and
// after a crash on the next run.
func (s *Service) EndUploads(ctx context.Context) (int, error) {
	var rows []struct {
		PhotoID  uuid.UUID
		Method   string
		UploadID string
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT photo_id, method, upload_id FROM photo_uploads WHERE state = 'ending'
		ORDER BY updated_at LIMIT ?`, chunk).Scan(&rows).Error
	if err != nil {
		return 0, fmt.Errorf("find ended uploads: %w", err)
	}
	for i, r := range rows {
		if r.UploadID != "" {
			if err := s.store.AbortMultipart(ctx, stagingKey(r.PhotoID), r.UploadID); err != nil {
				return i, storeErr("abort upload", err)
			}
		}
		if err := s.deleteStaged(ctx, r.PhotoID, `state = 'ending'`); err != nil {
			return i, err
		}
		s.dropSpool(ctx, r.PhotoID)
		err := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photo_uploads SET state = 'rejected', updated_at = now()
			WHERE photo_id = ? AND state = 'ending'`, r.PhotoID).Error
		if err != nil {
			return i, fmt.Errorf("end upload of %s: %w", r.PhotoID, err)
		}
	}
	return len(rows), nil
}

// expireSingles ends the single-PUT uploads (and those through the
// server, whose spool is emptied) nobody completed or added to since cutoff
// (their URLs expired long ago), so that EndUploads removes what they may
// have staged; a later complete answers upload_expired and a new plan
// starts afresh. Multipart uploads are found through the store instead
// (AbortStaleUploads).
func (s *Service) expireSingles(ctx context.Context, cutoff time.Time) (int, error) {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photo_uploads SET state = 'ending', reject_code = ?,
			reject_detail = 'the upload was not completed within 24 hours', lease_until = NULL, updated_at = now()
		WHERE method IN ('single', 'resumable') AND updated_at < ?
			AND (state = 'open' OR (state = 'verifying' AND lease_until < now()))`, codeExpired, cutoff)
	if res.Error != nil {
		return 0, fmt.Errorf("expire single uploads: %w", res.Error)
	}
	return int(res.RowsAffected), nil
}
