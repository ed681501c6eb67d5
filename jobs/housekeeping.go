package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/tindal/tindal/notify"
)

// Retention periods kept by housekeeping.
const (
	// IdempotencyBodyRetention: outcome bodies of acknowledged mutations are
	// dropped after 180 days; key, hash and status stay (docs/SYNC.md).
	IdempotencyBodyRetention = 180 * 24 * time.Hour
	// IdempotencyKeyRetention: applied_mutations rows are kept two years.
	IdempotencyKeyRetention = 2 * 365 * 24 * time.Hour
	// BacklogReviewAge: deferred mutations waiting longer go to a person.
	BacklogReviewAge = 7 * 24 * time.Hour
	// JobRunRetention: job_runs rows older than this are deleted.
	JobRunRetention = 180 * 24 * time.Hour
	housekeepChunk  = 1000
)

// housekeeping runs the steps other packages provide (photos, change-log
// retention), then its own: idempotency records, the backlog review
// alert, and old job runs. Every step is bounded to chunks of 1,000 rows.
func (s *Service) housekeeping(ctx context.Context, r *Run) error {
	for _, t := range s.d.Housekeeping {
		n, err := t.Fn(ctx, r.Now)
		if err != nil {
			return fmt.Errorf("housekeeping %s: %w", t.Name, err)
		}
		r.Add(t.Name, int(n))
	}
	steps := []struct {
		name string
		fn   func(context.Context, *Run) (int64, error)
	}{
		{"idempotency_bodies_dropped", s.dropIdempotencyBodies},
		{"idempotency_records_deleted", s.deleteIdempotencyRecords},
		{"backlog_waiting_review", s.backlogReview},
		{"job_runs_deleted", s.deleteOldRuns},
	}
	for _, st := range steps {
		n, err := st.fn(ctx, r)
		if err != nil {
			return fmt.Errorf("housekeeping %s: %w", st.name, err)
		}
		r.Add(st.name, int(n))
	}
	return nil
}

// exists reports whether a table is in the schema (other issues own some).
func (s *Service) exists(ctx context.Context, table string) (bool, error) {
	var ok bool
	err := s.d.DB.Pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&ok)
	return ok, err
}

// chunked repeats a statement that affects at most housekeepChunk rows
// until it affects fewer, each in its own transaction.
func (s *Service) chunked(ctx context.Context, sql string, args ...any) (int64, error) {
	var total int64
	for {
		tag, err := s.d.DB.Pool.Exec(ctx, sql, args...)
		if err != nil {
			return total, err
		}
		total += tag.RowsAffected()
		if tag.RowsAffected() < housekeepChunk {
			return total, nil
		}
	}
}

func (s *Service) dropIdempotencyBodies(ctx context.Context, r *Run) (int64, error) {
	if ok, err := s.exists(ctx, "applied_mutations"); !ok || err != nil {
		return 0, err
	}
	return s.chunked(ctx, `UPDATE applied_mutations SET outcome = NULL WHERE id IN (
		SELECT id FROM applied_mutations WHERE acked AND outcome IS NOT NULL AND created_at < $1 LIMIT 1000)`,
		r.Now.Add(-IdempotencyBodyRetention))
}

func (s *Service) deleteIdempotencyRecords(ctx context.Context, r *Run) (int64, error) {
	if ok, err := s.exists(ctx, "applied_mutations"); !ok || err != nil {
		return 0, err
	}
	return s.chunked(ctx, `DELETE FROM applied_mutations WHERE id IN (
		SELECT id FROM applied_mutations WHERE created_at < $1 LIMIT 1000)`, r.Now.Add(-IdempotencyKeyRetention))
}

// backlogReview counts deferred mutations waiting more than 7 days and
// alerts admins once a day while there are any: supervisors decide them.
func (s *Service) backlogReview(ctx context.Context, r *Run) (int64, error) {
	if ok, err := s.exists(ctx, "mutation_backlog"); !ok || err != nil {
		return 0, err
	}
	var n int64
	if err := s.d.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM mutation_backlog WHERE first_seen < $1`,
		r.Now.Add(-BacklogReviewAge)).Scan(&n); err != nil {
		return 0, err
	}
	if n > 0 {
		s.alert(ctx, "backlog:"+r.Today.String(), notify.Data{Reason: notify.AlertBacklogWaiting, Doc: JobHousekeeping,
			Due: dbDate(r.Today), Count: int(n)})
	}
	return n, nil
}

func (s *Service) deleteOldRuns(ctx context.Context, r *Run) (int64, error) {
	return s.chunked(ctx, `DELETE FROM job_runs WHERE id IN (
		SELECT id FROM job_runs WHERE outcome <> 'running' AND started_at < $1 LIMIT 1000)`, r.Now.Add(-JobRunRetention))
}

// notifyDispatch delivers the email outbox, then the SMS outbox.
func (s *Service) notifyDispatch(ctx context.Context, r *Run) error {
	if s.d.SMSDispatcher != nil {
		res, err := s.d.SMSDispatcher.Dispatch(ctx, r.Now)
		r.Add("sms_sent", res.Sent)
		r.Add("sms_retried", res.Retried)
		r.Add("sms_failed", res.Failed)
		if err != nil {
			return err
		}
	}
	if s.d.Dispatcher == nil {
		r.Add("email_not_configured", 1)
		return nil
	}
	res, err := s.d.Dispatcher.Dispatch(ctx, r.Now)
	r.Add("sent", res.Sent)
	r.Add("retried", res.Retried)
	r.Add("failed", res.Failed)
	return err
}
