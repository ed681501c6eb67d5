package notify

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Reminders are the templates an owner may turn off (settings,
// docs/OWNERS.md): the same as Unsubscribable. Legal notices always go.
var Reminders = []string{TplCertificateExpiring, TplCoCLegacyDeadline, TplCoCRevalidationDue, TplInspectionOverdue}

// dropTurnedOff leaves out the reminders each owner recipient turned off
// (table owner_reminders_off), in one query for all of them.
func dropTurnedOff(ctx context.Context, tx *gorm.DB, notices []Notice) ([]Notice, error) {
	var owners []uuid.UUID
	for _, n := range notices {
		if n.Recipient.Type == RecipientOwner && Unsubscribable(n.Template) {
			owners = append(owners, n.Recipient.ID)
		}
	}
	if len(owners) == 0 {
		return notices, nil
	}
	var off []struct {
		OwnerID  uuid.UUID
		Template string
	}
	if err := tx.WithContext(ctx).Raw(`SELECT owner_id, template FROM owner_reminders_off WHERE owner_id IN ?`, owners).
		Scan(&off).Error; err != nil {
		return nil, fmt.Errorf("reminders turned off: %w", err)
	}
	if len(off) == 0 {
		return notices, nil
	}
	type key struct {
		owner uuid.UUID
		tpl   string
	}
	skip := make(map[key]bool, len(off))
	for _, o := range off {
		skip[key{o.OwnerID, o.Template}] = true
	}
	return slices.DeleteFunc(slices.Clone(notices), func(n Notice) bool {
		return n.Recipient.Type == RecipientOwner && skip[key{n.Recipient.ID, n.Template}]
	}), nil
}

// RemindersOff lists the reminders the owner turned off.
func RemindersOff(ctx context.Context, db *storage.DB, owner uuid.UUID) ([]string, error) {
	out := []string{}
	if err := db.Gorm.WithContext(ctx).Raw(`SELECT template FROM owner_reminders_off WHERE owner_id = ? ORDER BY template`,
		owner).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("reminders turned off: %w", err)
	}
	return out, nil
}

// SetRemindersOff replaces the reminders the owner turned off, in tx.
// Errors: invalid (a template that is not a reminder).
func SetRemindersOff(ctx context.Context, tx *gorm.DB, owner uuid.UUID, off []string) error {
	for _, t := range off {
		if !slices.Contains(Reminders, t) {
			return models.Invalid(models.FieldError{Field: "reminders", Code: "invalid",
				Message: fmt.Sprintf("%q is not a reminder one may turn off", t)})
		}
	}
	db := tx.WithContext(ctx)
	if err := db.Exec(`DELETE FROM owner_reminders_off WHERE owner_id = ?`, owner).Error; err != nil {
		return fmt.Errorf("clear reminders off: %w", err)
	}
	for _, t := range off {
		if err := db.Exec(`INSERT INTO owner_reminders_off (owner_id, template) VALUES (?, ?) ON CONFLICT DO NOTHING`,
			owner, t).Error; err != nil {
			return fmt.Errorf("turn reminder off: %w", err)
		}
	}
	return nil
}
