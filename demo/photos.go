package demo

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
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

// photosOf generates one JPEG per finding of the inspection: a plain
// picture whose colours follow the finding's key, so the bytes (and their
// SHA-256) are the same on every run.
func photosOf(in inspectionSeed) ([]demoPhoto, error) {
	var out []demoPhoto
	for i, f := range in.Findings {
		key := fmt.Sprintf("%s/%d", in.Key, i)
		b, err := demoJPEG(key)
		if err != nil {
			return nil, err
		}
		out = append(out, demoPhoto{ID: idOf("photo", key), Finding: idOf("finding", key), Bytes: b, Caption: f.Note})
	}
	return out, nil
}

// demoJPEG is a 640×480 JPEG of diagonal bands coloured from key.
func demoJPEG(key string) ([]byte, error) {
	h := sha256.Sum256([]byte(key))
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			band := byte((x + y) / 40)
			img.Set(x, y, color.RGBA{R: h[0] + band*9, G: h[1] + band*5, B: h[2] + band*3, A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 80}); err != nil {
		return nil, fmt.Errorf("demo photo %s: %w", key, err)
	}
	return b.Bytes(), nil
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
// the store does not hold yet, as the inspector who attached it.
func (s *seeder) uploadPhotos(ctx context.Context, in inspectionSeed, sc models.Scope) error {
	ps, err := photosOf(in)
	if err != nil {
		return err
	}
	for _, p := range ps {
		var state string
		err := s.db.Gorm.WithContext(ctx).Table("photos").Select("state").Where("id = ?", p.ID).Row().Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			continue // the inspection was seeded without photos, by an earlier run
		}
		if err != nil {
			return fmt.Errorf("demo photo %s: %w", p.ID, err)
		}
		if state != photo.StatePending {
			continue
		}
		if _, err := s.photos.PutContent(ctx, sc, p.ID, bytes.NewReader(p.Bytes), int64(len(p.Bytes))); err != nil {
			return fmt.Errorf("upload demo photo %s: %w", p.ID, err)
		}
	}
	return nil
}
