package storage

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
)

// The one page size of every list: the default when the caller names
// none, and the cap (the contract's Limit parameter, maximum 500).
const (
	DefaultPageSize = 50
	MaxPageSize     = 500
)

// PageSize is the page size of a list asked for n rows: the default for
// n <= 0, at most MaxPageSize.
func PageSize(n int) int {
	if n <= 0 {
		return DefaultPageSize
	}
	return min(n, MaxPageSize)
}

// PageKey is where a page ends in its list's order: the last row's id and,
// for lists ordered by a time first, that row's time.
type PageKey struct {
	At time.Time
	ID uuid.UUID
}

// EncodeCursor is the one cursor format of every list: base64url (no
// padding) of the 16 bytes of the last id, followed, for time-ordered
// lists, by 8 bytes of its time in Unix microseconds (big-endian).
func EncodeCursor(k PageKey) string {
	b := append([]byte(nil), k.ID[:]...)
	if !k.At.IsZero() {
		b = binary.BigEndian.AppendUint64(b, uint64(k.At.UnixMicro()))
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a cursor made by EncodeCursor; "" is the first page
// (ok false). Errors: invalid (field cursor).
func DecodeCursor(cursor string) (k PageKey, ok bool, err error) {
	if cursor == "" {
		return k, false, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil || (len(raw) != 16 && len(raw) != 24) {
		return k, false, models.Invalid(
			models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor this server issued"},
		)
	}
	copy(k.ID[:], raw[:16])
	if len(raw) == 24 {
		k.At = time.UnixMicro(int64(binary.BigEndian.Uint64(raw[16:]))).UTC() //nolint:gosec // our own cursor's microseconds
	}
	return k, true, nil
}

// Pager pages a list in one order: by ID, or by At then ID; ascending, or
// newest first with Desc. Key reads a row's place in that order.
type Pager[T any] struct {
	ID   string // the id column, e.g. "id" or "b.mutation_id"
	At   string // the time column ordered before the id; "" orders by id alone
	Desc bool
	Key  func(T) PageKey
	// Fetch runs the ordered, limited query into rows; nil is Find.
	Fetch func(q *gorm.DB, rows *[]T) error
}

// ByID pages rows ordered by their id column ("id"), oldest first.
func ByID[T any](id func(T) uuid.UUID) Pager[T] {
	return Pager[T]{ID: "id", Key: func(r T) PageKey { return PageKey{ID: id(r)} }}
}

// Page runs q (already scoped and filtered) for the page after cursor, at
// most PageSize(limit) rows, and returns them with the next page's cursor
// ("" on the last page). Errors: invalid (cursor).
func (p Pager[T]) Page(q *gorm.DB, cursor string, limit int) ([]T, string, error) {
	n := PageSize(limit)
	k, ok, err := DecodeCursor(cursor)
	if err != nil {
		return nil, "", err
	}
	if ok && p.At != "" && k.At.IsZero() {
		return nil, "", models.Invalid(
			models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor of this list"},
		)
	}
	if ok {
		q = p.after(q, k)
	}
	rows := []T{}
	fetch := p.Fetch
	if fetch == nil {
		fetch = func(q *gorm.DB, rows *[]T) error { return q.Find(rows).Error }
	}
	if err := fetch(q.Order(p.order()).Limit(n+1), &rows); err != nil {
		return nil, "", fmt.Errorf("list page: %w", err)
	}
	if len(rows) <= n {
		return rows, "", nil
	}
	return rows[:n], EncodeCursor(p.Key(rows[n-1])), nil
}

func (p Pager[T]) after(q *gorm.DB, k PageKey) *gorm.DB {
	op := ">"
	if p.Desc {
		op = "<"
	}
	if p.At == "" {
		return q.Where(p.ID+" "+op+" ?", k.ID)
	}
	return q.Where("("+p.At+", "+p.ID+") "+op+" (?, ?)", k.At, k.ID)
}

func (p Pager[T]) order() string {
	dir := ""
	if p.Desc {
		dir = " DESC"
	}
	if p.At == "" {
		return p.ID + dir
	}
	return p.At + dir + ", " + p.ID + dir
}
