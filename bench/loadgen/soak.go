package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	stdsync "sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// soakConfig is the flags of -soak.
type soakConfig struct {
	on                 bool
	pauseMin, pauseMax time.Duration
	serverPID          int
	thumbWait          time.Duration
	skipPhotos         int
	admin, job         string
	objectWorkers      int
	perJurisdiction    int
}

func (s *soakConfig) flags(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "soak", false,
		"soak: every phone loops for -duration (pull, push a day, upload its photos, pull, pause), then verify")
	fs.DurationVar(&s.pauseMin, "pause-min", 60*time.Second, "soak: shortest pause of a phone between days")
	fs.DurationVar(&s.pauseMax, "pause-max", 120*time.Second, "soak: longest pause of a phone between days")
	fs.IntVar(&s.serverPID, "server-pid", 0, "soak: the server's process id, for its RSS (/proc/PID/status)")
	fs.DurationVar(&s.thumbWait, "thumb-wait", 5*time.Minute,
		"soak: how long to wait after the load for the thumbnail worker to finish")
	fs.IntVar(&s.skipPhotos, "skip-photos", 0,
		"soak: attach but never upload this many photos (checks that the verifier fails)")
	fs.StringVar(&s.admin, "admin", "admin@demo.tindal", "soak: the admin who runs -job in the middle")
	fs.StringVar(&s.job, "job", "certificate-expiry", "soak: the scheduled job the admin runs in the middle")
	fs.IntVar(&s.objectWorkers, "object-workers", 8, "soak: concurrent checks of the stored objects at the end")
	fs.IntVar(&s.perJurisdiction, "per-jurisdiction", 10,
		"soak: each phone an inspector of its own, this many to a new jurisdiction (0: every phone logs in as -email)")
}

func (s soakConfig) validate(c config) error {
	switch {
	case c.duration <= 0:
		return errors.New("-soak needs -duration")
	case c.duration > 12*time.Minute:
		// The phones log in once and never refresh their 15-minute
		// access tokens.
		return errors.New("-soak: -duration at most 12m (access tokens last 15 minutes)")
	case c.dbURL == "":
		return errors.New("-soak needs -db: it verifies against the database")
	case s.perJurisdiction < 0:
		return errors.New("-soak: -per-jurisdiction must be 0 or more")
	case s.pauseMin < 0 || s.pauseMax < s.pauseMin:
		return errors.New("-soak: want 0 <= -pause-min <= -pause-max")
	case c.pushOnly || c.shared || c.rate > 0:
		return errors.New("-soak takes none of -push-only, -shared, -rate")
	}
	return nil
}

// photoRef is a photo the soak attached, without its bytes.
type photoRef struct {
	id  uuid.UUID
	sha string
}

// dayRecord is what a phone sent for one day, kept for the verifier.
type dayRecord struct {
	inspection uuid.UUID
	vessel     string
	mutations  []uuid.UUID
	answers    int // distinct checklist items answered
	findings   []uuid.UUID
	photos     []photoRef
}

// record keeps the ids of a day about to be pushed.
func record(d day) dayRecord {
	r := dayRecord{inspection: d.inspection, vessel: d.vessel}
	items := map[any]bool{}
	for _, m := range d.mutations {
		r.mutations = append(r.mutations, m.ID)
		switch m.Name {
		case "inspection.answer":
			items[m.Args["item_id"]] = true
		case "finding.record":
			r.findings = append(r.findings, m.entity)
		}
	}
	for _, p := range d.photos {
		r.photos = append(r.photos, photoRef{p.id, p.sha})
	}
	r.answers = len(items)
	return r
}

// soak is one soak run's state.
type soak struct {
	c       config
	push    *pushPhase // the day and its push, as the push phase makes them
	pool    *pgxpool.Pool
	pulls   series // whole pulls (every page), retries included
	photos  series // whole uploads: plan to verified, retries included
	retries atomic.Int64
	skip    atomic.Int64 // photos still to leave without an upload
	mu      stdsync.Mutex
	days    []dayRecord
	errors  []string
}

