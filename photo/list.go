package photo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// ForInspection lists the live photos of an inspection the caller may
// see, in capture order, each with its EXIF flags and, once verified,
// short-lived (blob.DownloadTTL) URLs of the original and the thumbnails:
// what a reviewer's one call carries (docs/REVIEW.md). Signing makes no
// network call, so the inspection stays readable while the store is down.
func (s *Service) ForInspection(ctx context.Context, sc models.Scope, inspectionID uuid.UUID) ([]View, error) {
	q := storage.Scoped(
		s.db.Gorm.WithContext(ctx).
			Table("photos").
			Select(viewColumns).
			Where("inspection_id = ? AND deleted_at IS NULL", inspectionID),
		sc,
		photoScoping,
	)
	rows := []View{}
	if err := q.Order("captured_at NULLS LAST, id").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("list photos of %s: %w", inspectionID, err)
	}
	for i := range rows {
		if err := json.Unmarshal(rows[i].FlagsJSON, &rows[i].Flags); err != nil || rows[i].Flags == nil {
			rows[i].Flags = []string{}
		}
		if err := s.sign(ctx, &rows[i]); err != nil {
			return nil, err
		}
	}
	if rows == nil {
		rows = []View{}
	}
	return rows, nil
}
