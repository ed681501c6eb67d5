// Package jobs runs Tindal's scheduled work (docs/OPERATIONS.md): a cron scheduler in
// Asia/Kolkata whose runs are claimed by inserting a job_runs row per job
// and planned tick, guarded by a session advisory lock on a dedicated
// connection and kept alive by a heartbeat; and the jobs themselves —
// certificate expiry, overdue inspections, the 2027 competency deadline,
// repeat-offence reconciliation, outbox delivery and housekeeping. Every
// job takes "now" as a parameter and is idempotent: flags and notifications
// carry dedupe keys, so a rerun at the same now adds nothing.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Def is one job: its name, its cron schedule in Asia/Kolkata and its work.
type Def struct {
	Name        string
	Schedule    string // standard 5-field cron spec, or 6 fields with seconds
	Description string
	Fn          func(ctx context.Context, r *Run) error
}

// Run is one execution of a job as the job sees it: the "now" the law is
// read at, and counters that end up in job_runs.counts.
type Run struct {
	ID     uuid.UUID
	Job    string
	Now    time.Time
	Today  rules.Date
	mu     sync.Mutex
	counts map[string]int64
}

// Add adds n to a counter of the run.
func (r *Run) Add(name string, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.counts == nil {
		r.counts = map[string]int64{}
	}
	r.counts[name] += int64(n)
}

// Counts returns a copy of the counters.
func (r *Run) Counts() map[string]int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int64, len(r.counts))
	for k, v := range r.counts {
		out[k] = v
	}
	return out
}

// Fitness tells whether a vessel is fit to ply on a date, and why not:
// the same reading as the vessel's compliance view (registry.Compliance).
type Fitness interface {
	FitToPly(ctx context.Context, vesselID uuid.UUID, on rules.Date) (fit bool, reasons []UnfitReason, err error)
}

// UnfitReason is one cause of a vessel not being fit to ply: a deficiency
// code, or "vessel_status" with the vessel's registry status. The owner's
// notice names it in the owner's language from the code; Message, in
// English, is the flag's detail for officials.
type UnfitReason struct {
	Code    string
	Status  string
	Message string
}

// FitnessFunc adapts a function to Fitness.
type FitnessFunc func(ctx context.Context, vesselID uuid.UUID, on rules.Date) (bool, []UnfitReason, error)

// FitToPly calls f.
func (f FitnessFunc) FitToPly(ctx context.Context, id uuid.UUID, on rules.Date) (bool, []UnfitReason, error) {
	return f(ctx, id, on)
}

// Task is one housekeeping step provided by another package (photos,
// sync); it returns how many records it handled.
type Task struct {
	Name string
	Fn   func(ctx context.Context, now time.Time) (int64, error)
}

// Deps are what the jobs need; main builds them.
type Deps struct {
	DB     *storage.DB
	Log    *slog.Logger
	Outbox notify.Outbox
	// Dispatcher delivers email; nil when no SMTP server is configured.
	Dispatcher *notify.Dispatcher
	// SMSDispatcher delivers SMS; nil when no gateway is configured.
	SMSDispatcher *notify.SMSDispatcher
	// Fitness reads a vessel's fit-to-ply status; nil skips that step.
	Fitness Fitness
	// Housekeeping are the steps other packages provide.
	Housekeeping []Task
	// PhotoOrphans sweeps photo objects no row references (photo.Orphans);
	// nil: the photo-orphans job records that it has no object store.
	PhotoOrphans func(ctx context.Context, now time.Time) (int64, error)
	// Settings carry the legacy CoC deadline (COC_TRANSITION_DEADLINE).
	Settings rules.RegistrySettings
	// Instance names this replica in job_runs (default hostname:pid).
	Instance string
	// Clock is the wall clock of scheduled runs (default time.Now).
	Clock func() time.Time
	// Heartbeat is how often a running job touches its row (default 30s).
	Heartbeat time.Duration
	// Schedules overrides the default schedule of jobs by name.
	Schedules map[string]string
}

