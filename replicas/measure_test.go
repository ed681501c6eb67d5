package replicas

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	stdsync "sync"
	"testing"
	"time"
)

// TestMeasureOneReplicaAgainstThree is a measurement, not a check of
// behaviour: the same burst of offline days pushed straight to one
// replica, then through HAProxy to three, on this machine (docs/SCALING.md
// §5.2). Each phone pushes one inspection (ten mutations) in one request.
// It runs only with TINDAL_REPLICAS_MEASURE=1:
//
//	TINDAL_REPLICAS_MEASURE=1 go test -count=1 -run TestMeasure -v ./replicas
func TestMeasureOneReplicaAgainstThree(t *testing.T) {
	if os.Getenv("TINDAL_REPLICAS_MEASURE") == "" {
		t.Skip("a measurement: set TINDAL_REPLICAS_MEASURE=1")
	}
	const phones = 60
	for round := range 3 {
		for _, via := range []struct{ name, base string }{{"one replica (A, directly)", set.replicas[0].base()},
			{"three replicas behind HAProxy", set.proxy.base()}} {
			ps := make([]*phone, phones)
			for i := range ps {
				ps[i] = newPhone(t, via.base, []string{"inspector", "inspector2", "inspector3"}[i%3]+"@replicas.test",
					fmt.Sprintf("measure-%d-%s-%d", round, via.name[:3], i), 1, nil)
			}
			lat := make([]time.Duration, phones)
			var wg stdsync.WaitGroup
			cpu0, proxy0 := serversCPU(t), procCPU(set.proxy.cmd.Process.Pid)
			began := time.Now()
			for i, p := range ps {
				wg.Go(func() {
					t0 := time.Now()
					p.pushUntilFinal(t, via.base, p.queue)
					lat[i] = time.Since(t0)
				})
			}
			wg.Wait()
			took := time.Since(began)
			cpu, proxy := serversCPU(t)-cpu0, procCPU(set.proxy.cmd.Process.Pid)-proxy0
			checkExactlyOnce(t, ps...)
			slices.Sort(lat)
			load, _ := os.ReadFile("/proc/loadavg")
			t.Logf("%s: %d days in %s = %.1f days/s; push p50 %s, p99 %s; servers' CPU %.1f ms a day, HAProxy's %.2f ms; load average %.14s",
				via.name, phones, took.Round(time.Millisecond), float64(phones)/took.Seconds(), lat[phones/2].Round(time.Millisecond),
				lat[phones*99/100].Round(time.Millisecond), cpu*1000/phones, proxy*1000/phones, load)
		}
	}
}

// serversCPU adds the replicas' process_cpu_seconds_total.
func serversCPU(t *testing.T) float64 {
	var sum float64
	for _, r := range set.replicas {
		n, err := r.metric("process_cpu_seconds_total")
		must(t, err)
		sum += n
	}
	return sum
}

// procCPU is a process's user and system CPU in seconds (/proc/PID/stat).
func procCPU(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return (u + s) / 100 // clock ticks (USER_HZ, 100 on Linux)
}
