package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	stdsync "sync"
	"sync/atomic"
	"time"
)

// client is one phone's HTTP session.
type client struct {
	base, token, device, cursor string
	http                        *http.Client
	seq                         int64 // the phone's last mutation seq
	// resetLogins, when set, clears the login rate-limit counters before
	// a login: hundreds of simulated phones log in from one address
	// within a minute, which the limiter (rightly) refuses in production.
	resetLogins func(ctx context.Context)
	// retries, when set, counts requests sent again after a network
	// error, a 5xx or a 409/503 with Retry-After.
	retries *atomic.Int64
}

// retried counts one request sent again.
func (c *client) retried() {
	if c.retries != nil {
		c.retries.Add(1)
	}
}

// transient is an answer a phone retries: no answer at all (unless the
// run is over), a 5xx, or 429.
func transient(ctx context.Context, status int, err error) bool {
	if err != nil {
		return ctx.Err() == nil
	}
	return status >= 500 || status == http.StatusTooManyRequests
}

// backoff waits before attempt+1: Retry-After when the server sent one
// (capped at 30 s), else 100 ms more for every attempt.
func backoff(ctx context.Context, attempt int, hdr http.Header) {
	wait := time.Duration(100*(attempt+1)) * time.Millisecond
	if s, err := strconv.Atoi(hdr.Get("Retry-After")); err == nil && s >= 0 {
		wait = min(time.Duration(s)*time.Second, 30*time.Second)
	}
	select {
	case <-ctx.Done():
	case <-time.After(wait):
	}
}

// do sends one JSON request and returns the status and the whole body
// (the response is closed here).
func (c *client) do(ctx context.Context, method, path string, body any, hdr map[string]string) (int, []byte, error) {
	status, b, _, err := c.doH(ctx, method, path, body, hdr)
	return status, b, err
}

// doH is do that also returns the response's headers (nil on a network
// error).
func (c *client) doH(
	ctx context.Context,
	method, path string,
	body any,
	hdr map[string]string,
) (int, []byte, http.Header, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, nil, err
		}
		rd = bytes.NewReader(b)
	}
	//nolint:gosec // G704: the load generator calls the server its -url flag names
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req) //nolint:gosec // G704: as above
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, res.Header, err
}

func (c *client) login(ctx context.Context, email, password, installation string) error {
	if c.resetLogins != nil {
		c.resetLogins(ctx)
	}
	status, b, err := c.do(
		ctx,
		"POST",
		"/v1/auth/login",
		map[string]any{"email": email, "password": password, "installation_id": installation},
		nil,
	)
	if err != nil {
		return err
	}
	if status != 200 {
		return fmt.Errorf("login: %d %s", status, b)
	}
	var t struct {
		AccessToken string `json:"access_token"`
		DeviceID    string `json:"device_id"`
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return fmt.Errorf("login: %w", err)
	}
	c.token, c.device = t.AccessToken, t.DeviceID
	return nil
}

// loginAll logs every phone in before the clock starts (logins are
// rate-limited per account and hash a password: not what is measured),
// four at a time, retrying a refused one.
func loginAll(ctx context.Context, c config, reset func(context.Context)) ([]*client, error) {
	return loginAs(ctx, c, nil, reset)
}

// loginAs is loginAll with phone i logged in as emails[i] (nil: every
// phone as -email).
func loginAs(ctx context.Context, c config, emails []string, reset func(context.Context)) ([]*client, error) {
	out := make([]*client, c.devices)
	errs := make(chan error, c.devices)
	sem := make(chan struct{}, 4)
	var wg stdsync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			cl := &client{base: c.url, http: &http.Client{Timeout: 60 * time.Second}, resetLogins: reset}
			email := c.email
			if emails != nil {
				email = emails[i]
			}
			var err error
			for attempt := range 30 {
				if err = cl.login(ctx, email, c.password, fmt.Sprintf("loadgen-%d-%d", i, time.Now().UnixNano())); err == nil {
					break
				}
				time.Sleep(time.Duration(50*(attempt+1)) * time.Millisecond)
			}
			out[i] = cl
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// errNoPull is a server without the pull wired (503): pushes are still
// measured.
var errNoPull = errors.New("pull not served")

// pullAll pulls from the phone's cursor until has_more is false, timing
// each page, and returns how many items it received.
func (c *client) pullAll(ctx context.Context, pages *series) (int, error) {
	items := 0
	for {
		path := "/v1/sync/pull?limit=2000"
		if c.cursor != "" {
			path += "&cursor=" + c.cursor
		}
		t0 := time.Now()
		status, b, err := c.do(ctx, "GET", path, nil, map[string]string{"X-Protocol-Version": "1", "X-App-Version": "1.0.0"})
		if err != nil {
			return items, err
		}
		if status == http.StatusServiceUnavailable {
			return items, errNoPull
		}
		pages.since(t0)
		if status != 200 {
			return items, fmt.Errorf("pull: %d %s", status, b)
		}
		var page struct {
			Items   []json.RawMessage `json:"items"`
			Cursor  string            `json:"cursor"`
			HasMore bool              `json:"has_more"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			return items, fmt.Errorf("pull: %w", err)
		}
		items += len(page.Items)
		c.cursor = page.Cursor
		if !page.HasMore {
			return items, nil
		}
	}
}

// push sends a batch, retrying on 409/503 and resending retry results; it
// returns how many leading mutations were applied. Anything else that is
// final or held (deferred, rejected, merged into a conflict) is an error:
// a push that was deferred or quarantined is not a push served, and a
// harness that counted it would report work that never happened.
func (c *client) push(ctx context.Context, ms []mutation, reqs *series) (int, error) {
	for attempt := range 20 {
		t0 := time.Now()
		status, b, hdr, err := c.doH(
			ctx,
			"POST",
			"/v1/sync/push",
			map[string]any{"mutations": ms},
			map[string]string{
				"X-Device-Id":   c.device,
				"X-Device-Time": time.Now().UTC().Format(time.RFC3339Nano),
				"X-App-Version": "1.0.0",
			},
		)
		if err == nil {
			reqs.since(t0)
		}
		if transient(ctx, status, err) || status == 409 {
			// As a phone does: the same mutations (same ids) again, after
			// Retry-After when the server gave one.
			c.retried()
			backoff(ctx, attempt, hdr)
			continue
		}
		if err != nil {
			return 0, err
		}
		if status != 200 {
			return 0, fmt.Errorf("push: %d %s", status, b)
		}
		done, err := settled(b, ms)
		if done > 0 || err != nil {
			return done, err
		}
		time.Sleep(time.Duration(100*(attempt+1)) * time.Millisecond)
	}
	return 0, fmt.Errorf("push: no final answer after 20 attempts")
}

// settled counts the leading results that were applied (or replayed: the
// answer to an earlier attempt whose response was lost), stopping at the
// first retry. Every other status fails the run, naming the mutation.
func settled(body []byte, ms []mutation) (int, error) {
	var out struct {
		Results []struct{ Status, Code string }
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return 0, fmt.Errorf("push: %w", err)
	}
	done := 0
	for i, r := range out.Results {
		switch r.Status {
		case "retry":
			return done, nil
		case "applied", "replayed":
			done++
		default:
			name := "?"
			if i < len(ms) {
				name = ms[i].Name
			}
			return 0, fmt.Errorf(
				"push: mutation %d (%s) was %s (%s), not applied: the day did not happen",
				i,
				name,
				r.Status,
				r.Code,
			)
		}
	}
	return done, nil
}