func (s *soak) fail(err error) {
	if err == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors = append(s.errors, err.Error())
}

// soakRun sets up the fleet and the phones, runs the soak, and verifies.
func soakRun(ctx context.Context, c config, out io.Writer) error {
	pool, err := pgxpool.New(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	s := &soak{c: c, pool: pool, push: &pushPhase{c: c}}
	s.skip.Store(int64(c.soak.skipPhotos))
	if s.push.tpl, err = formTemplate(); err != nil {
		return err
	}
	if err := s.phones(ctx); err != nil {
		return err
	}
	who := "every phone logged in as " + c.email
	if n := c.soak.perJurisdiction; n > 0 {
		who = fmt.Sprintf("each phone an inspector of its own, %d to a jurisdiction (%d jurisdictions)", n,
			(c.devices+n-1)/n)
	}
	fmt.Fprintf(out, "## Plan\n\n%d phones for %s, each on a boat of its own, %s: pull, push a day (%d mutations, "+
		"6 photo.attach), upload the 6 photos (plan, PUT, complete), pull, pause %s–%s; "+
		"the admin runs %s in the middle.\n\n", c.devices, c.duration, who, len(newDay(s.push.tpl, "", 0).mutations),
		c.soak.pauseMin, c.soak.pauseMax, c.soak.job)
	rss := startSampler(ctx, c.soak.serverPID, c.metrics)
	job := make(chan jobResult, 1)
	t0 := time.Now()
	go func() { job <- s.runJob(ctx, t0.Add(c.duration/2)) }()
	s.load(ctx, t0.Add(c.duration))
	samples := rss.stop()
	jr := <-job
	s.reportLoad(out, time.Since(t0))
	jr.report(out)
	rssOK := reportRSS(out, samples, c.duration)
	v := s.verify(ctx, out)
	return verdict(out, s.errors, jr, rssOK, v)
}

// phones registers the fleet (and, with -per-jurisdiction, the phones'
// inspectors), logs the phones in and gives each yesterday's sync: with
// one inspector per phone each phone pulls its own (a cursor is its
// user's), else all take the first phone's cursor.
func (s *soak) phones(ctx context.Context) error {
	c := s.c
	reset := loginReset(s.pool)
	var emails []string
	var err error
	if c.soak.perJurisdiction > 0 {
		emails, s.push.vessels, err = soakStaff(ctx, s.pool, c.email, c.devices, c.soak.perJurisdiction)
	} else {
		s.push.vessels, err = fleet(ctx, c, s.pool, c.devices, reset, io.Discard)
	}
	if err != nil {
		return err
	}
	if s.push.phones, err = loginAs(ctx, c, emails, reset); err != nil {
		return err
	}
	for _, cl := range s.push.phones {
		cl.retries = &s.retries
	}
	if emails == nil {
		return yesterday(ctx, c, s.push.phones)
	}
	sem := make(chan struct{}, 4)
	errs := make(chan error, len(s.push.phones))
	for _, cl := range s.push.phones {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			_, err := cl.pullAll(ctx, &series{})
			errs <- err
		}()
	}
	for range s.push.phones {
		if err := <-errs; err != nil {
			return fmt.Errorf("yesterday's sync: %w", err)
		}
	}
	return nil
}

// load runs every phone until end and waits for their last day.
func (s *soak) load(ctx context.Context, end time.Time) {
	var wg stdsync.WaitGroup
	for slot := range s.push.phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.phone(ctx, slot, end)
		}()
	}
	wg.Wait()
}

// phone starts at a random moment of the first -pause-max, then does days
// separated by a random pause until end.
func (s *soak) phone(ctx context.Context, slot int, end time.Time) {
	cl := s.push.phones[slot]
	sleepUntil(ctx, earliest(end, time.Now().Add(between(0, s.c.soak.pauseMax))))
	for time.Now().Before(end) && ctx.Err() == nil {
		s.fail(s.day(ctx, cl, s.push.vessels[slot]))
		sleepUntil(ctx, earliest(end, time.Now().Add(between(s.c.soak.pauseMin, s.c.soak.pauseMax))))
	}
}

