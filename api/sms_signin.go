package api

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/storage"
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

// smsSettings adds the owner's mobile and reminder channels to settings.
func (h *handlers) smsSettings(ctx context.Context, sc models.Scope, s *openapi.OwnerSettings) error {
	o, err := h.d.Registry.GetOwner(ctx, sc, deref(sc.OwnerID))
	if err != nil {
		return err
	}
	by, err := notify.RemindersBy(ctx, h.d.DB, o.ID)
	if err != nil {
		return err
	}
	rb := openapi.OwnerSettingsRemindersBy(by)
	s.Mobile, s.RemindersBy = &o.Mobile, &rb
	return nil
}

// setRemindersBy records the owner's choice of reminder channels, audited.
func (h *handlers) setRemindersBy(
	ctx context.Context,
	sc models.Scope,
	by *openapi.OwnerSettingsPatchRemindersBy,
) error {
	if by == nil {
		return nil
	}
	return h.d.DB.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		if err := notify.SetRemindersBy(ctx, tx.DB, deref(sc.OwnerID), string(*by)); err != nil {
			return err
		}
		return tx.Audit("owner.reminders_by", "owner", deref(sc.OwnerID), nil, string(*by))
	})
}

// smsCodeAccepted is the answer to every SMS code request, whatever the
// number: nobody learns who is an owner.
const smsCodeAccepted = "if the number is an owner's registered mobile, a sign-in code was sent to it by SMS"

// RequestSmsSignIn sends a sign-in code by SMS to the owner whose register
// entry has the mobile (auth.RequestSMSCode), as /my/signin/sms does.
func (h *handlers) RequestSmsSignIn(
	ctx context.Context,
	r openapi.RequestSmsSignInRequestObject,
) (openapi.RequestSmsSignInResponseObject, error) {
	if err := h.d.Auth.RequestSMSCode(ctx, r.Body.Mobile, remoteAddr(ctx), SMSCodeSender(h.d.Outbox)); err != nil {
		return nil, err
	}
	return openapi.RequestSmsSignIn202JSONResponse{Message: smsCodeAccepted,
		ExpiresIn: int(auth.SMSCodeTTL / time.Second)}, nil
}
