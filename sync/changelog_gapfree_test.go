package sync

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// The gap-free test (docs/SYNC.md): writers commit concurrently with
// deliberately staggered commit times while pullers poll; at the end every
// committed change was seen by every puller exactly once, in position
// order. The same harness runs three deliberately broken logs, which must
// each be caught skipping rows, so we know the test can see a skip.

// rowID names one change row: its position, and its index within the
// position for the broken log that gives a transaction one position.
type rowID struct {
	Pos int64
	N   int
}

// changeLog is one way of writing and reading a change log.
type changeLog struct {
	name string
	// write commits one transaction logging n changes, sleeping inside it.
	write func(ctx context.Context, db *storage.DB, n int, sleep time.Duration) error
	// read returns the rows after cursor (at most limit) and the next cursor.
	read func(ctx context.Context, db *storage.DB, cursor int64, limit int) ([]rowID, int64, error)
	// all lists every committed row.
	all func(ctx context.Context, db *storage.DB) ([]rowID, error)
}

var gapKeys = []string{"j:gap-a", "j:gap-b"}

// theChangeLog is the real thing: storage.Tx buffers the changes and
// writes them last, the trigger positions them under the change-log lock,
// and the reader is the pull's own log scan, in a repeatable-read snapshot,
// with the cursor at the last row scanned.
var theChangeLog = changeLog{
	name: "change_log",
	write: func(ctx context.Context, db *storage.DB, n int, sleep time.Duration) error {
		return db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
			time.Sleep(sleep) // the transaction's work, of random length
			for i := range n {
				tx.Changed("gap_test", uuid.New(), gapKeys[i%2])
			}
			return nil
		})
	},
	read: func(ctx context.Context, db *storage.DB, cursor int64, limit int) ([]rowID, int64, error) {
		var out []rowID
		err := pgx.BeginTxFunc(ctx, db.Pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			rows, err := scanLog(ctx, tx, gapKeys, cursor, limit)
			for _, r := range rows {
				out = append(out, rowID{Pos: r.Position})
				cursor = r.Position
			}
			return err
		})
		return out, cursor, err
	},
	all: func(ctx context.Context, db *storage.DB) ([]rowID, error) {
		return collectRowIDs(ctx, db, "SELECT position, 0 FROM change_log WHERE entity_type = 'gap_test' ORDER BY position")
	},
}

// brokenSchema is a log without the trigger, for the broken variants.
const brokenSchema = `CREATE SEQUENCE broken_seq CACHE 1;
CREATE TABLE broken_log (position bigint NOT NULL, n int NOT NULL, PRIMARY KEY (position, n));`

// readBroken pages broken_log by position with the cursor at the last row.
func readBroken(ctx context.Context, db *storage.DB, cursor int64, limit int) ([]rowID, int64, error) {
	rows, err := collectRowIDs(ctx, db, "SELECT position, n FROM broken_log WHERE position > $1 ORDER BY position, n LIMIT $2", cursor, limit)
	if len(rows) > 0 {
		cursor = rows[len(rows)-1].Pos
	}
	return rows, cursor, err
}

func allBroken(ctx context.Context, db *storage.DB) ([]rowID, error) {
	return collectRowIDs(ctx, db, "SELECT position, n FROM broken_log ORDER BY position, n")
}

