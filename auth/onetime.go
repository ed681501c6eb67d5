package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/ratelimit"
)

// One-time sign-in for owners (docs/OWNERS.md): an owner types their
// registered email and receives a link and a 6-digit code, valid
// OneTimeTTL, usable once. Only hashes are stored. The answer to a request
// is the same whether or not the email belongs to anyone.
const (
	// OneTimeTTL is how long a link and its code stay valid.
	OneTimeTTL = 15 * time.Minute
	// oneTimeFailures is how many wrong codes kill a one-time sign-in.
	oneTimeFailures = 5
)

// OneTimeMail is what the mail of a one-time sign-in says: the secret
// link token and code exist only here and in the mail.
type OneTimeMail struct {
	ID        uuid.UUID
	User      models.User
	Token     string
	Code      string
	ExpiresAt time.Time
}

// OneTimeMailer writes the mail of a one-time sign-in in the transaction
// that stores it (the notify outbox), so the mail goes exactly when the
// sign-in exists.
type OneTimeMailer func(ctx context.Context, tx *gorm.DB, m OneTimeMail) error

func oneTimeEmailKey(email string) string { return "onetime-email:" + email }

func oneTimeAddressKey(addr string) string { return "onetime-address:" + hostOnly(addr) }

// RequestOneTime mails a one-time link and code to the live owner user
// with email, if there is one. It answers the same whether or not there
// is: the caller cannot learn who has an account. Requests count per
// email and per client address whoever they name. Errors: KindInvalid
// (not an email), KindRateLimited ("too_many_attempts").
func (s *Service) RequestOneTime(ctx context.Context, email, remoteAddr string, mail OneTimeMailer) error {
	email = NormalizeEmail(email)
	if at := strings.IndexByte(email, '@'); at < 1 || at == len(email)-1 || len(email) > 254 {
		return models.Invalid(models.FieldError{Field: "email", Code: "invalid", Message: "must be an email address"})
	}
	now := s.now()
	if err := s.limitOneTime(ctx, oneTimeEmailKey(email), s.opts.OneTimeEmailLimit, now); err != nil {
		return err
	}
	if remoteAddr != "" {
		if err := s.limitOneTime(ctx, oneTimeAddressKey(remoteAddr), s.opts.OneTimeAddressLimit, now); err != nil {
			return err
		}
	}
	var us []models.User
	if err := s.db.Gorm.WithContext(ctx).
		Where("email = ? AND role = ? AND disabled_at IS NULL", email, models.RoleOwner).Find(&us).Error; err != nil {
		return fmt.Errorf("load owner user: %w", err)
	}
	if len(us) == 0 {
		return nil // the same answer as a sent mail
	}
	return s.issueOneTime(ctx, us[0], nil, now, mail)
}

// ResendOneTime mails a new one-time link and code to the owner's
// sign-in account, at a registrar's or admin's request; it counts against
// the account's email like the owner's own requests. Errors: not_found
// (owner out of scope, or without a live account), KindRateLimited.
func (s *Service) ResendOneTime(ctx context.Context, sc models.Scope, ownerID uuid.UUID, mail OneTimeMailer) error {
	var owners []models.Owner
	q := s.db.Gorm.WithContext(ctx).Model(&models.Owner{}).Where("id = ?", ownerID)
	if err := storage.Scoped(q, sc, storage.ByJurisdiction).Find(&owners).Error; err != nil {
		return fmt.Errorf("load owner: %w", err)
	}
	if len(owners) == 0 {
		return models.NotFound("owner")
	}
	var us []models.User
	if err := s.db.Gorm.WithContext(ctx).
		Where("owner_id = ? AND role = ? AND disabled_at IS NULL", ownerID, models.RoleOwner).
		Order("created_at").Find(&us).Error; err != nil {
		return fmt.Errorf("load owner user: %w", err)
	}
	if len(us) == 0 {
		return models.NotFound("sign-in account of the owner")
	}
	if us[0].Email == "" { // keyed by the owner record's mobile: the owner signs in by SMS code
		return models.NotFound("sign-in account of the owner with an email")
	}
	now := s.now()
	if err := s.limitOneTime(ctx, oneTimeEmailKey(us[0].Email), s.opts.OneTimeEmailLimit, now); err != nil {
		return err
	}
	by := sc.UserID
	return s.issueOneTime(ctx, us[0], &by, now, mail)
}

// limitOneTime counts one request under key and refuses it over lim.
func (s *Service) limitOneTime(ctx context.Context, key string, lim RateLimit, now time.Time) error {
	n, end, err := s.counts.Hit(ctx, key, lim, now)
	if err != nil {
		return err
	}
	if lim.Over(n) {
		e := models.Errorf(models.KindRateLimited, "too_many_attempts", "too many sign-in requests; try again later")
		e.RetryAfter = ratelimit.RetryAfter(end, now)
		return e
	}
	return nil
}

