package api

import (
	"context"
	"time"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
)

// ListJobs lists every job with its schedule, next run and last runs.
func (h *handlers) ListJobs(
	ctx context.Context,
	_ openapi.ListJobsRequestObject,
) (openapi.ListJobsResponseObject, error) {
	now := h.d.Clock()
	st, err := h.d.Jobs.Statuses(ctx, now, 10)
	if err != nil {
		return nil, err
	}
	out := openapi.ListJobs200JSONResponse{Items: []openapi.JobStatus{}}
	for _, s := range st {
		runs := make([]openapi.JobRun, 0, len(s.LastRuns))
		for _, r := range s.LastRuns {
			runs = append(runs, jobRunOut(r, now))
		}
		out.Items = append(out.Items, openapi.JobStatus{Name: s.Name, Description: s.Description, Schedule: s.Schedule,
			Location: s.Location, NextRun: s.NextRun.UTC(), LastRuns: runs})
	}
	return out, nil
}

// RunJob starts a manual run, as of the given date, and answers with its row.
func (h *handlers) RunJob(ctx context.Context, r openapi.RunJobRequestObject) (openapi.RunJobResponseObject, error) {
	now := h.d.Clock()
	if r.Body != nil && r.Body.Now != nil {
		now = atDate(rules.DateOf(r.Body.Now.Time), now)
	}
	id, _, err := h.d.Jobs.Start(ctx, r.Name, now)
	if err != nil {
		return nil, err
	}
	run, err := h.d.Jobs.GetRun(ctx, id)
	if err != nil {
		return nil, err
	}
	return openapi.RunJob202JSONResponse(jobRunOut(run, h.d.Clock())), nil
}

// atDate is the given date at now's time of day in Asia/Kolkata.
func atDate(d rules.Date, now time.Time) time.Time {
	t := now.In(rules.IST)
	return time.Date(d.Year, d.Month, d.Day, t.Hour(), t.Minute(), t.Second(), 0, rules.IST)
}

func jobRunOut(r jobs.RunRecord, now time.Time) openapi.JobRun {
	counts := r.Counts
	if counts == nil {
		counts = map[string]int64{}
	}
	var fin = r.FinishedAt
	if fin != nil {
		t := fin.UTC()
		fin = &t
	}
	return openapi.JobRun{Id: r.ID, Job: r.Job, Trigger: openapi.JobRunTrigger(r.Trigger), PlannedAt: r.PlannedAt.UTC(),
		RunOn: dateOnly(r.RunOn), Instance: r.Instance, StartedAt: r.StartedAt.UTC(), HeartbeatAt: r.Heartbeat.UTC(),
		FinishedAt: fin, Outcome: openapi.JobRunOutcome(r.Outcome), Error: r.Error, Counts: counts,
		DurationMs: r.Duration(now).Milliseconds()}
}
