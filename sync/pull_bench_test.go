package sync_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// Benchmarks of the pull against the goals of docs/SYNC.md §10, each beside a raw
// pgx baseline that reads the same rows in the same process:
//
//	go test ./sync -run '^$' -bench Pull -benchtime 200x     (incremental)
//	go test ./sync -run '^$' -bench PullInitial -benchtime 3x
//
// Goals: incremental pull with no changes p50 < 5 ms; initial pull of a
// jurisdiction with 10,000 vessels and 30,000 certificates < 3 s, streamed
// page by page, server memory < 150 MB.

// fleet is a seeded jurisdiction.
type fleet struct {
	db           *storage.DB
	jurisdiction uuid.UUID
	vessels      int
	certificates int
}

// seedFleet writes a jurisdiction with owners, vessels and certificates
// with COPY (no change log: a first sync reads the entity tables).
func seedFleet(tb testing.TB, vessels, certsPerVessel int) fleet {
	tb.Helper()
	ctx := context.Background()
	db := testkit.NewDB(tb)
	f := fleet{db: db, jurisdiction: uuid.New(), vessels: vessels, certificates: vessels * certsPerVessel}
	now := time.Now().UTC()
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	_, err := db.Pool.Exec(ctx, "INSERT INTO jurisdictions (id, code, name, regime) VALUES ($1, 'BENCH', 'Bench', 'KA-IV-2025')", f.jurisdiction)
	must(err)
	owners := make([]uuid.UUID, max(1, vessels/10))
	rows := make([][]any, len(owners))
	for i := range owners {
		owners[i] = uuid.New()
		rows[i] = []any{owners[i], "person", fmt.Sprintf("Owner %d", i), fmt.Sprintf("owner%d@example.in", i), f.jurisdiction, now, now}
	}
	_, err = db.Pool.CopyFrom(ctx, pgx.Identifier{"owners"}, []string{"id", "kind", "name", "email", "jurisdiction_id", "created_at", "updated_at"}, pgx.CopyFromRows(rows))
	must(err)
	vrows := make([][]any, vessels)
	crows := make([][]any, 0, f.certificates)
	kinds := []string{"registration", "survey", "insurance", "pollution", "licence", "permit"}
	for i := range vrows {
		id, owner := uuid.New(), owners[i%len(owners)]
		vrows[i] = []any{id, fmt.Sprintf("KA-BEN-%06d", i), fmt.Sprintf("Vessel %d", i), "KA-IV-2025", "mechanised", "B", int16(2), 120.5, "kW",
			12.5, 3.2, 1.4, 25.0, 12.0, int32(40), "passenger", f.jurisdiction, owner, now, now}
		for c := range certsPerVessel {
			crows = append(crows, []any{uuid.New(), "vessel", id, kinds[c%len(kinds)], fmt.Sprintf("C-%d-%d", i, c),
				time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 31, 0, 0, 0, 0, time.UTC), "Karwar Port Office", f.jurisdiction, owner, now, now})
		}
	}
	_, err = db.Pool.CopyFrom(ctx, pgx.Identifier{"vessels"}, []string{"id", "registration_number", "name", "regime", "kind", "category", "zone",
		"engine_power", "power_unit", "length_m", "breadth_m", "depth_m", "grt", "nrt", "passengers", "use", "jurisdiction_id", "owner_id",
		"created_at", "updated_at"}, pgx.CopyFromRows(vrows))
	must(err)
	_, err = db.Pool.CopyFrom(ctx, pgx.Identifier{"certificates"}, []string{"id", "subject_type", "vessel_id", "kind", "number", "issued_on",
		"expires_on", "issuer", "jurisdiction_id", "owner_id", "created_at", "updated_at"}, pgx.CopyFromRows(crows))
	must(err)
	_, err = db.Pool.Exec(ctx, "ANALYZE")
	must(err)
	return f
}

func (f fleet) inspector() sync.Viewer {
	return sync.Viewer{UserID: uuid.New(), DeviceID: uuid.New(), Role: models.RoleInspector, Jurisdictions: []uuid.UUID{f.jurisdiction},
		Access: accessOf(models.RoleInspector)}
}

