package penalty

import "github.com/prometheus/client_golang/prometheus"

// noticeCounters count penalty notices issued and appeals filed and
// decided, per jurisdiction, as the api's detention
// counters do. They are counted here, after commit, because a notice is
// issued by whichever path approves the inspection.
type noticeCounters struct {
	notices, appealsFiled, appealsDecided *prometheus.CounterVec
}

func newNoticeCounters() *noticeCounters {
	return &noticeCounters{
		notices: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tindal_penalty_notices_total",
			Help: "Penalty notices issued on approval (Karnataka 2025, Sch-I Form-18 and Sch-IV), by jurisdiction.",
		}, []string{"jurisdiction"}),
		appealsFiled: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tindal_penalty_appeals_filed_total",
			Help: "Appeals against penalties filed within their window (Karnataka 2025 " +
				"Sch-XVI; Paradip 1967 r.27), by jurisdiction."}, []string{"jurisdiction"}),
		appealsDecided: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tindal_penalty_appeals_decided_total",
			Help: "Appeals against penalties decided, by jurisdiction and decision (upheld, dismissed).",
		}, []string{"jurisdiction", "decision"}),
	}
}

// NoticeCollectors are the penalty notice and appeal counters, to register
// on the metrics registry.
func (s *Service) NoticeCollectors() []prometheus.Collector {
	return []prometheus.Collector{s.counters.notices, s.counters.appealsFiled, s.counters.appealsDecided}
}
