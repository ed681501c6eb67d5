package jobs_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/testkit"
)

// advisoryLocks counts the advisory locks held in the test's database.
func (w *world) advisoryLocks() int {
	return w.count("pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")
}

func TestTwoSchedulersRunEachTickOnce(t *testing.T) {
	db := testkit.NewDB(t)
	var executions atomic.Int64
	task := jobs.Task{Name: "probe", Fn: func(context.Context, time.Time) (int64, error) {
		executions.Add(1)
		time.Sleep(50 * time.Millisecond)
		return 1, nil
	}}
	var scheds []*jobs.Scheduler
	for _, inst := range []string{"replica-a", "replica-b"} {
		svc := jobs.New(jobs.Deps{DB: db, Instance: inst, Housekeeping: []jobs.Task{task},
			Schedules: map[string]string{jobs.JobHousekeeping: "* * * * * *"}})
		sc, err := svc.NewScheduler(jobs.JobHousekeeping)
		if err != nil {
			t.Fatal(err)
		}
		scheds = append(scheds, sc)
	}
	for _, sc := range scheds {
		sc.Start()
	}
	// Wait for three finished runs (the ticks are a second apart; a loaded
	// machine may be late for one, and then cron plans the next).
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		var n int64
		if err := db.Gorm.Raw(`SELECT count(*) FROM job_runs WHERE job = 'housekeeping' AND finished_at IS NOT NULL`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		if n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d runs finished in a minute of per-second ticks, want 3", n)
		}
	}
	for _, sc := range scheds {
		if err := sc.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var rows []struct {
		PlannedAt time.Time
		Outcome   string
		Instance  string
	}
	if err := db.Gorm.Raw(`SELECT planned_at, outcome, instance FROM job_runs WHERE job = 'housekeeping' ORDER BY planned_at`).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if len(rows) < 3 {
		t.Fatalf("%d runs recorded, want at least 3", len(rows))
	}
	for i, r := range rows {
		if r.Outcome != "succeeded" {
			t.Errorf("run %d: %s", i, r.Outcome)
		}
		if i > 0 && !r.PlannedAt.After(rows[i-1].PlannedAt) {
			t.Errorf("tick %s ran twice: each tick must run once", r.PlannedAt)
		}
	}
	if got := executions.Load(); got != int64(len(rows)) {
		t.Errorf("%d executions for %d ticks: each tick must run exactly once", got, len(rows))
	}
}

func TestManualRunHoldsTheLockOnADedicatedConnection(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	w := newWorld(t, func(d *jobs.Deps) {
		d.Housekeeping = []jobs.Task{{Name: "block", Fn: func(context.Context, time.Time) (int64, error) {
			started <- struct{}{}
			<-release
			return 0, nil
		}}}
	})
	ctx := context.Background()
	id, done, err := w.svc.Start(ctx, jobs.JobHousekeeping, time.Now())
	w.must(err)
	<-started
	if n := w.advisoryLocks(); n != 1 {
		t.Errorf("%d advisory locks while running, want 1", n)
	}
	if _, _, err := w.svc.Start(ctx, jobs.JobHousekeeping, time.Now()); models.KindOf(err) != models.KindConflict {
		t.Errorf("second run while the first holds the lock: %v, want conflict", err)
	}
	close(release)
	<-done
	rec, err := w.svc.GetRun(ctx, id)
	w.must(err)
	if rec.Outcome != "succeeded" || rec.FinishedAt == nil {
		t.Errorf("run %+v", rec)
	}
	if n := w.advisoryLocks(); n != 0 {
		t.Errorf("%d advisory locks after the run: the lock leaked", n)
	}
	// The pool is intact: the dedicated connection was closed, not returned.
	w.run(jobs.JobHousekeeping+"", time.Now().Format("2006-01-02"))
}

func TestPanicFailsTheRunAndStaleHeartbeatAlerts(t *testing.T) {
	w := newWorld(t, func(d *jobs.Deps) {
		d.Housekeeping = []jobs.Task{{Name: "boom", Fn: func(context.Context, time.Time) (int64, error) { panic("boom") }}}
	})
	admin := uuid.New()
	w.create(&models.User{ID: admin, Email: "admin@test.tindal", Name: "Admin", Role: models.RoleAdmin, PasswordHash: "x", PreferredLanguage: "en", Synced: synced()})
	stale := uuid.New()
	w.must(w.db.Gorm.Exec(`INSERT INTO job_runs (id, job, trigger, planned_at, run_on, instance, started_at, heartbeat_at)
		VALUES (?, 'coc-2027', 'schedule', now() - interval '1 hour', current_date, 'dead-replica', now() - interval '1 hour', now() - interval '6 minutes')`, stale).Error)
	rec, err := w.svc.RunNow(context.Background(), jobs.JobHousekeeping, time.Now())
	w.must(err)
	if rec.Outcome != "failed" {
		t.Errorf("panicking run: %s, want failed", rec.Outcome)
	}
	st, err := w.svc.GetRun(context.Background(), stale)
	w.must(err)
	if st.Outcome != "failed" {
		t.Errorf("stale run: %s, want failed", st.Outcome)
	}
	if n := w.count("notifications WHERE template = 'job_alert' AND channel = 'in_app'"); n != 2 {
		t.Errorf("%d alerts, want 2 (stale heartbeat, failed run)", n)
	}
}
