package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	stdsync "sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
	tsync "github.com/tindal/tindal/sync"
)

// app is everything the commands share, built from config by hand.
type app struct {
	cfg   config
	log   *slog.Logger
	db    *storage.DB
	blobs blob.Store
	auth  *auth.Service
	// ln is serve's listener, bound before the blob store is built (listen).
	ln net.Listener
	// getenv is the environment run was given (for the jobs' settings).
	getenv func(string) string
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level)) //nolint:errcheck // unknown level: info
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// open builds config, logger, database and auth; blobs only when asked.
func open(ctx context.Context, getenv func(string) string, logw io.Writer, withBlobs bool) (*app, error) {
	return openWith(ctx, getenv, logw, withBlobs, nil)
}

// openWith is open whose database sessions start with the server settings
// given (storage.Options.Settings).
func openWith(
	ctx context.Context,
	getenv func(string) string,
	logw io.Writer,
	withBlobs bool,
	settings map[string]string,
) (*app, error) {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return nil, fmt.Errorf("configuration:\n%w", err)
	}
	a := &app{cfg: cfg, log: newLogger(logw, cfg.LogLevel)}
	a.getenv = getenv
	//nolint:gosec // TINDAL_DB_MAX_CONNS is checked to be 2..500 in config.go
	if a.db, err = storage.Open(ctx, cfg.DatabaseURL, storage.Options{MaxConns: int32(cfg.DBMaxConns),
		Settings: settings}); err != nil {
		return nil, err
	}
	keys, err := a.signingKeys()
	if err != nil {
		a.db.Close()
		return nil, err
	}
	a.auth = auth.NewService(a.db, keys, auth.Options{AccountLimit: cfg.AccountLimit, AddressLimit: cfg.AddressLimit,
		HashMemory: cfg.HashMemory, Outbox: cfg.outbox()})
	if withBlobs { // serve: URLs must name the port it really serves on
		if err := a.listen(); err != nil {
			a.db.Close()
			return nil, err
		}
		bc, err := a.blobConfig()
		if err != nil {
			a.db.Close()
			return nil, err
		}
		if a.blobs, err = blob.New(bc); err != nil {
			a.db.Close()
			return nil, fmt.Errorf("object store: %w", err)
		}
	}
	return a, nil
}

func (a *app) signingKeys() (*auth.KeySet, error) {
	if a.cfg.JWTKeysDir != "" {
		return auth.LoadKeys(a.cfg.JWTKeysDir)
	}
	a.log.Warn(
		"TINDAL_JWT_KEYS_DIR is not set: signing tokens with a development key; set it in production",
		"dev_keys_dir",
		a.cfg.DevKeysDir,
	)
	return auth.DevKeys(a.cfg.DevKeysDir)
}

func (a *app) blobConfig() (blob.Config, error) {
	c := a.cfg
	var key []byte
	if c.S3Endpoint == "" { // only the local-disk store signs its own URLs
		var err error
		if key, err = a.secret("TINDAL_BLOB_SIGNING_KEY", c.BlobSigningKey, devBlobKeyFile); err != nil {
			return blob.Config{}, err
		}
	}
	return blob.Config{
		Endpoint:       c.S3Endpoint,
		PublicEndpoint: c.S3PublicURL,
		AccessKey:      c.S3AccessKey,
		SecretKey:      c.S3SecretKey,
		Bucket:         c.S3Bucket,
		Region:         c.S3Region,
		Dir:            c.BlobDir,
		SigningKey:     key,
		PublicBaseURL:  strings.TrimRight(c.PublicBaseURL, "/") + "/v1/blobs",
	}, nil
}

func (a *app) close() {
	if a.db != nil {
		a.db.Close()
	}
	if a.ln != nil {
		_ = a.ln.Close() // shutting down: nothing is left to tell
	}
}

// blobPinger adapts the blob store's health check for /readyz.
type blobPinger struct{ s blob.Store }

func (p blobPinger) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return p.s.Health(ctx)
}

func cmdServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	noMigrate := fs.Bool("no-migrate", false, "do not migrate at start; refuse to serve unless the schema is current")
	fs.Usage = func() {
		var c config
		fmt.Fprintf(stdout, "usage: tindal serve [--no-migrate]\n\n%s", c.usage())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	a, err := open(ctx, getenv, stdout, true)
	if err != nil {
		return err
	}
	defer a.close()
	gcDefaults(getenv, a.cfg.HashMemory, a.log)
	if err := a.prepareSchema(ctx, *noMigrate, stdout); err != nil {
		return err
	}
	if err := a.advanceEpoch(ctx); err != nil {
		return err
	}
	if err := a.blobs.EnsureBucket(ctx); err != nil {
		a.log.Warn("object store not ready; photo endpoints will answer 503 until it is", "err", err)
	}
	return a.serve(ctx)
}

