package auth

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// NewUser is an account to create. Inspectors, supervisors and registrars
// need at least one jurisdiction; an owner account needs OwnerID.
type NewUser struct {
	// ID is a client-generated id (optional): creating the same account
	// again under it answers the existing account (a retried request).
	ID                *uuid.UUID
	Email             string
	Name              string
	Role              models.Role
	Password          string
	OwnerID           *uuid.UUID
	Jurisdictions     []uuid.UUID
	PreferredLanguage string // "en" when empty
	// AssignedFrom is the first day (in India) of the new assignments; today
	// when zero. A push is authorised against the assignments in force on
	// its capture date, so an account created today cannot push work
	// captured yesterday: the demo and the tests, which push work captured
	// hours or days ago, start their assignments well in the past.
	AssignedFrom time.Time
	// NoPassword creates the account without a usable password (Password
	// must be empty): the user sets one through a one-time link
	// (RequestPasswordReset), or, for owners, signs in by emailed link.
	NoPassword bool
}

// userImage is the audit image of a user: never the password or its hash.
type userImage struct {
	Email             string      `json:"email"`
	Name              string      `json:"name"`
	Role              models.Role `json:"role"`
	OwnerID           *uuid.UUID  `json:"owner_id,omitempty"`
	PreferredLanguage string      `json:"preferred_language"`
	Jurisdictions     []uuid.UUID `json:"jurisdictions,omitempty"`
}

func imageOf(u models.User, jurisdictions []uuid.UUID) userImage {
	return userImage{Email: u.Email, Name: u.Name, Role: u.Role, OwnerID: u.OwnerID,
		PreferredLanguage: u.PreferredLanguage, Jurisdictions: jurisdictions}
}

func (n *NewUser) normalize() {
	n.Email = NormalizeEmail(n.Email)
	n.Name = strings.TrimSpace(n.Name)
	if n.PreferredLanguage == "" {
		n.PreferredLanguage = "en"
	}
}

func (n NewUser) validate() error {
	var fe models.FieldErrors
	n.validateProfile(&fe)
	switch {
	case n.NoPassword && n.Password != "":
		fe.Add("password", "not_allowed", "give a password or ask for a link, not both")
	case !n.NoPassword:
		if f := ValidatePassword("password", n.Password); f != nil {
			fe = append(fe, *f)
		}
	}
	n.validateRole(&fe)
	return fe.Err()
}

// validateProfile checks the email, the name and the language.
func (n NewUser) validateProfile(fe *models.FieldErrors) {
	// An owner's account may have no email: it is keyed by the owner
	// record, whose mobile then signs in by SMS code (checkReferences).
	if n.Email != "" || n.Role != models.RoleOwner {
		if at := strings.IndexByte(n.Email, '@'); at < 1 || at == len(n.Email)-1 || len(n.Email) > 254 {
			fe.Add("email", "invalid", "must be an email address")
		}
	}
	if len(n.Name) > 200 {
		fe.Add("name", "too_long", "must be at most 200 characters")
	}
	if !slices.Contains(models.Languages, n.PreferredLanguage) {
		fe.Add("preferred_language", "invalid", "must be one of %s", strings.Join(models.Languages, ", "))
	}
}

// validateRole checks the role and the scope it needs.
func (n NewUser) validateRole(fe *models.FieldErrors) {
	switch n.Role {
	case models.RoleOwner:
		if n.OwnerID == nil {
			fe.Add("owner_id", "required", "is required for the owner role")
		}
		if len(n.Jurisdictions) > 0 {
			fe.Add("jurisdictions", "not_allowed", "an owner account has no jurisdictions")
		}
	case models.RoleInspector, models.RoleSupervisor, models.RoleRegistrar, models.RoleAdmin:
		if n.OwnerID != nil {
			fe.Add("owner_id", "not_allowed", "only an owner account has an owner")
		}
		if n.Role != models.RoleAdmin && len(n.Jurisdictions) == 0 {
			fe.Add("jurisdictions", "required", "the %s role needs at least one jurisdiction", n.Role)
		}
	default:
		fe.Add("role", "invalid", "must be one of admin, registrar, supervisor, inspector, owner")
	}
}

// CreateUser creates an account and its jurisdiction assignments (starting
// today, Asia/Kolkata) in one audited transaction attributed to actor.
// Errors: KindInvalid (including unknown owner or jurisdiction), KindConflict
// "email_taken".
func (s *Service) CreateUser(ctx context.Context, actor storage.Actor, n NewUser) (models.User, error) {
	n.normalize()
	if err := n.validate(); err != nil {
		return models.User{}, err
	}
	hash, err := s.hash(ctx, n.passwordToHash())
	if err != nil {
		return models.User{}, err
	}
	now := s.now()
	var u models.User
	err = s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		var err error
		if u, err = sameCreate(tx.DB, n); err != nil || u.ID != uuid.Nil {
			return err
		}
		u, err = s.insertUser(tx, n, hash, now)
		return err
	})
	return u, err
}