// pullToEnd runs a whole pull from cursor and returns the pages, items and
// compressed bytes it took, and the last cursor.
func pullToEnd(tb testing.TB, e *sync.PullEngine, v sync.Viewer, cursor string) (pages, items, bytes int, last string) {
	for {
		p, err := e.Pull(context.Background(), v, sync.PullRequest{Cursor: cursor, Limit: sync.MaxPullLimit, Gzip: true})
		if err != nil {
			tb.Fatal(err)
		}
		pages, items, bytes, cursor = pages+1, items+p.Items, bytes+len(p.Body), p.Cursor
		if !p.HasMore {
			return pages, items, bytes, cursor
		}
	}
}

func BenchmarkPullIncrementalNoChanges(b *testing.B) {
	f := seedFleet(b, 200, 3)
	e, err := sync.NewPullEngine(f.db, testKey, sync.PullOptions{})
	if err != nil {
		b.Fatal(err)
	}
	v := f.inspector()
	_, _, _, cursor := pullToEnd(b, e, v, "")
	keys := []string{"ref", storage.ScopeUser(v.UserID), storage.ScopeJurisdiction(f.jurisdiction)}
	ctx := context.Background()
	b.Run("pull", func(b *testing.B) {
		b.ReportAllocs()
		var took []time.Duration
		for b.Loop() {
			start := time.Now()
			p, err := e.Pull(ctx, v, sync.PullRequest{Cursor: cursor, Gzip: true})
			if err != nil || p.Items != 0 || p.HasMore {
				b.Fatalf("%v %+v", err, p)
			}
			took = append(took, time.Since(start))
		}
		reportPercentiles(b, took)
	})
	b.Run("baseline", func(b *testing.B) {
		var took []time.Duration
		for b.Loop() {
			start := time.Now()
			rows, err := f.db.Pool.Query(ctx, `SELECT position, entity_type, entity_id FROM change_log WHERE scope_key = ANY($1) AND position > $2 ORDER BY position LIMIT 500`, keys, int64(1<<40))
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
			}
			rows.Close()
			took = append(took, time.Since(start))
		}
		reportPercentiles(b, took)
	})
}

func BenchmarkPullInitialJurisdiction(b *testing.B) {
	f := seedFleet(b, 10000, 3)
	e, err := sync.NewPullEngine(f.db, testKey, sync.PullOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.Run("pull", func(b *testing.B) {
		b.ReportAllocs()
		var peak uint64
		for b.Loop() {
			stop := watchHeap(&peak)
			pages, items, size, _ := pullToEnd(b, e, f.inspector(), "")
			stop()
			if items < f.vessels+f.certificates {
				b.Fatalf("%d items, want at least %d", items, f.vessels+f.certificates)
			}
			b.ReportMetric(float64(pages), "pages")
			b.ReportMetric(float64(size)/(1<<20), "MiB-gzip")
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	})
	// baseline reads the jurisdiction's rows as JSON; gzip-baseline also
	// compresses them as the pull must (phones on 2G): with the pull's
	// gzip level, in one stream.
	raw := func(b *testing.B, compress bool) {
		var out bytes.Buffer
		gz, err := gzip.NewWriterLevel(&out, sync.PullGzipLevel)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			var n int
			out.Reset()
			gz.Reset(&out)
			for _, table := range []string{"owners", "vessels", "certificates"} {
				rows, err := f.db.Pool.Query(ctx, "SELECT t.id, t.version, row_to_json(t)::text FROM "+table+" t WHERE jurisdiction_id = $1 AND deleted_at IS NULL ORDER BY id", f.jurisdiction)
				if err != nil {
					b.Fatal(err)
				}
				for rows.Next() {
					n++
					if compress {
						_, _ = gz.Write(rows.RawValues()[2])
					}
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					b.Fatal(err)
				}
			}
			_ = gz.Close()
			if n < f.vessels+f.certificates || compress && out.Len() < 100<<10 {
				b.Fatalf("baseline read %d rows, compressed to %d bytes", n, out.Len())
			}
		}
	}
	b.Run("baseline", func(b *testing.B) { raw(b, false) })
	b.Run("gzip-baseline", func(b *testing.B) { raw(b, true) })
}

// reportPercentiles adds p50 and p99 in milliseconds.
func reportPercentiles(b *testing.B, took []time.Duration) {
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	at := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))]) / 1e6 }
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// watchHeap samples the live heap until stopped, keeping the peak.
func watchHeap(peak *uint64) (stop func()) {
	runtime.GC()
	done := make(chan struct{})
	var wg stdsync.WaitGroup
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	wg.Go(func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			*peak = max(*peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() { close(done); wg.Wait() }
}
