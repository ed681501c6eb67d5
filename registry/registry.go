// Package registry keeps the register of jurisdictions, owners, vessels, crew
// and certificates: validated writes with optimistic concurrency, scoped
// reads, and an audit and change-log entry for every change.
package registry

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Service is the registry. It holds no state beyond its database handle.
type Service struct {
	db    *storage.DB
	clock func() time.Time
}

// New builds the registry service.
func New(db *storage.DB, clock func() time.Time) *Service {
	return &Service{db: db, clock: clock}
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

func (o ListOptions) limit() int {
	if o.Limit <= 0 {
		return 50
	}
	return min(o.Limit, 500)
}

// afterCursor decodes an opaque cursor (the last id of the previous page).
func (o ListOptions) afterCursor() (uuid.UUID, error) {
	if o.Cursor == "" {
		return uuid.Nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(o.Cursor)
	if err == nil {
		if id, perr := uuid.FromBytes(raw); perr == nil {
			return id, nil
		}
	}
	return uuid.Nil, models.Invalid(models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor this server issued"})
}

// page runs q (already scoped and filtered) ordered by id after the cursor.
func page[T any](q *gorm.DB, opt ListOptions, idOf func(T) uuid.UUID) (Page[T], error) {
	after, err := opt.afterCursor()
	if err != nil {
		return Page[T]{}, err
	}
	if after != uuid.Nil {
		q = q.Where("id > ?", after)
	}
	var rows []T
	if err := q.Order("id").Limit(opt.limit() + 1).Find(&rows).Error; err != nil {
		return Page[T]{}, fmt.Errorf("list: %w", err)
	}
	p := Page[T]{Items: rows}
	if len(rows) > opt.limit() {
		p.Items = rows[:opt.limit()]
		last := idOf(p.Items[len(p.Items)-1])
		p.NextCursor = base64.RawURLEncoding.EncodeToString(last[:])
	}
	return p, nil
}

// ParseIfMatch reads the row version from an If-Match header ("3", "\"3\"",
// or W/"3"). An absent header is a precondition-required error (428).
func ParseIfMatch(h *string) (int64, error) {
	if h == nil || strings.TrimSpace(*h) == "" {
		return 0, models.Errorf(models.KindPrecondition, "if_match_required", "send If-Match with the version you are changing")
	}
	s := strings.TrimPrefix(strings.TrimSpace(*h), "W/")
	v, err := strconv.ParseInt(strings.Trim(s, `"`), 10, 64)
	if err != nil || v < 1 {
		return 0, models.Invalid(models.FieldError{Field: "If-Match", Code: "invalid", Message: "must be a row version such as \"3\""})
	}
	return v, nil
}

// lockForUpdate loads the live row id in scope with FOR UPDATE and checks
// that its version is the one the caller based the change on.
func lockForUpdate[T any](tx *gorm.DB, scoped func(*gorm.DB) *gorm.DB, what string, id uuid.UUID, version int64, row *T, current func(*T) int64) error {
	q := scoped(tx.Model(row)).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id)
	if err := q.Take(row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.NotFound(what)
		}
		return fmt.Errorf("lock %s: %w", what, err)
	}
	if got := current(row); got != version {
		e := models.Errorf(models.KindPrecondition, "version_mismatch", "%s is at version %d, not %d: fetch it again and reapply your change", what, got, version)
		return e
	}
	return nil
}

// actor attributes a transaction to the caller.
func actor(s models.Scope) storage.Actor {
	a := storage.Actor{RequestID: s.RequestID}
	if s.UserID != uuid.Nil {
		u := s.UserID
		a.UserID = &u
	}
	if s.DeviceID != uuid.Nil {
		d := s.DeviceID
		a.DeviceID = &d
	}
	return a
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

// jurisdictionScope filters a table with a jurisdiction_id column.
func jurisdictionScope(s models.Scope, ownerFilter string) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		switch s.Access {
		case models.AccessAll:
			return q
		case models.AccessJurisdiction:
			return q.Where("jurisdiction_id IN ?", nonEmpty(s.Jurisdictions))
		case models.AccessOwn:
			if s.OwnerID != nil && ownerFilter != "" {
				return q.Where(ownerFilter, *s.OwnerID)
			}
		}
		return q.Where("false")
	}
}

// nonEmpty keeps "IN ()" out of SQL for a caller with no jurisdictions.
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
