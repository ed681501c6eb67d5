package photo

import (
	"context"
	"fmt"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// finish writes a verdict under the photo's lock, if our lease still
// holds: a verified blob and photo, or the rejection. After commit the
// staged object the verdict judged is removed unless it became the blob's
// object (verified bytes of a blob stored already are a second copy;
// rejected ones are never kept).
func (s *Service) finish(ctx context.Context, sc models.Scope, l *lease, v verdict) (Result, error) {
	res := Result{PhotoID: l.u.PhotoID, State: StateVerified, Deferred: !l.t.Applied}
	kept := false
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		t, u, err := lockTarget(tx, sc, l.u.PhotoID)
		if err != nil {
			return err
		}
		if u == nil || u.State != "verifying" || u.LeaseUntil == nil || !u.LeaseUntil.Equal(l.until) {
			return errInProgress() // our lease lapsed and another call took over
		}
		if v.ok() {
			kept, err = s.accept(tx, t, u, v)
			return err
		}
		err = s.reject(tx, t, u, v)
		if permanent(v.code) {
			res.State = StateRejected
		}
		return err
	})
	if err != nil {
		return Result{}, err
	}
	if l.u.Received > 0 || l.u.Method == MethodResumable {
		s.dropSpool(ctx, l.u.PhotoID) // the verdict is committed: the spool has served
	}
	if v.staged != "" && !kept {
		if err := s.store.Delete(ctx, v.staged); err != nil {
			s.log.Warn("delete staged photo", "key", v.staged, "err", err) // removed again on the next plan's completion
		}
	}
	if !v.ok() {
		return res, rejection(v.code, v.detail)
	}
	return res, nil
}

// accept records verified bytes: the blob, the upload, and the photo. The
// blob's object is the one it has, or v.staged when it has none (or v
// says it is gone); kept reports that v.staged is now the blob's object.
func (s *Service) accept(tx *storage.Tx, t target, u *upload, v verdict) (bool, error) {
	b, err := lockBlob(tx.DB, u.SHA256)
	if err != nil {
		return false, err
	}
	if b != nil && b.State == BlobDeleting {
		return false, errBlobDeleting()
	}
	if b != nil && b.State == BlobQuarantined {
		return false, errQuarantined
	}
	if v.staged == "" && (b == nil || b.ObjectKey == nil) {
		return false, errBlobDeleting() // the stored copy was collected since it was checked: upload again
	}
	now := s.now().UTC()
	var key *string
	if v.staged != "" {
		key = &v.staged
	}
	var home string
	err = tx.DB.Raw(`INSERT INTO blobs (sha256, size, content_type, state, verified_at, last_referenced_at, object_key)
		VALUES (?, ?, ?, 'verified', ?, ?, ?)
		ON CONFLICT (sha256) DO UPDATE SET state = 'verified', size = EXCLUDED.size, content_type = EXCLUDED.content_type,
			verified_at = COALESCE(blobs.verified_at, EXCLUDED.verified_at), last_referenced_at = EXCLUDED.last_referenced_at,
			object_key = CASE WHEN blobs.object_key IS NULL OR (? AND EXCLUDED.object_key IS NOT NULL)
				THEN EXCLUDED.object_key ELSE blobs.object_key END
		RETURNING object_key`,
		u.SHA256, u.Size, u.ContentType, now, now, key, v.replace).Scan(&home).Error
	if err != nil {
		return false, fmt.Errorf("record verified blob %s: %w", shortHash(u.SHA256), err)
	}
	err = tx.DB.Exec(
		`UPDATE photo_uploads SET state = 'verified', lease_until = NULL, reject_code = '', reject_detail = '',
		updated_at = now() WHERE photo_id = ?`,
		u.PhotoID,
	).Error
	if err != nil {
		return false, fmt.Errorf("record verified upload of %s: %w", u.PhotoID, err)
	}
	kept := home != "" && home == v.staged
	if !t.Applied {
		return kept, nil // LinkAttached links it when the attach applies
	}
	return kept, s.link(tx, t, u.SHA256)
}

// reject records a refused upload. A permanent refusal (the declared hash
// names bytes that are not an acceptable photo) rejects the photo itself;
// otherwise the app may upload again.
func (s *Service) reject(tx *storage.Tx, t target, u *upload, v verdict) error {
	err := tx.DB.Exec(`UPDATE photo_uploads SET state = 'rejected', lease_until = NULL, reject_code = ?, reject_detail = ?,
		updated_at = now() WHERE photo_id = ?`, v.code, v.detail, u.PhotoID).Error
	if err != nil {
		return fmt.Errorf("record rejected upload of %s: %w", u.PhotoID, err)
	}
	if t.Applied {
		return s.markRejected(tx, t, v.code)
	}
	return nil
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
	tx.Changed(EntityPhoto, t.ID, storage.ScopeKeys(t.JurisdictionID, t.OwnerID, t.InspectorID)...)
	return RefreshEvidence(tx, t.InspectionID)
}
