// Command loadgen simulates inspector phones against a running Tindal
// server and compares the push with raw pgx writers under the same
// concurrency.
//
// Each offline day is one inspection: start, 40 answers (30 items, 10 of
// them answered twice), 8 findings, 6 photo records, submit — 56
// mutations pushed in batches with retries. A phone's day is a pull, the
// push and a pull again (-push-only drops the pulls, so push figures are
// not mixed with other phones' pulls; -pull-only measures initial and
// no-change incremental pulls alone).
//
// Days start all at once, one per phone (-devices), or -rate per second;
// with -duration, rate×duration days start at that rate for that long on
// the -devices phones (a phone does one day at a time), which reports the
// sustained push rate.
//
// With -db the load generator registers one owner and one boat per day in
// the inspector's jurisdiction (ids derived from the index, so reruns
// reuse them; -shared puts every day on the boats of one owner instead),
// checks that every day pushed is in the database exactly once, whole
// (checkDays: a run that fails it exits non-zero), counts the rows the
// push wrote, and then runs two raw baselines with the
// same plan — the same number of days, the same arrival pattern, the same
// phones — on a pool the size of the server's: "domain rows" (what the
// device's data becomes) and "all rows" (those plus the exactly-once
// records, the change log through its trigger, and the audit log).
//
//	loadgen -url http://127.0.0.1:8080 -devices 200 -db "$TINDAL_DATABASE_URL"
//	loadgen -url http://127.0.0.1:8080 -devices 200 -rate 200 -duration 60s -push-only -db "$TINDAL_DATABASE_URL"
//	loadgen -url http://127.0.0.1:8080 -devices 50 -pull-only
//
// -soak is the soak of docs/SYNC.md §10.1: every phone loops for -duration
// (pull, push a day, upload its photos' bytes, pull, pause), an admin runs
// a scheduled job in the middle, and at the end the database and the
// object store must hold every mutation exactly once and every photo
// verified, while the server's RSS stays flat:
//
//	loadgen -soak -devices 200 -duration 10m -server-pid PID -db "$TINDAL_DATABASE_URL"
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

// config is every flag.
type config struct {
	url, email, password, dbURL string
	metrics                     string // the server's metrics listener
	devices, batch, pool        int
	shared, initial             bool
	pushOnly, pullOnly          bool
	rate                        float64
	duration                    time.Duration
	raw                         string
	soak                        soakConfig
}

func parseFlags(args []string, getenv func(string) string) (config, error) {
	var c config
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.StringVar(&c.url, "url", "http://127.0.0.1:8080", "server base URL")
	fs.StringVar(
		&c.metrics,
		"metrics",
		"http://127.0.0.1:9464",
		"the server's metrics listener (TINDAL_METRICS_ADDR), for its pool size and CPU; "+
			"several, comma-separated, are added up (replicas)",
	)
	fs.StringVar(
		&c.email,
		"email",
		"inspector.karwar@demo.tindal",
		"inspector every phone logs in as (one device per phone)",
	)
	fs.StringVar(&c.password, "password", getenv("TINDAL_DEMO_PASSWORD"), "password")
	fs.StringVar(
		&c.dbURL,
		"db",
		getenv("TINDAL_DATABASE_URL"),
		"the server's database: fleet, row counts and raw baselines (empty: pushes need -shared, no baseline)",
	)
	fs.IntVar(&c.devices, "devices", 50, "simulated phones (concurrent devices)")
	fs.IntVar(&c.batch, "batch", 64, "mutations per push")
	fs.IntVar(&c.pool, "pool", 0, "raw baseline pool size (0: the server's, read from its /metrics)")
	fs.BoolVar(
		&c.shared,
		"shared",
		false,
		"every day on the boats of one owner (penalty-chain contention) instead of a boat of its own",
	)
	fs.BoolVar(
		&c.initial,
		"initial",
		false,
		"each phone starts with a full initial pull instead of the cursor of yesterday's sync",
	)
	fs.BoolVar(&c.pushOnly, "push-only", false, "days are the push alone: no pulls in the timed phase")
	fs.BoolVar(&c.pullOnly, "pull-only", false, "no pushes: time initial pulls, then incremental pulls with no changes")
	fs.Float64Var(&c.rate, "rate", 0, "days (or, with -pull-only, incremental pulls) started per second (0: all at once)")
	fs.DurationVar(&c.duration, "duration", 0, "sustained mode: start days at -rate for this long on the -devices phones")
	fs.StringVar(&c.raw, "raw", "both", "raw baselines after the push phase: both, domain, all or none")
	c.soak.flags(fs)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	return c, c.validate()
}

func (c config) validate() error {
	switch {
	case c.devices < 1 || c.batch < 1:
		return errors.New("-devices and -batch must be at least 1")
	case c.duration > 0 && c.rate <= 0 && !c.soak.on:
		return errors.New("-duration needs -rate")
	case c.pushOnly && c.pullOnly:
		return errors.New("-push-only and -pull-only exclude each other")
	case c.raw != "both" && c.raw != "domain" && c.raw != "all" && c.raw != "none":
		return fmt.Errorf("-raw %q: want both, domain, all or none", c.raw)
	}
	if c.soak.on {
		return c.soak.validate(c)
	}
	return nil
}

// plan is the arrival plan the flags describe.
func (c config) plan() plan {
	p := plan{days: c.devices, slots: c.devices, rate: c.rate}
	if c.duration > 0 {
		p.days = max(1, int(c.rate*c.duration.Seconds()))
		p.window = c.duration
	}
	return p
}

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	c, err := parseFlags(args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if c.pullOnly {
		return pullOnly(ctx, c, out)
	}
	if c.soak.on {
		return soakRun(ctx, c, out)
	}
	return pushRun(ctx, c, getenv, out)
}
