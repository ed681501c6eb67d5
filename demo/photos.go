package demo

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
)

// Option changes how Seed seeds.
type Option func(*seeder)

// WithPhotos makes Seed attach a photo to every demo finding and upload
// its bytes through the photo service, as the inspector's phone would
// (the fallback upload, PUT /v1/photos/{id}/content), so that reviewers
// see evidence. Without it the inspections carry no photos.
func WithPhotos(p *photo.Service) Option {
	return func(s *seeder) { s.photos = p }
}

// demoPhoto is the photo of finding i of an inspection.
type demoPhoto struct {
	ID, Finding uuid.UUID
	Bytes       []byte
	Caption     string
}

// photosOf generates one JPEG per finding of the inspection, started at
// at: a plain picture whose colours follow the finding's key, with the
// EXIF a phone writes (the time it was taken and the port's position), so
// the bytes (and their SHA-256) are the same on every run of the day.
func photosOf(in inspectionSeed, at time.Time) ([]demoPhoto, error) {
	port := ports[karwar]
	var out []demoPhoto
	for i, f := range in.Findings {
		key := fmt.Sprintf("%s/%d", in.Key, i)
		b, err := exifJPEG(key, 640, 480, shot{At: at, Lat: port.Lat, Lon: port.Lon})
		if err != nil {
			return nil, err
		}
		out = append(out, demoPhoto{ID: idOf("photo", key), Finding: idOf("finding", key), Bytes: b, Caption: f.Note})
	}
	return out, nil
}

// attachArgs is the photo.attach of one demo photo, taken at.
func attachArgs(inspection uuid.UUID, p demoPhoto, at time.Time) map[string]any {
	sum := sha256.Sum256(p.Bytes)
	return map[string]any{
		"id":            p.ID,
		"inspection_id": inspection,
		"finding_id":    p.Finding,
		"sha256":        hex.EncodeToString(sum[:]),
		"size":          len(p.Bytes),
		"content_type":  photo.TypeJPEG,
		"caption":       p.Caption,
		"taken_at":      at.UTC(),
	}
}

// uploadPhotos uploads the bytes of every demo photo of the inspection that
// the store does not hold yet, as the inspector who attached it, then runs
// the photos' work (processPhotos).
func (s *seeder) uploadPhotos(ctx context.Context, in inspectionSeed, sc models.Scope, at time.Time) error {
	ps, err := photosOf(in, at)
	if err != nil {
		return err
	}
	if err := s.putPhotos(ctx, sc, ps); err != nil {
		return err
	}
	return s.processPhotos(ctx)
}

// putPhotos uploads each photo still pending (the phone's fallback upload,
// PUT /v1/photos/{id}/content); the upload verifies it, so a reviewer may
// approve its inspection. A photo attached by a run on another day has
// other bytes (its EXIF time) and is left pending.
func (s *seeder) putPhotos(ctx context.Context, sc models.Scope, ps []demoPhoto) error {
	for _, p := range ps {
		var row struct{ State, SHA256 string }
		res := s.db.Gorm.WithContext(ctx).Table("photos").Select("state, sha256").Where("id = ?", p.ID).Scan(&row)
		if res.Error != nil {
			return fmt.Errorf("demo photo %s: %w", p.ID, res.Error)
		}
		sum := sha256.Sum256(p.Bytes)
		if res.RowsAffected == 0 || row.State != photo.StatePending || row.SHA256 != hex.EncodeToString(sum[:]) {
			continue
		}
		if _, err := s.photos.PutContent(ctx, sc, p.ID, bytes.NewReader(p.Bytes), int64(len(p.Bytes))); err != nil {
			return fmt.Errorf("upload demo photo %s: %w", p.ID, err)
		}
	}
	return nil
}

// processPhotos runs the photo work the server's worker would (EXIF read
// and compared with the inspection, thumbnails) on every photo whose work
// is due, so reviewers see checked evidence.
func (s *seeder) processPhotos(ctx context.Context) error {
	for {
		n, err := s.photos.ProcessQueue(ctx, 16)
		if err != nil {
			return fmt.Errorf("demo photos' work: %w", err)
		}
		if n == 0 {
			return nil
		}
	}
}
