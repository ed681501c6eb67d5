package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"
	"gorm.io/gorm"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
)

// The owners' side (docs/OWNERS.md): one-time sign-in, UPI
// payment requests, the bank statement's reconciliation, owner settings.

// OneTimeSignInPath is where a mailed one-time link leads: the owners'
// pages (web/my) take the token from the path.
const OneTimeSignInPath = "/my/signin/"

const oneTimeAccepted = "if the email belongs to an owner's account, a sign-in link and code were mailed to it"

// oneTimeMailer writes the sign-in mail to the outbox, email only.
func (h *handlers) oneTimeMailer() auth.OneTimeMailer {
	return OneTimeMailer(h.d.Outbox, h.d.PublicBaseURL)
}

// OneTimeMailer writes a one-time sign-in mail (link and code) to the
// outbox, email only, in the transaction that stores the sign-in: the
// API's and the owners' pages' sign-in send the same mail.
func OneTimeMailer(ob notify.Outbox, baseURL string) auth.OneTimeMailer {
	return func(ctx context.Context, tx *gorm.DB, m auth.OneTimeMail) error {
		link := strings.TrimRight(baseURL, "/") + OneTimeSignInPath + m.Token
		n := notify.Notice{Template: notify.TplOwnerSignIn, DedupeKey: "signin:" + m.ID.String(), EmailOnly: true,
			Recipient: notify.Recipient{Type: notify.RecipientUser, ID: m.User.ID, Name: m.User.Name,
				Email: m.User.Email, Language: m.User.PreferredLanguage},
			Data: notify.Data{Detail: link, Number: m.Code, Due: m.ExpiresAt}}
		_, err := ob.Enqueue(ctx, tx, []notify.Notice{n})
		return err
	}
}

// RequestOneTimeSignIn mails a one-time link and code, answering the same
// whether or not the email has an account.
func (h *handlers) RequestOneTimeSignIn(
	ctx context.Context,
	r openapi.RequestOneTimeSignInRequestObject,
) (openapi.RequestOneTimeSignInResponseObject, error) {
	if err := h.d.Auth.RequestOneTime(ctx, r.Body.Email, remoteAddr(ctx), h.oneTimeMailer()); err != nil {
		return nil, err
	}
	return openapi.RequestOneTimeSignIn202JSONResponse{Message: oneTimeAccepted,
		ExpiresIn: int(auth.OneTimeTTL / time.Second)}, nil
}

// SignInOneTime signs an owner in with a one-time link or code.
func (h *handlers) SignInOneTime(
	ctx context.Context,
	r openapi.SignInOneTimeRequestObject,
) (openapi.SignInOneTimeResponseObject, error) {
	b := r.Body
	t, err := h.d.Auth.SignInOneTime(ctx, auth.OneTimeSessionInput{
		Token:          deref(b.Token),
		Email:          deref(b.Email),
		Code:           deref(b.Code),
		Mobile:         deref(b.Mobile),
		InstallationID: b.InstallationId,
		DeviceName:     deref(b.DeviceName),
		RemoteAddr:     remoteAddr(ctx),
	})
	if err != nil {
		return nil, err
	}
	return openapi.SignInOneTime200JSONResponse(tokensOut(t)), nil
}

// ResendOwnerSignIn mails the owner a new one-time link at a registrar's
// or admin's request.
func (h *handlers) ResendOwnerSignIn(
	ctx context.Context,
	r openapi.ResendOwnerSignInRequestObject,
) (openapi.ResendOwnerSignInResponseObject, error) {
	if err := h.d.Auth.ResendOneTime(ctx, scopeOf(ctx), r.Id, h.oneTimeMailer()); err != nil {
		return nil, err
	}
	return openapi.ResendOwnerSignIn202JSONResponse{Message: "a sign-in link and code were mailed to the owner",
		ExpiresIn: int(auth.OneTimeTTL / time.Second)}, nil
}

