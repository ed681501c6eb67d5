package penalty

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// ProposedRises lists the rises proposed for the served penalties of a
// notice in the caller's scope, oldest first: what waits for a supervisor
// of the office to confirm or reject (DecideRise). Errors: not_found (the
// notice absent or out of scope).
func (s *Service) ProposedRises(
	ctx context.Context,
	sc models.Scope,
	notice uuid.UUID,
) ([]models.PenaltyAdjustment, error) {
	var ns []models.PenaltyNotice
	if err := noticeScope(s.db.Gorm.WithContext(ctx).Where("id = ?", notice), sc).Find(&ns).Error; err != nil {
		return nil, fmt.Errorf("load notice: %w", err)
	}
	if len(ns) == 0 {
		return nil, models.NotFound("penalty notice")
	}
	out := []models.PenaltyAdjustment{}
	err := s.db.Gorm.WithContext(ctx).
		Where("state = 'proposed' AND penalty_id IN (SELECT id FROM penalties WHERE inspection_id = ?)",
			ns[0].InspectionID).
		Order("created_at, id").
		Find(&out).
		Error
	if err != nil {
		return nil, fmt.Errorf("proposed rises: %w", err)
	}
	return out, nil
}
