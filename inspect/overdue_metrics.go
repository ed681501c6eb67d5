package inspect

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// overdueCollector reads, at each scrape, how many findings are past their
// due date unrectified, per jurisdiction (its code): the same condition as
// the finding-overdue job, the review queue and the reviewer's view.
type overdueCollector struct {
	s    *Service
	desc *prometheus.Desc
}

// OverdueCollector is the tindal_findings_overdue gauge, per jurisdiction.
func (s *Service) OverdueCollector() prometheus.Collector {
	return &overdueCollector{s: s, desc: prometheus.NewDesc(
		"tindal_findings_overdue",
		"Findings of submitted or approved inspections past their due date and not rectified, per jurisdiction.",
		[]string{"jurisdiction"},
		nil,
	)}
}

// Describe implements prometheus.Collector.
func (c *overdueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect implements prometheus.Collector: one grouped query per scrape; a
// failed query leaves the metric out of the scrape (absent, not zero).
func (c *overdueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var rows []struct {
		Code string
		N    float64
	}
	err := c.s.db.Gorm.WithContext(ctx).Raw(`SELECT j.code, count(*) AS n FROM findings f
		JOIN inspections i ON i.id = f.inspection_id JOIN jurisdictions j ON j.id = f.jurisdiction_id
		WHERE f.deleted_at IS NULL AND NOT f.rectified AND f.due_date IS NOT NULL AND f.due_date < ?::date
		  AND i.status IN ('submitted', 'approved') AND i.deleted_at IS NULL
		GROUP BY j.code`, c.s.today()).Scan(&rows).Error
	if err != nil {
		return
	}
	for _, r := range rows {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, r.N, r.Code)
	}
}
