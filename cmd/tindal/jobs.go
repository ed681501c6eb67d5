package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
)

const jobsUsage = `usage:
  tindal jobs                          run the scheduler alone (no HTTP), until SIGTERM
  tindal jobs list                     list the jobs, schedules, next and last runs
  tindal jobs run NAME [--now DATE]    run one job now, reading the law as of DATE (YYYY-MM-DD, Asia/Kolkata)

jobs: certificate-expiry, inspection-overdue, coc-2027, repeat-offences, notify-dispatch, housekeeping, finding-overdue,
      photo-orphans
settings: TINDAL_SMTP_URL (unset = in-app only), TINDAL_MAIL_FROM (default Tindal <reminders@tindal.local>),
          TINDAL_COC_DEADLINE (the legacy-CoC deadline, default 2027-06-06), TINDAL_JOBS (off = serve without
          the scheduler)
`

// jobsKit is the jobs service and the commands that drive it.
type jobsKit struct {
	svc *jobs.Service
}

// jobsDeps are the jobs service's settings from the configuration: email when an
// SMTP server is configured, the fit-to-ply reading of the compliance view,
// and the housekeeping steps of the photo and sync packages.
//
// photos, when set (serve), housekeeps the photo service's uploads;
// metrics, when set, receives the photo-orphans sweep's counters.
func (a *app) jobsDeps(
	getenv func(string) string,
	reg *registry.Service,
	photos *photo.Service,
	metrics prometheus.Registerer,
) (jobs.Deps, error) {
	d := jobs.Deps{DB: a.db, Log: a.log, Outbox: a.cfg.outbox(), Fitness: fitness(reg),
		Settings: a.cfg.Rules, Schedules: a.cfg.JobSchedules}
	var err error
	if a.cfg.SMTPURL != "" {
		sender, err := notify.NewSMTP(a.cfg.SMTPURL)
		if err != nil {
			return d, fmt.Errorf("TINDAL_SMTP_URL: %w", err)
		}
		d.Dispatcher = &notify.Dispatcher{
			DB:              a.db,
			Sender:          sender,
			From:            a.cfg.MailFrom,
			ListUnsubscribe: a.cfg.MailUnsubscribe,
			Log:             a.log,
		}
	}
	if d.SMSDispatcher, err = a.smsDispatcher(); err != nil {
		return d, err
	}
	d.Housekeeping = append(
		d.Housekeeping,
		jobs.Task{Name: "change_log_pruned", Fn: func(ctx context.Context, now time.Time) (int64, error) {
			return sync.PruneChangeLog(ctx, a.db, now.Add(-sync.ChangeLogRetention))
		}},
	)
	limiter := public.NewLimiter(a.db, public.DefaultLimit) // the limit serve uses (api.Deps.PublicLimit unset)
	d.Housekeeping = append(d.Housekeeping, jobs.Task{Name: "public_rate_windows_pruned", Fn: limiter.Prune})
	if photos != nil {
		d.Housekeeping = append(
			d.Housekeeping,
			jobs.Task{Name: "photos_housekept", Fn: func(ctx context.Context, now time.Time) (int64, error) {
				h, err := photos.Housekeep(ctx, now)
				return int64(h.UploadsAborted + h.BlobsCollected + h.WorkRequeued + h.StagedSwept), err
			}},
		)
		orphans := photo.NewOrphans(a.db, a.blobs, photo.OrphanOptions{Grace: a.cfg.OrphanGrace, Logger: a.log,
			Metrics: metrics})
		d.PhotoOrphans = func(ctx context.Context, now time.Time) (int64, error) {
			n, err := orphans.Sweep(ctx, now)
			return int64(n.Deleted), err
		}
	}
	return d, nil
}

// fitness reads a vessel's fit-to-ply status from the compliance view.
func fitness(reg *registry.Service) jobs.Fitness {
	all := models.Scope{Access: models.AccessAll}
	return jobs.FitnessFunc(func(ctx context.Context, id uuid.UUID, on rules.Date) (bool, []jobs.UnfitReason, error) {
		c, err := reg.Compliance(ctx, all, id, on)
		if err != nil {
			return false, nil, err
		}
		why := make([]jobs.UnfitReason, 0, len(c.Reasons))
		for _, r := range c.Reasons {
			why = append(why, jobs.UnfitReason{Code: r.Code, Status: c.Vessel.Status, Message: r.Message})
		}
		return c.FitToPly, why, nil
	})
}

