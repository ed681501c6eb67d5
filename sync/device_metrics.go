package sync

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/storage"
)

// deviceCollector exports the fleet of devices as gauges read at scrape
// time (issue: devices "visible to admins and exported as metrics"). Per
// device figures are in GET /v1/devices; the metrics aggregate them, so
// their cardinality does not grow with the fleet: the app-version label is
// bounded by the versions in use (at most maxVersionLabels, the rest
// summed as "other").
type deviceCollector struct {
	db                                          *storage.DB
	active, stalePush, stalePull, skewed, maxSk *prometheus.Desc
	versions, quarantine, quarantineAge         *prometheus.Desc
}

const maxVersionLabels = 20

func newDeviceCollector(db *storage.DB) *deviceCollector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, labels, nil)
	}
	return &deviceCollector{
		db:     db,
		active: d("tindal_devices_active", "Registered devices not revoked."),
		stalePush: d(
			"tindal_devices_no_push_24h",
			"Active devices whose last push is more than 24 hours old, or that never pushed.",
		),
		stalePull: d(
			"tindal_devices_no_pull_24h",
			"Active devices whose last pull is more than 24 hours old, or that never pulled.",
		),
		skewed: d(
			"tindal_devices_clock_skew_over_5m",
			"Active devices whose clock was more than 5 minutes off at their last push.",
		),
		maxSk: d(
			"tindal_devices_clock_skew_max_seconds",
			"The largest clock skew (absolute) of an active device at its last push.",
		),
		versions: d(
			"tindal_devices_by_app_version",
			"Active devices by the app version of their last push or pull.",
			"version",
		),
		quarantine: d(
			"tindal_quarantine_pending",
			"Mutations held for a supervisor (rejected or unauthorised at capture).",
		),
		quarantineAge: d("tindal_quarantine_oldest_seconds", "Age of the oldest mutation held for a supervisor."),
	}
}

// Describe implements prometheus.Collector.
func (c *deviceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{
		c.active, c.stalePush, c.stalePull, c.skewed, c.maxSk, c.versions, c.quarantine, c.quarantineAge,
	} {
		ch <- d
	}
}

// Collect implements prometheus.Collector: three small queries per scrape.
// A failed query leaves its metrics out of the scrape (absent, not zero).
func (c *deviceCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var active, push, pull, skewed, maxSkew float64
	err := c.db.Pool.QueryRow(ctx, `SELECT count(*),
			count(*) FILTER (WHERE last_push_at IS NULL OR last_push_at < now() - interval '24 hours'),
			count(*) FILTER (WHERE last_pull_at IS NULL OR last_pull_at < now() - interval '24 hours'),
			count(*) FILTER (WHERE abs(clock_skew_ms) > 300000),
			coalesce(max(abs(clock_skew_ms)), 0) / 1000.0
		FROM devices WHERE revoked_at IS NULL`).Scan(&active, &push, &pull, &skewed, &maxSkew)
	if err == nil {
		for d, v := range map[*prometheus.Desc]float64{
			c.active: active, c.stalePush: push, c.stalePull: pull, c.skewed: skewed, c.maxSk: maxSkew,
		} {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v)
		}
	}
	c.collectVersions(ctx, ch)
	var held, oldest float64
	err = c.db.Pool.QueryRow(ctx, `SELECT count(*), coalesce(extract(epoch from now() - min(created_at)), 0)
		FROM quarantine WHERE state = 'pending'`).Scan(&held, &oldest)
	if err == nil {
		ch <- prometheus.MustNewConstMetric(c.quarantine, prometheus.GaugeValue, held)
		ch <- prometheus.MustNewConstMetric(c.quarantineAge, prometheus.GaugeValue, oldest)
	}
}

func (c *deviceCollector) collectVersions(ctx context.Context, ch chan<- prometheus.Metric) {
	rows, err := c.db.Pool.Query(ctx, `SELECT CASE WHEN app_version = '' THEN 'unknown' ELSE app_version END, count(*)
		FROM devices WHERE revoked_at IS NULL GROUP BY 1 ORDER BY 2 DESC, 1`)
	if err != nil {
		return
	}
	defer rows.Close()
	var other float64
	n := 0
	for rows.Next() {
		var v string
		var k float64
		if rows.Scan(&v, &k) != nil {
			return
		}
		if n++; n >= maxVersionLabels {
			other += k
			continue
		}
		ch <- prometheus.MustNewConstMetric(c.versions, prometheus.GaugeValue, k, v)
	}
	if other > 0 {
		ch <- prometheus.MustNewConstMetric(c.versions, prometheus.GaugeValue, other, "other")
	}
}