// upiRequest reads the notice in scope and makes its payment request.
func (h *handlers) upiRequest(ctx context.Context, id openapi_types.UUID) (penalty.UPIRequest, error) {
	v, err := h.d.Penalties.GetNotice(ctx, scopeOf(ctx), id)
	if err != nil {
		return penalty.UPIRequest{}, err
	}
	return penalty.UPIRequestFor(v)
}

// GetPenaltyNoticeUpi answers the UPI payment request of a notice.
func (h *handlers) GetPenaltyNoticeUpi(
	ctx context.Context,
	r openapi.GetPenaltyNoticeUpiRequestObject,
) (openapi.GetPenaltyNoticeUpiResponseObject, error) {
	u, err := h.upiRequest(ctx, r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetPenaltyNoticeUpi200JSONResponse{Uri: u.URI, Payee: u.Payee.VPA, PayeeName: u.Payee.Name,
		Amount: fmt.Sprintf("%d.00", u.Amount), Currency: openapi.INR, Note: u.Note, Reference: u.Reference,
		NoticeId: r.Id}, nil
}

// GetPenaltyNoticeUpiQr answers the QR code of a notice's UPI request.
func (h *handlers) GetPenaltyNoticeUpiQr(
	ctx context.Context,
	r openapi.GetPenaltyNoticeUpiQrRequestObject,
) (openapi.GetPenaltyNoticeUpiQrResponseObject, error) {
	u, err := h.upiRequest(ctx, r.Id)
	if err != nil {
		return nil, err
	}
	png, err := public.QR(u.URI, defaultQRSize)
	if err != nil {
		return nil, err
	}
	cache := "private, no-store" // the amount due changes with a payment
	return openapi.GetPenaltyNoticeUpiQr200ImagepngResponse{Body: bytes.NewReader(png), ContentLength: int64(len(png)),
		Headers: openapi.GetPenaltyNoticeUpiQr200ResponseHeaders{CacheControl: &cache}}, nil
}

// ImportBankStatement parses a statement, all or nothing, and reconciles
// its credits with the office's notices.
func (h *handlers) ImportBankStatement(
	ctx context.Context,
	r openapi.ImportBankStatementRequestObject,
) (openapi.ImportBankStatementResponseObject, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, BodyLimit+1))
	if err != nil {
		return nil, err
	}
	credits, err := penalty.ParseStatement(b)
	if err != nil {
		return nil, err
	}
	res, err := h.d.Penalties.ImportStatement(ctx, scopeOf(ctx), r.Params.JurisdictionId, credits)
	if err != nil {
		return nil, err
	}
	return openapi.ImportBankStatement200JSONResponse{Recorded: res.Recorded,
		AlreadyRecorded: res.AlreadyRecorded, Queued: res.Queued,
		Credits: mapSlice(res.Credits, bankCreditOut)}, nil
}

// ListBankCredits lists the offices' bank credits (the queue).
func (h *handlers) ListBankCredits(
	ctx context.Context,
	r openapi.ListBankCreditsRequestObject,
) (openapi.ListBankCreditsResponseObject, error) {
	p := r.Params
	cs, next, err := h.d.Penalties.ListCredits(ctx, scopeOf(ctx),
		penalty.CreditFilter{State: string(deref(p.State))}, deref(p.Cursor), int(deref(p.Limit)))
	if err != nil {
		return nil, err
	}
	return openapi.ListBankCredits200JSONResponse{Items: mapSlice(cs, bankCreditOut), NextCursor: cursorOf(next)}, nil
}

// ResolveBankCredit applies a queued credit to a notice or dismisses it.
func (h *handlers) ResolveBankCredit(
	ctx context.Context,
	r openapi.ResolveBankCreditRequestObject,
) (openapi.ResolveBankCreditResponseObject, error) {
	d := penalty.CreditDecision{Action: string(r.Body.Action), Reason: deref(r.Body.Reason)}
	if d.Action == "apply" {
		if r.Body.NoticeId == nil {
			return nil, models.Invalid(models.FieldError{Field: "notice_id", Code: "required",
				Message: "is required to apply a credit"})
		}
		d.NoticeID = *r.Body.NoticeId
	}
	c, err := h.d.Penalties.ResolveCredit(ctx, scopeOf(ctx), r.Id, d)
	if err != nil {
		return nil, err
	}
	return openapi.ResolveBankCredit200JSONResponse(bankCreditOut(c)), nil
}

