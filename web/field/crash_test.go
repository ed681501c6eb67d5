package field_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// serverProcess is the real tindal binary (`tindal serve`), a process of
// its own that the test kills as a crash would.
type serverProcess struct {
	cmd *exec.Cmd
	log bytes.Buffer
}

// freeAddr is a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// startServer runs `tindal serve` on addr over the database at dbURL with
// its keys and blobs in dataDir (a restart on the same dataDir keeps the
// signing key), and waits until it answers /healthz.
func startServer(t *testing.T, bin, dbURL, addr, dataDir string) *serverProcess {
	t.Helper()
	s := &serverProcess{cmd: exec.Command(bin, "serve")}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TINDAL_") {
			env = append(env, kv)
		}
	}
	s.cmd.Env = append(env, "TINDAL_DATABASE_URL="+dbURL, "TINDAL_HTTP_ADDR="+addr, "TINDAL_JOBS=off", "TINDAL_LOG_LEVEL=warn",
		"TINDAL_DEV_KEYS_DIR="+filepath.Join(dataDir, "keys"), "TINDAL_BLOB_DIR="+filepath.Join(dataDir, "blobs"),
		"TINDAL_PUBLIC_BASE_URL=http://"+addr)
	s.cmd.Stdout, s.cmd.Stderr = &s.log, &s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.kill)
	for deadline := time.Now().Add(90 * time.Second); ; {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) || s.cmd.ProcessState != nil {
			t.Fatalf("the server did not start: %v\n%s", err, s.log.String())
		}
		time.Sleep(100 * time.Millisecond) // polls the server's start; no assertion waits on it
	}
}

// kill ends the server as a crash does: SIGKILL, nothing runs after it.
func (s *serverProcess) kill() {
	if s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	}
}

// TestAServerKilledMidPushAppliesOnce: a real `tindal serve` process, the
// app pushing to it through the browser. The push's transaction waits on
// the inspection's row, which the test holds; the server is killed with
// SIGKILL while it waits, and started again on the same port and
// database. The phone heard nothing, keeps every mutation pending, and
// its retry is applied: every mutation it made is held exactly once, and
// the inspection is submitted with all its answers.
func TestAServerKilledMidPushAppliesOnce(t *testing.T) {
	t.Parallel()
	var bin string
	built := make(chan struct{})
	go func() { // the build runs while the demo data is seeded
		defer close(built)
		bin = testkit.BuildServer(t)
	}()
	seeded := webtest.NewServer(t)
	<-built
	if bin == "" {
		t.FailNow()
	}
	db := seeded.DB
	ctx := context.Background()
	dbURL := db.Pool.Config().ConnString()
	addr, data := freeAddr(t), t.TempDir()
	srv := startServer(t, bin, dbURL, addr, data)
	phone := newLink(t, "http://"+addr)
	tab := signIn(t, phone.URL)

	_, insp := startInspection(t, tab, nil)
	answer(t, tab, 0, "yes")
	syncAndWait(t, tab)
	held := queuedIDs(t, tab)

	// The next push waits at the database on the inspection's row.
	blocker, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = blocker.Rollback(ctx) }() // a no-op after the checked Rollback below
	if _, err := blocker.Exec(ctx, "SELECT 1 FROM inspections WHERE id = $1 FOR UPDATE", insp); err != nil {
		t.Fatal(err)
	}
	route(t, tab, "#/inspection/"+insp)
	onScreen(t, tab, "inspection:"+insp)
	for i := 1; i <= 4; i++ {
		answer(t, tab, i, map[bool]string{true: "yes", false: "no"}[i%2 == 0])
	}
	webtest.Do(t, tab, chromedp.Click(chromedp.CSS("#submit"))) // submitting syncs
	var waiting int
	for deadline := time.Now().Add(60 * time.Second); ; {
		err := db.Pool.QueryRow(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
			AND pid <> pg_backend_pid() AND query ILIKE '%inspections%'`).Scan(&waiting)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the push never waited on the inspection's row: %v\n%s", err, srv.log.String())
		}
		time.Sleep(20 * time.Millisecond) // polls PostgreSQL for the push's wait
	}
	made := queuedIDs(t, tab)
	if len(made) != len(held)+5 {
		t.Fatalf("the phone holds %d mutations, want %d (a start, 5 answers, a submit)", len(made), len(held)+5)
	}

	srv.kill()
	if err := blocker.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	testkit.WaitBackendGone(t, db, waiting)
	failed := messages(t, "en")["field.sync.failed"]
	waitFor(t, tab, fmt.Sprintf(`document.querySelector('#notices #sync')?.textContent === %q`, failed), 60*time.Second)
	if q := queued(t, tab); len(q["pending"]) != 5 {
		t.Fatalf("after the crash the phone's queue is %v, want the 5 unanswered mutations pending", q)
	}

	startServer(t, bin, dbURL, addr, data) // the same port: the phone's link reaches it
	syncAndWait(t, tab)
	var ids []string
	rows, err := db.Pool.Query(ctx, `SELECT id::text FROM applied_mutations WHERE aggregate_id = $1 ORDER BY id`, insp)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	slices.Sort(made)
	if !slices.Equal(ids, made) {
		t.Errorf("the server holds %v, the phone made %v: each exactly once", ids, made)
	}
	var answers int
	var status string
	if err := db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM inspection_answers WHERE inspection_id = $1 AND deleted_at IS NULL),
		(SELECT status FROM inspections WHERE id = $1)`, insp).Scan(&answers, &status); err != nil {
		t.Fatal(err)
	}
	if answers != 5 || status != "submitted" {
		t.Errorf("the inspection holds %d answers and is %s, want 5 and submitted", answers, status)
	}
}

// signIn opens the app at base in a phone-sized tab and signs the
// inspector in online; the first sync pulled the register and the plan.
// first runs on the tab before it opens anything.
func signIn(t *testing.T, base string, first ...func(context.Context)) context.Context {
	t.Helper()
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	for _, f := range first {
		f(ctx)
	}
	webtest.Do(t, ctx, chromedp.Navigate(base+"/field/"))
	onScreen(t, ctx, "signin:")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#email"), inspector),
		chromedp.SendKeys(chromedp.CSS("#password"), webtest.DemoPassword),
		chromedp.Click(chromedp.CSS("#signin button")))
	onScreen(t, ctx, "plan:")
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#plan li")))
	return ctx
}

// syncAndWait taps "Sync now" and waits until nothing waits to be sent.
func syncAndWait(t *testing.T, ctx context.Context) {
	t.Helper()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	done := messages(t, "en")["field.sync.done"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#waiting')?.textContent === %q`, done), 90*time.Second)
}

// queuedIDs is the id of every mutation the phone's queue holds.
func queuedIDs(t *testing.T, ctx context.Context) []string {
	t.Helper()
	var out []string
	for _, ids := range queued(t, ctx) {
		out = append(out, ids...)
	}
	return out
}
