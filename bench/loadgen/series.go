package main

import (
	"fmt"
	"io"
	"sort"
	stdsync "sync"
	"time"
)

// series is one kind of timed operation (a push request, a day's push, a
// raw day, a pull page): when each started and ended.
type series struct {
	mu      stdsync.Mutex
	samples []sample
}

type sample struct{ start, end time.Time }

// since records an operation that started at t0 and has just ended.
func (s *series) since(t0 time.Time) {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.samples = append(s.samples, sample{t0, now})
}

// summary is a series' count, percentiles and span.
type summary struct {
	n             int
	p50, p95, p99 time.Duration
	first, last   time.Time // first start, last end
}

func (s *series) summary() summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := summary{n: len(s.samples)}
	if out.n == 0 {
		return out
	}
	ds := make([]time.Duration, 0, out.n)
	out.first, out.last = s.samples[0].start, s.samples[0].end
	for _, x := range s.samples {
		ds = append(ds, x.end.Sub(x.start))
		if x.start.Before(out.first) {
			out.first = x.start
		}
		if x.end.After(out.last) {
			out.last = x.end
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	out.p50, out.p95, out.p99 = pct(ds, 50), pct(ds, 95), pct(ds, 99)
	return out
}

// endedBy counts the operations that ended by t.
func (s *series) endedBy(t time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, x := range s.samples {
		if !x.end.After(t) {
			n++
		}
	}
	return n
}

// pct is the nearest-rank percentile of sorted durations.
func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

// rate is operations per second between the first start and the last end.
func (m summary) rate() float64 {
	if w := m.last.Sub(m.first); m.n > 0 && w > 0 {
		return float64(m.n) / w.Seconds()
	}
	return 0
}

// line prints "name: n=… p50=… p95=… p99=…".
func (m summary) line(out io.Writer, name string) {
	fmt.Fprintf(out, "%s: n=%d p50=%s p95=%s p99=%s\n", name, m.n, ms(m.p50), ms(m.p95), ms(m.p99))
}

// throughput prints the count and rate over the span.
func (m summary) throughput(out io.Writer, name, unit string) {
	fmt.Fprintf(out, "%s: %d %s between the first started and the last ended (%s): %.1f/s\n",
		name, m.n, unit, m.last.Sub(m.first).Round(time.Millisecond), m.rate())
}

// sustained prints, for a plan with a window, how many operations ended
// within it (counted from the plan's start) and what rate that is.
func sustained(out io.Writer, name string, s *series, p plan, rs *runStats) {
	if p.window == 0 {
		return
	}
	n := s.endedBy(rs.start.Add(p.window))
	fmt.Fprintf(
		out,
		"%s sustained: %d ended within the %s window at %.0f/s offered: %.1f/s; the rest drained in %s\n",
		name,
		n,
		p.window,
		p.rate,
		float64(n)/p.window.Seconds(),
		max(0, rs.end.Sub(rs.start)-p.window).Round(time.Millisecond),
	)
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
}

// ratio is a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
