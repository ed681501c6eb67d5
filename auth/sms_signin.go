package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Sign-in by SMS code (docs/OWNERS.md): an owner types the mobile number
// the register has for them and receives a 6-digit code, valid SMSCodeTTL,
// usable once, stored hashed. The limits are the mailed code's: requests
// per number and per client address, five wrong codes end it. The answer
// is the same whether or not the number is registered; a number two
// owners share signs in to neither, and its SMS says to visit the office.

// SMSCodeTTL is how long an SMS sign-in code stays valid.
const SMSCodeTTL = 10 * time.Minute

// SMSCode is what the SMS of a sign-in says. Shared: the number belongs to
// more than one owner, and the SMS says to visit the office instead of
// giving a code (User is then empty).
type SMSCode struct {
	ID     uuid.UUID
	User   models.User
	Mobile string
	Code   string
	Shared bool
	// Owner and Language: the (first) owner the register gives the
	// number, and their language, for the SMS of a shared number.
	Owner     uuid.UUID
	Language  string
	ExpiresAt time.Time
}

// SMSCodeSender writes the SMS of a sign-in in the transaction that
// stores it (the notify outbox), so it goes exactly when the sign-in
// exists.
type SMSCodeSender func(ctx context.Context, tx *gorm.DB, m SMSCode) error

func oneTimeMobileKey(mobile string) string { return "onetime-mobile:" + mobile }

// RequestSMSCode sends a sign-in code to the owner whose register entry
// has mobile, if exactly one live owner with a live account has it.
// Errors: KindInvalid (not an Indian mobile number), KindRateLimited.
func (s *Service) RequestSMSCode(ctx context.Context, mobile, remoteAddr string, send SMSCodeSender) error {
	mobile, err := models.NormaliseMobile("mobile", mobile)
	if err != nil || mobile == "" {
		return models.Invalid(models.FieldError{Field: "mobile", Code: "invalid",
			Message: "must be an Indian mobile number: +91 and ten digits starting with 6, 7, 8 or 9"})
	}
	now := s.now()
	if err := s.limitOneTime(ctx, oneTimeMobileKey(mobile), s.opts.OneTimeEmailLimit, now); err != nil {
		return err
	}
	if remoteAddr != "" {
		if err := s.limitOneTime(ctx, oneTimeAddressKey(remoteAddr), s.opts.OneTimeAddressLimit, now); err != nil {
			return err
		}
	}
	owners, err := s.ownersWithMobile(ctx, s.db.Gorm, mobile)
	if err != nil || len(owners) == 0 {
		return err // none: the same answer as a sent code
	}
	m := SMSCode{ID: uuid.Must(uuid.NewV7()), Mobile: mobile, ExpiresAt: now.Add(SMSCodeTTL), Owner: owners[0].ID,
		Language: owners[0].PreferredLanguage}
	if len(owners) > 1 {
		m.Shared = true
		return s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error { return send(ctx, tx.DB, m) })
	}
	u, ok, err := s.ownerAccount(ctx, owners[0])
	if err != nil || !ok {
		return err
	}
	return s.issueSMSCode(ctx, u, m, send)
}

// ownerAccount is the sign-in account of the owner record o: its first
// live account; none yet (an owner the registrar registered with a mobile
// and no email), a new email-less one keyed by the record, made once
// however many requests race (users_owner_without_email). A disabled
// account signs nobody in (ok false).
func (s *Service) ownerAccount(ctx context.Context, o mobileOwner) (models.User, bool, error) {
	var us []models.User
	if err := s.db.Gorm.WithContext(ctx).Where("owner_id = ? AND role = ? AND deleted_at IS NULL", o.ID,
		models.RoleOwner).Order("disabled_at NULLS FIRST, created_at").Find(&us).Error; err != nil {
		return models.User{}, false, fmt.Errorf("load owner user: %w", err)
	}
	if len(us) > 0 {
		return us[0], us[0].DisabledAt == nil, nil
	}
	hash, err := s.hash(ctx, rand.Text()+rand.Text()) // a password nobody knows: SMS codes only
	if err != nil {
		return models.User{}, false, err
	}
	now := s.now()
	u := models.User{ID: uuid.Must(uuid.NewV7()), Name: o.Name, Role: models.RoleOwner, PasswordHash: hash,
		OwnerID: &o.ID, PreferredLanguage: o.PreferredLanguage,
		Synced: models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}}
	err = s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		res := tx.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&u)
		if res.Error != nil {
			return fmt.Errorf("create the owner's account: %w", res.Error)
		}
		if res.RowsAffected == 0 { // made by a request racing this one
			return tx.DB.WithContext(ctx).Where("owner_id = ? AND role = ? AND email = '' AND deleted_at IS NULL",
				o.ID, models.RoleOwner).Take(&u).Error
		}
		return tx.Audit("create", "user", u.ID, nil, map[string]any{"owner_id": o.ID, "role": u.Role,
			"by": "sms_sign_in"})
	})
	return u, err == nil, err
}

