package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// LockNamespace is the fixed first key of the two-key advisory locks that
// job runs take (the change log uses 1), so features cannot collide.
const LockNamespace = 2

// StaleAfter is how old a running job's heartbeat may get before the run
// is marked failed and an alert raised.
const StaleAfter = 5 * time.Minute

// Trigger says why a job ran.
type Trigger string

// Triggers.
const (
	TriggerSchedule Trigger = "schedule"
	TriggerManual   Trigger = "manual"
)

// ErrClaimed means another replica claimed this scheduled tick.
var ErrClaimed = errors.New("tick claimed by another replica")

// session is a run that has its row and holds the job's lock on a
// connection of its own, outside the pool.
type session struct {
	def  Def
	run  *Run
	conn *pgx.Conn
}

// RunNow runs a job by hand at now and waits for it. KindNotFound for an
// unknown job, KindConflict while another run of it holds the lock.
func (s *Service) RunNow(ctx context.Context, name string, now time.Time) (RunRecord, error) {
	id, done, err := s.Start(ctx, name, now)
	if err != nil {
		return RunRecord{}, err
	}
	<-done
	return s.GetRun(ctx, id)
}

// Start begins a manual run at now: it takes the job's lock and writes its
// row before returning, then works in the background (detached from ctx,
// so an HTTP request ending does not cancel it; Shutdown waits for it).
// done closes at the end.
func (s *Service) Start(ctx context.Context, name string, now time.Time) (uuid.UUID, <-chan struct{}, error) {
	def, ok := s.defs[name]
	if !ok {
		return uuid.Nil, nil, models.NotFound("job")
	}
	sess, err := s.begin(ctx, def, TriggerManual, now, now)
	if err != nil {
		return uuid.Nil, nil, err
	}
	done := make(chan struct{})
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stopCancel := context.AfterFunc(s.ending, cancel)
	s.manual.Add(1)
	go func() {
		defer s.manual.Done()
		defer close(done)
		defer cancel()
		defer stopCancel()
		s.execute(runCtx, sess)
	}()
	return sess.run.ID, done, nil
}

// Shutdown waits for the runs started by hand until ctx ends, then cancels
// those still running and waits for them to record their outcome: the
// process closes the database only after. Scheduled runs are the
// scheduler's (Scheduler.Stop).
func (s *Service) Shutdown(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.manual.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.cancelManual()
		<-done
		return ctx.Err()
	}
}

// runScheduled runs a job for a planned tick if this replica claims it.
func (s *Service) runScheduled(ctx context.Context, def Def, planned time.Time) {
	sess, err := s.begin(ctx, def, TriggerSchedule, planned, s.d.Clock())
	switch {
	case errors.Is(err, ErrClaimed):
		s.d.Log.Debug("job tick claimed elsewhere", "job", def.Name, "planned", planned)
		return
	case err != nil:
		s.d.Log.Error("job did not start", "job", def.Name, "planned", planned, "err", err)
		return
	}
	s.execute(ctx, sess)
}

// begin reaps stale runs, claims the tick (scheduled runs), takes the
// job's session lock on a dedicated connection, and writes the run row.
func (s *Service) begin(ctx context.Context, def Def, trig Trigger, planned, now time.Time) (*session, error) {
	s.reapStale(ctx)
	run := &Run{ID: uuid.Must(uuid.NewV7()), Job: def.Name, Now: now, Today: rules.DateOf(now)}
	if trig == TriggerSchedule {
		if err := s.claim(ctx, run, planned); err != nil {
			return nil, err
		}
	}
	conn, err := s.lock(ctx, def.Name)
	if err != nil {
		if trig == TriggerSchedule {
			s.finish(ctx, run, "skipped", err.Error())
		}
		return nil, err
	}
	if trig == TriggerManual {
		if err := s.insertRun(ctx, run, trig, planned); err != nil {
			s.unlock(conn, def.Name)
			return nil, err
		}
	}
	return &session{def: def, run: run, conn: conn}, nil
}

