package main

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/storage/blob"
	tsync "github.com/tindal/tindal/sync"
)

// This file is the one place the domain services are built
// (services.TestServicesAreBuiltInOneFile): serve builds the whole set once
// and hands it to the API, the pages and the jobs; `tindal jobs` and
// `tindal seed demo` build the few they need with the same functions.

// services builds every service serve runs on, once, with the jobs beside
// them (the jobs' housekeeping uses the set's photo service). metrics
// receives the push engine's and the photo-orphans sweep's counters.
func (a *app) services(ctx context.Context, metrics *prometheus.Registry) (services.Set, *jobsKit, error) {
	var s services.Set
	s.Rules = rules.NewRegistry(a.cfg.Rules)
	s.Registry = a.registry(s.Rules)
	s.Penalties = penalty.New(a.db, s.Rules, time.Now, a.cfg.outbox())
	s.Inspect = inspect.New(a.db, s.Rules, time.Now, inspect.WithOutbox(a.cfg.outbox()),
		inspect.WithRetiredGrace(a.cfg.TemplateGrace), inspect.WithPenalties(s.Penalties))
	s.Orders = detention.New(s.Inspect)
	s.Plans = plan.New(a.db)
	s.Reports = report.New(a.db)
	s.Public = public.New(a.db, s.Registry)
	s.Push = tsync.New(a.db, s.Inspect, time.Now, tsync.Options{Logger: a.log, Metrics: metrics})
	s.Photos = a.photos(a.blobs)
	cursorKey, err := a.secret("TINDAL_SYNC_CURSOR_KEY", a.cfg.SyncCursorKey, devCursorKeyFile)
	if err != nil {
		return s, nil, err
	}
	s.Pull, err = tsync.NewPullEngine(a.db, cursorKey, tsync.PullOptions{
		MinAppVersion:    a.cfg.MinAppVersion,
		LatestAppVersion: a.cfg.LatestApp,
		Logger:           a.log,
		RuleSets:         s.Rules,
	})
	if err != nil {
		return s, nil, err
	}
	s.Feed, s.Calendars = &notify.Feed{DB: a.db}, &notify.Calendars{DB: a.db}
	jk, err := a.newJobs(a.getenv, s.Registry, s.Photos, metrics)
	if err != nil {
		return s, nil, err
	}
	s.Jobs = jk.svc
	return s, jk, ctx.Err()
}

// newJobs is the jobs service on the configuration's settings (jobsDeps).
func (a *app) newJobs(
	getenv func(string) string,
	reg *registry.Service,
	photos *photo.Service,
	metrics prometheus.Registerer,
) (*jobsKit, error) {
	d, err := a.jobsDeps(getenv, reg, photos, metrics)
	if err != nil {
		return nil, err
	}
	return &jobsKit{svc: jobs.New(d)}, nil
}

// registry is the registry service on the rule sets in force.
func (a *app) registry(ruleSets *rules.Registry) *registry.Service {
	return registry.New(a.db, time.Now).WithRules(ruleSets)
}

// photos is the photo service over store.
func (a *app) photos(store blob.Store) *photo.Service {
	return photo.New(a.db, store, photo.Options{Logger: a.log})
}