// Service runs jobs by hand or on schedule.
type Service struct {
	d    Deps
	defs map[string]Def
	// manual are the runs started by hand (Start), which outlive their
	// request; Shutdown waits for them. ending cancels them once its grace
	// is over.
	manual       sync.WaitGroup
	ending       context.Context
	cancelManual context.CancelFunc
}

// New builds the service with every job.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Clock == nil {
		d.Clock = time.Now
	}
	if d.Heartbeat == 0 {
		d.Heartbeat = 30 * time.Second
	}
	if d.Instance == "" {
		host, _ := os.Hostname() //nolint:errcheck // a label only
		d.Instance = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	s := &Service{d: d, defs: map[string]Def{}}
	s.ending, s.cancelManual = context.WithCancel(context.Background())
	for _, def := range s.builtins() {
		if spec, ok := d.Schedules[def.Name]; ok {
			def.Schedule = spec
		}
		s.defs[def.Name] = def
	}
	return s
}

// Job names.
const (
	JobCertificateExpiry  = "certificate-expiry"
	JobInspectionOverdue  = "inspection-overdue"
	JobCoC2027            = "coc-2027"
	JobRepeatOffences     = "repeat-offences"
	JobNotifyDispatch     = "notify-dispatch"
	JobHousekeeping       = "housekeeping"
	catchUpDays           = 7 // a reminder missed by an outage is still sent this many days late
	chunkRows             = 500
	legacyDeadlineSetting = "COC_TRANSITION_DEADLINE"
)

func (s *Service) builtins() []Def {
	return []Def{
		{
			JobCertificateExpiry,
			"0 5 * * *",
			"vessel and crew certificates expiring in 60/30/7/1 days and expired: flags, owner reminders, fit-to-ply",
			s.certificateExpiry,
		},
		{
			JobInspectionOverdue,
			"15 5 * * *",
			"survey windows, Paradip licence year (31 March), pollution inspections, late renewal, registration lapse",
			s.inspectionOverdue,
		},
		{JobCoC2027, "30 5 * * *", "legacy CoCs before the " + legacyDeadlineSetting +
			" (default 6 June 2027) and 5-yearly revalidation: reminders, invalid certificates, manning", s.coc2027},
		{
			JobRepeatOffences,
			"0 4 * * *",
			"reconcile penalty chains of parties with offences in the last 13 months",
			s.repeatOffences,
		},
		{JobNotifyDispatch, "* * * * *", "deliver the email outbox with retries", s.notifyDispatch},
		{
			JobHousekeeping,
			"30 2 * * *",
			"photos, backlog review, idempotency records, change-log retention, old job runs",
			s.housekeeping,
		},
		{
			JobPhotoOrphans,
			"45 2 * * *",
			"photo objects no row references (a restore lost their rows), older than the grace: deleted",
			s.photoOrphans,
		},
		{
			JobDetentionReport,
			"5 * * * *",
			"48-hour detention report (Sch-IX para 1.3): remind the detaining officer 6 hours before and after the deadline",
			s.detentionReport,
		},
		{
			JobFindingOverdue,
			"45 5 * * *",
			"findings past their due date unrectified: flags with the r.13/Form-18 proposal, owners and supervisors told",
			s.findingOverdue,
		},
	}
}

// Names lists the jobs in name order.
func (s *Service) Names() []string {
	out := make([]string, 0, len(s.defs))
	for n := range s.defs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Def returns a job by name.
func (s *Service) Def(name string) (Def, bool) {
	d, ok := s.defs[name]
	return d, ok
}

// legacyDeadline is the legacy-CoC deadline of the Karnataka rule set in
// force on the date, or the setting (default 6 June 2027).
func (s *Service) legacyDeadline(on rules.Date) rules.Date {
	rs, err := rules.NewRegistry(s.d.Settings).For(rules.RegimeKarnataka2025, on)
	if err == nil && !rs.LegacyCoCDeadline.IsZero() {
		return rs.LegacyCoCDeadline
	}
	return rules.LegacyDeadlineOrDefault(s.d.Settings.LegacyCoCDeadline)
}
