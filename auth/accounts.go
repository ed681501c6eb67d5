package auth

import (
	"context"
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

// Account is a user as admins see it: the row (never its password hash)
// and the jurisdictions it is assigned to today (Asia/Kolkata).
type Account struct {
	models.User
	Jurisdictions []uuid.UUID
}

// UserFilter narrows the list of users: by role, by a text found in the
// name or the email (case-insensitive), by disabled or not.
type UserFilter struct {
	Role     *models.Role
	Query    string
	Disabled *bool
}

// usersScoping reaches a user through their assignments: officials with
// jurisdiction access see the users assigned (at any time) to their
// jurisdictions; owners see none. Today only admins list users
// (api/authz.go), who pass unfiltered.
var usersScoping = storage.Scoping{
	Jurisdiction: "id IN (SELECT user_id FROM user_jurisdictions WHERE jurisdiction_id IN ?)",
}

// ListUsers pages the live users sc reaches, in id order, with the
// assignments in force today read for the whole page in one query.
// Errors: KindInvalid (cursor).
func (s *Service) ListUsers(
	ctx context.Context,
	sc models.Scope,
	f UserFilter,
	cursor string,
	limit int,
) ([]Account, string, error) {
	q := storage.Scoped(s.db.Gorm.WithContext(ctx).Model(&models.User{}), sc, usersScoping)
	if f.Role != nil {
		q = q.Where("role = ?", *f.Role)
	}
	if t := strings.TrimSpace(f.Query); t != "" {
		like := "%" + escapeLike(strings.ToLower(t)) + "%"
		q = q.Where(`(lower(name) LIKE ? ESCAPE '\' OR email LIKE ? ESCAPE '\')`, like, like)
	}
	if f.Disabled != nil {
		q = q.Where(map[bool]string{true: "disabled_at IS NOT NULL", false: "disabled_at IS NULL"}[*f.Disabled])
	}
	rows, next, err := storage.ByID(func(u models.User) uuid.UUID { return u.ID }).Page(q, cursor, limit)
	if err != nil {
		return nil, "", err
	}
	out, err := s.withJurisdictions(ctx, rows)
	return out, next, err
}

// escapeLike escapes the LIKE wildcards of a search text.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// withJurisdictions reads the assignments in force today of every user in
// rows, in one query.
func (s *Service) withJurisdictions(ctx context.Context, rows []models.User) ([]Account, error) {
	out := make([]Account, len(rows))
	ids := make([]uuid.UUID, len(rows))
	for i, u := range rows {
		out[i] = Account{User: u, Jurisdictions: []uuid.UUID{}}
		ids[i] = u.ID
	}
	if len(ids) == 0 {
		return out, nil
	}
	var links []struct {
		UserID, JurisdictionID uuid.UUID
	}
	day := today(s.now())
	err := s.db.Gorm.WithContext(ctx).Table("user_jurisdictions").Select("user_id, jurisdiction_id").
		Where("user_id IN ? AND starts_on <= ?::date AND (ends_on IS NULL OR ends_on >= ?::date)", ids, day, day).
		Order("user_id, jurisdiction_id").Scan(&links).Error
	if err != nil {
		return nil, fmt.Errorf("read assignments in force: %w", err)
	}
	for _, l := range links {
		i := slices.Index(ids, l.UserID)
		out[i].Jurisdictions = append(out[i].Jurisdictions, l.JurisdictionID)
	}
	return out, nil
}

// GetUser loads one live user sc reaches. Errors: KindNotFound.
func (s *Service) GetUser(ctx context.Context, sc models.Scope, id uuid.UUID) (Account, error) {
	var u models.User
	q := storage.Scoped(s.db.Gorm.WithContext(ctx).Model(&models.User{}), sc, usersScoping)
	err := q.Where("id = ?", id).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Account{}, models.NotFound("user")
	}
	if err != nil {
		return Account{}, fmt.Errorf("load user: %w", err)
	}
	out, err := s.withJurisdictions(ctx, []models.User{u})
	if err != nil {
		return Account{}, err
	}
	return out[0], nil
}

// UserPatch is an edit of a user: nil fields stay. OwnerID is the owner
// record of an owner account; a user leaving the owner role loses it.
type UserPatch struct {
	Email             *string
	Name              *string
	Role              *models.Role
	PreferredLanguage *string
	OwnerID           *uuid.UUID
}

// UpdateUser edits a user at the version the caller saw, in one audited
// transaction. A user cannot become an owner while assigned to a
// jurisdiction (end the assignments first). Errors: KindNotFound,
// KindPrecondition ("version_mismatch"), KindInvalid, KindConflict
// ("email_taken", "assignments_in_force").
func (s *Service) UpdateUser(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	id uuid.UUID,
	version int64,
	p UserPatch,
) (Account, error) {
	now := s.now()
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		old, err := lockUser(tx.DB, sc, id)
		if err != nil {
			return err
		}
		if old.Version != version {
			return models.Errorf(models.KindPrecondition, "version_mismatch",
				"user is at version %d, not %d: fetch it again and reapply your change", old.Version, version)
		}
		return s.applyPatch(tx, old, p, now)
	})
	if err != nil {
		return Account{}, err
	}
	return s.GetUser(ctx, sc, id)
}

