package photo

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// View is a photo as a reviewer sees it: metadata, verification state,
// reviewer flags, EXIF, and short-lived download URLs.
type View struct {
	ID            uuid.UUID
	InspectionID  uuid.UUID
	FindingID     *uuid.UUID
	SHA256        string `gorm:"column:sha256"`
	Size          int64
	ContentType   string
	State         string
	RejectCode    string
	Caption       string
	CapturedAt    *time.Time
	VerifiedAt    *time.Time
	ExifFound     *bool
	ExifTakenAt   *time.Time
	ExifLat       *float64
	ExifLon       *float64
	FlagsJSON     []byte   `gorm:"column:flags"`
	Flags         []string `gorm:"-"`
	DistanceM     *float64
	TimeOffsetS   *int64
	Width, Height *int
	ThumbState    string
	Thumbnails    bool
	BlobSHA256    *string `gorm:"column:blob_sha256"`
	// ObjectKey is where the verified bytes are stored: where the upload
	// that verified them put them, or their content key for a blob
	// verified before migration 00055 (OriginalKey).
	ObjectKey      *string
	Version        int64
	JurisdictionID uuid.UUID
	UploadedBy     *uuid.UUID // the user whose phone sent it
	URLs           URLs       `gorm:"-"`
}

// URLs are presigned GETs (DownloadTTL, 5 minutes), present only for a
// verified photo (and its thumbnails once made).
type URLs struct {
	Original, Small, Large *blob.Presigned
}

// Get answers GET /v1/photos/{id} for a caller who may see the
// inspection: every photo for AccessAll, the photos of the caller's
// jurisdictions, an owner's own vessels' photos, and the photos the caller
// took. Anyone else gets not_found, as for a photo that does not exist.
func (s *Service) Get(ctx context.Context, sc models.Scope, id uuid.UUID) (View, error) {
	if err := s.ready(ctx); err != nil {
		return View{}, err
	}
	v, err := loadView(s.db.Gorm.WithContext(ctx), sc, id)
	if err != nil {
		return v, err
	}
	if err := json.Unmarshal(v.FlagsJSON, &v.Flags); err != nil || v.Flags == nil {
		v.Flags = []string{}
	}
	return v, s.sign(ctx, &v)
}

const viewColumns = `id, inspection_id, finding_id, sha256, size, content_type, state, reject_code, caption,
	captured_at,
	verified_at, exif_found, exif_taken_at, exif_lat, exif_lon, flags, distance_m, time_offset_s, width, height,
	thumb_state, thumbnails, blob_sha256, version, jurisdiction_id, uploaded_by,
	(SELECT b.object_key FROM blobs b WHERE b.sha256 = photos.blob_sha256) AS object_key`

// photoScoping: officials their jurisdictions' photos and the ones they
// took (a reviewer's own evidence), owners their vessels'.
var photoScoping = storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: "owner_id = ?",
	Maker: "inspector_id", Makers: storage.OfficialsAlsoMade}

func loadView(db *gorm.DB, sc models.Scope, id uuid.UUID) (View, error) {
	q := storage.Scoped(
		db.Table("photos").Select(viewColumns).Where("id = ? AND deleted_at IS NULL", id),
		sc,
		photoScoping,
	)
	var rows []View
	if err := q.Scan(&rows).Error; err != nil {
		return View{}, fmt.Errorf("load photo %s: %w", id, err)
	}
	if len(rows) == 0 {
		return View{}, errNotFound
	}
	return rows[0], nil
}

// OriginalKey is the key of a verified photo's bytes in the store.
func (v View) OriginalKey() string {
	if v.ObjectKey != nil && *v.ObjectKey != "" {
		return *v.ObjectKey
	}
	return blob.ContentKey(*v.BlobSHA256)
}

// sign adds the download URLs; signing makes no network call.
func (s *Service) sign(ctx context.Context, v *View) error {
	if v.State != StateVerified || v.BlobSHA256 == nil {
		return nil
	}
	sha := *v.BlobSHA256
	keys := []struct {
		key string
		to  **blob.Presigned
		ok  bool
	}{
		{v.OriginalKey(), &v.URLs.Original, true},
		{ThumbKey(sha, ThumbSmall), &v.URLs.Small, v.Thumbnails},
		{ThumbKey(sha, ThumbLarge), &v.URLs.Large, v.Thumbnails},
	}
	for _, k := range keys {
		if !k.ok {
			continue
		}
		p, err := s.store.PresignGet(ctx, k.key, blob.DownloadTTL)
		if err != nil {
			return storeErr("presign get", err)
		}
		*k.to = &p
	}
	return nil
}