// passwordToHash is the password to store: a random one nobody knows for
// an account created without one.
func (n NewUser) passwordToHash() string {
	if n.NoPassword {
		return rand.Text() + rand.Text()
	}
	return n.Password
}

// sameCreate finds the account a retried create made under the client's
// id: the same id and email answers it; the id taken by another account is
// a conflict. Without a client id, or before the first create, it finds
// nothing (a zero user).
func sameCreate(g *gorm.DB, n NewUser) (models.User, error) {
	var u models.User
	if n.ID == nil {
		return u, nil
	}
	err := g.Where("id = ?", *n.ID).Take(&u).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return models.User{}, nil
	case err != nil:
		return u, fmt.Errorf("load user: %w", err)
	case u.Email != n.Email || u.Role != n.Role:
		return models.User{}, models.Errorf(models.KindConflict, "id_taken", "another account has this id")
	}
	return u, nil
}

func (s *Service) insertUser(tx *storage.Tx, n NewUser, hash string, now time.Time) (models.User, error) {
	if err := checkReferences(tx.DB, n); err != nil {
		return models.User{}, err
	}
	id := uuid.New()
	if n.ID != nil {
		id = *n.ID
	}
	u := models.User{ID: id, Email: n.Email, Name: n.Name, Role: n.Role, PasswordHash: hash,
		OwnerID: n.OwnerID, PreferredLanguage: n.PreferredLanguage,
		Synced: models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}}
	if err := tx.DB.Create(&u).Error; err != nil {
		if storage.IsUniqueViolation(err) {
			return models.User{}, errEmailTaken(err)
		}
		return models.User{}, storage.MapError(fmt.Errorf("insert user: %w", err), "user")
	}
	if err := assign(tx.DB, u.ID, n.Jurisdictions, n.AssignedFrom, now); err != nil {
		return models.User{}, err
	}
	return u, tx.Audit("create", "user", u.ID, nil, imageOf(u, n.Jurisdictions))
}

func errEmailTaken(cause error) error {
	e := models.Errorf(models.KindConflict, "email_taken", "an account with this email already exists")
	e.Err = cause
	return e
}

// checkReferences turns an unknown owner or jurisdiction into a field error
// rather than a foreign-key failure.
func checkReferences(g *gorm.DB, n NewUser) error {
	var fe models.FieldErrors
	if n.OwnerID != nil {
		var o []struct{ Mobile string }
		if err := g.Table("owners").Select("mobile").Where("id = ? AND deleted_at IS NULL", *n.OwnerID).
			Scan(&o).Error; err != nil {
			return fmt.Errorf("check owner: %w", err)
		}
		switch {
		case len(o) == 0:
			fe.Add("owner_id", "not_found", "no such owner")
		case n.Email == "" && o[0].Mobile == "":
			fe.Add("email", "required", "an owner account needs an email, or a mobile number on the owner's record")
		}
	}
	if len(n.Jurisdictions) > 0 {
		var c int64
		ids := uniqueIDs(n.Jurisdictions)
		if err := g.Table("jurisdictions").Where("id IN ? AND deleted_at IS NULL", ids).Count(&c).Error; err != nil {
			return fmt.Errorf("check jurisdictions: %w", err)
		}
		if int(c) != len(ids) {
			fe.Add("jurisdictions", "not_found", "names a jurisdiction that does not exist")
		}
	}
	return fe.Err()
}

func uniqueIDs(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
	return slices.Compact(out)
}

// assign adds an assignment starting on from (today when zero) for each
// jurisdiction the user is not already assigned to on that day.
func assign(g *gorm.DB, userID uuid.UUID, jurisdictions []uuid.UUID, from, now time.Time) error {
	day := today(now)
	if !from.IsZero() {
		day = today(from)
	}
	for _, j := range uniqueIDs(jurisdictions) {
		err := g.Exec(`
			INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on, created_at)
			SELECT ?, ?, ?, ?::date, ?
			WHERE NOT EXISTS (SELECT 1 FROM user_jurisdictions WHERE user_id = ? AND jurisdiction_id = ?
			                  AND starts_on <= ?::date AND (ends_on IS NULL OR ends_on >= ?::date))`,
			uuid.New(), userID, j, day, now, userID, j, day, day).Error
		if err != nil {
			return fmt.Errorf("assign jurisdiction %s: %w", j, err)
		}
	}
	return nil
}

