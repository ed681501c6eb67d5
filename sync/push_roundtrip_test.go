package sync_test

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
)

// roundTrips counts the messages pgx sends and waits for: every query or
// exec (a multi-statement simple-protocol exec included) and every batch
// is one round trip to PostgreSQL.
// With TINDAL_RT_TRACE=1 each round trip's statement is printed.
type roundTrips struct {
	n     atomic.Int64
	print bool
}

func (r *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	n := r.n.Add(1)
	if r.print {
		fmt.Printf("RT %2d %.200s\n", n, strings.Join(strings.Fields(d.SQL), " "))
	}
	return ctx
}

func (r *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	n := r.n.Add(1)
	if r.print {
		fmt.Printf("RT %2d batch of %d\n", n, d.Batch.Len())
	}
	return ctx
}

func (r *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

func (r *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// tracedDB opens the fixture's database again with every connection
// traced (what storage.Open builds, with a tracer).
func tracedDB(t testing.TB, f *fixture, tr pgx.QueryTracer) *storage.DB {
	t.Helper()
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(f.db.Pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = tr
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sqlDB := stdlib.OpenDBFromPool(pool)
	g, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), &gorm.Config{Logger: logger.Discard, SkipDefaultTransaction: true,
		NowFunc: func() time.Time { return time.Now().UTC() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = sqlDB.Close()
		pool.Close()
	})
	return &storage.DB{Gorm: g, Pool: pool, SQL: sqlDB}
}

// TestOfflineDayRoundTrips counts the round trips of one offline day (56
// mutations, one batched chunk) from the push lock to its release, and
// holds the push path to the count it reached (docs/SYNC.md §5): a change
// that adds a round trip per mutation fails here, not only in the
// benchmark's noise.
func TestOfflineDayRoundTrips(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	boats := f.fleet(2)
	f.push("d1", f.offlineDayOn("d1", uuid.Must(uuid.NewV7()), boats[0])...) // templates seeded, the owner's chain started
	tr := &roundTrips{print: os.Getenv("TINDAL_RT_TRACE") != ""}
	db := tracedDB(t, f, tr)
	eng := tsync.New(db, inspect.New(db, nil, nil), nil, tsync.Options{})
	day := f.offlineDayOn("d1", uuid.Must(uuid.NewV7()), boats[1])
	tr.n.Store(0)
	res, err := eng.Push(context.Background(), f.scope("d1"), tsync.PushRequest{AppVersion: "1.0.0", ProtocolVersion: 1, Mutations: day})
	if err != nil {
		t.Fatal(err)
	}
	n := tr.n.Load()
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied {
			t.Fatalf("push: %+v", r)
		}
	}
	// The summary read with the lock's release is the one Summaries reads.
	if len(res.Inspections) != 1 {
		t.Fatalf("response summaries %+v, want the day's inspection", res.Inspections)
	}
	insp := inspect.New(db, nil, nil)
	want, err := insp.Summaries(context.Background(), []uuid.UUID{res.Inspections[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Inspections[0], *want[res.Inspections[0].ID]) {
		t.Errorf("response summaries %+v, want %+v", res.Inspections, want)
	}
	t.Logf("one offline day of %d mutations: %d round trips", len(day), n)
	if n > maxDayRoundTrips {
		t.Errorf("one offline day took %d round trips, more than %d", n, maxDayRoundTrips)
	}
}

// maxDayRoundTrips is the round trips one offline day may take, with no
// room: 29 since the epoch is read with the push lock, the first version
// of what a chunk creates with the device, a new inspection's offences are
// known to be none, a vessel with nobody on board has no crew certificates
// read and the response's summaries come with the lock's release; 34 since
// the change-log lock's timeout is set by the trigger that
// takes the lock (migration 00074) instead of a SET LOCAL of its own; 35
// since the first chunk reads its recorded mutation ids with the
// device, a start reads its id and its templates' retirement together,
// a vessel is read with its certificates, the chunk's deferred records
// and the outcomes of the others are one statement and the response's
// summaries one query (40 before; 60 before photo records were batched:
// 3 per photo and a findings update); a savepoint of its own per mutation
// (no prelude) took 87 for the day without its 6 photos.
const maxDayRoundTrips = 29