// mobileOwner is a live owner the register gives a mobile number.
type mobileOwner struct {
	ID                uuid.UUID
	Name              string
	PreferredLanguage string
}

// ownersWithMobile lists the live owners the register gives mobile.
func (s *Service) ownersWithMobile(ctx context.Context, db *gorm.DB, mobile string) ([]mobileOwner, error) {
	var ids []mobileOwner
	if err := db.WithContext(ctx).Raw(`SELECT id, name, preferred_language FROM owners
		WHERE mobile = ? AND deleted_at IS NULL ORDER BY id`, mobile).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("owners of a mobile: %w", err)
	}
	return ids, nil
}

// issueSMSCode stores a new SMS sign-in of u and writes its SMS in the
// same transaction, audited.
func (s *Service) issueSMSCode(ctx context.Context, u models.User, m SMSCode, send SMSCodeSender) error {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return fmt.Errorf("sms code: %w", err)
	}
	m.User, m.Code = u, fmt.Sprintf("%06d", n.Int64())
	return s.db.InTx(ctx, storage.Actor{UserID: &u.ID}, func(tx *storage.Tx) error {
		if err := tx.DB.WithContext(ctx).Exec(`INSERT INTO sms_sign_ins (id, user_id, mobile, code_hash, expires_at,
			created_at) VALUES (?, ?, ?, ?, ?, ?)`, m.ID, u.ID, m.Mobile, smsCodeHash(m.ID, m.Code), m.ExpiresAt,
			s.now()).Error; err != nil {
			return fmt.Errorf("store sms sign-in: %w", err)
		}
		if err := send(ctx, tx.DB, m); err != nil {
			return err
		}
		return tx.Audit("sms_sign_in.issue", "user", u.ID, nil, map[string]any{"expires_at": m.ExpiresAt})
	})
}

func smsCodeHash(id uuid.UUID, code string) []byte {
	h := sha256.Sum256([]byte("tindal sms code\x00" + id.String() + "\x00" + code))
	return h[:]
}

// ConsumeSMSCode signs in with the code sent to mobile: the first right
// code within its time yields its user and ends the user's other live
// sign-ins. A wrong code counts against every live code of the number
// (five end them) and against the client's address like a failed login.
// A number that has since come to be shared signs in to nobody. Errors:
// KindInvalid, KindRateLimited, KindUnauthenticated ("invalid_one_time",
// "account_disabled").
func (s *Service) ConsumeSMSCode(ctx context.Context, mobile, code, remoteAddr string) (models.User, error) {
	mobile, err := models.NormaliseMobile("mobile", mobile)
	code = strings.TrimSpace(code)
	if err != nil || mobile == "" {
		return models.User{}, models.Invalid(models.FieldError{Field: "mobile", Code: "invalid",
			Message: "must be an Indian mobile number"})
	}
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		return models.User{}, models.Invalid(models.FieldError{Field: "code", Code: "invalid",
			Message: "must be the 6 digits of the SMS"})
	}
	now := s.now()
	addr, err := s.limitAddress(ctx, remoteAddr, now)
	if err != nil {
		return models.User{}, err
	}
	var u models.User
	matched := false
	err = s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		userID, ok, err := s.matchSMSCode(ctx, tx, mobile, code, now)
		if err != nil || !ok {
			return err
		}
		if owners, err := s.ownersWithMobile(ctx, tx.DB, mobile); err != nil || len(owners) != 1 {
			return err // shared since the code was sent: nobody signs in
		}
		matched = true
		if u, err = s.signedInOneTime(ctx, tx, userID, now); err != nil {
			return err
		}
		return tx.DB.WithContext(ctx).Exec(`UPDATE sms_sign_ins SET used_at = ? WHERE user_id = ? AND used_at IS NULL`,
			now, userID).Error
	})
	if err != nil {
		return models.User{}, err
	}
	if !matched {
		return models.User{}, errInvalidOneTime()
	}
	return u, s.refund(ctx, addr)
}

// matchSMSCode finds the live SMS sign-in of mobile whose code is code and
// marks it used, or counts a failure on every live one of the number.
func (s *Service) matchSMSCode(ctx context.Context, tx *storage.Tx, mobile, code string,
	now time.Time) (uuid.UUID, bool, error) {
	var rows []liveCode
	err := tx.DB.WithContext(ctx).Table("sms_sign_ins").Select("id, user_id, code_hash").
		Where("mobile = ? AND used_at IS NULL AND expires_at > ? AND failures < ?", mobile, now, oneTimeFailures).
		Order("id").Clauses(clause.Locking{Strength: "UPDATE"}).Scan(&rows).Error
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("load sms sign-ins: %w", err)
	}
	return consumeCode(ctx, tx, "sms_sign_ins", rows, smsCodeHash, code, now)
}
