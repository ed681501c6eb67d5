package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	stdsync "sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tindal/tindal/checklist"
)

// pushPhase is the phones' offline days against the server.
type pushPhase struct {
	c        config
	tpl      checklist.Template
	phones   []*client
	vessels  []string     // day i inspects vessels[i % len]
	reqs     series       // each push request, retries included
	days     series       // each day's push: first request sent to last answered
	pages    series       // each pull page
	complete series       // each whole phone day (pulls included)
	sent     atomic.Int64 // mutations sent, each expected to be applied
	ledger   dayLedger    // the days' inspections, checked in the database after
}

// job is one phone's day: pull, push the day in batches, pull (no pulls
// with -push-only).
func (p *pushPhase) job(ctx context.Context, slot, i int) error {
	cl := p.phones[slot]
	t0 := time.Now()
	if !p.c.pushOnly {
		if _, err := cl.pullAll(ctx, &p.pages); err != nil && !errors.Is(err, errNoPull) {
			return err
		}
	}
	d := newDay(p.tpl, p.vessels[i%len(p.vessels)], cl.seq)
	cl.seq += int64(len(d.mutations))
	p.sent.Add(int64(len(d.mutations)))
	p.ledger.add(d)
	if err := p.pushDay(ctx, cl, d); err != nil {
		return err
	}
	if !p.c.pushOnly {
		if _, err := cl.pullAll(ctx, &p.pages); err != nil && !errors.Is(err, errNoPull) {
			return err
		}
	}
	p.complete.since(t0)
	return nil
}

func (p *pushPhase) pushDay(ctx context.Context, cl *client, d day) error {
	t0 := time.Now()
	for lo := 0; lo < len(d.mutations); {
		hi := min(lo+p.c.batch, len(d.mutations))
		done, err := cl.push(ctx, d.mutations[lo:hi], &p.reqs)
		if err != nil {
			return err
		}
		lo += done
	}
	p.days.since(t0)
	return nil
}

// pushRun sets up the fleet and the phones, runs the push phase, counts
// what it wrote, and runs the raw baselines under the same plan.
func pushRun(ctx context.Context, c config, getenv func(string) string, out io.Writer) error {
	pl := c.plan()
	var pool *pgxpool.Pool
	if c.dbURL != "" {
		var err error
		if pool, err = pgxpool.New(ctx, c.dbURL); err != nil {
			return err
		}
		defer pool.Close()
	}
	p := &pushPhase{c: c}
	var err error
	if p.tpl, err = formTemplate(); err != nil {
		return err
	}
	reset := loginReset(pool)
	if p.vessels, err = fleet(ctx, c, pool, pl.days, reset, out); err != nil {
		return err
	}
	if p.phones, err = loginAll(ctx, c, reset); err != nil {
		return err
	}
	if err := yesterday(ctx, c, p.phones); err != nil {
		return err
	}
	before, err := countRows(ctx, pool)
	if err != nil {
		return err
	}
	applied0, all0, err := appliedCount(ctx, pool)
	if err != nil {
		return err
	}
	// Read the server's pool size before the push phase: a server whose
	// /metrics breaks under load would otherwise leave only a guess.
	size := poolSize(ctx, c, getenv)
	fmt.Fprintf(out, "plan: %s; a day is %s\n", pl.describe("offline days"), p.dayShape())
	cpu0, cpuErr := scrapeMetric(ctx, c.metrics, "process_cpu_seconds_total")
	rs := pl.run(ctx, p.job)
	p.report(out, pl, rs)
	serverCPU(ctx, c, cpu0, cpuErr, pl.days, out)
	if rs.errors > 0 {
		return fmt.Errorf(
			"%d of %d offline days failed (last: %v): the figures above include work that did not happen",
			rs.errors,
			pl.days,
			rs.lastErr,
		)
	}
	if err := checkApplied(ctx, pool, applied0, all0, p.sent.Load()); err != nil {
		return err
	}
	if err := checkDays(ctx, pool, &p.ledger); err != nil {
		return err
	}
	if pool != nil {
		fmt.Fprintf(out, "database: every one of the %d days is there once, whole\n", len(p.ledger.days))
	}
	if pool == nil || c.raw == "none" {
		return nil
	}
	return baselines(ctx, c, pool, p, pl, before, size, out)
}

