package photo

import (
	"context"
	"fmt"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// finish writes a verdict under the photo's lock, if our lease still
// holds: a verified blob and photo, or the rejection. Objects a rejection
// leaves behind are removed after commit.
func (s *Service) finish(ctx context.Context, sc models.Scope, l *lease, v verdict) (Result, error) {
	res := Result{PhotoID: l.u.PhotoID, State: StateVerified, Deferred: !l.t.Applied}
	var dropContent bool
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		t, u, err := lockTarget(tx, sc, l.u.PhotoID)
		if err != nil {
			return err
		}
		if u == nil || u.State != "verifying" || u.LeaseUntil == nil || !u.LeaseUntil.Equal(l.until) {
			return errInProgress() // our lease lapsed and another call took over
		}
		if v.ok() {
			return s.accept(tx, sc, t, u)
		}
		dropContent, err = s.reject(tx, t, u, v)
		if permanent(v.code) {
			res.State = StateRejected
		}
		return err
	})
	if err != nil {
		return Result{}, err
	}
	if dropContent {
		if err := s.store.Delete(ctx, blob.ContentKey(l.u.SHA256)); err != nil {
			s.log.Warn("delete rejected photo", "sha256", l.u.SHA256, "err", err) // collected later as unreferenced
		}
	}
	if !v.ok() {
		return res, rejection(v.code, v.detail)
	}
	return res, nil
}

// accept records verified bytes: the blob, the upload, and the photo.
func (s *Service) accept(tx *storage.Tx, sc models.Scope, t target, u *upload) error {
	b, err := lockBlob(tx.DB, u.SHA256)
	if err != nil {
		return err
	}
	if b != nil && b.State == BlobDeleting {
		return errBlobDeleting()
	}
	if b != nil && b.State == BlobQuarantined {
		return errQuarantined
	}
	now := s.now().UTC()
	err = tx.DB.Exec(`INSERT INTO blobs (sha256, size, content_type, state, verified_at, last_referenced_at)
		VALUES (?, ?, ?, 'verified', ?, ?)
		ON CONFLICT (sha256) DO UPDATE SET state = 'verified', size = EXCLUDED.size, content_type = EXCLUDED.content_type,
			verified_at = COALESCE(blobs.verified_at, EXCLUDED.verified_at), last_referenced_at = EXCLUDED.last_referenced_at`,
		u.SHA256, u.Size, u.ContentType, now, now).Error
	if err != nil {
		return fmt.Errorf("record verified blob %s: %w", shortHash(u.SHA256), err)
	}
	err = tx.DB.Exec(`UPDATE photo_uploads SET state = 'verified', lease_until = NULL, reject_code = '', reject_detail = '',
		updated_at = now() WHERE photo_id = ?`, u.PhotoID).Error
	if err != nil {
		return fmt.Errorf("record verified upload of %s: %w", u.PhotoID, err)
	}
	if !t.Applied {
		return nil // LinkAttached links it when the attach applies
	}
	return s.link(tx, t, u.SHA256)
}

// reject records a refused upload. A permanent refusal (the declared hash
// names bytes that are not an acceptable photo) rejects the photo itself;
// otherwise the app may upload again. It reports whether the content-key
// object must go: only bytes no verified blob holds.
func (s *Service) reject(tx *storage.Tx, t target, u *upload, v verdict) (bool, error) {
	err := tx.DB.Exec(`UPDATE photo_uploads SET state = 'rejected', lease_until = NULL, reject_code = ?, reject_detail = ?,
		updated_at = now() WHERE photo_id = ?`, v.code, v.detail, u.PhotoID).Error
	if err != nil {
		return false, fmt.Errorf("record rejected upload of %s: %w", u.PhotoID, err)
	}
	if t.Applied {
		if err := s.markRejected(tx, t, v.code); err != nil {
			return false, err
		}
	}
	if v.staged != "" {
		return false, nil // the staged object was removed already; the content key was never written
	}
	b, err := lockBlob(tx.DB, u.SHA256)
	if err != nil || b == nil || b.State != BlobUploading {
		return false, err
	}
	return true, tx.DB.Exec(`DELETE FROM blobs WHERE sha256 = ? AND state = 'uploading'`, u.SHA256).Error
}

func (s *Service) markRejected(tx *storage.Tx, t target, code string) error {
	if !permanent(code) {
		return tx.DB.Exec(`UPDATE photos SET reject_code = ? WHERE id = ?`, code, t.ID).Error
	}
	err := tx.DB.Exec(`UPDATE photos SET state = 'rejected', reject_code = ?, version = version + 1, updated_at = now()
		WHERE id = ?`, code, t.ID).Error
	if err != nil {
		return fmt.Errorf("reject photo %s: %w", t.ID, err)
	}
	tx.Changed(EntityPhoto, t.ID, scopeKeys(t.JurisdictionID, t.OwnerID, t.InspectorID)...)
	return RefreshEvidence(tx, t.InspectionID)
}
