package photo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// Housekeeping windows (docs/PHOTOS.md).
const (
	// StaleUploadAge is when an unfinished multipart upload is aborted.
	StaleUploadAge = 24 * time.Hour
	// UnreferencedAge is how long a blob nobody references is kept.
	UnreferencedAge = 7 * 24 * time.Hour
	// chunk bounds the rows one housekeeping transaction touches.
	chunk = 1000
)

// Housekept counts what one housekeeping run did.
type Housekept struct {
	UploadsAborted int `json:"uploads_aborted"`
	BlobsCollected int `json:"blobs_collected"`
	WorkRequeued   int `json:"work_requeued"`
	PhotosLinked   int `json:"photos_linked"`
	StagedSwept    int `json:"staged_swept"`
}

// Housekeep runs the chores as of now; the jobs scheduler calls it (and
// `tindal jobs run` with a chosen now).
func (s *Service) Housekeep(ctx context.Context, now time.Time) (Housekept, error) {
	var h Housekept
	var err error
	if h.UploadsAborted, err = s.AbortStaleUploads(ctx, now.Add(-StaleUploadAge)); err != nil {
		return h, err
	}
	if _, err = s.EndUploads(ctx); err != nil {
		return h, err
	}
	if h.StagedSwept, err = s.SweepStaged(ctx, now); err != nil {
		return h, err
	}
	if h.BlobsCollected, err = s.CollectGarbage(ctx, now.Add(-UnreferencedAge)); err != nil {
		return h, err
	}
	if h.WorkRequeued, err = s.RequeueFailed(ctx); err != nil {
		return h, err
	}
	h.PhotosLinked, err = s.LinkPending(ctx)
	return h, err
}

// LinkPending links photos still waiting for an upload whose bytes were
// verified while their attach was deferred: the safety net for an attach
// applied without LinkAttached (and for an app that never asked again).
func (s *Service) LinkPending(ctx context.Context) (int, error) {
	var rows []struct{ ID, InspectionID uuid.UUID }
	err := s.db.Gorm.WithContext(ctx).
		Raw(`SELECT p.id, p.inspection_id FROM photos p JOIN photo_uploads u ON u.photo_id = p.id
		WHERE p.state = 'pending_upload' AND p.deleted_at IS NULL AND u.state = 'verified' LIMIT ?`, chunk).
		Scan(&rows).
		Error
	if err != nil {
		return 0, fmt.Errorf("find photos to link: %w", err)
	}
	for i, r := range rows {
		err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
			if err := lockInspection(tx.DB, r.InspectionID); err != nil {
				return err
			}
			return LinkAttached(tx, r.ID)
		})
		if err != nil {
			return i, err
		}
	}
	if len(rows) > 0 {
		s.Kick()
	}
	return len(rows), nil
}

// AbortStaleUploads aborts the multipart uploads started before cutoff.
// Their photo_uploads rows are marked expired first (so a complete racing
// with us answers upload_expired, and the next plan starts afresh), then
// the store's uploads are aborted — ours and any orphan. Single-PUT
// uploads untouched since cutoff are ended too (EndUploads then deletes
// what they staged).
func (s *Service) AbortStaleUploads(ctx context.Context, cutoff time.Time) (int, error) {
	n, err := s.expireSingles(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	ups, err := s.store.ListUploads(ctx, cutoff)
	if err != nil {
		return n, storeErr("list uploads", err)
	}
	for _, up := range ups {
		if id, ok := photoOfStaging(up.Key); ok {
			if err := s.expireUpload(ctx, id, up.ID); err != nil {
				return n, err
			}
		}
		if err := s.store.AbortMultipart(ctx, up.Key, up.ID); err != nil {
			return n, storeErr("abort upload", err)
		}
		n++
	}
	return n, nil
}

func photoOfStaging(key string) (uuid.UUID, bool) {
	rest, ok := strings.CutPrefix(key, "staging/")
	if !ok {
		return uuid.Nil, false
	}
	id, err := uuid.Parse(rest)
	return id, err == nil
}

// CollectGarbage deletes blobs that no photo has referenced since cutoff:
// in a transaction it locks candidates, rechecks in a fresh statement that
// nothing references them (linking locks the blob row, so no link can
// commit meanwhile), marks them deleting and commits; only then are the
// objects deleted, and the rows after them. Blobs left deleting by a crash
// are finished on the next run.
func (s *Service) CollectGarbage(ctx context.Context, cutoff time.Time) (int, error) {
	if err := s.markCollectable(ctx, cutoff); err != nil {
		return 0, err
	}
	var shas []string
	if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT sha256 FROM blobs WHERE state = 'deleting' ORDER BY sha256 LIMIT ?`,
		chunk).Scan(&shas).Error; err != nil {
		return 0, fmt.Errorf("list deleting blobs: %w", err)
	}
	for i, sha := range shas {
		if err := s.deleteBlob(ctx, sha); err != nil {
			return i, err
		}
	}
	return len(shas), nil
}

func (s *Service) markCollectable(ctx context.Context, cutoff time.Time) error {
	return s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		var locked []string
		err := tx.DB.Raw(`SELECT sha256 FROM blobs WHERE state IN ('uploading', 'verified') AND last_referenced_at < ?
			ORDER BY last_referenced_at LIMIT ? FOR UPDATE SKIP LOCKED`, cutoff, chunk).Scan(&locked).Error
		if err != nil || len(locked) == 0 {
			return err
		}
		return tx.DB.Exec(`UPDATE blobs b SET state = 'deleting', deleting_since = now() WHERE b.sha256 IN ?
			AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.sha256 = b.sha256 AND (p.deleted_at IS NULL OR p.deleted_at >= ?))
			AND NOT EXISTS (SELECT 1 FROM photo_uploads u WHERE u.sha256 = b.sha256 AND u.updated_at >= ?)`,
			locked, cutoff, cutoff).Error
	})
}

// deleteBlob removes a deleting blob's objects (its thumbnails, its bytes
// where they are, and its content key, where blobs verified before
// migration 00055 lie), then its row.
func (s *Service) deleteBlob(ctx context.Context, sha string) error {
	key, err := s.objectKey(ctx, sha)
	if err != nil {
		return err
	}
	for _, key := range []string{ThumbKey(sha, ThumbSmall), ThumbKey(sha, ThumbLarge), key, blob.ContentKey(sha)} {
		if err := s.store.Delete(ctx, key); err != nil && !errors.Is(err, blob.ErrNotFound) {
			return storeErr("delete blob", err)
		}
	}
	err = s.db.Gorm.WithContext(ctx).Exec(`DELETE FROM blobs WHERE sha256 = ? AND state = 'deleting'`, sha).Error
	if err != nil {
		return fmt.Errorf("delete blob row %s: %w", shortHash(sha), err)
	}
	return nil
}

// RequeueFailed puts background work that failed maxAttempts times back
// in the queue, in chunks.
func (s *Service) RequeueFailed(ctx context.Context) (int, error) {
	total := 0
	for {
		res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photos SET thumb_state = 'pending', thumb_attempts = 0,
			thumb_lease_until = NULL WHERE id IN (SELECT id FROM photos WHERE thumb_state = 'failed' LIMIT ?)`, chunk)
		if res.Error != nil {
			return total, fmt.Errorf("requeue failed photo work: %w", res.Error)
		}
		total += int(res.RowsAffected)
		if res.RowsAffected < chunk {
			if total > 0 {
				s.Kick()
			}
			return total, nil
		}
	}
}