// claim inserts the row of a scheduled tick; only one replica's insert
// succeeds (unique on job and planned tick).
func (s *Service) claim(ctx context.Context, run *Run, planned time.Time) error {
	tag, err := s.d.DB.Pool.Exec(ctx, `INSERT INTO job_runs (id, job, trigger, planned_at, run_on, instance)
		VALUES ($1, $2, 'schedule', $3, $4, $5) ON CONFLICT (job, planned_at) WHERE trigger = 'schedule' DO NOTHING`,
		run.ID, run.Job, planned.UTC(), dbDate(run.Today), s.d.Instance)
	if err != nil {
		return fmt.Errorf("claim %s tick %s: %w", run.Job, planned, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrClaimed
	}
	return nil
}

func (s *Service) insertRun(ctx context.Context, run *Run, trig Trigger, planned time.Time) error {
	_, err := s.d.DB.Pool.Exec(
		ctx,
		`INSERT INTO job_runs (id, job, trigger, planned_at, run_on, instance) VALUES ($1, $2, $3, $4, $5, $6)`,
		run.ID,
		run.Job,
		string(trig),
		planned.UTC(),
		dbDate(run.Today),
		s.d.Instance,
	)
	if err != nil {
		return fmt.Errorf("record %s run: %w", run.Job, err)
	}
	return nil
}

// lock takes a connection out of the pool for good (Hijack) and takes the
// job's session advisory lock on it. The lock is released on that same
// connection, which is then closed: a session lock taken through the
// shared pool would leak with its connection (docs/OPERATIONS.md).
func (s *Service) lock(ctx context.Context, job string) (*pgx.Conn, error) {
	pc, err := s.d.DB.Pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("connection for %s lock: %w", job, err)
	}
	conn := pc.Hijack()
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, hashtext($2))`, LockNamespace, job).
		Scan(&got); err != nil {
		_ = conn.Close(context.Background())
		return nil, fmt.Errorf("lock %s: %w", job, err)
	}
	if !got {
		_ = conn.Close(context.Background())
		return nil, models.Errorf(models.KindConflict, "job_running", "%s is already running", job)
	}
	return conn, nil
}

// unlock releases the lock on its own connection and closes it.
func (s *Service) unlock(conn *pgx.Conn, job string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock($1, hashtext($2))`, LockNamespace, job); err != nil {
		s.d.Log.Error("release job lock", "job", job, "err", err)
	}
	_ = conn.Close(ctx)
}

// execute runs the job with a heartbeat, records the outcome and
// releases the lock. A panic fails the run instead of the process.
func (s *Service) execute(ctx context.Context, sess *session) {
	defer s.unlock(sess.conn, sess.def.Name)
	hbCtx, stop := context.WithCancel(ctx)
	go s.heartbeat(hbCtx, sess.run.ID)
	start := time.Now()
	err := s.call(ctx, sess)
	stop()
	outcome, msg := "succeeded", ""
	if err != nil {
		outcome, msg = "failed", err.Error()
		s.d.Log.Error("job failed", "job", sess.def.Name, "run", sess.run.ID, "err", err)
		s.alert(ctx, "job-failed:"+sess.run.ID.String(), notify.Data{Reason: notify.AlertJobFailed, Doc: sess.def.Name,
			Due: dbDate(sess.run.Today)})
	}
	s.d.Log.Info("job finished", "job", sess.def.Name, "run", sess.run.ID, "outcome", outcome,
		"duration", time.Since(start).String(), "counts", sess.run.Counts())
	s.finish(context.WithoutCancel(ctx), sess.run, outcome, msg)
}

func (s *Service) call(ctx context.Context, sess *session) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return sess.def.Fn(ctx, sess.run)
}

func (s *Service) heartbeat(ctx context.Context, id uuid.UUID) {
	t := time.NewTicker(s.d.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.d.DB.Pool.Exec(
				ctx,
				`UPDATE job_runs SET heartbeat_at = now() WHERE id = $1 AND outcome = 'running'`,
				id,
			); err != nil &&
				ctx.Err() == nil {
				s.d.Log.Warn("job heartbeat", "run", id, "err", err)
			}
		}
	}
}

func (s *Service) finish(ctx context.Context, run *Run, outcome, msg string) {
	counts, _ := json.Marshal(run.Counts()) //nolint:errcheck // a map of ints
	_, err := s.d.DB.Pool.Exec(
		ctx,
		`UPDATE job_runs SET outcome = $2, error = $3, counts = $4, finished_at = now(), heartbeat_at = now()
		WHERE id = $1 AND outcome = 'running'`,
		run.ID,
		outcome,
		msg,
		string(counts),
	)
	if err != nil {
		s.d.Log.Error("record job outcome", "run", run.ID, "err", err)
	}
}

// reapStale marks runs whose heartbeat stopped 5 minutes ago failed, and
// alerts: the replica running them died or lost the database.
func (s *Service) reapStale(ctx context.Context) {
	rows, err := s.d.DB.Pool.Query(ctx, `UPDATE job_runs SET outcome = 'failed', finished_at = now(),
		error = 'heartbeat lost: no heartbeat since ' || heartbeat_at::text
		WHERE outcome = 'running' AND heartbeat_at < now() - $1 * interval '1 second'
		RETURNING id, job, instance`, StaleAfter.Seconds())
	if err != nil {
		s.d.Log.Error("reap stale job runs", "err", err)
		return
	}
	type stale struct {
		id        uuid.UUID
		job, inst string
	}
	var found []stale
	for rows.Next() {
		var st stale
		if rows.Scan(&st.id, &st.job, &st.inst) == nil {
			found = append(found, st)
		}
	}
	rows.Close()
	for _, st := range found {
		s.d.Log.Error("job run lost its heartbeat", "job", st.job, "run", st.id, "instance", st.inst)
		s.alert(ctx, "job-stale:"+st.id.String(), notify.Data{Reason: notify.AlertJobStale, Doc: st.job,
			Due: dbDate(rules.DateOf(s.d.Clock()))})
	}
}
