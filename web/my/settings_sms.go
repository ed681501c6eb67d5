package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
)

// smsSettings reads the owner's mobile on the register and the channels
// reminders go by (as getOwnerSettings).
func (m *My) smsSettings(c *fiber.Ctx, owner uuid.UUID) (string, string, error) {
	var row struct{ Mobile, RemindersBy string }
	if err := m.site.DB().Gorm.WithContext(c.UserContext()).Raw(`SELECT mobile, reminders_by FROM owners
		WHERE id = ?`, owner).Scan(&row).Error; err != nil {
		return "", "", err
	}
	return row.Mobile, row.RemindersBy, nil
}

// saveRemindersBy records the form's choice of reminder channels (as
// updateOwnerSettings' reminders_by), when the form has one.
func (m *My) saveRemindersBy(c *fiber.Ctx, tx *storage.Tx, owner uuid.UUID) error {
	by := c.FormValue("reminders_by")
	if by == "" {
		return nil
	}
	if err := notify.SetRemindersBy(c.UserContext(), tx.DB, owner, by); err != nil {
		return err
	}
	return tx.Audit("owner.reminders_by", "owner", owner, nil, by)
}
