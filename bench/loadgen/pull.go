package main

import (
	"context"
	"fmt"
	"io"
	stdsync "sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// pullPhase times whole pulls (every page to has_more false) and pages.
type pullPhase struct {
	phones []*client
	pulls  series
	pages  series
	mu     stdsync.Mutex
	items  int
}

// job pulls to the end from the phone's cursor; initial drops it first.
func (p *pullPhase) job(initial bool) func(ctx context.Context, slot, i int) error {
	return func(ctx context.Context, slot, i int) error {
		cl := p.phones[slot]
		if initial {
			cl.cursor = ""
		}
		t0 := time.Now()
		n, err := cl.pullAll(ctx, &p.pages)
		if err != nil {
			return err
		}
		p.pulls.since(t0)
		p.mu.Lock()
		p.items += n
		p.mu.Unlock()
		return nil
	}
}

// pullOnly measures pulls with no pushes running: first every phone's
// initial pull (no cursor, every page), then incremental pulls from the
// cursor that pull left, with nothing changed in between.
func pullOnly(ctx context.Context, c config, out io.Writer) error {
	var pool *pgxpool.Pool
	if c.dbURL != "" {
		var err error
		if pool, err = pgxpool.New(ctx, c.dbURL); err != nil {
			return err
		}
		defer pool.Close()
	}
	phones, err := loginAll(ctx, c, loginReset(pool))
	if err != nil {
		return err
	}
	first := plan{days: c.devices, slots: c.devices, rate: c.rate}
	if c.duration > 0 {
		first.rate = 0
	}
	fmt.Fprintf(
		out,
		"plan: %s, then %s\n",
		first.describe("initial pulls"),
		c.plan().describe("incremental pulls with no changes"),
	)
	for _, initial := range []bool{true, false} {
		pl, name := c.plan(), "incremental pulls, no changes"
		if initial {
			pl, name = first, "initial pulls"
		}
		p := &pullPhase{phones: phones}
		rs := pl.run(ctx, p.job(initial))
		p.report(out, name, pl, rs)
	}
	return nil
}

func (p *pullPhase) report(out io.Writer, name string, pl plan, rs *runStats) {
	rs.report(out, name, pl)
	pulls := p.pulls.summary()
	fmt.Fprintf(out, "  items received: %d (%.1f a pull)\n", p.items, ratio(float64(p.items), float64(pulls.n)))
	pulls.throughput(out, "  throughput", "pulls")
	sustained(out, "  pulls", &p.pulls, pl, rs)
	pulls.line(out, "  per pull (every page)")
	p.pages.summary().line(out, "  per page")
}
