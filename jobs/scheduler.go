package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/tindal/tindal/rules"
)

// Kolkata is the zone the schedules are read in; the embedded tz database
// (time/tzdata in main) provides it, with the fixed offset as a fallback.
func Kolkata() *time.Location {
	if loc, err := time.LoadLocation("Asia/Kolkata"); err == nil {
		return loc
	}
	return rules.IST
}

// parser reads 5-field specs and 6-field specs with seconds.
var parser = cron.NewParser(
	cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor,
)

// Scheduler fires the jobs on their schedules in Asia/Kolkata. Each tick
// is claimed in job_runs, so with several replicas each runs once.
type Scheduler struct {
	s    *Service
	cron *cron.Cron
	ctx  context.Context
	stop context.CancelFunc
}

// NewScheduler builds a scheduler of every job (or only those named).
func (s *Service) NewScheduler(only ...string) (*Scheduler, error) {
	logger := cronLogger{s.d.Log}
	c := cron.New(cron.WithLocation(Kolkata()), cron.WithParser(parser), cron.WithLogger(logger),
		cron.WithChain(cron.Recover(logger), cron.SkipIfStillRunning(logger)))
	ctx, stop := context.WithCancel(context.Background())
	sc := &Scheduler{s: s, cron: c, ctx: ctx, stop: stop}
	names := only
	if len(names) == 0 {
		names = s.Names()
	}
	for _, n := range names {
		def, ok := s.defs[n]
		if !ok {
			return nil, fmt.Errorf("no job %q", n)
		}
		sched, err := parser.Parse(def.Schedule)
		if err != nil {
			return nil, fmt.Errorf("schedule of %s %q: %w", n, def.Schedule, err)
		}
		c.Schedule(sched, cron.FuncJob(func() { s.runScheduled(ctx, def, LatestTick(sched, s.d.Clock())) }))
	}
	return sc, nil
}

// Start starts the scheduler in the background.
func (sc *Scheduler) Start() { sc.cron.Start() }

// Stop stops firing new runs and waits for running ones until ctx ends;
// then it cancels them and waits until they have returned (each records
// its outcome, failed when cancelled), so that the database can be closed
// after it.
func (sc *Scheduler) Stop(ctx context.Context) error {
	done := sc.cron.Stop()
	select {
	case <-done.Done():
		sc.stop()
		return nil
	case <-ctx.Done():
		sc.stop()
		<-done.Done()
		return ctx.Err()
	}
}

// LatestTick is the schedule's own tick that fired at now: the latest
// planned time not after now (searched two minutes back). Every replica
// computes the same tick however late its timer fired, so the tick, not
// the replica's clock, keys the claim.
func LatestTick(sched cron.Schedule, now time.Time) time.Time {
	t := sched.Next(now.Add(-2 * time.Minute))
	if t.After(now) {
		return now.Truncate(time.Second)
	}
	for {
		next := sched.Next(t)
		if next.After(now) {
			return t
		}
		t = next
	}
}

// NextRun is when a job is next planned after now, in Asia/Kolkata.
func (s *Service) NextRun(name string, now time.Time) (time.Time, error) {
	def, ok := s.defs[name]
	if !ok {
		return time.Time{}, fmt.Errorf("no job %q", name)
	}
	sched, err := parser.Parse(def.Schedule)
	if err != nil {
		return time.Time{}, err
	}
	return sched.Next(now.In(Kolkata())), nil
}

// cronLogger sends cron's messages to slog.
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Debug("cron: "+msg, kv...) }

func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error("cron: "+msg, append(kv, "err", err)...)
}

// ParseSchedules reads schedules that replace the default ones
// (TINDAL_JOB_SCHEDULES): "name=spec" pairs separated by ";", each naming a
// job and giving a cron spec of 5 fields, or 6 with seconds first, read in
// Asia/Kolkata. An empty value replaces none.
func ParseSchedules(v string) (map[string]string, error) {
	out := map[string]string{}
	known := New(Deps{}).defs
	for pair := range strings.SplitSeq(v, ";") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		name, spec, ok := strings.Cut(pair, "=")
		name, spec = strings.TrimSpace(name), strings.TrimSpace(spec)
		if !ok || name == "" || spec == "" {
			return nil, fmt.Errorf("%q: want name=spec", pair)
		}
		if _, ok := known[name]; !ok {
			return nil, fmt.Errorf("no job %q", name)
		}
		if _, err := parser.Parse(spec); err != nil {
			return nil, fmt.Errorf("schedule of %s %q: %w", name, spec, err)
		}
		out[name] = spec
	}
	return out, nil
}
