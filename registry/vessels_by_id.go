package registry

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// VesselsByID reads the live vessels among ids that the caller may see, in
// one query, keyed by id: what a page of a list (the review queue, say)
// needs to name each row's vessel without one query per row. Vessels out
// of scope are simply absent.
func (r *Service) VesselsByID(
	ctx context.Context,
	s models.Scope,
	ids []uuid.UUID,
) (map[uuid.UUID]models.Vessel, error) {
	out := make(map[uuid.UUID]models.Vessel, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []models.Vessel
	q := vesselScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.Vessel{}).Where("id IN ?", nonEmpty(ids)))
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load vessels: %w", err)
	}
	for _, v := range rows {
		out[v.ID] = v
	}
	return out, nil
}
