package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tindal/tindal/checklist"
)

// rawEnv is what the raw writers need to write the push's days again:
// the same inspector, phones (by slot), vessels (by day) and checklist.
type rawEnv struct {
	inspector string
	devices   []string
	vessels   []vesselRef
	tpl       checklist.Template
	ruleSet   string
	shape     rowShape
	derived   derivedShape
	seqs      []int64 // each slot's last seq; a slot runs one day at a time
}

// derivedShape is how many rows the rules derived per day on the push.
type derivedShape struct{ findings, offences int }

func (w written) derivedShape() derivedShape {
	if w.days == 0 {
		return derivedShape{findings: 13, offences: 5}
	}
	return derivedShape{findings: int(math.Round(w.derived)), offences: int(math.Round(w.offences))}
}

type vesselRef struct{ id, owner, jur string }

// rowShape is how many audit and change-log rows a day writes.
type rowShape struct{ change, audit int }

// defaultShape is what one offline day's push wrote: 3 scope keys × 68
// entities (the inspection, 30 answers, 8 + 13 derived findings, 6
// photos, 5 offences, 5 penalties) and 46 audit rows (207 change-log rows
// while a day took two chunks and logged the inspection twice). Used only
// when no push completed to measure; otherwise the run's own counts are.
var defaultShape = rowShape{change: 204, audit: 46}

