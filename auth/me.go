package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
)

// User loads a live user by id, for GET /v1/me.
func (s *Service) User(ctx context.Context, id uuid.UUID) (models.User, error) {
	var u models.User
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return u, models.NotFound("user")
	}
	if err != nil {
		return u, fmt.Errorf("load user: %w", err)
	}
	return u, nil
}