// brokenLogs are the three designs docs/SYNC.md says lose changes.
var brokenLogs = []changeLog{{
	// (a) Positions taken when the transaction starts: a transaction that
	// started earlier and commits later lands behind a cursor that moved on.
	name: "position allocated before the work",
	write: func(ctx context.Context, db *storage.DB, n int, sleep time.Duration) error {
		return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, "SELECT nextval('broken_seq') FROM generate_series(1, $1)", n)
			if err != nil {
				return err
			}
			positions, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			if err != nil {
				return err
			}
			time.Sleep(sleep)
			_, err = tx.Exec(ctx, "INSERT INTO broken_log SELECT unnest($1::bigint[]), 0", positions)
			return err
		})
	},
	read: readBroken, all: allBroken,
}, {
	// (b) One position per transaction, taken correctly at the end under
	// the lock: a page that ends inside a transaction's rows skips the rest.
	name: "one position per transaction",
	write: func(ctx context.Context, db *storage.DB, n int, sleep time.Duration) error {
		return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
			time.Sleep(sleep)
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(1, 99)"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO broken_log SELECT p.v, g FROM (SELECT nextval('broken_seq') v) p, generate_series(0, $1 - 1) g", max(n, 2))
			return err
		})
	},
	read: readBroken, all: allBroken,
}, {
	// (c) Positions right, cursor wrong: the sequence's value counts
	// positions taken by transactions that have not committed yet.
	name: "cursor from the sequence",
	write: func(ctx context.Context, db *storage.DB, n int, sleep time.Duration) error {
		return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(1, 99)"); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "INSERT INTO broken_log SELECT nextval('broken_seq'), 0 FROM generate_series(1, $1)", n); err != nil {
				return err
			}
			time.Sleep(sleep / 4) // the commit itself takes time
			return nil
		})
	},
	read: func(ctx context.Context, db *storage.DB, cursor int64, limit int) ([]rowID, int64, error) {
		// Read everything there is, so that the page limit plays no part:
		// what this variant misses, it misses to in-flight commits alone.
		rows, _, err := readBroken(ctx, db, cursor, 1<<30)
		if err != nil {
			return nil, cursor, err
		}
		var seq int64
		err = db.Pool.QueryRow(ctx, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM broken_seq").Scan(&seq)
		return rows, seq, err
	},
	all: allBroken,
}}

func collectRowIDs(ctx context.Context, db *storage.DB, sql string, args ...any) ([]rowID, error) {
	rows, err := db.Pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (rowID, error) {
		var x rowID
		return x, r.Scan(&x.Pos, &x.N)
	})
}

// gapReport is what one run found.
type gapReport struct {
	committed int
	missed    []int // per puller
	repeated  []int
	unordered []int
}

func (r gapReport) clean() bool {
	for i := range r.missed {
		if r.missed[i]+r.repeated[i]+r.unordered[i] > 0 {
			return false
		}
	}
	return true
}

func (r gapReport) anyMissed() bool { return slices.Max(r.missed) > 0 }

// runGapTest runs writers and pullers against one log.
func runGapTest(t *testing.T, db *storage.DB, log changeLog, seed uint64) gapReport {
	const writers, txPerWriter, pullers, pageLimit = 6, 25, 3, 5
	ctx := context.Background()
	done := make(chan struct{})
	var wg, pw stdsync.WaitGroup
	errs := make(chan error, writers+pullers)
	for w := range writers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(w)))
			for range txPerWriter {
				sleep := time.Duration(rng.IntN(8000)) * time.Microsecond
				if err := log.write(ctx, db, 1+rng.IntN(4), sleep); err != nil {
					errs <- fmt.Errorf("write: %w", err)
					return
				}
			}
		})
	}
	seen := make([][]rowID, pullers)
	for p := range pullers {
		pw.Go(func() {
			var cursor int64
			for last := false; ; {
				select {
				case <-done:
					last = true
				default:
				}
				rows, next, err := log.read(ctx, db, cursor, pageLimit)
				if err != nil {
					errs <- fmt.Errorf("read: %w", err)
					return
				}
				seen[p] = append(seen[p], rows...)
				cursor = next
				if last && len(rows) == 0 {
					return
				}
				if len(rows) == 0 {
					time.Sleep(time.Millisecond)
				}
			}
		})
	}
	wg.Wait()
	close(done)
	pw.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	all, err := log.all(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	return judge(all, seen)
}

// judge compares what each puller saw with what was committed.
func judge(all []rowID, seen [][]rowID) gapReport {
	r := gapReport{committed: len(all)}
	for _, s := range seen {
		count := map[rowID]int{}
		unordered := 0
		for i, x := range s {
			count[x]++
			if i > 0 && (x.Pos < s[i-1].Pos || (x.Pos == s[i-1].Pos && x.N <= s[i-1].N)) {
				unordered++
			}
		}
		missed, repeated := 0, 0
		for _, x := range all {
			switch c := count[x]; {
			case c == 0:
				missed++
			case c > 1:
				repeated += c - 1
			}
		}
		r.missed, r.repeated, r.unordered = append(r.missed, missed), append(r.repeated, repeated), append(r.unordered, unordered)
	}
	return r
}

func TestChangeLogIsGapFreeUnderConcurrentStaggeredCommits(t *testing.T) {
	db := testkit.NewDB(t)
	for round := range 3 {
		r := runGapTest(t, db, theChangeLog, uint64(round))
		if !r.clean() || r.committed == 0 {
			t.Fatalf("round %d: %d rows committed; per puller missed %v, repeated %v, out of order %v", round, r.committed, r.missed, r.repeated, r.unordered)
		}
		t.Logf("round %d: %d change rows, every puller saw each exactly once in order", round, r.committed)
	}
}

