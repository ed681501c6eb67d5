package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// RemindersBy is the owner's choice of channels for reminders
// (RemindersBySMS, RemindersByEmail or RemindersByBoth).
func RemindersBy(ctx context.Context, db *storage.DB, owner uuid.UUID) (string, error) {
	var v []string
	err := db.Gorm.WithContext(ctx).Raw(`SELECT reminders_by FROM owners WHERE id = ?`, owner).Scan(&v).Error
	if err != nil {
		return "", fmt.Errorf("reminder channels: %w", err)
	}
	if len(v) == 0 {
		return "", models.NotFound("owner")
	}
	return v[0], nil
}

// SetRemindersBy records the owner's choice of channels for reminders, in
// tx. Legal notices go by every channel the owner has whatever the choice.
// Errors: invalid (not sms, email or both).
func SetRemindersBy(ctx context.Context, tx *gorm.DB, owner uuid.UUID, by string) error {
	switch by {
	case RemindersBySMS, RemindersByEmail, RemindersByBoth:
	default:
		return models.Invalid(models.FieldError{Field: "reminders_by", Code: "invalid",
			Message: "must be sms, email or both"})
	}
	if err := tx.WithContext(ctx).Exec(`UPDATE owners SET reminders_by = ? WHERE id = ?`, by, owner).Error; err != nil {
		return fmt.Errorf("set reminder channels: %w", err)
	}
	return nil
}
