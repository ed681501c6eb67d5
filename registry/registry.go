// Package registry keeps the register of jurisdictions, owners, vessels, crew
// and certificates: validated writes with optimistic concurrency, scoped
// reads, and an audit and change-log entry for every change.
package registry

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Service is the registry. It holds no state beyond its database handle
// and the rule sets it judges compliance by.
type Service struct {
	db    *storage.DB
	clock func() time.Time
	rules *rules.Registry
}

// New builds the registry service, judging by the default rule-set settings.
func New(db *storage.DB, clock func() time.Time) *Service {
	return &Service{db: db, clock: clock, rules: rules.NewRegistry(rules.RegistrySettings{})}
}

// WithRules makes the service judge compliance by the deployment's rule sets.
func (r *Service) WithRules(reg *rules.Registry) *Service {
	r.rules = reg
	return r
}

// Page is one page of a list.
type Page[T any] struct {
	Items      []T
	NextCursor string
}

// ListOptions are the paging parameters of every list.
type ListOptions struct {
	Cursor string
	Limit  int
}

// EncodeCursor is the cursor of a list ordered by id after last, in the
// one cursor format (storage.EncodeCursor).
func EncodeCursor(last uuid.UUID) string { return storage.EncodeCursor(storage.PageKey{ID: last}) }

// DecodeCursor reads the cursor of a list ordered by id; "" is the first
// page. Errors: invalid (cursor), also for a time-ordered list's cursor.
func DecodeCursor(cursor string) (uuid.UUID, error) {
	k, _, err := storage.DecodeCursor(cursor)
	if err == nil && !k.At.IsZero() {
		err = models.Invalid(models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor of this list"})
	}
	return k.ID, err
}

// page runs q (already scoped and filtered) ordered by id after the cursor.
func page[T any](q *gorm.DB, opt ListOptions, idOf func(T) uuid.UUID) (Page[T], error) {
	rows, next, err := storage.ByID(idOf).Page(q, opt.Cursor, opt.Limit)
	return Page[T]{Items: rows, NextCursor: next}, err
}

// ParseIfMatch reads the row version from an If-Match header ("3", "\"3\"",
// or W/"3"). An absent header is a precondition-required error (428).
func ParseIfMatch(h *string) (int64, error) {
	if h == nil || strings.TrimSpace(*h) == "" {
		return 0, models.Errorf(
			models.KindPrecondition,
			"if_match_required",
			"send If-Match with the version you are changing",
		)
	}
	s := strings.TrimPrefix(strings.TrimSpace(*h), "W/")
	v, err := strconv.ParseInt(strings.Trim(s, `"`), 10, 64)
	if err != nil || v < 1 {
		return 0, models.Invalid(
			models.FieldError{Field: "If-Match", Code: "invalid", Message: "must be a row version such as \"3\""},
		)
	}
	return v, nil
}

// versioned is a synced row: it carries models.Synced.
type versioned interface{ RowVersion() int64 }

// lockForUpdate loads the live row id in scope with FOR UPDATE and checks
// that its version is the one the caller based the change on.
func lockForUpdate[P versioned](
	tx *gorm.DB,
	scoped func(*gorm.DB) *gorm.DB,
	what string,
	id uuid.UUID,
	version int64,
	row P,
) error {
	q := scoped(tx.Model(row)).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id)
	if err := q.Take(row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.NotFound(what)
		}
		return fmt.Errorf("lock %s: %w", what, err)
	}
	if got := row.RowVersion(); got != version {
		return models.Errorf(
			models.KindPrecondition,
			"version_mismatch",
			"%s is at version %d, not %d: fetch it again and reapply your change",
			what,
			got,
			version,
		)
	}
	return nil
}

// touchable is a pointer to a synced row.
type touchable[T any] interface {
	*T
	versioned
	Touch(time.Time)
}

// update applies a change to the live row id in scope at the version the
// caller saw: lock, apply, validate (inside apply), bump the version, save,
// log under the keys before and after, audit with both images. after, if
// set, runs once the row is saved (to move dependents).
func update[T any, P touchable[T]](
	ctx context.Context,
	r *Service,
	s models.Scope,
	what string,
	id uuid.UUID,
	version int64,
	scoped func(*gorm.DB) *gorm.DB,
	keys func(T) []string,
	apply func(*storage.Tx, *T) error,
	after func(*storage.Tx, T, T) error,
) (T, error) {
	var row T
	err := r.db.InTx(ctx, storage.ActorOf(s), func(tx *storage.Tx) error {
		var err error
		row, err = updateIn[T, P](tx, r, what, id, version, scoped, keys, apply, after)
		return err
	})
	return row, err
}

