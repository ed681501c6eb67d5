package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// jobResult is the admin's job run in the middle of the soak.
type jobResult struct {
	name, id, outcome string
	took              time.Duration
	err               error
}

func (j jobResult) report(out io.Writer) {
	fmt.Fprintf(out, "## Job run\n\n")
	if j.err != nil {
		fmt.Fprintf(out, "%s: FAILED: %v\n\n", j.name, j.err)
		return
	}
	fmt.Fprintf(out, "%s run %s through POST /v1/admin/jobs/%s/run: %s in %s\n\n",
		j.name, j.id, j.name, j.outcome, j.took.Round(time.Millisecond))
}

// runJob waits until at, then has the admin run the job through the API
// and polls GET /v1/admin/jobs until that run ends; anything but
// succeeded is an error.
func (s *soak) runJob(ctx context.Context, at time.Time) jobResult {
	sleepUntil(ctx, at)
	r := jobResult{name: s.c.soak.job}
	t0 := time.Now()
	cl, err := s.admin(ctx)
	if err != nil {
		r.err = err
		return r
	}
	r.id, r.err = s.startJob(ctx, cl)
	if r.err == nil {
		r.outcome, r.err = s.awaitJob(ctx, cl, r.id)
	}
	r.took = time.Since(t0)
	if r.err == nil && r.outcome != "succeeded" {
		r.err = fmt.Errorf("run %s ended %s", r.id, r.outcome)
	}
	return r
}

// admin logs the admin in (the login limiter cleared first).
func (s *soak) admin(ctx context.Context) (*client, error) {
	cl := &client{base: s.c.url, http: &http.Client{Timeout: 60 * time.Second}, resetLogins: loginReset(s.pool)}
	if err := cl.login(
		ctx,
		s.c.soak.admin,
		s.c.password,
		fmt.Sprintf("soak-admin-%d", time.Now().UnixNano()),
	); err != nil {
		return nil, fmt.Errorf("admin login: %w", err)
	}
	return cl, nil
}

// startJob asks for a run, retrying while another run holds the job's
// lock (409) or the server is busy, and returns the run's id.
func (s *soak) startJob(ctx context.Context, cl *client) (string, error) {
	for attempt := range 20 {
		status, b, hdr, err := cl.doH(ctx, "POST", "/v1/admin/jobs/"+s.c.soak.job+"/run", map[string]any{}, nil)
		switch {
		case err == nil && status == http.StatusAccepted:
			var run struct{ ID string }
			if err := json.Unmarshal(b, &run); err != nil || run.ID == "" {
				return "", fmt.Errorf("run %s: %s", s.c.soak.job, b)
			}
			return run.ID, nil
		case transient(ctx, status, err) || status == http.StatusConflict:
			backoff(ctx, attempt, hdr)
		case err != nil:
			return "", err
		default:
			return "", fmt.Errorf("run %s: %d %s", s.c.soak.job, status, b)
		}
	}
	return "", fmt.Errorf("run %s: refused 20 times", s.c.soak.job)
}

// awaitJob polls the job list until the run is no longer running (at
// most five minutes).
func (s *soak) awaitJob(ctx context.Context, cl *client, id string) (string, error) {
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		status, b, err := cl.do(ctx, "GET", "/v1/admin/jobs", nil, nil)
		if err == nil && status == http.StatusOK {
			if outcome := runOutcome(b, s.c.soak.job, id); outcome != "" && outcome != "running" {
				return outcome, nil
			}
		}
		sleepUntil(ctx, time.Now().Add(time.Second))
	}
	return "", errors.New("still running after 5 minutes")
}

// runOutcome finds the run's outcome in a JobList ("" when not listed).
func runOutcome(body []byte, job, id string) string {
	var list struct {
		Items []struct {
			Name     string
			LastRuns []struct{ ID, Outcome, Error string } `json:"last_runs"`
		}
	}
	if json.Unmarshal(body, &list) != nil {
		return ""
	}
	for _, j := range list.Items {
		for _, r := range j.LastRuns {
			if j.Name == job && r.ID == id {
				return r.Outcome
			}
		}
	}
	return ""
}
