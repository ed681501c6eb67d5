package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu stdsync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestShutdownJoinsWorkersAndJobsBeforeClosingTheDatabase runs serve in
// process, with requests in flight and a housekeeping run (started by hand
// through the API) blocked on a row the test holds, then ends it as
// SIGTERM does. The run, released a second later, must finish and record
// its outcome before the pool closes: no "database is closed" in the log,
// nothing left half-done.
func TestShutdownJoinsWorkersAndJobsBeforeClosingTheDatabase(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	dbURL := databaseURLOf(t, db)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	_, err := auth.NewService(db, auth.NewKeySet(priv), auth.Options{}).CreateUser(ctx, storage.Actor{},
		auth.NewUser{Email: "admin@test.tindal", Name: "admin", Role: models.RoleAdmin, Password: "shutdown-test-password"})
	if err != nil {
		t.Fatal(err)
	}
	// An old public rate window for housekeeping to prune, locked by us.
	must(t, db.Gorm.Exec(`INSERT INTO public_rate_windows (key, window_start, count) VALUES ('test', now() - interval '30 days', 1)`).Error)
	lock, err := pgx.Connect(ctx, dbURL)
	must(t, err)
	defer lock.Close(ctx)
	_, err = lock.Exec(ctx, `BEGIN; SELECT 1 FROM public_rate_windows WHERE key = 'test' FOR UPDATE`)
	must(t, err)

	dir := t.TempDir()
	env := map[string]string{"TINDAL_DATABASE_URL": dbURL, "TINDAL_HTTP_ADDR": "127.0.0.1:0", "TINDAL_METRICS_ADDR": "off",
		"TINDAL_BLOB_DIR": dir + "/blobs", "TINDAL_DEV_KEYS_DIR": dir + "/keys", "TINDAL_PUBLIC_BASE_URL": "http://127.0.0.1"}
	logs := &syncBuffer{}
	srvCtx, sigterm := context.WithCancel(ctx)
	defer sigterm()
	ended := make(chan error, 1)
	go func() {
		ended <- run(srvCtx, []string{"tindal", "serve", "--no-migrate"}, func(k string) string { return env[k] }, logs, logs)
	}()
	base := "http://" + servingAddr(t, logs, ended)
	token := loginAs(t, base, "admin@test.tindal", "shutdown-test-password")
	res := post(t, base+"/v1/admin/jobs/housekeeping/run", token, `{}`)
	var started struct{ ID string }
	_ = json.NewDecoder(res.Body).Decode(&started)
	res.Body.Close()
	if res.StatusCode != 202 || started.ID == "" {
		t.Fatalf("start housekeeping: %d", res.StatusCode)
	}
	var load stdsync.WaitGroup
	for range 4 { // phones keep asking while the server stops
		load.Go(func() {
			for i := 0; i < 200 && srvCtx.Err() == nil; i++ {
				if r, err := http.Get(base + "/readyz"); err == nil {
					r.Body.Close()
				}
			}
		})
	}
	waitForLockWaiter(t, db) // the run is now waiting on our row
	sigterm()
	released := make(chan struct{})
	time.AfterFunc(time.Second, func() {
		defer close(released)
		_, _ = lock.Exec(context.Background(), `COMMIT`)
	})
	defer func() { <-released }() // before lock.Close
	select {
	case err := <-ended:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(90 * time.Second):
		t.Fatal("serve did not stop")
	}
	load.Wait()
	time.Sleep(2 * time.Second) // anything still running after run returned shows itself here
	if strings.Contains(logs.String(), "database is closed") {
		t.Errorf("the pool was closed under running work:\n%s", logs.String())
	}
	var outcome string
	must(t, db.Gorm.Raw(`SELECT coalesce(outcome, '') FROM job_runs WHERE id = ?`, started.ID).Scan(&outcome).Error)
	var left int64
	must(t, db.Gorm.Raw(`SELECT count(*) FROM public_rate_windows WHERE key = 'test'`).Scan(&left).Error)
	if outcome != "succeeded" || left != 0 {
		t.Errorf("housekeeping run: outcome %q, %d stale windows left; want succeeded and 0", outcome, left)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// databaseURLOf is the URL of the test's own database.
func databaseURLOf(t *testing.T, db *storage.DB) string {
	var name string
	must(t, db.Gorm.Raw(`SELECT current_database()`).Scan(&name).Error)
	u, err := url.Parse(testkit.DatabaseURL(t))
	must(t, err)
	u.Path = "/" + name
	return u.String()
}

// servingAddr waits for serve's "serving" log line and returns its address.
func servingAddr(t *testing.T, logs *syncBuffer, ended chan error) string {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(logs.String(), "\n") {
			var l struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "serving" {
				return l.Addr
			}
		}
		select {
		case err := <-ended:
			t.Fatalf("serve ended: %v\n%s", err, logs.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start:\n%s", logs.String())
	return ""
}

func loginAs(t *testing.T, base, email, password string) string {
	res := post(t, base+"/v1/auth/login", "", `{"email":"`+email+`","password":"`+password+`","installation_id":"shutdown-test"}`)
	defer res.Body.Close()
	var out struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode != 200 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	return out.AccessToken
}

func post(t *testing.T, u, token, body string) *http.Response {
	req, err := http.NewRequest("POST", u, strings.NewReader(body))
	must(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	must(t, err)
	return res
}

// waitForLockWaiter returns once a backend of db's database waits for a
// lock (the housekeeping run on the row the test holds): the event, not a
// duration that a loaded machine may outlast.
func waitForLockWaiter(t *testing.T, db *storage.DB) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var waiting int64
		must(t, db.Gorm.Raw(`SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting).Error)
		if waiting > 0 {
			return
		}
	}
	t.Fatal("the housekeeping run never waited for the row the test holds")
}