// applyPatch validates the edited user and writes it.
func (s *Service) applyPatch(tx *storage.Tx, old models.User, p UserPatch, now time.Time) error {
	n := NewUser{Email: old.Email, Name: old.Name, Role: old.Role, OwnerID: old.OwnerID,
		PreferredLanguage: old.PreferredLanguage}
	patched(&n.Email, p.Email)
	patched(&n.Name, p.Name)
	patched(&n.PreferredLanguage, p.PreferredLanguage)
	if p.Role != nil {
		n.Role = *p.Role
		if n.Role != models.RoleOwner {
			n.OwnerID = nil
		}
	}
	if p.OwnerID != nil {
		n.OwnerID = p.OwnerID
	}
	n.normalize()
	var fe models.FieldErrors
	n.validateProfile(&fe)
	var roleErrs models.FieldErrors
	n.validateRole(&roleErrs)
	for _, f := range roleErrs {
		if f.Field != "jurisdictions" { // assignments are edited on their own
			fe = append(fe, f)
		}
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if err := checkReferences(tx.DB, n); err != nil {
		return err
	}
	if n.Role == models.RoleOwner && old.Role != models.RoleOwner {
		if err := noAssignmentsFrom(tx.DB, old.ID, today(now)); err != nil {
			return err
		}
	}
	u := old
	u.Email, u.Name, u.Role, u.OwnerID, u.PreferredLanguage = n.Email, n.Name, n.Role, n.OwnerID, n.PreferredLanguage
	u.Version, u.UpdatedAt = old.Version+1, now
	err := tx.DB.Model(&models.User{}).Where("id = ?", u.ID).Updates(map[string]any{
		"email": u.Email, "name": u.Name, "role": u.Role, "owner_id": u.OwnerID,
		"preferred_language": u.PreferredLanguage, "version": u.Version, "updated_at": now}).Error
	if storage.IsUniqueViolation(err) {
		return errEmailTaken(err)
	}
	if err != nil {
		return storage.MapError(fmt.Errorf("update user: %w", err), "user")
	}
	return tx.Audit("update", "user", u.ID, imageOf(old, nil), imageOf(u, nil))
}

func patched(dst, src *string) {
	if src != nil {
		*dst = *src
	}
}

// noAssignmentsFrom refuses when the user has an assignment in force on
// day or starting later.
func noAssignmentsFrom(g *gorm.DB, userID uuid.UUID, day string) error {
	var n int64
	err := g.Table("user_jurisdictions").Where("user_id = ? AND (ends_on IS NULL OR ends_on >= ?::date)", userID, day).
		Count(&n).Error
	if err != nil {
		return fmt.Errorf("count assignments: %w", err)
	}
	if n > 0 {
		return models.Errorf(models.KindConflict, "assignments_in_force",
			"the user is assigned to a jurisdiction: end the assignments before making them an owner")
	}
	return nil
}

// lockUser loads the live user id in scope FOR UPDATE.
func lockUser(g *gorm.DB, sc models.Scope, id uuid.UUID) (models.User, error) {
	var u models.User
	q := storage.Scoped(g.Model(&models.User{}), sc, usersScoping)
	err := q.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return u, models.NotFound("user")
	}
	if err != nil {
		return u, fmt.Errorf("lock user: %w", err)
	}
	return u, nil
}

// DeactivateUser ends everything a user holds at once: the account is
// disabled (Authenticate refuses their access tokens from the next
// request: it reads users.disabled_at on every request, so there is no
// cache to wait out), every refresh family is revoked, and a web session
// ends when the web layer re-reads the user. Deactivating a disabled user
// changes nothing. An admin cannot deactivate themself. Errors:
// KindNotFound, KindConflict ("cannot_deactivate_self").
func (s *Service) DeactivateUser(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	id uuid.UUID,
) (Account, error) {
	if actor.UserID != nil && *actor.UserID == id {
		return Account{}, models.Errorf(models.KindConflict, "cannot_deactivate_self",
			"you cannot deactivate your own account: ask another admin")
	}
	now := s.now()
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		u, err := lockUser(tx.DB, sc, id)
		if err != nil || u.DisabledAt != nil {
			return err
		}
		if err := setDisabled(tx.DB, u, &now, now); err != nil {
			return err
		}
		res := tx.DB.Exec(`UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, id)
		if res.Error != nil {
			return fmt.Errorf("revoke refresh tokens: %w", res.Error)
		}
		return tx.Audit("deactivate", "user", id, map[string]any{"disabled_at": nil},
			map[string]any{"disabled_at": now, "refresh_tokens_revoked": res.RowsAffected})
	})
	if err != nil {
		return Account{}, err
	}
	return s.GetUser(ctx, sc, id)
}

// ReactivateUser lifts a deactivation. The user signs in again: their
// refresh families stay revoked. Errors: KindNotFound.
func (s *Service) ReactivateUser(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	id uuid.UUID,
) (Account, error) {
	now := s.now()
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		u, err := lockUser(tx.DB, sc, id)
		if err != nil || u.DisabledAt == nil {
			return err
		}
		if err := setDisabled(tx.DB, u, nil, now); err != nil {
			return err
		}
		return tx.Audit("reactivate", "user", id, map[string]any{"disabled_at": u.DisabledAt},
			map[string]any{"disabled_at": nil})
	})
	if err != nil {
		return Account{}, err
	}
	return s.GetUser(ctx, sc, id)
}

func setDisabled(g *gorm.DB, u models.User, at *time.Time, now time.Time) error {
	err := g.Model(&models.User{}).Where("id = ?", u.ID).Updates(map[string]any{
		"disabled_at": at, "version": u.Version + 1, "updated_at": now}).Error
	if err != nil {
		return fmt.Errorf("set disabled: %w", err)
	}
	return nil
}
