package storage

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"slices"
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
// for lists ordered by a time first, that row's time; for ranked lists
// (ordered by a computed rank, highest first: PageRanked), its rank.
type PageKey struct {
	At     time.Time
	Rank   int64
	Ranked bool
	ID     uuid.UUID
}

// EncodeCursor is the one cursor format of every list: base64url (no
// padding) of the 16 bytes of the last id, followed, for time-ordered
// lists, by 8 bytes of its time in Unix microseconds (big-endian), and for
// ranked lists by 8 bytes of its rank (big-endian two's complement) in the
// same place. A decoded 24-byte cursor fills both At and Rank: the list
// reads the one it orders by.
func EncodeCursor(k PageKey) string {
	b := append([]byte(nil), k.ID[:]...)
	switch {
	case k.Ranked:
		b = binary.BigEndian.AppendUint64(b, uint64(k.Rank)) //nolint:gosec // two's complement round trip
	case !k.At.IsZero():
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
		k.Rank = int64(binary.BigEndian.Uint64(raw[16:])) //nolint:gosec // our own cursor's value
		k.At = time.UnixMicro(k.Rank).UTC()
	}
	return k, true, nil
}

// PageRanked pages rows computed in memory (a ranking no column holds) in
// the order rank highest first, then id: the page after cursor, at most
// PageSize(limit) rows, and the next page's cursor ("" on the last page).
// key reads a row's rank and id; ranks lie within [0, maxRank]. Errors:
// invalid (cursor).
func PageRanked[T any](
	rows []T,
	key func(T) (int64, uuid.UUID),
	maxRank int64,
	cursor string,
	limit int,
) ([]T, string, error) {
	k, ok, err := DecodeCursor(cursor)
	if err != nil {
		return nil, "", err
	}
	if ok && (k.At.IsZero() || k.Rank < 0 || k.Rank > maxRank) {
		return nil, "", models.Invalid(
			models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor of this list"},
		)
	}
	order := func(a, b T) int {
		ra, ia := key(a)
		rb, ib := key(b)
		return rankedOrder(ra, ia, rb, ib)
	}
	slices.SortFunc(rows, order)
	if ok {
		rows = slices.DeleteFunc(rows, func(r T) bool {
			rank, id := key(r)
			return rankedOrder(rank, id, k.Rank, k.ID) <= 0
		})
	}
	n := PageSize(limit)
	if len(rows) <= n {
		return rows, "", nil
	}
	rank, id := key(rows[n-1])
	return rows[:n], EncodeCursor(PageKey{Rank: rank, Ranked: true, ID: id}), nil
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

// rankedOrder compares two rows of a ranked list: the higher rank first,
// then the lower id.
func rankedOrder(rankA int64, idA uuid.UUID, rankB int64, idB uuid.UUID) int {
	if rankA != rankB {
		if rankA > rankB {
			return -1
		}
		return 1
	}
	return bytes.Compare(idA[:], idB[:])
}
