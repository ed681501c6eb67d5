package sync

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/storage"
)

// metrics make the push's invisible parts visible (docs/SYNC.md §10): chunk
// duration, results by status (the retry rate), and the backlog's size and
// age.
type metrics struct {
	chunk   prometheus.Histogram
	results *prometheus.CounterVec
	reruns  prometheus.Counter
}

// rerun counts a batched chunk rerun unbatched.
func (m *metrics) rerun() { m.reruns.Inc() }

func newMetrics(reg prometheus.Registerer, db *storage.DB) *metrics {
	m := &metrics{
		chunk: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tindal_push_chunk_duration_seconds",
			Help: "Duration of one push chunk transaction (at most 64 mutations).", Buckets: prometheus.DefBuckets}),
		results: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tindal_push_results_total",
			Help: "Push results by status (applied, replayed, merged, deferred, rejected, retry)."}, []string{"status"}),
		reruns: prometheus.NewCounter(prometheus.CounterOpts{Name: "tindal_push_chunk_reruns_total",
			Help: "Batched push chunks rolled back and rerun unbatched (a deferred write refused by a constraint)."}),
	}
	if reg == nil {
		return m
	}
	reg.MustRegister(m.chunk, m.results, m.reruns)
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tindal_backlog_mutations",
		Help: "Deferred mutations waiting in the backlog."}, func() float64 { return backlogStat(db, "count(*)") }))
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "tindal_backlog_oldest_seconds",
		Help: "Age of the oldest deferred mutation.",
	}, func() float64 { return backlogStat(db, "coalesce(extract(epoch from now() - min(first_seen)), 0)") }))
	reg.MustRegister(newDeviceCollector(db))
	return m
}

// backlogStat reads one aggregate of the backlog for a scrape.
func backlogStat(db *storage.DB, expr string) float64 {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var v float64
	if err := db.Pool.QueryRow(ctx, "SELECT "+expr+" FROM mutation_backlog").Scan(&v); err != nil {
		return -1
	}
	return v
}

// observe records one chunk.
func (m *metrics) observe(start time.Time, rs []Result) {
	m.chunk.Observe(time.Since(start).Seconds())
	for _, r := range rs {
		m.results.WithLabelValues(r.Status).Inc()
	}
}
