package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
)

// smsRows is the notice's SMS row, if it has one: a template with an SMS
// text, a recipient with a mobile, and not a reminder the owner chose to
// have by email only.
func (o Outbox) smsRows(n Notice, base row) ([]row, error) {
	r := n.Recipient
	if !o.SMS || !HasSMS(n.Template) || !models.IsMobile(r.Mobile) || n.EmailOnly ||
		reminderBy(n, RemindersByEmail) {
		return nil, nil
	}
	text, lang, err := RenderSMS(n.Template, r.Language, SMSVarsOf(n.Data, o.Link))
	if err != nil {
		return nil, err
	}
	parts, _ := SMSParts(text)
	s := base
	s.id, s.channel, s.address, s.state, s.due = uuid.Must(uuid.NewV7()), ChannelSMS, r.Mobile, "pending", true
	s.locale, s.subject, s.body, s.parts = lang, "", text, parts
	return []row{s}, nil
}

// reminderBy reports whether n is a reminder its owner chose to have by
// the one channel only.
func reminderBy(n Notice, only string) bool {
	return n.Recipient.Type == RecipientOwner && Unsubscribable(n.Template) && n.Recipient.RemindersBy == only
}

// withMobiles fills the mobile numbers and reminder choices of the owner
// and crew-member recipients from the register, in one query per kind.
func withMobiles(ctx context.Context, tx *gorm.DB, notices []Notice) ([]Notice, error) {
	ids := map[string][]uuid.UUID{}
	for _, n := range notices {
		if t := n.Recipient.Type; (t == RecipientOwner || t == RecipientCrewMember) && n.Recipient.Mobile == "" {
			ids[t] = append(ids[t], n.Recipient.ID)
		}
	}
	type contact struct {
		ID          uuid.UUID
		Mobile      string
		RemindersBy string
	}
	found := map[uuid.UUID]contact{}
	for t, q := range map[string]string{
		RecipientOwner:      `SELECT id, mobile, reminders_by FROM owners WHERE id IN ?`,
		RecipientCrewMember: `SELECT id, mobile, 'both' AS reminders_by FROM crew_members WHERE id IN ?`,
	} {
		if len(ids[t]) == 0 {
			continue
		}
		var cs []contact
		if err := tx.WithContext(ctx).Raw(q, ids[t]).Scan(&cs).Error; err != nil {
			return nil, fmt.Errorf("load mobile numbers: %w", err)
		}
		for _, c := range cs {
			found[c.ID] = c
		}
	}
	out := make([]Notice, len(notices))
	for i, n := range notices {
		if c, ok := found[n.Recipient.ID]; ok && n.Recipient.Mobile == "" {
			n.Recipient.Mobile, n.Recipient.RemindersBy = c.Mobile, c.RemindersBy
		}
		out[i] = n
	}
	return out, nil
}