// updateIn is update inside the caller's transaction, for a decision that
// changes a registry row and its own record in one commit.
func updateIn[T any, P touchable[T]](
	tx *storage.Tx,
	r *Service,
	what string,
	id uuid.UUID,
	version int64,
	scoped func(*gorm.DB) *gorm.DB,
	keys func(T) []string,
	apply func(*storage.Tx, *T) error,
	after func(*storage.Tx, T, T) error,
) (T, error) {
	var row T
	if err := lockForUpdate(tx.DB, scoped, what, id, version, P(&row)); err != nil {
		return row, err
	}
	before := row
	if err := apply(tx, &row); err != nil {
		return row, err
	}
	P(&row).Touch(r.clock())
	if err := tx.DB.Save(&row).Error; err != nil {
		return row, storage.MapError(err, what)
	}
	tx.Changed(what, id, append(keys(before), keys(row)...)...)
	if after != nil {
		if err := after(tx, before, row); err != nil {
			return row, err
		}
	}
	return row, tx.Audit("update", what, id, before, row)
}

// tombstone soft-deletes a row in scope at the version the caller saw: it
// stays in the table for devices that still hold it, logged under keys.
// check, if set, may refuse the deletion.
func tombstone[T any, P touchable[T]](
	ctx context.Context,
	r *Service,
	s models.Scope,
	what string,
	id uuid.UUID,
	version int64,
	scoped func(*gorm.DB) *gorm.DB,
	keys func(T) []string,
	check func(*storage.Tx, T) error,
) error {
	return r.db.InTx(ctx, storage.ActorOf(s), func(tx *storage.Tx) error {
		var row T
		if err := lockForUpdate(tx.DB, scoped, what, id, version, P(&row)); err != nil {
			return err
		}
		if check != nil {
			if err := check(tx, row); err != nil {
				return err
			}
		}
		if err := tx.DB.Model(&row).
			Where("id = ?", id).
			Updates(map[string]any{"deleted_at": r.clock().UTC(), "updated_at": r.clock().UTC(), "version": version + 1}).
			Error; err != nil {
			return fmt.Errorf("delete %s: %w", what, err)
		}
		tx.Changed(what, id, keys(row)...)
		return tx.Audit("delete", what, id, row, nil)
	})
}

// getOne loads the live row id within scope.
func getOne[T any](
	ctx context.Context,
	r *Service,
	scoped func(*gorm.DB) *gorm.DB,
	what string,
	id uuid.UUID,
) (T, error) {
	var row T
	err := scoped(r.db.Gorm.WithContext(ctx)).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, models.NotFound(what)
	}
	if err != nil {
		return row, fmt.Errorf("load %s: %w", what, err)
	}
	return row, nil
}

// create runs write in a transaction, unless the caller created id before:
// a repeated create with a client id is a retry, answered with the record as
// it is now (created=false), never a duplicate.
func create[T any](ctx context.Context, r *Service, s models.Scope, what string, id uuid.UUID,
	get func(context.Context, models.Scope, uuid.UUID) (T, error), in *T, write func(*storage.Tx) error) (T, bool, error) {
	again, err := createdByCaller(ctx, r.db.Gorm, what, id, s.UserID)
	if err != nil {
		return *in, false, fmt.Errorf("check retry: %w", err)
	}
	if again {
		out, err := get(ctx, s, id)
		return out, false, err
	}
	err = r.db.InTx(ctx, storage.ActorOf(s), func(tx *storage.Tx) error { return write(tx) })
	return *in, err == nil, err
}

// createdByCaller reports whether the record id was created by the caller:
// a repeated create with the same client id is then a retry, answered with
// the record as it is (200), never a duplicate.
func createdByCaller(ctx context.Context, db *gorm.DB, entity string, id, user uuid.UUID) (bool, error) {
	var n int64
	err := db.WithContext(ctx).Model(&models.AuditEntry{}).
		Where("entity_type = ? AND entity_id = ? AND action = 'create' AND actor_id = ?", entity, id, user).
		Count(&n).Error
	return n > 0, err
}

// newID returns the client's id or a fresh UUIDv7.
func newID(client *uuid.UUID) uuid.UUID {
	if client != nil && *client != uuid.Nil {
		return *client
	}
	return uuid.Must(uuid.NewV7())
}

func forbidden(what string) error {
	return models.Errorf(models.KindForbidden, "forbidden", "you may not change %s records here", what)
}

// jurisdictionScope filters a table with a jurisdiction_id column;
// owners pass ownerFilter (one "?" for their account; "" reaches nothing).
func jurisdictionScope(s models.Scope, ownerFilter string) func(*gorm.DB) *gorm.DB {
	return storage.ScopedBy(s, storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: ownerFilter})
}

// nonEmpty keeps "IN ()" out of SQL for an empty list of ids.
func nonEmpty(ids []uuid.UUID) []uuid.UUID {
	if len(ids) == 0 {
		return []uuid.UUID{uuid.Nil}
	}
	return ids
}

func datePtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return &d
}
