package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
)

// RunRecord is one row of job_runs.
type RunRecord struct {
	ID         uuid.UUID
	Job        string
	Trigger    string
	PlannedAt  time.Time
	RunOn      time.Time
	Instance   string
	StartedAt  time.Time
	Heartbeat  time.Time
	FinishedAt *time.Time
	Outcome    string
	Error      string
	Counts     map[string]int64
}

// Duration is how long the run took (so far, if running).
func (r RunRecord) Duration(now time.Time) time.Duration {
	if r.FinishedAt != nil {
		return r.FinishedAt.Sub(r.StartedAt)
	}
	return now.Sub(r.StartedAt)
}

const runColumns = `id, job, trigger, planned_at, run_on, instance, started_at, heartbeat_at, finished_at,
	outcome, error, counts`

func scanRun(row pgx.Row) (RunRecord, error) {
	var r RunRecord
	var counts []byte
	err := row.Scan(
		&r.ID,
		&r.Job,
		&r.Trigger,
		&r.PlannedAt,
		&r.RunOn,
		&r.Instance,
		&r.StartedAt,
		&r.Heartbeat,
		&r.FinishedAt,
		&r.Outcome,
		&r.Error,
		&counts,
	)
	if err == nil {
		err = json.Unmarshal(counts, &r.Counts)
	}
	return r, err
}

// GetRun returns one run.
func (s *Service) GetRun(ctx context.Context, id uuid.UUID) (RunRecord, error) {
	r, err := scanRun(s.d.DB.Pool.QueryRow(ctx, `SELECT `+runColumns+` FROM job_runs WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return r, models.NotFound("job run")
	}
	return r, err
}

// Runs lists the latest runs of a job, newest first.
func (s *Service) Runs(ctx context.Context, job string, limit int) ([]RunRecord, error) {
	rows, err := s.d.DB.Pool.Query(
		ctx,
		`SELECT `+runColumns+` FROM job_runs WHERE job = $1 ORDER BY started_at DESC, id DESC LIMIT $2`,
		job,
		limit,
	)
	if err != nil {
		return nil, fmt.Errorf("runs of %s: %w", job, err)
	}
	defer rows.Close()
	var out []RunRecord
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Status is what GET /v1/admin/jobs shows of one job.
type Status struct {
	Name        string
	Description string
	Schedule    string
	Location    string
	NextRun     time.Time
	LastRuns    []RunRecord
}

// Statuses lists every job with its schedule, next run and last runs.
func (s *Service) Statuses(ctx context.Context, now time.Time, lastRuns int) ([]Status, error) {
	var out []Status
	for _, n := range s.Names() {
		def := s.defs[n]
		next, err := s.NextRun(n, now)
		if err != nil {
			return nil, err
		}
		runs, err := s.Runs(ctx, n, lastRuns)
		if err != nil {
			return nil, err
		}
		out = append(
			out,
			Status{
				Name:        n,
				Description: def.Description,
				Schedule:    def.Schedule,
				Location:    Kolkata().String(),
				NextRun:     next,
				LastRuns:    runs,
			},
		)
	}
	return out, nil
}
