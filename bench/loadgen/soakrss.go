package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// rssEvery is how often the sampler reads the server's memory.
const rssEvery = 5 * time.Second

// rssGrowth is how much the last minute's median RSS may exceed the
// second minute's (the first minute is the warm-up: pools, caches).
const rssGrowth = 1.25

// memSample is the server's memory at one moment: RSS from /proc, heap in
// use and goroutines from its metrics listener (-1 when unknown).
type memSample struct {
	at                 time.Duration // since the load started
	rss, heap          int64         // bytes
	goroutines         int64
	rssErr, metricsErr error
}

// sampler reads the server's memory every rssEvery until stopped.
type sampler struct {
	cancel  context.CancelFunc
	done    chan []memSample
	pid     int
	metrics string
}

func startSampler(ctx context.Context, pid int, metrics string) *sampler {
	ctx, cancel := context.WithCancel(ctx)
	s := &sampler{cancel: cancel, done: make(chan []memSample, 1), pid: pid, metrics: metrics}
	go func() {
		t0 := time.Now()
		var out []memSample
		tick := time.NewTicker(rssEvery)
		defer tick.Stop()
		for {
			out = append(out, s.sample(ctx, time.Since(t0)))
			select {
			case <-ctx.Done():
				s.done <- out
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

// stop ends the sampling and returns the samples.
func (s *sampler) stop() []memSample {
	s.cancel()
	return <-s.done
}

func (s *sampler) sample(ctx context.Context, at time.Duration) memSample {
	m := memSample{at: at, rss: -1, heap: -1, goroutines: -1}
	if s.pid > 0 {
		m.rss, m.rssErr = readRSS(s.pid)
	}
	vals, err := scrapeMetrics(ctx, s.metrics, "go_memstats_heap_inuse_bytes", "go_goroutines")
	m.metricsErr = err
	if v, ok := vals["go_memstats_heap_inuse_bytes"]; ok {
		m.heap = int64(v)
	}
	if v, ok := vals["go_goroutines"]; ok {
		m.goroutines = int64(v)
	}
	return m
}

// readRSS is VmRSS of /proc/PID/status, in bytes.
func readRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return -1, fmt.Errorf("VmRSS %q: %w", v, err)
			}
			return kb * 1024, nil
		}
	}
	return -1, fmt.Errorf("/proc/%d/status: no VmRSS", pid)
}

// scrapeMetrics reads the named unlabelled gauges from base's /metrics.
func scrapeMetrics(ctx context.Context, base string, names ...string) (map[string]float64, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	cl := &client{base: base, http: http.DefaultClient}
	status, b, err := cl.do(ctx, "GET", "/metrics", nil, nil)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, fmt.Errorf("/metrics answered %d", status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		for _, n := range names {
			if v, ok := strings.CutPrefix(sc.Text(), n+" "); ok {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					out[n] = f
				}
			}
		}
	}
	return out, nil
}

// window is the median of the samples taken in [from, to) of a field
// (-1 when there is none).
func window(samples []memSample, from, to time.Duration, field func(memSample) int64) int64 {
	var xs []int64
	for _, s := range samples {
		if v := field(s); s.at >= from && s.at < to && v >= 0 {
			xs = append(xs, v)
		}
	}
	if len(xs) == 0 {
		return -1
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	return xs[len(xs)/2]
}

// rssJudge applies the rule: the last minute's median RSS at most
// rssGrowth times the second minute's. It says whether the run passes and
// why; a run shorter than three minutes has no separate second and last
// minute and is not judged.
func rssJudge(samples []memSample, d time.Duration) (bool, string) {
	rss := func(s memSample) int64 { return s.rss }
	second, last := window(samples, time.Minute, 2*time.Minute, rss), window(samples, d-time.Minute, d, rss)
	switch {
	case d < 3*time.Minute:
		return true, "not judged: the run is shorter than 3 minutes"
	case second < 0 || last < 0:
		return false, "no RSS samples (pass -server-pid)"
	case float64(last) > rssGrowth*float64(second):
		return false, fmt.Sprintf("FAIL: last-minute median %s is %.0f%% above the second minute's %s",
			mib(last), 100*(float64(last)/float64(second)-1), mib(second))
	}
	return true, fmt.Sprintf("flat: last-minute median %s is %+.0f%% from the second minute's %s",
		mib(last), 100*(float64(last)/float64(second)-1), mib(second))
}

// reportRSS prints the series' summary and the rule's verdict, and says
// whether it passed.
func reportRSS(out io.Writer, samples []memSample, d time.Duration) bool {
	fmt.Fprintf(out, "## Server memory\n\nRule: sampled every %s; fail when the last minute's median RSS exceeds "+
		"the second minute's by more than %.0f%% (the first minute is warm-up).\n\n", rssEvery, 100*(rssGrowth-1))
	fmt.Fprintln(
		out,
		"| | first minute (median) | second minute (median) | last minute (median) | max |\n|---|---|---|---|---|",
	)
	for _, f := range []struct {
		name string
		get  func(memSample) int64
		show func(int64) string
	}{
		{"RSS", func(s memSample) int64 { return s.rss }, mib},
		{"Go heap in use", func(s memSample) int64 { return s.heap }, mib},
		{"goroutines", func(s memSample) int64 { return s.goroutines }, count},
	} {
		peak := int64(-1)
		for _, s := range samples {
			peak = max(peak, f.get(s))
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s | %s |\n", f.name,
			f.show(window(samples, 0, time.Minute, f.get)), f.show(window(samples, time.Minute, 2*time.Minute, f.get)),
			f.show(window(samples, d-time.Minute, d, f.get)), f.show(peak))
	}
	ok, why := rssJudge(samples, d)
	var peak memSample
	for _, s := range samples {
		if s.rss > peak.rss {
			peak = s
		}
	}
	fmt.Fprintf(out, "\n%d samples (RSS max at %s); RSS %s\n\n", len(samples), peak.at.Round(time.Second), why)
	if len(samples) > 0 {
		if e := samples[len(samples)-1].rssErr; e != nil {
			fmt.Fprintf(out, "last RSS read failed: %v\n\n", e)
		}
		if e := samples[len(samples)-1].metricsErr; e != nil {
			fmt.Fprintf(out, "last metrics scrape failed: %v\n\n", e)
		}
	}
	return ok
}

func mib(b int64) string {
	if b < 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

func count(n int64) string {
	if n < 0 {
		return "—"
	}
	return strconv.FormatInt(n, 10)
}