// issueOneTime stores a new one-time sign-in of u and writes its mail in
// the same transaction, audited.
func (s *Service) issueOneTime(
	ctx context.Context,
	u models.User,
	by *uuid.UUID,
	now time.Time,
	mail OneTimeMailer,
) error {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return fmt.Errorf("one-time token: %w", err)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return fmt.Errorf("one-time code: %w", err)
	}
	m := OneTimeMail{ID: uuid.Must(uuid.NewV7()), User: u, Token: base64.RawURLEncoding.EncodeToString(raw),
		Code: fmt.Sprintf("%06d", n.Int64()), ExpiresAt: now.Add(OneTimeTTL)}
	actor := storage.Actor{UserID: &u.ID}
	if by != nil {
		actor.UserID = by
	}
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		err := tx.DB.WithContext(ctx).Exec(`INSERT INTO one_time_logins
			(id, user_id, token_hash, code_hash, expires_at, requested_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			m.ID, u.ID, oneTimeTokenHash(m.Token), oneTimeCodeHash(m.ID, m.Code), m.ExpiresAt, by, now).Error
		if err != nil {
			return fmt.Errorf("store one-time sign-in: %w", err)
		}
		if err := mail(ctx, tx.DB, m); err != nil {
			return err
		}
		return tx.Audit("one_time_login.issue", "user", u.ID, nil, map[string]any{"expires_at": m.ExpiresAt,
			"resent": by != nil})
	})
}

func oneTimeTokenHash(token string) []byte {
	h := sha256.Sum256([]byte("tindal one-time link\x00" + token))
	return h[:]
}

func oneTimeCodeHash(id uuid.UUID, code string) []byte {
	h := sha256.Sum256([]byte("tindal one-time code\x00" + id.String() + "\x00" + code))
	return h[:]
}

func errInvalidOneTime() error {
	return unauthenticated("invalid_one_time",
		"the link or code is not valid (used, expired or wrong); ask for a new one", nil)
}

// ConsumeOneTimeLink uses a one-time link: the first use within its time
// yields its user and ends every other live sign-in of that user; any
// later use, an expired or unknown token is refused. Errors:
// KindUnauthenticated ("invalid_one_time", "account_disabled").
func (s *Service) ConsumeOneTimeLink(ctx context.Context, token string) (models.User, error) {
	now := s.now()
	var u models.User
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		var ids []uuid.UUID
		if err := tx.DB.WithContext(ctx).Raw(`UPDATE one_time_logins SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? AND failures < ? RETURNING user_id`,
			now, oneTimeTokenHash(token), now, oneTimeFailures).Scan(&ids).Error; err != nil {
			return fmt.Errorf("use one-time link: %w", err)
		}
		if len(ids) == 0 {
			return errInvalidOneTime()
		}
		var err error
		u, err = s.signedInOneTime(ctx, tx, ids[0], now)
		return err
	})
	return u, err
}

// ConsumeOneTimeCode uses the code of a live one-time sign-in of the
// owner user with email. A wrong code counts against every live sign-in
// of that user (five kill them) and against the client's address like a
// failed login. Errors: KindInvalid, KindRateLimited, KindUnauthenticated
// ("invalid_one_time", "account_disabled").
func (s *Service) ConsumeOneTimeCode(ctx context.Context, email, code, remoteAddr string) (models.User, error) {
	email, code = NormalizeEmail(email), strings.TrimSpace(code)
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		return models.User{}, models.Invalid(models.FieldError{Field: "code", Code: "invalid",
			Message: "must be the 6 digits of the mail"})
	}
	now := s.now()
	addr, err := s.limitAddress(ctx, remoteAddr, now)
	if err != nil {
		return models.User{}, err
	}
	var u models.User
	matched := false
	err = s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		id, ok, err := s.matchCode(ctx, tx, email, code, now)
		if err != nil || !ok {
			return err
		}
		matched = true
		u, err = s.signedInOneTime(ctx, tx, id, now)
		return err
	})
	if err != nil {
		return models.User{}, err
	}
	if !matched {
		return models.User{}, errInvalidOneTime() // the failure stays counted
	}
	return u, s.refund(ctx, addr)
}

// matchCode finds the live one-time sign-in of email whose code is code,
// marks it used, and counts a failure on every live one otherwise.
func (s *Service) matchCode(
	ctx context.Context,
	tx *storage.Tx,
	email, code string,
	now time.Time,
) (uuid.UUID, bool, error) {
	var rows []liveCode
	err := tx.DB.WithContext(ctx).Table("one_time_logins AS o").
		Select("o.id, o.user_id, o.code_hash").
		Joins("JOIN users u ON u.id = o.user_id AND u.deleted_at IS NULL").
		Where("u.email = ? AND u.role = ? AND o.used_at IS NULL AND o.expires_at > ? AND o.failures < ?",
			email, models.RoleOwner, now, oneTimeFailures).
		Order("o.id").Clauses(clause.Locking{Strength: "UPDATE", Table: clause.Table{Name: "o"}}).
		Scan(&rows).Error
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("load one-time sign-ins: %w", err)
	}
	return consumeCode(ctx, tx, "one_time_logins", rows, oneTimeCodeHash, code, now)
}

// liveCode is a live sign-in code: its row, whose it is, and its hash.
type liveCode struct {
	ID       uuid.UUID
	UserID   uuid.UUID
	CodeHash []byte
}

// consumeCode marks used the row of table (one_time_logins, sms_sign_ins)
// among rows whose hash is code's, and returns its user; when none
// matches, it counts a failure on every row (a code's failures end it).
func consumeCode(ctx context.Context, tx *storage.Tx, table string, rows []liveCode,
	hash func(uuid.UUID, string) []byte, code string, now time.Time) (uuid.UUID, bool, error) {
	ids := make([]uuid.UUID, 0, len(rows))
	for _, r := range rows {
		if subtle.ConstantTimeCompare(r.CodeHash, hash(r.ID, code)) == 1 {
			err := tx.DB.WithContext(ctx).Table(table).Where("id = ?", r.ID).Update("used_at", now).Error
			return r.UserID, err == nil, err
		}
		ids = append(ids, r.ID)
	}
	if len(ids) > 0 {
		err := tx.DB.WithContext(ctx).Table(table).Where("id IN ?", ids).
			Update("failures", gorm.Expr("failures + 1")).Error
		if err != nil {
			return uuid.Nil, false, fmt.Errorf("count wrong code: %w", err)
		}
	}
	return uuid.Nil, false, nil
}

// signedInOneTime loads the user of a used one-time sign-in, refuses a
// disabled one, and ends the user's other live sign-ins.
func (s *Service) signedInOneTime(
	ctx context.Context,
	tx *storage.Tx,
	userID uuid.UUID,
	now time.Time,
) (models.User, error) {
	var u models.User
	err := tx.DB.WithContext(ctx).Where("id = ?", userID).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.User{}, errInvalidOneTime()
	}
	if err != nil {
		return models.User{}, fmt.Errorf("load user: %w", err)
	}
	if u.DisabledAt != nil {
		return models.User{}, errAccountDisabled()
	}
	if err := tx.DB.WithContext(ctx).Exec(`UPDATE one_time_logins SET used_at = ? WHERE user_id = ? AND used_at IS NULL`,
		now, userID).Error; err != nil {
		return models.User{}, fmt.Errorf("end other one-time sign-ins: %w", err)
	}
	return u, tx.Audit("one_time_login.use", "user", u.ID, nil, nil)
}

// OneTimeSessionInput is a one-time sign-in presented to the API: a link
// token, an email and its code, or a mobile and its SMS code, with the
// installation to register.
type OneTimeSessionInput struct {
	Token          string
	Email          string
	Code           string
	Mobile         string // with Code: the SMS code sent to it (RequestSMSCode)
	InstallationID string
	DeviceName     string
	RemoteAddr     string
}

// SignInOneTime uses a one-time link or code and starts a session on the
// installation as Login does. Errors: those of ConsumeOneTimeLink and
// ConsumeOneTimeCode, KindInvalid.
func (s *Service) SignInOneTime(ctx context.Context, in OneTimeSessionInput) (Tokens, error) {
	in.InstallationID = strings.TrimSpace(in.InstallationID)
	if in.InstallationID == "" || len(in.InstallationID) > 200 || len(in.DeviceName) > 200 {
		return Tokens{}, models.Invalid(models.FieldError{Field: "installation_id", Code: "invalid",
			Message: "is required, at most 200 characters"})
	}
	var u models.User
	var err error
	switch {
	case in.Token != "":
		u, err = s.ConsumeOneTimeLink(ctx, in.Token)
	case in.Email != "" && in.Code != "":
		u, err = s.ConsumeOneTimeCode(ctx, in.Email, in.Code, in.RemoteAddr)
	case in.Mobile != "" && in.Code != "":
		u, err = s.ConsumeSMSCode(ctx, in.Mobile, in.Code, in.RemoteAddr)
	default:
		err = models.Invalid(models.FieldError{Field: "token", Code: "required",
			Message: "give the link's token, the email and its code, or the mobile and its SMS code"})
	}
	if err != nil {
		return Tokens{}, err
	}
	return s.startSession(ctx, u, LoginInput{Email: u.Email, InstallationID: in.InstallationID,
		DeviceName: in.DeviceName}, s.now())
}