// startScheduler starts the scheduler unless TINDAL_JOBS=off, and returns
// its stop function (a no-op when not started).
func (k *jobsKit) startScheduler(getenv func(string) string) (func(context.Context) error, error) {
	if strings.EqualFold(strings.TrimSpace(getenv("TINDAL_JOBS")), "off") { // validated by loadConfig
		return func(context.Context) error { return nil }, nil
	}
	sc, err := k.svc.NewScheduler()
	if err != nil {
		return nil, err
	}
	sc.Start()
	return sc.Stop, nil
}

func cmdJobs(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, jobsUsage)
		return nil
	}
	a, err := open(ctx, getenv, stdout, false)
	if err != nil {
		return err
	}
	defer a.close()
	if err := storage.CheckSchema(ctx, a.db.SQL); err != nil {
		return err
	}
	k, err := a.newJobs(getenv, a.registry(rules.NewRegistry(a.cfg.Rules)), nil, nil)
	if err != nil {
		return err
	}
	switch {
	case len(args) == 0:
		return k.processMode(ctx, a)
	case args[0] == "list":
		return k.list(ctx, stdout)
	case args[0] == "run":
		return k.runByHand(ctx, args[1:], stdout, stderr)
	}
	fmt.Fprint(stderr, jobsUsage)
	return fmt.Errorf("unknown jobs command %q", args[0])
}

// processMode runs the scheduler alone until ctx ends.
func (k *jobsKit) processMode(ctx context.Context, a *app) error {
	sc, err := k.svc.NewScheduler()
	if err != nil {
		return err
	}
	sc.Start()
	a.log.Info("scheduler running", "jobs", k.svc.Names())
	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return sc.Stop(stopCtx)
}

func (k *jobsKit) runByHand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stderr, jobsUsage)
		return errors.New("jobs run: name the job")
	}
	name := args[0]
	fs := flag.NewFlagSet("jobs run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nowFlag := fs.String("now", "", "the date to run as, YYYY-MM-DD in Asia/Kolkata (default today)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	now := time.Now()
	if *nowFlag != "" {
		d, err := rules.ParseDate(*nowFlag)
		if err != nil {
			return fmt.Errorf("--now: %w", err)
		}
		t := now.In(rules.IST)
		now = time.Date(d.Year, d.Month, d.Day, t.Hour(), t.Minute(), t.Second(), 0, rules.IST)
	}
	rec, err := k.svc.RunNow(ctx, name, now)
	if err != nil {
		return err
	}
	fmt.Fprintf(
		stdout,
		"%s %s as of %s: %s in %s\n",
		rec.Job,
		rec.ID,
		rules.DateOf(now),
		rec.Outcome,
		rec.Duration(time.Now()).Round(time.Millisecond),
	)
	for _, kv := range sortedCounts(rec.Counts) {
		fmt.Fprintf(stdout, "  %s\n", kv)
	}
	if rec.Outcome != "succeeded" {
		return fmt.Errorf("%s %s: %s", rec.Job, rec.Outcome, rec.Error)
	}
	return nil
}

func sortedCounts(m map[string]int64) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(out)
	return out
}

func (k *jobsKit) list(ctx context.Context, stdout io.Writer) error {
	now := time.Now()
	st, err := k.svc.Statuses(ctx, now, 1)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "JOB\tSCHEDULE (Asia/Kolkata)\tNEXT RUN\tLAST RUN\tOUTCOME\tDURATION")
	for _, s := range st {
		last, outcome, dur := "-", "-", "-"
		if len(s.LastRuns) > 0 {
			r := s.LastRuns[0]
			last, outcome, dur = r.StartedAt.In(jobs.Kolkata()).
				Format("2006-01-02 15:04"),
				r.Outcome, r.Duration(now).
					Round(time.Millisecond).
					String()
		}
		fmt.Fprintf(
			w,
			"%s\t%s\t%s\t%s\t%s\t%s\n",
			s.Name,
			s.Schedule,
			s.NextRun.In(jobs.Kolkata()).Format("2006-01-02 15:04"),
			last,
			outcome,
			dur,
		)
	}
	return w.Flush()
}