func (a *app) prepareSchema(ctx context.Context, noMigrate bool, w io.Writer) error {
	if noMigrate {
		return storage.CheckSchema(ctx, a.db.SQL)
	}
	return storage.Migrate(ctx, a.db.SQL, w)
}

// advanceEpoch moves positions and versions past the last epoch's when the
// database serves a new one (a restore; docs/OPERATIONS.md "How to
// restore"), before anything is served.
func (a *app) advanceEpoch(ctx context.Context) error {
	adv, err := tsync.AdvanceEpoch(ctx, a.db)
	if err != nil {
		return err
	}
	if adv.Advanced {
		a.log.Warn(
			"a new sync epoch: the database was restored or recreated; "+
				"positions and versions advanced past the last epoch's",
			"epoch", adv.Epoch, "floor", adv.Floor, "rows", adv.Rows, "took", adv.Took.String())
	}
	return nil
}

// serve runs the API, the background workers and the scheduler until ctx
// ends, then shuts down in order: stop accepting and drain the HTTP
// server, stop and join every worker, stop the scheduler and the runs
// started by hand and join them. Only then does the caller close the
// database (a.close), so nothing is left working on a closed pool.
func (a *app) serve(ctx context.Context) error {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	set, jk, err := a.services(ctx, reg)
	if err != nil {
		return err
	}
	if _, err := set.Inspect.SeedTemplates(ctx); err != nil {
		return err
	}
	workCtx, stopWork := context.WithCancel(ctx)
	var workers stdsync.WaitGroup
	defer func() { stopWork(); workers.Wait() }() // also on an early return
	// the push backlog drains, in their own transactions
	workers.Go(func() { set.Push.Run(workCtx, 5*time.Second) })
	// TINDAL_THUMBNAILS: which replicas spend CPU on photos' thumbnails,
	// EXIF and re-hashing; each photo on one core
	if a.cfg.Thumbnails == "on" {
		workers.Go(func() { set.Photos.RunWorker(workCtx, a.cfg.ThumbWorkers) })
	}
	local, _ := a.blobs.(*blob.Local) // its signed URLs are served by the API
	printer := document.NewPrinter(document.PrinterOptions{Exec: a.cfg.Chromium})
	defer printer.Close()
	site, err := a.pages(set, printer)
	if err != nil {
		return err
	}
	defer site.Close()
	srv, err := api.NewServer(api.Deps{Set: set, Logger: a.log, DB: a.db, Blobs: blobPinger{a.blobs}, Auth: a.auth,
		Pages: site, Metrics: reg, Clock: time.Now, PublicBaseURL: a.cfg.PublicBaseURL, LocalBlobs: local,
		TrustedProxies: a.cfg.TrustedProxies, Outbox: a.cfg.outbox(), SMSReceipts: a.smsReceipts(),
		Printer: printer, Issuer: a.cfg.issuer()})
	if err != nil {
		return err
	}
	stopJobs, err := jk.startScheduler(a.getenv)
	if err != nil {
		return err
	}
	defer a.stopJobs(jk, stopJobs) // runs before the workers' join above, after the HTTP drain below
	if err := startPprof(a.cfg.PprofAddr, a.log); err != nil {
		return err
	}
	_, stopMetrics, err := startMetrics(a.cfg.MetricsAddr, reg, a.log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	errc := make(chan error, 1)
	go func() { errc <- srv.Listener(a.ln) }()
	a.log.Info("serving", "addr", a.ln.Addr().String(), "public_base_url", a.cfg.PublicBaseURL)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down")
	err = srv.ShutdownWithTimeout(20 * time.Second) // stops accepting, then waits for requests in flight
	stopWork()
	workers.Wait()
	return err
}

// stopJobs stops the scheduler and the runs started by hand, each given 30
// seconds to finish before it is cancelled, and joins them.
func (a *app) stopJobs(jk *jobsKit, stopScheduler func(context.Context) error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := stopScheduler(ctx); err != nil {
		a.log.Warn("scheduled jobs cancelled at shutdown", "err", err)
	}
	if err := jk.svc.Shutdown(ctx); err != nil {
		a.log.Warn("jobs run by hand cancelled at shutdown", "err", err)
	}
	a.log.Info("stopped")
}
