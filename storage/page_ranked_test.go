package storage_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
)

type rankedRow struct {
	rank int64
	id   uuid.UUID
}

func rankedKey(r rankedRow) (int64, uuid.UUID) { return r.rank, r.id }

// TestPageRankedWalksEachRowOnce: a ranked list walked one and two rows a
// page returns every row once, highest rank first and by id within a rank;
// a cursor of another kind of list is the invalid field cursor.
func TestPageRankedWalksEachRowOnce(t *testing.T) {
	var rows []rankedRow
	for _, rank := range []int64{0, 7, 3, 7, 0, 12, 3, 7} {
		rows = append(rows, rankedRow{rank, uuid.New()})
	}
	for _, size := range []int{1, 2, 3} {
		var walked []rankedRow
		cursor := ""
		for range 20 {
			page, next, err := storage.PageRanked(append([]rankedRow(nil), rows...), rankedKey, 100, cursor, size)
			if err != nil {
				t.Fatal(err)
			}
			walked = append(walked, page...)
			if cursor = next; cursor == "" {
				break
			}
		}
		if len(walked) != len(rows) {
			t.Fatalf("size %d: walked %d rows, want %d", size, len(walked), len(rows))
		}
		for i := 1; i < len(walked); i++ {
			a, b := walked[i-1], walked[i]
			if a.rank < b.rank || a.rank == b.rank && a.id.String() >= b.id.String() {
				t.Fatalf("size %d: row %d (%d %s) after (%d %s)", size, i, b.rank, b.id, a.rank, a.id)
			}
		}
	}
	for name, c := range map[string]string{
		"an id-only cursor":         storage.EncodeCursor(storage.PageKey{ID: uuid.New()}),
		"a rank beyond the maximum": storage.EncodeCursor(storage.PageKey{Rank: 101, Ranked: true, ID: uuid.New()}),
		"a time cursor":             storage.EncodeCursor(storage.PageKey{At: time.Now(), ID: uuid.New()}),
		"not base64":                "not a cursor!",
	} {
		if _, _, err := storage.PageRanked(rows, rankedKey, 100, c, 2); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
