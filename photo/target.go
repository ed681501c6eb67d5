package photo

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// target is the photo an upload is for: the row an applied photo.attach
// created, or the args of an attach still deferred in mutation_backlog.
type target struct {
	ID             uuid.UUID
	InspectionID   uuid.UUID
	SHA256         string `gorm:"column:sha256"`
	Size           int64
	ContentType    string
	Applied        bool `gorm:"-"`
	State          string
	RejectCode     string
	BlobSHA256     *string `gorm:"column:blob_sha256"`
	JurisdictionID uuid.UUID
	OwnerID        uuid.UUID
	InspectorID    uuid.UUID
}

// photoRow reads the upload-relevant columns of a live photo.
const photoRow = `SELECT id, inspection_id, sha256, size, content_type, state, reject_code, blob_sha256,
	jurisdiction_id, owner_id, inspector_id FROM photos WHERE id = ? AND deleted_at IS NULL`

// loadTarget finds the photo id that sc's user attached. An applied photo
// is locked (FOR UPDATE) when lock is set. Someone else's photo is not
// found; an unknown id is attach_first.
func loadTarget(db *gorm.DB, sc models.Scope, id uuid.UUID, lock bool) (target, error) {
	q := photoRow + ` AND COALESCE(uploaded_by, inspector_id) = ?`
	if lock {
		q += ` FOR UPDATE`
	}
	var rows []target
	if err := db.Raw(q, id, sc.UserID).Scan(&rows).Error; err != nil {
		return target{}, fmt.Errorf("load photo %s: %w", id, err)
	}
	if len(rows) == 1 {
		rows[0].Applied = true
		return rows[0], nil
	}
	t, err := deferredTarget(db, sc, id)
	if err != nil {
		return t, err
	}
	if t.ID != uuid.Nil {
		return t, nil
	}
	var found []struct{ Mine, Deleted bool }
	err = db.Raw(`SELECT COALESCE(uploaded_by, inspector_id) = ? AS mine, deleted_at IS NOT NULL AS deleted FROM
		photos WHERE id = ?`,
		sc.UserID, id).Scan(&found).Error
	if err != nil {
		return t, fmt.Errorf("look for photo %s: %w", id, err)
	}
	if len(found) == 1 && found[0].Mine && found[0].Deleted {
		return t, errDiscarded // its inspection was discarded: the upload is over
	}
	if len(found) == 1 {
		return t, errNotFound // another user's photo
	}
	if t.ID == uuid.Nil {
		return t, errAttachFirst
	}
	return t, nil
}

// attachArgs is the part of a photo.attach mutation's args the upload needs.
type attachArgs struct {
	ID           uuid.UUID `json:"id"`
	InspectionID uuid.UUID `json:"inspection_id"`
	SHA256       string    `json:"sha256"`
	Size         int64     `json:"size"`
	ContentType  string    `json:"content_type"`
}

// deferredTarget looks for sc's user's deferred photo.attach of id. The
// backlog payload is the mutation as pushed ({name, args, …}).
func deferredTarget(db *gorm.DB, sc models.Scope, id uuid.UUID) (target, error) {
	var payloads []json.RawMessage
	err := db.Raw(`SELECT payload FROM mutation_backlog WHERE user_id = ? AND payload->>'name' = 'photo.attach'
		AND payload->'args'->>'id' = ? LIMIT 1`, sc.UserID, id.String()).Scan(&payloads).Error
	if err != nil {
		return target{}, fmt.Errorf("look for deferred attach of %s: %w", id, err)
	}
	if len(payloads) == 0 {
		return target{}, nil
	}
	var m struct {
		Args attachArgs `json:"args"`
	}
	if err := json.Unmarshal(payloads[0], &m); err != nil || m.Args.ID != id {
		return target{}, nil // not a shape we can upload for: as if unknown
	}
	a := m.Args
	return target{ID: id, InspectionID: a.InspectionID, SHA256: lower(a.SHA256), Size: a.Size,
		ContentType: lower(a.ContentType), State: StatePending}, nil
}

// checkDeclared requires the plan request to repeat what the attach said.
func (t target) checkDeclared(sha string, size int64, ct string) error {
	if t.SHA256 != sha || t.Size != size || t.ContentType != ct {
		return models.Errorf(models.KindConflict, "attach_mismatch",
			"the photo was attached as sha256 %s, %d bytes, %s; this request says %s, %d bytes, %s",
			shortHash(t.SHA256), t.Size, t.ContentType, shortHash(sha), size, ct)
	}
	return nil
}

// checkLimit refuses the 201st photo of an inspection (by attach order).
func checkLimit(db *gorm.DB, t target) error {
	var n int64
	err := db.Raw(`SELECT (SELECT count(*) FROM photos WHERE inspection_id = ? AND deleted_at IS NULL AND id <> ?)
		+ (SELECT count(*) FROM mutation_backlog WHERE aggregate_id = ? AND payload->>'name' = 'photo.attach'
		   AND payload->'args'->>'id' <> ?)`, t.InspectionID, t.ID, t.InspectionID, t.ID.String()).Scan(&n).Error
	if err != nil {
		return fmt.Errorf("count photos of inspection %s: %w", t.InspectionID, err)
	}
	if n >= MaxPerInspection {
		return models.Errorf(models.KindConflict, "too_many_photos",
			"an inspection may hold at most %d photos; this one already has %d", MaxPerInspection, n)
	}
	return nil
}

// upload is a photo's upload plan (photo_uploads).
type upload struct {
	PhotoID      uuid.UUID
	UserID       uuid.UUID
	InspectionID uuid.UUID
	SHA256       string `gorm:"column:sha256"`
	Size         int64
	ContentType  string
	Method       string
	UploadID     string
	State        string
	LeaseUntil   *time.Time
	RejectCode   string
	RejectDetail string
	// Received is how many bytes the spool holds (uploads through the server).
	Received int64
}

func loadUpload(db *gorm.DB, id uuid.UUID, lock bool) (*upload, error) {
	q := `SELECT photo_id, user_id, inspection_id, sha256, size, content_type, method, upload_id, state,
		lease_until, reject_code, reject_detail, received FROM photo_uploads WHERE photo_id = ?`
	if lock {
		q += ` FOR UPDATE`
	}
	var rows []upload
	if err := db.Raw(q, id).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load upload of %s: %w", id, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// lockInspection takes the aggregate root's lock first (docs/SYNC.md lock
// order: inspections before their photos).
func lockInspection(db *gorm.DB, id uuid.UUID) error {
	var got []uuid.UUID
	if err := db.Raw(`SELECT id FROM inspections WHERE id = ? FOR UPDATE`, id).Scan(&got).Error; err != nil {
		return fmt.Errorf("lock inspection %s: %w", id, err)
	}
	if len(got) == 0 {
		return errors.New("inspection " + id.String() + " is gone")
	}
	return nil
}

// lockTarget locks, in lock order, what a change to the photo needs: its
// inspection and row when applied, else its upload row.
func lockTarget(tx *storage.Tx, sc models.Scope, id uuid.UUID) (target, *upload, error) {
	t, err := loadTarget(tx.DB, sc, id, false)
	if err != nil {
		return t, nil, err
	}
	if t.Applied {
		if err := lockInspection(tx.DB, t.InspectionID); err != nil {
			return t, nil, err
		}
		if t, err = loadTarget(tx.DB, sc, id, true); err != nil {
			return t, nil, err
		}
	}
	u, err := loadUpload(tx.DB, id, true)
	return t, u, err
}
