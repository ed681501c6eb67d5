package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
)

// One-time password links (docs/USERS.md). An admin asks for one; the
// user gets an email through the outbox, written in the same transaction
// as the link's row, so a committed request is mailed exactly once and a
// rolled-back one never. The token is 32 random bytes; only its SHA-256
// is stored, it is never answered to the admin nor logged, and the mail's
// body is blanked once delivered (notify.Secret).
const (
	// DefaultResetTTL is how long a link works.
	DefaultResetTTL = 24 * time.Hour
	// ResetResendAfter: a request for the same user within this time of
	// the last live link answers that link again and mails nothing (a
	// retried request); after it, a new link replaces the old one.
	ResetResendAfter = 10 * time.Minute
	resetTokenBytes  = 32
)

// PasswordResetPath and OwnerSignInPath are where the mails send their
// readers, under the deployment's public base URL.
const (
	PasswordResetPath = "/console/password"
	OwnerSignInPath   = "/my/signin"
)

// ResetRequest is a password link as the admin may see it: never its token.
type ResetRequest struct {
	ID        uuid.UUID
	UserID    uuid.UUID
	SentTo    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

type passwordReset struct {
	ID          uuid.UUID
	UserID      uuid.UUID
	TokenHash   []byte
	RequestedBy *uuid.UUID
	CreatedAt   time.Time
	ExpiresAt   time.Time
	UsedAt      *time.Time
}

func (passwordReset) TableName() string { return "password_resets" }

// RequestPasswordReset mails a live user a one-time link to
// {baseURL}/console/password?token=... that sets a new password within
// 24 hours. Errors: KindNotFound, KindConflict ("account_disabled",
// "email_unavailable": the deployment sends no email).
func (s *Service) RequestPasswordReset(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	userID uuid.UUID,
	baseURL string,
) (ResetRequest, error) {
	if !s.opts.Outbox.Email {
		return ResetRequest{}, errNoEmail()
	}
	now := s.now()
	var out ResetRequest
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		u, err := lockUser(tx.DB, sc, userID)
		if err != nil {
			return err
		}
		if u.DisabledAt != nil {
			return models.Errorf(models.KindConflict, "account_disabled",
				"the account is deactivated: reactivate it before sending a password link")
		}
		out, err = s.issueReset(ctx, tx, u, actor.UserID, baseURL, now)
		return err
	})
	return out, err
}

// issueReset answers the live link issued within ResetResendAfter, or ends
// every older link and issues and mails a new one.
func (s *Service) issueReset(
	ctx context.Context,
	tx *storage.Tx,
	u models.User,
	by *uuid.UUID,
	baseURL string,
	now time.Time,
) (ResetRequest, error) {
	var last passwordReset
	err := tx.DB.Where("user_id = ? AND used_at IS NULL AND expires_at > ? AND created_at > ?",
		u.ID, now, now.Add(-ResetResendAfter)).Order("created_at DESC").Take(&last).Error
	if err == nil {
		return ResetRequest{ID: last.ID, UserID: u.ID, SentTo: u.Email, CreatedAt: last.CreatedAt,
			ExpiresAt: last.ExpiresAt}, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return ResetRequest{}, fmt.Errorf("find recent reset: %w", err)
	}
	if err := endResets(tx.DB, u.ID, now); err != nil {
		return ResetRequest{}, err
	}
	token, hash := newResetToken()
	r := passwordReset{ID: uuid.New(), UserID: u.ID, TokenHash: hash, RequestedBy: by, CreatedAt: now,
		ExpiresAt: now.Add(s.opts.ResetTTL)}
	if err := tx.DB.Create(&r).Error; err != nil {
		return ResetRequest{}, fmt.Errorf("insert reset: %w", err)
	}
	link := strings.TrimRight(baseURL, "/") + PasswordResetPath + "?token=" + url.QueryEscape(token)
	if err := s.mail(ctx, tx.DB, notify.TplPasswordReset, "password_reset:"+r.ID.String(), u, link); err != nil {
		return ResetRequest{}, err
	}
	err = tx.Audit("request_password_reset", "user", u.ID, nil,
		map[string]any{"reset_id": r.ID, "expires_at": r.ExpiresAt, "sent_to": u.Email})
	return ResetRequest{ID: r.ID, UserID: u.ID, SentTo: u.Email, CreatedAt: now, ExpiresAt: r.ExpiresAt}, err
}

