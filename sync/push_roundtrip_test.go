package sync_test

import (
	"context"
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
type roundTrips struct{ n atomic.Int64 }

func (r *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	r.n.Add(1)
	return ctx
}

func (r *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	r.n.Add(1)
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
	tr := &roundTrips{}
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
	t.Logf("one offline day of %d mutations: %d round trips", len(day), n)
	if n > maxDayRoundTrips {
		t.Errorf("one offline day took %d round trips, more than %d", n, maxDayRoundTrips)
	}
}

// maxDayRoundTrips is the round trips one offline day may take, with no
// room: 34 since the change-log lock's timeout is set by the trigger that
// takes the lock (migration 00074) instead of a SET LOCAL of its own; 35
// since the first chunk reads its recorded mutation ids with the
// device, a start reads its id and its templates' retirement together,
// a vessel is read with its certificates, the chunk's deferred records
// and the outcomes of the others are one statement and the response's
// summaries one query (40 before; 60 before photo records were batched:
// 3 per photo and a findings update); a savepoint of its own per mutation
// (no prelude) took 87 for the day without its 6 photos.
const maxDayRoundTrips = 34
