package jobs_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// Benchmark sizes (issue 6): 1,000,000 certificates on 200,000 vessels.
// Without TINDAL_BENCH=1 (make bench-smoke) the register is 1% of it.
const (
	benchVessels = 200_000
	benchOwners  = 50_000
	benchKinds   = 5 // certificates per vessel
)

// benchScale is the register's size: the issue's, or 1% for a smoke run.
type benchScale struct{ vessels, owners int }

func benchSize() benchScale {
	if os.Getenv("TINDAL_BENCH") == "1" {
		return benchScale{benchVessels, benchOwners}
	}
	return benchScale{benchVessels / 100, benchOwners / 100}
}

// seedBench writes the synthetic register with COPY: owners, vessels and
// five certificates per vessel (registration, survey, insurance,
// pollution, fitness) whose expiries spread from 400 days ago to 730 days
// ahead of today, so a third are expired and a few thousand cross a
// reminder threshold on any day.
func seedBench(b *testing.B, db *storage.DB, today time.Time, size benchScale) {
	ctx := context.Background()
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	jur := uuid.New()
	if _, err := conn.Exec(ctx, `INSERT INTO jurisdictions (id, code, name, regime) VALUES ($1, 'BENCH', 'Bench', 'KA-IV-2025')`, jur); err != nil {
		b.Fatal(err)
	}
	owners := make([]uuid.UUID, size.owners)
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"owners"}, []string{"id", "kind", "name", "email", "preferred_language", "jurisdiction_id"},
		pgx.CopyFromFunc(rowsOf(size.owners, func(i int) []any {
			owners[i] = uuid.New()
			return []any{owners[i], "person", fmt.Sprintf("Owner %d", i), fmt.Sprintf("owner%d@bench.tindal", i), []string{"en", "kn", "hi"}[i%3], jur}
		})))
	if err != nil {
		b.Fatal(err)
	}
	vessels := make([]uuid.UUID, size.vessels)
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"vessels"}, []string{"id", "registration_number", "name", "regime", "kind", "category", "zone", "engine_power", "power_unit", "use", "jurisdiction_id", "owner_id"},
		pgx.CopyFromFunc(rowsOf(size.vessels, func(i int) []any {
			vessels[i] = uuid.New()
			return []any{vessels[i], fmt.Sprintf("KA-BEN-M-%06d", i), fmt.Sprintf("Vessel %d", i), "KA-IV-2025", "mechanised", "C", 3, 120.0, "kW", "passenger", jur, owners[i%size.owners]}
		})))
	if err != nil {
		b.Fatal(err)
	}
	kinds := []string{"registration", "survey", "insurance", "pollution", "fitness"}
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"certificates"}, []string{"id", "subject_type", "vessel_id", "kind", "number", "issued_on", "expires_on", "jurisdiction_id", "owner_id"},
		pgx.CopyFromFunc(rowsOf(size.vessels*benchKinds, func(i int) []any {
			v, k := i/benchKinds, kinds[i%benchKinds]
			exp := today.AddDate(0, 0, -400+(i*7919)%1130)
			issued := exp.AddDate(-1, 0, 1)
			var expires any = exp
			if k == "registration" {
				expires, issued = nil, today.AddDate(-5, 0, 0)
			}
			return []any{uuid.New(), "vessel", vessels[v], k, fmt.Sprintf("%s-%d", k, i), issued, expires, jur, owners[v%size.owners]}
		})))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// rowsOf feeds n rows made by f to CopyFrom.
func rowsOf(n int, f func(int) []any) func() ([]any, error) {
	i := 0
	return func() ([]any, error) {
		if i == n {
			return nil, nil
		}
		i++
		return f(i - 1), nil
	}
}

// peakHeap samples the heap in use until stop, returning the peak.
func peakHeap(stop <-chan struct{}) *atomic.Uint64 {
	var peak atomic.Uint64
	go func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return &peak
}

// BenchmarkCertificateExpiry runs certificate-expiry over 1,000,000
// certificates and 200,000 vessels, first run (every expired certificate
// flagged) and steady state (a rerun the next day), against the raw SQL
// that selects the same rows. It seeds for minutes, so without
// TINDAL_BENCH=1 it runs on 1% of the register (2,000 vessels):
//
//	TINDAL_BENCH=1 go test -run '^$' -bench CertificateExpiry -benchtime 1x -timeout 30m ./jobs
func BenchmarkCertificateExpiry(b *testing.B) {
	size := benchSize()
	db := testkit.NewDB(b)
	now := time.Now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	t0 := time.Now()
	seedBench(b, db, today, size)
	b.Logf("seeded %d vessels and %d certificates in %s", size.vessels, size.vessels*benchKinds, time.Since(t0).Round(time.Second))
	svc := jobs.New(jobs.Deps{DB: db, Outbox: notify.Outbox{Email: true}})
	ctx := context.Background()
	q, args := jobs.CandidateQuery(rules.DateOf(now))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		rows, err := db.Pool.Query(ctx, q, args...)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		raw := time.Since(start)
		stop := make(chan struct{})
		peak := peakHeap(stop)
		first, err := svc.RunNow(ctx, jobs.JobCertificateExpiry, now)
		if err != nil || first.Outcome != "succeeded" {
			b.Fatalf("%v %+v", err, first)
		}
		next, err := svc.RunNow(ctx, jobs.JobCertificateExpiry, now.AddDate(0, 0, 1))
		close(stop)
		if err != nil || next.Outcome != "succeeded" {
			b.Fatalf("%v %+v", err, next)
		}
		b.ReportMetric(raw.Seconds(), "raw-sql-s")
		b.ReportMetric(first.Duration(time.Now()).Seconds(), "first-run-s")
		b.ReportMetric(next.Duration(time.Now()).Seconds(), "next-day-s")
		b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
		b.Logf("raw SQL: %d rows in %s; first run %s %v; next day %s %v; peak heap %.0f MiB", n, raw.Round(time.Millisecond),
			first.Duration(time.Now()).Round(time.Millisecond), first.Counts, next.Duration(time.Now()).Round(time.Millisecond), next.Counts,
			float64(peak.Load())/(1<<20))
	}
}
