package main

import (
	"context"
	"fmt"
	"io"
	stdsync "sync"
	"time"
)

// plan says when jobs (offline days, pulls) start and on how many slots
// (phones, or raw writers standing in for them). The push phase and the
// raw baselines run the same plan, so they see the same concurrency.
type plan struct {
	days, slots int
	// rate is jobs started per second; 0 starts them all at once (every
	// goroutine waits at a gate that opens when all are ready).
	rate float64
	// window is the sustained mode's duration (0: not sustained).
	window time.Duration
}

// runStats is what the scheduler saw.
type runStats struct {
	start, end time.Time
	late       int           // jobs that found no free slot at their start time
	maxLate    time.Duration // the longest such wait
	errors     int
	lastErr    error
	mu         stdsync.Mutex
}

func (r *runStats) fail(err error) {
	if err == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors++
	r.lastErr = err
}

// take returns a free slot, counting a job that had to wait for one.
func (r *runStats) take(free chan int, due time.Time) int {
	select {
	case slot := <-free:
		return slot
	default:
	}
	slot := <-free
	if !due.IsZero() {
		r.late++
		r.maxLate = max(r.maxLate, time.Since(due))
	}
	return slot
}

// run starts p.days jobs, each on a free slot (a slot runs one job at a
// time), and waits for all of them.
func (p plan) run(ctx context.Context, job func(ctx context.Context, slot, day int) error) *runStats {
	rs := &runStats{}
	free := make(chan int, p.slots)
	for i := range p.slots {
		free <- i
	}
	gate := make(chan struct{})
	var wg stdsync.WaitGroup
	launch := func(day int, due time.Time) {
		slot := rs.take(free, due)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			rs.fail(job(ctx, slot, day))
			free <- slot
		}()
	}
	if p.rate <= 0 {
		for d := range p.days {
			launch(d, time.Time{})
		}
		rs.start = time.Now()
		close(gate)
	} else {
		close(gate)
		rs.start = time.Now()
		for d := range p.days {
			due := rs.start.Add(time.Duration(float64(d) / p.rate * float64(time.Second)))
			time.Sleep(time.Until(due))
			launch(d, due)
		}
	}
	wg.Wait()
	rs.end = time.Now()
	return rs
}

// describe says what the plan does, in one line.
func (p plan) describe(what string) string {
	switch {
	case p.window > 0:
		return fmt.Sprintf(
			"%d %s started at %.0f/s for %s on %d phones (one at a time each)",
			p.days,
			what,
			p.rate,
			p.window,
			p.slots,
		)
	case p.rate > 0:
		return fmt.Sprintf("%d %s started at %.0f/s, one per phone", p.days, what, p.rate)
	}
	return fmt.Sprintf("%d %s, all started at once, one per phone", p.days, what)
}

// report prints the scheduler's line: how many jobs, how long, errors and
// late starts.
func (r *runStats) report(out io.Writer, name string, p plan) {
	fmt.Fprintf(out, "%s: %d in %s, errors %d", name, p.days, r.end.Sub(r.start).Round(time.Millisecond), r.errors)
	if r.late > 0 {
		fmt.Fprintf(
			out,
			", %d started late for want of a free phone (longest wait %s)",
			r.late,
			r.maxLate.Round(time.Millisecond),
		)
	}
	fmt.Fprintln(out)
	if r.lastErr != nil {
		fmt.Fprintln(out, "  last error:", r.lastErr)
	}
}