func newRawEnv(ctx context.Context, pool *pgxpool.Pool, p *pushPhase, shape rowShape) (*rawEnv, error) {
	e := &rawEnv{tpl: p.tpl, shape: shape, ruleSet: "KA-IV-2025-draft.1", seqs: make([]int64, len(p.phones))}
	for _, cl := range p.phones {
		e.devices = append(e.devices, cl.device)
	}
	if err := pool.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = lower($1)`, p.c.email).
		Scan(&e.inspector); err != nil {
		return nil, fmt.Errorf("inspector %s: %w", p.c.email, err)
	}
	_ = pool.QueryRow(ctx, `SELECT rule_set_id FROM inspections WHERE inspector_id = $1
		ORDER BY created_at DESC LIMIT 1`, e.inspector).Scan(&e.ruleSet)
	rows, err := pool.Query(
		ctx,
		`SELECT id::text, owner_id::text, jurisdiction_id::text FROM vessels WHERE id::text = ANY($1)`,
		p.vessels,
	)
	if err != nil {
		return nil, err
	}
	byID := map[string]vesselRef{}
	for rows.Next() {
		var v vesselRef
		if err := rows.Scan(&v.id, &v.owner, &v.jur); err != nil {
			return nil, err
		}
		byID[v.id] = v
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, id := range p.vessels {
		e.vessels = append(e.vessels, byID[id])
	}
	return e, nil
}

// job writes day i on slot's phone: domain rows, and with all the
// bookkeeping rows too, in one transaction.
func (e *rawEnv) job(pool *pgxpool.Pool, all bool, days *series) func(ctx context.Context, slot, i int) error {
	return func(ctx context.Context, slot, i int) error {
		r := e.newRawDay(slot, i, e.seqs[slot])
		e.seqs[slot] += int64(len(r.mutations))
		b := &pgx.Batch{}
		r.queueDomain(b)
		if all {
			r.queueDerived(b, e.derived)
			r.queueBookkeeping(b, e.shape)
		}
		t0 := time.Now()
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() })
		if err == nil {
			days.since(t0)
		}
		return err
	}
}

// baselines counts what the push wrote, then runs the raw writers under
// the push's plan on a pool the size of the server's, and compares.
func baselines(
	ctx context.Context,
	c config,
	pool *pgxpool.Pool,
	p *pushPhase,
	pl plan,
	before rowMark,
	size sized,
	out io.Writer,
) error {
	push := p.days.summary()
	w, err := pushWrote(ctx, pool, before, push.n)
	if err != nil {
		return err
	}
	w.report(out)
	env, err := newRawEnv(ctx, pool, p, w.shape())
	if err != nil {
		return err
	}
	env.derived = w.derivedShape()
	raw, err := openPool(ctx, c.dbURL, size.n)
	if err != nil {
		return err
	}
	defer raw.Close()
	fmt.Fprintf(out, "raw pool: %d connections (%s)\n", size.n, size.source)
	for _, all := range []bool{false, true} {
		if c.raw == "domain" && all || c.raw == "all" && !all {
			continue
		}
		short, long := env.describe(all)
		var days series
		rs := pl.run(ctx, env.job(raw, all, &days))
		rs.report(out, long, pl)
		compare(out, short, push, &days, pl, rs)
	}
	return nil
}

// describe names a baseline, briefly and in full.
func (e *rawEnv) describe(all bool) (short, long string) {
	if !all {
		return "raw domain rows", "raw domain rows (inspection, 30 answer inserts + 10 updates, 8 findings, 6 " +
			"photos, submit; one pgx.Batch in one transaction a day)"
	}
	return "raw all rows", fmt.Sprintf("raw all rows (domain rows + %d derived findings, the owner as liable party, "+
		"%d offences and %d penalties, the outcome + 56 applied_mutations + %d "+
		"audit_log + %d change_log through its trigger; one pgx.Batch in one "+
		"transaction a day)",
		e.derived.findings, e.derived.offences, e.derived.offences, e.shape.audit, e.shape.change)
}

// compare prints a raw baseline's figures and the push against them.
func compare(out io.Writer, short string, push summary, days *series, pl plan, rs *runStats) {
	raw := days.summary()
	raw.throughput(out, "  "+short, "days")
	sustained(out, "  "+short, days, pl, rs)
	raw.line(out, "  "+short+" per day (begin to commit)")
	capped := ""
	if pl.window > 0 || pl.rate > 0 {
		capped = fmt.Sprintf(", both capped by the %.0f/s offered", pl.rate)
	}
	fmt.Fprintf(
		out,
		"  push vs %s: throughput %.1f vs %.1f days/s (raw %.1f× the push%s); per "+
			"day p50 %.1f×, p95 %.1f×, p99 %.1f× the raw\n",
		short,
		push.rate(),
		raw.rate(),
		ratio(raw.rate(), push.rate()),
		capped,
		ratio(
			float64(push.p50),
			float64(raw.p50),
		),
		ratio(float64(push.p95), float64(raw.p95)),
		ratio(float64(push.p99), float64(raw.p99)),
	)
}

// openPool opens a pool of size connections and opens them all now, so
// the timed phase does not pay for connecting (the server's pool is warm).
func openPool(ctx context.Context, url string, size int) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = int32(size) //nolint:gosec // size is a flag: tens of connections
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	conns := make([]*pgxpool.Conn, 0, size)
	defer func() {
		for _, cn := range conns {
			cn.Release()
		}
	}()
	for range size {
		cn, err := pool.Acquire(ctx)
		if err != nil {
			pool.Close()
			return nil, err
		}
		conns = append(conns, cn)
	}
	return pool, nil
}

// rowMark is where the tables stood before the push phase.
type rowMark struct{ changePos, auditID, applied, derived, offences, penalties int64 }

func countRows(ctx context.Context, pool *pgxpool.Pool) (rowMark, error) {
	var m rowMark
	if pool == nil {
		return m, nil
	}
	err := pool.QueryRow(ctx, `SELECT (SELECT coalesce(max(position), 0) FROM change_log), (SELECT
		coalesce(max(id), 0) FROM audit_log),
		(SELECT count(*) FROM applied_mutations), (SELECT count(*) FROM findings WHERE source <> 'inspector'),
		(SELECT count(*) FROM offences), (SELECT count(*) FROM penalties)`).
		Scan(&m.changePos, &m.auditID, &m.applied, &m.derived, &m.offences, &m.penalties)
	return m, err
}

// written is what the push phase wrote, per offline day pushed.
type written struct {
	days                                                 int
	change, audit, applied, derived, offences, penalties float64
}

func pushWrote(ctx context.Context, pool *pgxpool.Pool, m rowMark, days int) (written, error) {
	var n rowMark
	err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM change_log WHERE position > $1), (SELECT count(*) FROM
		audit_log WHERE id > $2),
		(SELECT count(*) FROM applied_mutations) - $3, (SELECT count(*) FROM findings WHERE source <> 'inspector') - $4,
		(SELECT count(*) FROM offences) - $5, (SELECT count(*) FROM penalties) - $6`,
		m.changePos, m.auditID, m.applied, m.derived, m.offences, m.penalties).
		Scan(&n.changePos, &n.auditID, &n.applied, &n.derived, &n.offences, &n.penalties)
	if err != nil || days == 0 {
		return written{}, err
	}
	d := float64(days)
	return written{
		days:      days,
		change:    float64(n.changePos) / d,
		audit:     float64(n.auditID) / d,
		applied:   float64(n.applied) / d,
		derived:   float64(n.derived) / d,
		offences:  float64(n.offences) / d,
		penalties: float64(n.penalties) / d,
	}, nil
}

func (w written) shape() rowShape {
	if w.days == 0 {
		return defaultShape
	}
	return rowShape{change: int(math.Round(w.change)), audit: int(math.Round(w.audit))}
}

func (w written) report(out io.Writer) {
	if w.days == 0 {
		fmt.Fprintf(
			out,
			"no push completed: the all-rows baseline uses the shape of commit a062ce0 (%d change_log, %d audit_log a day)\n",
			defaultShape.change,
			defaultShape.audit,
		)
		return
	}
	fmt.Fprintf(out, "the push wrote per offline day: %.1f applied_mutations, %.1f change_log, "+
		"%.1f audit_log; derived by the rules, in the all-rows baseline: %.1f "+
		"findings, %.1f offences, %.1f penalties\n",
		w.applied, w.change, w.audit, w.derived, w.offences, w.penalties)
}