// serverCPU prints the server processes' CPU time over the push phase per
// offline day (their process_cpu_seconds_total before and after, added up
// over every -metrics listener; the database's CPU is not in it), or why
// it cannot.
func serverCPU(ctx context.Context, c config, before float64, err error, days int, out io.Writer) {
	var after float64
	if err == nil {
		after, err = scrapeMetric(ctx, c.metrics, "process_cpu_seconds_total")
	}
	if err != nil {
		fmt.Fprintf(out, "server CPU: not measured (%v)\n", err)
		return
	}
	fmt.Fprintf(out, "server CPU: %.2f s over the push phase, %.1f ms per offline day (process_cpu_seconds_total; "+
		"PostgreSQL's not included)\n", after-before, (after-before)*1000/float64(days))
	if rss, err := scrapeMetric(ctx, c.metrics, "process_resident_memory_bytes"); err == nil {
		fmt.Fprintf(out, "server RSS at the end: %.0f MiB (all servers)\n", rss/(1<<20))
	}
}

// appliedCount is how many recorded mutations were applied, and how many
// were recorded at all.
func appliedCount(ctx context.Context, pool *pgxpool.Pool) (applied, all int64, err error) {
	if pool == nil {
		return 0, 0, nil
	}
	err = pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'applied'), count(*) FROM applied_mutations`).
		Scan(&applied, &all)
	if err != nil {
		err = fmt.Errorf("count applied mutations: %w", err)
	}
	return applied, all, err
}

// checkApplied fails unless the database recorded every mutation the
// phones sent, each as applied: the phones' answers alone could hide work
// that was deferred or quarantined after all.
func checkApplied(ctx context.Context, pool *pgxpool.Pool, applied0, all0, sent int64) error {
	if pool == nil {
		return nil
	}
	applied, all, err := appliedCount(ctx, pool)
	if err != nil {
		return err
	}
	if applied-applied0 != sent || all-all0 != sent {
		return fmt.Errorf("the phones sent %d mutations; the server recorded %d, of which %d applied: "+
			"the figures above count work that did not happen",
			sent, all-all0, applied-applied0)
	}
	return nil
}

func (p *pushPhase) dayShape() string {
	s := fmt.Sprintf("56 mutations pushed in batches of %d", p.c.batch)
	if !p.c.pushOnly {
		s = "a pull, " + s + ", a pull (push figures include other phones' pulls; -push-only to exclude them)"
	}
	return s
}

// loginReset clears the login limiter before each login, when the
// database is at hand.
func loginReset(pool *pgxpool.Pool) func(context.Context) {
	if pool == nil {
		return nil
	}
	var mu stdsync.Mutex
	return func(ctx context.Context) {
		mu.Lock()
		defer mu.Unlock()
		_, _ = pool.Exec(ctx, "DELETE FROM login_attempts")
	}
}

// fleet is the vessels the days inspect: one boat of its own owner per
// day, or with -shared the boats of one owner.
func fleet(
	ctx context.Context,
	c config,
	pool *pgxpool.Pool,
	days int,
	reset func(context.Context),
	out io.Writer,
) ([]string, error) {
	visible, err := inspectableVessels(ctx, c, reset)
	if err != nil {
		return nil, err
	}
	var vs []string
	desc := "the boats of one owner (-shared)"
	switch {
	case c.shared && pool == nil:
		vs, desc = visible, "every boat the inspector sees (-shared without -db)"
	case c.shared:
		vs, err = oneOwner(ctx, pool, visible)
	case pool == nil:
		return nil, errors.New("a boat per day needs -db to register the fleet; or pass -shared")
	default:
		vs, err = ownFleet(ctx, pool, days, visible[0])
		desc = "one boat of its own owner per day"
	}
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "fleet: %s (%d vessels)\n", desc, len(vs))
	return vs, nil
}

// yesterday gives the phones yesterday's sync: one initial pull (not
// timed) whose cursor every phone holds, so the morning pull is
// incremental; with -initial the phones start with no cursor.
func yesterday(ctx context.Context, c config, phones []*client) error {
	if c.initial {
		return nil
	}
	if _, err := phones[0].pullAll(ctx, &series{}); err != nil && !errors.Is(err, errNoPull) {
		return err
	}
	for _, cl := range phones[1:] {
		cl.cursor = phones[0].cursor
	}
	return nil
}

func (p *pushPhase) report(out io.Writer, pl plan, rs *runStats) {
	rs.report(out, "offline days", pl)
	days := p.days.summary()
	days.throughput(out, "push phase", "offline-day pushes")
	sustained(out, "push", &p.days, pl, rs)
	p.reqs.summary().line(out, "push request")
	days.line(out, "push per day (first request sent to last answered, retries included)")
	if !p.c.pushOnly {
		p.pages.summary().line(out, "pull page")
		p.complete.summary().line(out, "whole phone day (pull, push, pull)")
	}
}