// endResets uses up every live link of the user.
func endResets(g *gorm.DB, userID uuid.UUID, now time.Time) error {
	if err := g.Exec(`UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL`, now, userID).
		Error; err != nil {
		return fmt.Errorf("end older resets: %w", err)
	}
	return nil
}

func newResetToken() (token string, hash []byte) {
	raw := make([]byte, resetTokenBytes)
	_, _ = rand.Read(raw) // never fails (crypto/rand, Go 1.24+)
	sum := sha256.Sum256(raw)
	return base64.RawURLEncoding.EncodeToString(raw), sum[:]
}

// mail writes an account mail for u to the outbox in g's transaction,
// email only (never the in-app feed).
func (s *Service) mail(ctx context.Context, g *gorm.DB, template, key string, u models.User, link string) error {
	n := notify.Notice{Template: template, DedupeKey: key, EmailOnly: true,
		Recipient: notify.Recipient{Type: notify.RecipientUser, ID: u.ID, Name: u.Name, Email: u.Email,
			Language: u.PreferredLanguage},
		Data: notify.Data{Link: link, Email: u.Email}}
	if _, err := s.opts.Outbox.Enqueue(ctx, g, []notify.Notice{n}); err != nil {
		return fmt.Errorf("mail %s: %w", template, err)
	}
	return nil
}

func errNoEmail() error {
	return models.Errorf(models.KindConflict, "email_unavailable",
		"this deployment sends no email (TINDAL_SMTP_URL is not set), so no link can be mailed")
}

// CompletePasswordReset sets a new password with a one-time link's token,
// under the same password policy as creation, and ends every refresh
// family of the user: every phone signs in again. Failed attempts are
// limited per client address like logins. Errors: KindInvalid (the
// password; "reset_link_invalid", "reset_link_used", "reset_link_expired"
// naming the field token), KindUnauthenticated ("account_disabled"),
// KindRateLimited.
func (s *Service) CompletePasswordReset(ctx context.Context, token, password, remoteAddr string) error {
	now := s.now()
	a, err := s.limitAddress(ctx, resetAddress(remoteAddr), now)
	if err != nil {
		return err
	}
	if err := s.completeReset(ctx, token, password, now); err != nil {
		return err
	}
	return s.refund(context.WithoutCancel(ctx), a)
}

// resetAddress keeps reset attempts apart from logins in the counters.
func resetAddress(addr string) string {
	if addr == "" {
		return ""
	}
	return "reset:" + hostOnly(addr)
}

func (s *Service) completeReset(ctx context.Context, token, password string, now time.Time) error {
	if f := ValidatePassword("password", password); f != nil {
		return models.Invalid(*f)
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != resetTokenBytes {
		return errResetInvalid()
	}
	sum := sha256.Sum256(raw)
	if _, err := s.liveReset(s.db.Gorm.WithContext(ctx), sum[:], now, false); err != nil {
		return err // before the costly hash
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		r, err := s.liveReset(tx.DB, sum[:], now, true)
		if err != nil {
			return err
		}
		return setPasswordByReset(tx, r, hash, now)
	})
}

