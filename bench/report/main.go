// Command report turns the output of `go test -bench` (scripts/bench.sh
// full) into bench/results/latest.md: every figure beside its raw baseline
// from the same run and the ratio, with the command, the load average and
// the commit.
//
// A figure's baseline is found by rule, not by a list that can rot: a
// sub-benchmark named baseline… is the baseline of its siblings (same
// unit) — named …baseline, as in decode-baseline, too; a metric named put-ms/op or raw-… is the baseline of the other
// time metrics on its line; and pairs names the few baselines that are
// benchmarks of their own. Figures with none (pure computation, memory
// peaks) are listed apart.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// pairs names baselines that are benchmarks of their own: figure → baseline
// (package-qualified, without the -GOMAXPROCS suffix).
var pairs = map[string]string{
	"sync.BenchmarkPushOfflineDay":             "sync.BenchmarkRawBaselineAllRows",
	"sync.BenchmarkPushOfflineDayOwnerHistory": "sync.BenchmarkRawBaselineAllRows",
	"sync.BenchmarkRawBaselineAllRows":         "sync.BenchmarkRawBaseline",
	"sync.BenchmarkRawBaselineBatched":         "sync.BenchmarkRawBaseline",
}

// result is one benchmark line.
type result struct {
	pkg, name string // name without the -N suffix
	iters     int
	metrics   []metric
}

type metric struct {
	unit  string
	value float64
}

func (r result) key() string { return r.pkg + "." + r.name }

func (r result) get(unit string) (float64, bool) {
	for _, m := range r.metrics {
		if m.unit == unit {
			return m.value, true
		}
	}
	return 0, false
}

var lineRE = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+(\d+)\s+(.*)$`)

func parse(r io.Reader) []result {
	var out []result
	pkg := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = p[strings.LastIndex(p, "/")+1:]
			continue
		}
		m := lineRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		iters, _ := strconv.Atoi(m[3])
		res := result{pkg: pkg, name: m[1], iters: iters}
		f := strings.Fields(m[4])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err == nil {
				res.metrics = append(res.metrics, metric{unit: f[i+1], value: v})
			}
		}
		out = append(out, res)
	}
	return out
}

// row is one line of the report.
type row struct {
	figure, unit string
	value        float64
	base         string
	baseValue    float64
}

func timeUnit(u string) bool {
	return u == "ns/op" || strings.HasSuffix(u, "-ms/op") || strings.HasSuffix(u, "-ms") || strings.HasSuffix(u, "-s")
}

// compare pairs every figure with its baseline; the rest have none.
func compare(rs []result) (paired []row, alone []row) {
	byKey := map[string]result{}
	for _, r := range rs {
		byKey[r.key()] = r
	}
	for _, r := range rs {
		rows := siblingPairs(r, rs)
		rows = append(rows, metricPairs(r)...)
		if b, ok := byKey[pairs[r.key()]]; ok {
			v, _ := r.get("ns/op")
			bv, _ := b.get("ns/op")
			rows = append(rows, row{r.key(), "ns/op", v, b.key(), bv})
		}
		paired = append(paired, rows...)
		if _, leaf, _ := cutLast(r.name); len(rows) == 0 && !strings.Contains(leaf, "baseline") && !isBaseline(r.key()) {
			for _, m := range r.metrics {
				alone = append(alone, row{figure: r.key(), unit: m.unit, value: m.value})
			}
		}
	}
	return paired, alone
}

// siblingPairs pairs r's figures with a sibling sub-benchmark named
// "…baseline" of the same package and parent.
func siblingPairs(r result, rs []result) []row {
	parent, leaf, ok := cutLast(r.name)
	if !ok || strings.Contains(leaf, "baseline") {
		return nil
	}
	var out []row
	for _, b := range rs {
		bp, bl, _ := cutLast(b.name)
		if b.pkg != r.pkg || bp != parent || !strings.Contains(bl, "baseline") {
			continue
		}
		for _, m := range r.metrics {
			if bv, ok := b.get(m.unit); ok && m.unit != "allocs/op" {
				out = append(out, row{r.key(), m.unit, m.value, b.key(), bv})
			}
		}
	}
	return out
}

// metricPairs pairs r's time figures with a baseline it reports itself
// (put-ms/op: a raw PutObject; raw-sql-s: the raw SQL of the same work).
func metricPairs(r result) []row {
	var out []row
	for _, bu := range []string{"put-ms/op", "raw-sql-s"} {
		bv, ok := r.get(bu)
		if !ok {
			continue
		}
		for _, m := range r.metrics {
			if m.unit != bu && timeUnit(m.unit) && m.unit != "ns/op" {
				out = append(out, row{r.key(), m.unit, m.value, r.key() + " " + bu, bv})
			}
		}
	}
	return out
}

// cutLast splits a benchmark name at its last "/": the parent and the leaf.
func cutLast(name string) (parent, leaf string, ok bool) {
	i := strings.LastIndex(name, "/")
	if i < 0 {
		return name, "", false
	}
	return name[:i], name[i+1:], true
}

func isBaseline(k string) bool {
	for _, b := range pairs {
		if b == k {
			return true
		}
	}
	return false
}

func main() {
	in := flag.String("in", "", "go test -bench output")
	out := flag.String("out", "bench/results/latest.md", "report to write")
	commit := flag.String("commit", "", "commit measured")
	command := flag.String("command", "", "command that produced the input")
	before := flag.String("load-before", "", "load average (1, 5, 15 min) before the run")
	after := flag.String("load-after", "", "load average after the run")
	cores := flag.String("cores", "", "cores of the machine")
	flag.Parse()
	f, err := os.Open(*in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
	defer f.Close()
	rs := parse(f)
	paired, alone := compare(rs)
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmarks, each beside its raw baseline from the same run\n\n")
	fmt.Fprintf(
		&b,
		"- commit: `%s`\n- date: %s\n- cores: %s\n- load average (1, 5, 15 min): %s before, %s after\n- command: `%s`\n\n",
		*commit,
		time.Now().UTC().Format(time.RFC3339),
		*cores,
		*before,
		*after,
		*command,
	)
	fmt.Fprintf(&b, "Ratios are figure / baseline: what the server adds to a raw client doing the same work. "+
		"A loaded machine inflates both sides; compare ratios, not absolute figures, across runs.\n\n")
	fmt.Fprintf(&b, "| figure | unit | value | raw baseline | baseline value | ratio |\n|---|---|---:|---|---:|---:|\n")
	for _, r := range paired {
		ratio := "—"
		if r.baseValue > 0 {
			ratio = fmt.Sprintf("%.2f×", r.value/r.baseValue)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.figure, r.unit, num(r.value), r.base, num(r.baseValue), ratio)
	}
	fmt.Fprintf(
		&b,
		"\n## Figures without a raw baseline (pure computation, memory peaks)\n\n"+
			"| benchmark | unit | value |\n|---|---|---:|\n",
	)
	for _, r := range alone {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", r.figure, r.unit, num(r.value))
	}
	//nolint:gosec // a results file committed to the repository, for everyone to read
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func num(v float64) string {
	if v >= 1000 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
