package storage_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// pageRow is a row of the scratch table the pager and the scope filter
// are tested on: the columns every scoped list has.
type pageRow struct {
	ID             uuid.UUID
	At             time.Time
	JurisdictionID uuid.UUID
	OwnerID        uuid.UUID
	InspectorID    uuid.UUID
}

func pageTable(t *testing.T, rows []pageRow) *gorm.DB {
	t.Helper()
	db := testkit.NewDB(t)
	g := db.Gorm.WithContext(context.Background())
	if err := g.Exec(`CREATE TABLE page_rows (id uuid PRIMARY KEY, at timestamptz NOT NULL,
		jurisdiction_id uuid NOT NULL, owner_id uuid NOT NULL, inspector_id uuid NOT NULL)`).Error; err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := g.Table("page_rows").Create(&r).Error; err != nil {
			t.Fatal(err)
		}
	}
	return g.Session(&gorm.Session{})
}

// TestPagerWalksEveryRowOnce: every order of the one pager (by id, by time
// then id, each both ways) returns every row exactly once in its order,
// one page of at most the size asked for after another, whatever the ties
// in time; the cursor is the one format, and a cursor of another shape is
// refused as the invalid field "cursor".
func TestPagerWalksEveryRowOnce(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 123456000, time.UTC)
	var rows []pageRow
	for i := range 9 {
		rows = append(rows, pageRow{ID: uuid.New(), At: t0.Add(time.Duration(i%3) * time.Minute)}) // three rows per instant
	}
	g := pageTable(t, rows)
	key := func(r pageRow) storage.PageKey { return storage.PageKey{At: r.At, ID: r.ID} }
	for _, p := range []storage.Pager[pageRow]{
		storage.ByID(func(r pageRow) uuid.UUID { return r.ID }),
		{ID: "id", Desc: true, Key: key},
		{ID: "id", At: "at", Key: key},
		{ID: "id", At: "at", Desc: true, Key: key},
	} {
		want := slices.Clone(rows)
		slices.SortFunc(want, func(a, b pageRow) int {
			c := 0
			if p.At != "" {
				c = a.At.Compare(b.At)
			}
			if c == 0 {
				c = slices.Compare(a.ID[:], b.ID[:])
			}
			if p.Desc {
				c = -c
			}
			return c
		})
		var got []uuid.UUID
		cursor, pages := "", 0
		for {
			page, next, err := p.Page(g.Table("page_rows"), cursor, 2)
			if err != nil {
				t.Fatalf("%+v: page %d: %v", p, pages, err)
			}
			if len(page) > 2 {
				t.Fatalf("%+v: a page of %d rows, asked for 2", p, len(page))
			}
			for _, r := range page {
				got = append(got, r.ID)
			}
			pages++
			if next == "" {
				break
			}
			cursor = next
		}
		var wantIDs []uuid.UUID
		for _, r := range want {
			wantIDs = append(wantIDs, r.ID)
		}
		if !slices.Equal(got, wantIDs) || pages != 5 {
			t.Errorf("at %q desc %v: %d pages %v, want 5 pages %v", p.At, p.Desc, pages, got, wantIDs)
		}
	}
	idCursor := storage.EncodeCursor(storage.PageKey{ID: rows[0].ID})
	for _, bad := range []string{"%%%", "AAAA", idCursor + "A", rows[0].ID.String()} {
		if _, _, err := storage.ByID(func(r pageRow) uuid.UUID { return r.ID }).Page(g.Table("page_rows"), bad, 2); !isCursorError(err) {
			t.Errorf("cursor %q: %v, want the invalid field cursor", bad, err)
		}
	}
	timed := storage.Pager[pageRow]{ID: "id", At: "at", Key: key}
	if _, _, err := timed.Page(g.Table("page_rows"), idCursor, 2); !isCursorError(err) {
		t.Errorf("an id-only cursor on a time-ordered list: %v, want the invalid field cursor", err)
	}
}

func isCursorError(err error) bool {
	var me *models.Error
	return errors.As(err, &me) && me.Kind == models.KindInvalid && len(me.Fields) == 1 && me.Fields[0].Field == "cursor"
}

// TestPageSizeHasOneDefaultAndOneCap: no limit is 50; the cap is the
// contract's 500 for every list.
func TestPageSizeHasOneDefaultAndOneCap(t *testing.T) {
	for _, c := range []struct{ asked, want int }{{0, 50}, {-3, 50}, {1, 1}, {200, 200}, {500, 500}, {501, 500}, {1 << 30, 500}} {
		if got := storage.PageSize(c.asked); got != c.want {
			t.Errorf("PageSize(%d) = %d, want %d", c.asked, got, c.want)
		}
	}
}