// liveReset finds the link of a token hash, refusing a used or expired one
// and a deactivated user's; lock takes its row FOR UPDATE.
func (s *Service) liveReset(g *gorm.DB, hash []byte, now time.Time, lock bool) (passwordReset, error) {
	var r passwordReset
	q := g.Where("token_hash = ?", hash)
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Take(&r).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return r, errResetInvalid()
	case err != nil:
		return r, fmt.Errorf("find reset: %w", err)
	case r.UsedAt != nil:
		return r, models.Refused("token", "reset_link_used",
			"this link was already used or replaced by a newer one: ask your administrator for a new link")
	case !now.Before(r.ExpiresAt):
		return r, models.Refused("token", "reset_link_expired",
			"this link has expired: ask your administrator for a new link")
	}
	disabled, err := isDisabled(g, r.UserID)
	if err == nil && disabled {
		err = errAccountDisabled()
	}
	return r, err
}

func errResetInvalid() error {
	return models.Refused("token", "reset_link_invalid", "this is not a valid password link")
}

// setPasswordByReset sets the password, uses up the user's links and
// revokes their refresh families, audited as the user's own act.
func setPasswordByReset(tx *storage.Tx, r passwordReset, hash string, now time.Time) error {
	err := tx.DB.Model(&models.User{}).Where("id = ?", r.UserID).Updates(map[string]any{
		"password_hash": hash, "version": gorm.Expr("version + 1"), "updated_at": now}).Error
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if err := endResets(tx.DB, r.UserID, now); err != nil {
		return err
	}
	res := tx.DB.Exec(`UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, r.UserID)
	if res.Error != nil {
		return fmt.Errorf("revoke refresh tokens: %w", res.Error)
	}
	return tx.Audit("complete_password_reset", "user", r.UserID, nil,
		map[string]any{"reset_id": r.ID, "refresh_tokens_revoked": res.RowsAffected})
}

// Invitation is an owner's invitation as mailed.
type Invitation struct {
	UserID uuid.UUID
	SentTo string
	// Queued is false when the owner was already invited today
	// (Asia/Kolkata): at most one invitation a day, so a retried request
	// mails nothing more.
	Queued bool
}

// InviteOwner mails an owner account the owners' sign-in address
// {baseURL}/my/signin, in the owner's language. Errors: KindNotFound,
// KindConflict ("not_an_owner_account", "account_disabled",
// "email_unavailable").
func (s *Service) InviteOwner(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	userID uuid.UUID,
	baseURL string,
) (Invitation, error) {
	if !s.opts.Outbox.Email {
		return Invitation{}, errNoEmail()
	}
	now := s.now()
	var out Invitation
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		u, err := lockUser(tx.DB, sc, userID)
		if err != nil {
			return err
		}
		if u.Role != models.RoleOwner || u.OwnerID == nil {
			return models.Errorf(models.KindConflict, "not_an_owner_account",
				"only an owner account linked to an owner record is invited")
		}
		if u.DisabledAt != nil {
			return models.Errorf(models.KindConflict, "account_disabled", "the account is deactivated")
		}
		out = Invitation{UserID: u.ID, SentTo: u.Email}
		out.Queued, err = s.enqueueInvite(ctx, tx, u, baseURL, now)
		return err
	})
	return out, err
}

func (s *Service) enqueueInvite(
	ctx context.Context,
	tx *storage.Tx,
	u models.User,
	baseURL string,
	now time.Time,
) (bool, error) {
	key := "owner_invite:" + u.ID.String() + ":" + today(now)
	var n int64
	err := tx.DB.Table("notifications").Where("channel = ? AND dedupe_key = ?", notify.ChannelEmail,
		key+"|"+notify.RecipientUser+":"+u.ID.String()).Count(&n).Error
	if err != nil || n > 0 {
		return false, err
	}
	link := strings.TrimRight(baseURL, "/") + OwnerSignInPath
	if err := s.mail(ctx, tx.DB, notify.TplOwnerInvite, key, u, link); err != nil {
		return false, err
	}
	return true, tx.Audit("invite_owner", "user", u.ID, nil, map[string]any{"sent_to": u.Email, "link": link})
}
