package replicas

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"testing"
	"time"
)

// TestSchedulerRunsEachTickOnce: every replica runs the scheduler, with
// certificate-expiry every 3 s and notify-dispatch every 2 s
// (TINDAL_JOB_SCHEDULES). Each tick is run by one replica (job_runs), the
// owner's one insurance reminder is mailed once (mailpit counts it) however
// many dispatch ticks follow, and a run started by hand through the proxy
// runs once.
func TestSchedulerRunsEachTickOnce(t *testing.T) {
	t.Parallel()
	type run struct {
		Planned  time.Time
		Instance string
	}
	var runs []run
	await(t, "five certificate-expiry ticks", 60*time.Second, func() bool {
		runs = nil
		must(t, set.db.Gorm.Raw(`SELECT planned_at AS planned, instance FROM job_runs
			WHERE job = 'certificate-expiry' AND trigger = 'schedule' AND outcome = 'succeeded' ORDER BY planned_at`).Scan(&runs).Error)
		return len(runs) >= 5
	})
	instances := map[string]int{}
	for i, r := range runs {
		instances[r.Instance]++
		if i > 0 && !r.Planned.After(runs[i-1].Planned) {
			t.Errorf("tick %s run twice", r.Planned)
		}
	}
	var rows, ticks int64
	must(t, set.db.Gorm.Raw(`SELECT count(*), count(DISTINCT (job, planned_at)) FROM job_runs WHERE trigger = 'schedule'`).Row().Scan(&rows, &ticks))
	if rows != ticks {
		t.Errorf("%d scheduled runs for %d ticks", rows, ticks)
	}
	t.Logf("certificate-expiry: %d ticks, run by %d replicas %v; all jobs: %d scheduled runs", len(runs), len(instances), instances, rows)

	// The reminder: mailed once, however many dispatch ticks follow.
	to := set.ids["owner-email"]
	await(t, "the owner's reminder in mailpit", 60*time.Second, func() bool { return mails(t, to) >= 1 })
	var since int64
	must(t, set.db.Gorm.Raw(`SELECT count(*) FROM job_runs WHERE job = 'notify-dispatch'`).Scan(&since).Error)
	await(t, "three more dispatch ticks", 30*time.Second, func() bool {
		var n int64
		must(t, set.db.Gorm.Raw(`SELECT count(*) FROM job_runs WHERE job = 'notify-dispatch' AND outcome <> 'running'`).Scan(&n).Error)
		return n >= since+3
	})
	if n := mails(t, to); n != 1 {
		t.Errorf("the owner got %d mails, want 1 (one reminder, certificate-expiry run on every tick by 3 replicas)", n)
	}

	// A run by hand, through the proxy: once.
	tok := apiLogin(t, set.proxy.base(), "admin@replicas.test", "admin-desk")
	a := set.do(set.proxy.base(), "POST", "/v1/admin/jobs/housekeeping/run", tok, map[string]any{})
	if a.status != 202 && a.status != 200 {
		t.Fatalf("run housekeeping by hand: %d %s", a.status, a.body)
	}
	await(t, "the hand-started run", 30*time.Second, func() bool {
		var n int64
		must(t, set.db.Gorm.Raw(`SELECT count(*) FROM job_runs WHERE job = 'housekeeping' AND trigger = 'manual' AND outcome <> 'running'`).Scan(&n).Error)
		return n >= 1
	})
	var manual int64
	must(t, set.db.Gorm.Raw(`SELECT count(*) FROM job_runs WHERE trigger = 'manual'`).Scan(&manual).Error)
	if manual != 1 {
		t.Errorf("one run started by hand: %d manual runs", manual)
	}
}

// mails counts mailpit's messages to an address.
func mails(t *testing.T, to string) int {
	t.Helper()
	api := os.Getenv("TINDAL_MAILPIT_API")
	res, err := http.Get(api + "/api/v1/search?query=" + url.QueryEscape(`to:"`+to+`"`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Total int `json:"messages_count"`
	}
	must(t, json.NewDecoder(res.Body).Decode(&out))
	return out.Total
}

// apiLogin signs in through base with a new installation and returns the
// access token.
func apiLogin(t *testing.T, base, email, installation string) string {
	t.Helper()
	tok, err := tryLogin(base, email, installation)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// tryLogin signs in, retrying what a phone retries (502, 503, a cut
// connection) for at most a minute (a replica restarting under make
// test's load).
func tryLogin(base, email, installation string) (string, error) {
	var last answer
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		last = set.do(base, "POST", "/v1/auth/login", "", map[string]any{"email": email, "password": password,
			"installation_id": installation, "device_name": installation})
		if last.status == 200 {
			tok, _ := last.json()["access_token"].(string)
			return tok, nil
		}
		if last.err == nil && last.status != 502 && last.status != 503 {
			break
		}
	}
	return "", fmt.Errorf("login %s: %d %s %v", email, last.status, last.body, last.err)
}

// await polls cond until it holds, for at most within.
func await(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %s", what, within)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