func TestGapTestCatchesEachBrokenChangeLog(t *testing.T) {
	for _, log := range brokenLogs {
		t.Run(log.name, func(t *testing.T) {
			for attempt := range 5 {
				db := testkit.NewDB(t)
				if _, err := db.Pool.Exec(context.Background(), brokenSchema); err != nil {
					t.Fatal(err)
				}
				r := runGapTest(t, db, log, uint64(100+attempt))
				if r.anyMissed() {
					t.Logf("attempt %d: caught: %d rows committed, pullers missed %v", attempt, r.committed, r.missed)
					return
				}
			}
			t.Fatalf("%s: the gap test did not catch a skip in 5 runs", log.name)
		})
	}
}

// TestPullIsGapFreeEndToEnd runs the same race through Pull itself:
// writers create jurisdictions (reference data every caller sees) while
// pullers page with real cursors; each must receive every jurisdiction
// exactly once, positions increasing.
func TestPullIsGapFreeEndToEnd(t *testing.T) {
	db := testkit.NewDB(t)
	e, err := NewPullEngine(db, []byte("gap test cursor key of 32 bytes or more"), PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	v := Viewer{UserID: uuid.New(), Role: models.RoleInspector, Access: func(string) models.Access { return models.AccessAll }}
	const pullers = 3
	cursors := make([]string, pullers)
	for p := range cursors {
		page, err := e.Pull(ctx, v, PullRequest{})
		if err != nil {
			t.Fatal(err)
		}
		cursors[p] = page.Cursor
	}
	created := make(chan uuid.UUID, 1000)
	var wg, pw stdsync.WaitGroup
	for w := range 5 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(7, uint64(w)))
			for i := range 20 {
				id := uuid.New()
				err := db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
					time.Sleep(time.Duration(rng.IntN(6000)) * time.Microsecond)
					j := models.Jurisdiction{ID: id, Code: fmt.Sprintf("GAP-%d-%d", w, i), Name: "gap", Regime: "KA-IV-2025", Synced: models.Synced{Version: 1}}
					if err := tx.DB.Create(&j).Error; err != nil {
						return err
					}
					tx.Changed("jurisdiction", id, storage.ScopeReference)
					return nil
				})
				if err != nil {
					t.Error(err)
					return
				}
				created <- id
			}
		})
	}
	done := make(chan struct{})
	got := make([][]pullItemSeen, pullers)
	for p := range pullers {
		pw.Go(func() {
			for last := false; ; {
				select {
				case <-done:
					last = true
				default:
				}
				page, err := e.Pull(ctx, v, PullRequest{Cursor: cursors[p], Limit: 3})
				if err != nil {
					t.Error(err)
					return
				}
				items := decodeItems(t, page)
				got[p] = append(got[p], items...)
				cursors[p] = page.Cursor
				if last && !page.HasMore && len(items) == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
	close(done)
	pw.Wait()
	close(created)
	var ids []uuid.UUID
	for id := range created {
		ids = append(ids, id)
	}
	if len(ids) != 100 {
		t.Fatalf("%d jurisdictions created, want 100", len(ids))
	}
	for p, items := range got {
		count := map[uuid.UUID]int{}
		for i, it := range items {
			count[it.ID]++
			if i > 0 && it.Position <= items[i-1].Position {
				t.Errorf("puller %d: position %d after %d", p, it.Position, items[i-1].Position)
			}
		}
		for _, id := range ids {
			if count[id] != 1 {
				t.Errorf("puller %d saw jurisdiction %s %d times", p, id, count[id])
			}
		}
	}
}

// pullItemSeen is the part of a pull item the end-to-end test checks.
type pullItemSeen struct {
	ID       uuid.UUID `json:"id"`
	Position int64     `json:"position"`
}

func decodeItems(t *testing.T, p *PullPage) []pullItemSeen {
	var page struct {
		Items []pullItemSeen `json:"items"`
	}
	if p.Gzip {
		t.Fatal("the test asks for identity pages")
	}
	if err := json.Unmarshal(p.Body, &page); err != nil {
		t.Errorf("page: %v", err)
	}
	return page.Items
}
