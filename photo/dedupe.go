package photo

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/storage"
)

// Blob states (blobs.state).
const (
	BlobUploading   = "uploading"
	BlobVerified    = "verified"
	BlobDeleting    = "deleting"
	BlobQuarantined = "quarantined"
)

type blobRow struct {
	SHA256      string `gorm:"column:sha256"`
	Size        int64
	ContentType string
	State       string
	// ObjectKey is where the blob's bytes are stored (nil while uploading).
	ObjectKey *string
}

// lockBlob locks the blob row of sha, if there is one.
func lockBlob(db *gorm.DB, sha string) (*blobRow, error) {
	var rows []blobRow
	err := db.Raw(`SELECT sha256, size, content_type, state, object_key FROM blobs WHERE sha256 = ? FOR UPDATE`, sha).
		Scan(&rows).
		Error
	if err != nil {
		return nil, fmt.Errorf("lock blob %s: %w", shortHash(sha), err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// mayReuse reports whether the blob sha may be linked without an upload
// for user's photo in jurisdiction jur (docs/PHOTOS.md: knowing a hash is not a
// password; holding the bytes is proved by uploading them). Exactly:
//   - user already holds a verified photo on these bytes, or a verified
//     upload of them (they proved possession before); or
//   - a live (not discarded) verified photo of an inspection of jur is on
//     these bytes: the jurisdiction already has them, so its inspectors
//     and supervisors could see them anyway.
//
// Nothing else counts: not an object at the content key, not another
// jurisdiction's photo, not a discarded one of someone else.
func mayReuse(db *gorm.DB, sha string, user uuid.UUID, jur uuid.UUID) (bool, error) {
	var ok bool
	err := db.Raw(`SELECT EXISTS (SELECT 1 FROM photos WHERE blob_sha256 = ? AND state = 'verified'
			AND (COALESCE(uploaded_by, inspector_id) = ? OR (jurisdiction_id = ? AND deleted_at IS NULL)))
		OR EXISTS (SELECT 1 FROM photo_uploads WHERE sha256 = ? AND user_id = ? AND state = 'verified')`,
		sha, user, jur, sha, user).Scan(&ok).Error
	if err != nil {
		return false, fmt.Errorf("check references of blob %s: %w", shortHash(sha), err)
	}
	return ok, nil
}

// linkable reports whether t may take the verified blob b at once.
func linkable(db *gorm.DB, t target, user uuid.UUID, b *blobRow) (bool, error) {
	if b == nil || b.State != BlobVerified || b.Size != t.Size || b.ContentType != t.ContentType {
		return false, nil
	}
	jur := t.JurisdictionID
	if !t.Applied {
		jur = uuid.Nil // a deferred attach has no known jurisdiction yet
	}
	return mayReuse(db, b.SHA256, user, jur)
}

// link marks the applied photo t verified on blob sha and wakes the
// worker after commit. The caller holds the inspection, photo and blob locks.
func (s *Service) link(tx *storage.Tx, t target, sha string) error {
	tx.AfterCommit(s.Kick)
	return link(tx, t, sha, s.now().UTC())
}

func link(tx *storage.Tx, t target, sha string, now time.Time) error {
	err := tx.DB.Exec(`UPDATE photos SET state = 'verified', blob_sha256 = ?, verified_at = ?, reject_code = '',
		thumb_state = 'pending', thumb_attempts = 0, thumb_lease_until = NULL, thumb_error = '',
		version = version + 1, updated_at = ? WHERE id = ?`, sha, now, now, t.ID).Error
	if err != nil {
		return fmt.Errorf("mark photo %s verified: %w", t.ID, err)
	}
	if err := touchBlob(tx.DB, sha, now); err != nil {
		return err
	}
	tx.Changed(EntityPhoto, t.ID, storage.ScopeKeys(t.JurisdictionID, t.OwnerID, t.InspectorID)...)
	return RefreshEvidence(tx, t.InspectionID)
}

func touchBlob(db *gorm.DB, sha string, now time.Time) error {
	if err := db.Exec(`UPDATE blobs SET last_referenced_at = ? WHERE sha256 = ?`, now, sha).Error; err != nil {
		return fmt.Errorf("touch blob %s: %w", shortHash(sha), err)
	}
	return nil
}

// LinkAttached links a photo just created by photo.attach to the bytes its
// user already uploaded while the attach was deferred, or to a verified
// blob the dedupe rule lets it reuse. The inspect package calls it in the
// attach's transaction, after locking the inspection and inserting the
// photo; it is a no-op when there is nothing to link (the app then uploads
// as usual). The thumbnail worker picks the photo up on its next poll.
func LinkAttached(tx *storage.Tx, photoID uuid.UUID) error {
	var rows []target
	if err := tx.DB.Raw(photoRow+` FOR UPDATE`, photoID).Scan(&rows).Error; err != nil {
		return fmt.Errorf("load photo %s: %w", photoID, err)
	}
	if len(rows) == 0 || rows[0].State != StatePending {
		return nil
	}
	t := rows[0]
	t.Applied = true
	var by struct{ UserID uuid.UUID }
	err := tx.DB.Raw(`SELECT COALESCE(uploaded_by, inspector_id) AS user_id FROM photos WHERE id = ?`, photoID).
		Scan(&by).
		Error
	if err != nil {
		return fmt.Errorf("load photo %s uploader: %w", photoID, err)
	}
	b, err := lockBlob(tx.DB, t.SHA256)
	if err != nil {
		return err
	}
	ok, err := linkable(tx.DB, t, by.UserID, b)
	if err != nil || !ok {
		return err
	}
	return link(tx, t, t.SHA256, time.Now().UTC())
}
