package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
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

// SetContact changes a live user's email and language (nil: unchanged),
// audited. Errors: KindInvalid, KindNotFound, KindConflict (another
// account has the email).
func (s *Service) SetContact(
	ctx context.Context,
	actor storage.Actor,
	userID uuid.UUID,
	email, lang *string,
) (models.User, error) {
	set := map[string]any{}
	if email != nil {
		e := NormalizeEmail(*email)
		if at := strings.IndexByte(e, '@'); at < 1 || at == len(e)-1 || len(e) > 254 || strings.ContainsAny(e, " \t") {
			return models.User{}, models.Invalid(models.FieldError{Field: "email", Code: "invalid",
				Message: "must be an email address"})
		}
		set["email"] = e
	}
	if lang != nil {
		if !slices.Contains(models.Languages, *lang) {
			return models.User{}, models.Invalid(models.FieldError{Field: "language", Code: "invalid",
				Message: "must be one of " + strings.Join(models.Languages, ", ")})
		}
		set["preferred_language"] = *lang
	}
	var u models.User
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		if err := tx.DB.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("id = ?", userID).Take(&u).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.NotFound("user")
			}
			return fmt.Errorf("lock user: %w", err)
		}
		if len(set) == 0 {
			return nil
		}
		old := u
		set["version"], set["updated_at"] = gorm.Expr("version + 1"), s.now()
		if err := tx.DB.WithContext(ctx).Model(&models.User{}).Where("id = ?", userID).Updates(set).Error; err != nil {
			return storage.MapError(fmt.Errorf("set contact: %w", err), "user")
		}
		if err := tx.DB.WithContext(ctx).Where("id = ?", userID).Take(&u).Error; err != nil {
			return fmt.Errorf("reload user: %w", err)
		}
		return tx.Audit("update", "user", userID, imageOf(old, nil), imageOf(u, nil))
	})
	return u, err
}
