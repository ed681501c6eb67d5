package api

import (
	"context"

	"gorm.io/gorm"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/notify"
)

// SMSCodeSender writes the SMS of a sign-in by code to the outbox, in the
// owner's language: the code, or, for a number two owners share, that
// they should visit the office. SMS only: never mailed, never in the feed.
func SMSCodeSender(ob notify.Outbox) auth.SMSCodeSender {
	return func(ctx context.Context, tx *gorm.DB, m auth.SMSCode) error {
		n := notify.Notice{Template: notify.TplOwnerSignInSMS, DedupeKey: "sms-signin:" + m.ID.String(), SMSOnly: true,
			Recipient: notify.Recipient{Type: notify.RecipientUser, ID: m.User.ID, Name: m.User.Name,
				Mobile: m.Mobile, Language: m.User.PreferredLanguage},
			Data: notify.Data{Number: m.Code, Due: m.ExpiresAt}}
		if m.Shared {
			n.Template, n.Data = notify.TplOwnerSignInShared, notify.Data{}
			n.Recipient = notify.Recipient{Type: notify.RecipientOwner, ID: m.Owner, Mobile: m.Mobile,
				Language: m.Language}
		}
		_, err := ob.Enqueue(ctx, tx, []notify.Notice{n})
		return err
	}
}