func bankCreditOut(c models.BankCredit) openapi.BankCredit {
	var at *time.Time
	if c.ResolvedAt != nil {
		t := c.ResolvedAt.UTC()
		at = &t
	}
	return openapi.BankCredit{Id: c.ID, JurisdictionId: c.JurisdictionID, BankReference: c.BankReference,
		CreditedOn: openapi_types.Date{Time: c.CreditedOn}, AmountPaise: c.AmountPaise, Narration: c.Narration,
		NoticeId: c.NoticeID, State: openapi.BankCreditState(c.State), Reason: c.Reason, Resolution: c.Resolution,
		ResolvedBy: c.ResolvedBy, ResolvedAt: at, CreatedAt: c.CreatedAt.UTC(), Version: c.Version}
}

// GetOwnerSettings answers the signed-in owner's settings.
func (h *handlers) GetOwnerSettings(
	ctx context.Context,
	_ openapi.GetOwnerSettingsRequestObject,
) (openapi.GetOwnerSettingsResponseObject, error) {
	s, err := h.ownerSettings(ctx, scopeOf(ctx))
	if err != nil {
		return nil, err
	}
	return openapi.GetOwnerSettings200JSONResponse(s), nil
}

func (h *handlers) ownerSettings(ctx context.Context, sc models.Scope) (openapi.OwnerSettings, error) {
	u, err := h.d.Auth.User(ctx, sc.UserID)
	if err != nil {
		return openapi.OwnerSettings{}, err
	}
	off, err := notify.RemindersOff(ctx, h.d.DB, deref(sc.OwnerID))
	if err != nil {
		return openapi.OwnerSettings{}, err
	}
	out := openapi.OwnerSettings{Language: openapi.Language(u.PreferredLanguage), Email: u.Email,
		Reminders: append([]string{}, notify.Reminders...), RemindersOff: off}
	return out, h.smsSettings(ctx, sc, &out)
}

// UpdateOwnerSettings changes the owner's language, email and reminders:
// the account's email and language, then the owner's (where mail goes),
// then the reminders turned off.
func (h *handlers) UpdateOwnerSettings(
	ctx context.Context,
	r openapi.UpdateOwnerSettingsRequestObject,
) (openapi.UpdateOwnerSettingsResponseObject, error) {
	sc, b := scopeOf(ctx), r.Body
	var lang *string
	if b.Language != nil {
		l := string(*b.Language)
		lang = &l
	}
	if b.Email != nil || lang != nil {
		if _, err := h.d.Auth.SetContact(ctx, storage.ActorOf(sc), sc.UserID, b.Email, lang); err != nil {
			return nil, err
		}
		o, err := h.d.Registry.GetOwner(ctx, sc, deref(sc.OwnerID))
		if err != nil {
			return nil, err
		}
		if _, err := h.d.Registry.UpdateOwner(ctx, sc, o.ID, o.Version,
			registry.OwnerPatch{Email: b.Email, PreferredLanguage: lang}); err != nil {
			return nil, err
		}
	}
	if err := h.setRemindersBy(ctx, sc, b.RemindersBy); err != nil {
		return nil, err
	}
	if b.RemindersOff != nil {
		err := h.d.DB.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
			if err := notify.SetRemindersOff(ctx, tx.DB, deref(sc.OwnerID), *b.RemindersOff); err != nil {
				return err
			}
			return tx.Audit("owner.reminders", "owner", deref(sc.OwnerID), nil, *b.RemindersOff)
		})
		if err != nil {
			return nil, err
		}
	}
	s, err := h.ownerSettings(ctx, sc)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateOwnerSettings200JSONResponse(s), nil
}