// between is a random duration in [lo, hi].
func between(lo, hi time.Duration) time.Duration {
	return lo + rand.N(hi-lo+1) //nolint:gosec // a pause's jitter, not a secret
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func sleepUntil(ctx context.Context, t time.Time) {
	select {
	case <-ctx.Done():
	case <-time.After(time.Until(t)):
	}
}

// day is one phone day of the soak: pull, push, upload the photos, pull.
func (s *soak) day(ctx context.Context, cl *client, vessel string) error {
	if err := s.pull(ctx, cl); err != nil {
		return err
	}
	d := newDay(s.push.tpl, vessel, cl.seq)
	cl.seq += int64(len(d.mutations))
	s.mu.Lock()
	s.days = append(s.days, record(d))
	s.mu.Unlock()
	if err := s.push.pushDay(ctx, cl, d); err != nil {
		return err
	}
	for _, p := range d.photos {
		if s.skip.Add(-1) >= 0 {
			continue
		}
		t0 := time.Now()
		if err := cl.upload(ctx, p); err != nil {
			return err
		}
		s.photos.since(t0)
	}
	return s.pull(ctx, cl)
}

// pull pulls to the end, retrying (from the cursor of the last page
// received) after an error as a phone does.
func (s *soak) pull(ctx context.Context, cl *client) error {
	t0 := time.Now()
	var err error
	for attempt := range 10 {
		if _, err = cl.pullAll(ctx, &s.push.pages); err == nil {
			s.pulls.since(t0)
			return nil
		}
		if ctx.Err() != nil {
			break
		}
		cl.retried()
		backoff(ctx, attempt, nil)
	}
	return fmt.Errorf("pull: %w", err)
}

func (s *soak) reportLoad(out io.Writer, took time.Duration) {
	photos := 0
	for _, d := range s.days {
		photos += len(d.photos)
	}
	fmt.Fprintf(out, "## Load\n\n%d days in %s (the last ones drained after the window); %d requests retried; "+
		"%d phone errors\n\n", len(s.days), took.Round(time.Second), s.retries.Load(), len(s.errors))
	for i, e := range s.errors {
		if i == 10 {
			fmt.Fprintf(out, "- … and %d more\n", len(s.errors)-10)
			break
		}
		fmt.Fprintf(out, "- error: %s\n", e)
	}
	fmt.Fprintln(out, "\n| operation | n | p50 | p99 |\n|---|---|---|---|")
	for _, r := range []struct {
		name string
		s    *series
	}{
		{"push of a day (all its batches)", &s.push.days},
		{"push request", &s.push.reqs},
		{"pull (every page)", &s.pulls},
		{"photo upload (plan, PUT, complete)", &s.photos},
	} {
		m := r.s.summary()
		fmt.Fprintf(out, "| %s | %d | %s | %s |\n", r.name, m.n, ms(m.p50), ms(m.p99))
	}
	fmt.Fprintf(out, "\nphotos attached %d, uploads verified by complete %d\n\n", photos, s.photos.summary().n)
}

// verdict prints the result and returns an error when anything failed.
func verdict(out io.Writer, errs []string, jr jobResult, rssOK bool, v verification) error {
	var bad []string
	if len(errs) > 0 {
		bad = append(bad, fmt.Sprintf("%d phone errors", len(errs)))
	}
	if jr.err != nil {
		bad = append(bad, "the job run")
	}
	if !rssOK {
		bad = append(bad, "RSS grew")
	}
	if n := len(v.problems); n > 0 {
		bad = append(bad, fmt.Sprintf("%d verification problems", n))
	}
	if len(bad) == 0 {
		fmt.Fprintln(out, "## Verdict\n\nPASS")
		return nil
	}
	fmt.Fprintf(out, "## Verdict\n\nFAIL: %v\n", bad)
	return fmt.Errorf("soak failed: %v", bad)
}
