package api_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/testkit"
)

// TestDatabaseOutageAnswers503WithRetryAfter stops the test's own
// PostgreSQL under a running server: a login, an authenticated GET and a
// push all answer 503 problem+json with Retry-After (docs/SYNC.md §1: apps
// back off on 503), never 500, including a push whose transaction is cut
// mid-way; after the restart everything works and the push applies exactly
// once. Whether the cut push committed is PostgreSQL's race (its fast
// shutdown may grant the lock and commit before it ends the backend), so
// the test asserts what the phone relies on: the retry after the 503 is
// applied or replayed, and one inspection with three mutations exists.
func TestDatabaseOutageAnswers503WithRetryAfter(t *testing.T) {
	cl := testkit.NewCluster(t)
	h := newHarnessWith(t, harnessOptions{db: cl.NewDB(t)})
	dev := h.deviceOf("inspector")
	id := uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	hdr := []string{"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	login := map[string]any{"email": "supervisor@test.tindal", "password": testPassword, "installation_id": "outage-phone"}

	// A push whose transaction is running when the server stops: it waits
	// on the change-log lock, held here, when the fast shutdown ends it.
	holder := holdChangeLogLock(t, cl.URL, h)
	pushed := make(chan response, 1)
	go func() { pushed <- h.do("POST", "/v1/sync/push", "inspector", body, hdr...) }()
	waitForLockWaiter(t, h)
	cl.Stop(t)
	_ = holder.Close(context.Background())
	want503(t, "push cut mid-transaction", <-pushed)

	for round := range 3 { // dead pooled connections first, then refused connections
		want503(t, "login round "+strconv.Itoa(round), h.do("POST", "/v1/auth/login", "", login))
		want503(t, "GET /v1/vessels round "+strconv.Itoa(round), h.do("GET", "/v1/vessels", "inspector", nil))
		want503(t, "push round "+strconv.Itoa(round), h.do("POST", "/v1/sync/push", "inspector", body, hdr...))
	}
	ready, err := h.app.Test(httptest.NewRequest("GET", "/readyz", nil), 10000)
	if err != nil {
		t.Fatalf("/readyz during the outage: %v", err)
	}
	defer ready.Body.Close()
	if ready.StatusCode != 503 {
		t.Errorf("/readyz during the outage: %v", ready)
	}

	cl.Start(t)
	var res response
	// The pool replaces its broken connections; the minute bounds a server
	// that never recovers, not a slow machine.
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		if res = h.do("GET", "/v1/vessels", "inspector", nil); res.status == 200 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if res.status != 200 {
		t.Fatalf("GET after the restart: %d %s", res.status, res.body)
	}
	if res := h.do("POST", "/v1/auth/login", "", login); res.status != 200 {
		t.Errorf("login after the restart: %d %s", res.status, res.body)
	}
	res = h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	var out struct{ Results []struct{ Status string } }
	_ = json.Unmarshal(res.body, &out)
	if res.status != 200 || len(out.Results) != 3 {
		t.Fatalf("push after the restart: %d %s", res.status, res.body)
	}
	for i, r := range out.Results {
		if r.Status != "applied" && r.Status != "replayed" { // exactly once, whether or not the cut push committed
			t.Errorf("mutation %d after the restart: %s, want applied or replayed", i+1, r.Status)
		}
	}
	var inspections, applied int64
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM inspections WHERE id = ?`, id).Scan(&inspections).Error)
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM applied_mutations WHERE device_id = ?`, dev).Scan(&applied).Error)
	if inspections != 1 || applied != 3 {
		t.Errorf("after the restart: %d inspections, %d applied mutations; want 1 and 3", inspections, applied)
	}
}

// holdChangeLogLock opens a transaction on the harness's database that
// holds the change-log advisory lock (the change_log trigger's), so that a
// push blocks inside its transaction.
func holdChangeLogLock(t *testing.T, base string, h *harness) *pgx.Conn {
	t.Helper()
	var name string
	h.must(h.db.Gorm.Raw(`SELECT current_database()`).Scan(&name).Error)
	cfg, err := pgx.ParseConfig(base)
	h.must(err)
	cfg.Database = name
	c, err := pgx.ConnectConfig(context.Background(), cfg)
	h.must(err)
	_, err = c.Exec(context.Background(), `BEGIN; SELECT pg_advisory_xact_lock(1, 0)`)
	h.must(err)
	return c
}

// waitForLockWaiter returns once a backend of the harness's database waits
// for an advisory lock: the push is inside its transaction.
func waitForLockWaiter(t *testing.T, h *harness) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // a hung push, not a slow one
	for time.Now().Before(deadline) {
		var waiting int64
		h.must(h.db.Gorm.Raw(`SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
			WHERE l.locktype = 'advisory' AND l.classid = 1 AND l.objid = 0 AND NOT l.granted
			AND d.datname = current_database()`).Scan(&waiting).Error)
		if waiting > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the push never waited for the change-log lock")
}

func want503(t *testing.T, what string, res response) {
	t.Helper()
	ct := res.header.Get("Content-Type")
	if res.status != 503 || ct != "application/problem+json" || res.json()["code"] != "database_unavailable" {
		t.Errorf("%s: %d %s %s, want 503 problem+json database_unavailable", what, res.status, ct, res.body)
		return
	}
	if ra, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || ra < 1 {
		t.Errorf("%s: Retry-After %q", what, res.header.Get("Retry-After"))
	}
}