// UpsertUser creates the account, or, when a live account with the email
// exists, sets its name, role, owner, language and password and adds the
// missing assignments. It is how `tindal seed` stays idempotent. It never
// ends an assignment (that is a registry decision with its own date) and
// never lifts a disablement. It reports whether the account was created.
func (s *Service) UpsertUser(ctx context.Context, actor storage.Actor, n NewUser) (models.User, bool, error) {
	n.normalize()
	if err := n.validate(); err != nil {
		return models.User{}, false, err
	}
	hash, err := s.hash(ctx, n.Password)
	if err != nil {
		return models.User{}, false, err
	}
	return s.upsert(ctx, actor, n, hash)
}

// UpsertUsers is UpsertUser for many accounts, in order, hashing each
// distinct password once: accounts given the same password (the demo's)
// share one hash, salt included, which saves `tindal seed demo` an
// argon2id computation per account. It stops at the first error.
func (s *Service) UpsertUsers(ctx context.Context, actor storage.Actor, ns []NewUser) ([]models.User, error) {
	hashes := map[string]string{}
	out := make([]models.User, 0, len(ns))
	for _, n := range ns {
		n.normalize()
		if err := n.validate(); err != nil {
			return out, fmt.Errorf("%s: %w", n.Email, err)
		}
		hash, ok := hashes[n.Password]
		if !ok {
			var err error
			if hash, err = s.hash(ctx, n.Password); err != nil {
				return out, err
			}
			hashes[n.Password] = hash
		}
		u, _, err := s.upsert(ctx, actor, n, hash)
		if err != nil {
			return out, fmt.Errorf("%s: %w", n.Email, err)
		}
		out = append(out, u)
	}
	return out, nil
}

// upsert is UpsertUser's write of a validated account with its password's hash.
func (s *Service) upsert(ctx context.Context, actor storage.Actor, n NewUser, hash string) (models.User, bool, error) {
	now := s.now()
	var u models.User
	var created bool
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		old, err := lockUserByEmail(tx.DB, n.Email)
		if errors.Is(err, gorm.ErrRecordNotFound) {
			created = true
			u, err = s.insertUser(tx, n, hash, now)
			return err
		}
		if err != nil {
			return err
		}
		u, err = updateUser(tx, old, n, hash, now)
		return err
	})
	return u, created, err
}

func lockUserByEmail(g *gorm.DB, email string) (models.User, error) {
	var u models.User
	err := g.Clauses(clause.Locking{Strength: "UPDATE"}).Where("email = ?", email).Take(&u).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return u, fmt.Errorf("lock user: %w", err)
	}
	return u, err
}

func updateUser(tx *storage.Tx, old models.User, n NewUser, hash string, now time.Time) (models.User, error) {
	if err := checkReferences(tx.DB, n); err != nil {
		return models.User{}, err
	}
	u := old
	u.Name, u.Role, u.OwnerID, u.PreferredLanguage, u.PasswordHash = n.Name, n.Role, n.OwnerID, n.PreferredLanguage, hash
	u.Version, u.UpdatedAt = old.Version+1, now
	err := tx.DB.Model(&models.User{}).Where("id = ?", u.ID).Updates(map[string]any{
		"name": u.Name, "role": u.Role, "owner_id": u.OwnerID, "preferred_language": u.PreferredLanguage,
		"password_hash": hash, "version": u.Version, "updated_at": now}).Error
	if err != nil {
		return models.User{}, storage.MapError(fmt.Errorf("update user: %w", err), "user")
	}
	if err := assign(tx.DB, u.ID, n.Jurisdictions, n.AssignedFrom, now); err != nil {
		return models.User{}, err
	}
	return u, tx.Audit("update", "user", u.ID, imageOf(old, nil), imageOf(u, n.Jurisdictions))
}

// SetPassword replaces a live user's password. Existing sessions continue;
// revoke devices separately when the password was compromised. Errors:
// KindInvalid, KindNotFound.
func (s *Service) SetPassword(ctx context.Context, actor storage.Actor, userID uuid.UUID, password string) error {
	if f := ValidatePassword("password", password); f != nil {
		return models.Invalid(*f)
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return err
	}
	now := s.now()
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		res := tx.DB.Model(&models.User{}).Where("id = ?", userID).Updates(map[string]any{
			"password_hash": hash, "version": gorm.Expr("version + 1"), "updated_at": now})
		if res.Error != nil {
			return fmt.Errorf("set password: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return models.NotFound("user")
		}
		return tx.Audit("set_password", "user", userID, nil, nil)
	})
}
