package sync_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// serverProcess is the real tindal binary serving one test database.
type serverProcess struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	log  bytes.Buffer
}

func startServer(t *testing.T, bin, dbURL, dataDir string) *serverProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	s := &serverProcess{t: t, base: "http://" + addr}
	s.cmd = exec.Command(bin, "serve")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TINDAL_") {
			env = append(env, kv)
		}
	}
	s.cmd.Env = append(env, "TINDAL_DATABASE_URL="+dbURL, "TINDAL_HTTP_ADDR="+addr, "TINDAL_JOBS=off", "TINDAL_LOG_LEVEL=warn",
		"TINDAL_DEV_KEYS_DIR="+filepath.Join(dataDir, "keys"), "TINDAL_BLOB_DIR="+filepath.Join(dataDir, "blobs"),
		"TINDAL_PUBLIC_BASE_URL="+s.base)
	s.cmd.Stdout, s.cmd.Stderr = &s.log, &s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			_ = s.cmd.Process.Kill()
			_ = s.cmd.Wait()
		}
	})
	for deadline := time.Now().Add(60 * time.Second); ; {
		res, err := http.Get(s.base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start: %v\n%s", err, s.log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// kill ends the server as a crash would: SIGKILL, nothing runs after it.
func (s *serverProcess) kill() {
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
}

func (s *serverProcess) call(method, path, token string, body any, hdr ...string) (int, []byte, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out, nil
}

// Issue 11 item 5: the real server is killed (SIGKILL) in the middle of a
// two-chunk push, after the first chunk committed, while the second
// waits for a row another transaction holds. As soon as PostgreSQL has
// ended the dead server's session, a second server accepts the phone's
// resend: the push's ownership of its device died with it. (With the
// 30-second lease it replaced, the resend answered 409 push_in_progress
// until the lease expired.)
func TestPushAfterServerCrashIsAcceptedOnceItsSessionEnds(t *testing.T) {
	bin := testkit.BuildServer(t)
	db := testkit.NewDB(t)
	ctx := context.Background()
	dbURL := db.Pool.Config().ConnString()
	jur, owner, vessel := uuid.New(), uuid.New(), uuid.New()
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.Gorm.Exec(q, args...).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, jur)
	exec(`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES (?, 'person', 'Owner', ?)`, owner, jur)
	exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, 'KA-KAR-0001', 'Boat', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, vessel, jur, owner)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{})
	const password = "correct horse battery"
	if _, err := authSvc.CreateUser(ctx, storage.Actor{}, auth.NewUser{Email: "ins@test.tindal", Name: "ins", Role: models.RoleInspector,
		Password: password, Jurisdictions: []uuid.UUID{jur},
		AssignedFrom: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil { // a push of work captured hours ago is authorised at any hour
		t.Fatal(err)
	}
	exec("UPDATE user_jurisdictions SET starts_on = current_date - 30") // whatever the hour in India
	data := t.TempDir()
	a := startServer(t, bin, dbURL, data)
	status, body, err := a.call("POST", "/v1/auth/login", "", map[string]any{"email": "ins@test.tindal", "password": password, "installation_id": "phone-1"})
	if err != nil || status != 200 {
		t.Fatalf("login: %d %v %s", status, err, body)
	}
	var login struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.Unmarshal(body, &login)
	var dev uuid.UUID
	if err := db.Pool.QueryRow(ctx, "SELECT id FROM devices WHERE installation_id = 'phone-1'").Scan(&dev); err != nil {
		t.Fatal(err)
	}
	seq := 0
	mut := func(name string, args map[string]any) map[string]any {
		seq++
		at := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339Nano)
		return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq, "name": name, "version": 1, "args": args, "base_version": 1, "captured_at": at}
	}
	push := func(s *serverProcess, ms ...map[string]any) (int, []byte, error) {
		return s.call("POST", "/v1/sync/push", login.AccessToken, map[string]any{"mutations": ms},
			"X-Device-Id", dev.String(), "X-Protocol-Version", "1", "X-App-Version", "1.0.0")
	}
	tpl := checklist.TemplateID("ka-form2-annex", 1)
	x, y := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	if status, body, err := push(a, mut("inspection.start", map[string]any{"id": x, "vessel_id": vessel, "template_id": tpl, "kind": "routine"})); err != nil || status != 200 {
		t.Fatalf("first push: %d %v %s", status, err, body)
	}
	// A push of two chunks: a start and 49 edits (50 savepoints), then an
	// edit of x, whose row the test holds.
	ms := []map[string]any{mut("inspection.start", map[string]any{"id": y, "vessel_id": vessel, "template_id": tpl, "kind": "routine"})}
	for i := range 49 {
		ms = append(ms, mut("inspection.edit", map[string]any{"inspection_id": y, "notes": fmt.Sprintf("note %d", i)}))
	}
	ms = append(ms, mut("inspection.edit", map[string]any{"inspection_id": x, "notes": "second chunk"}))
	blocker, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = blocker.Rollback(ctx) }() // a no-op after the checked Rollback below
	if _, err := blocker.Exec(ctx, "SELECT 1 FROM inspections WHERE id = $1 FOR UPDATE", x); err != nil {
		t.Fatal(err)
	}
	go func() { _, _, _ = push(a, ms...) }()
	var waiting int
	for deadline := time.Now().Add(30 * time.Second); ; {
		err := db.Pool.QueryRow(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
			AND pid <> pg_backend_pid() AND query LIKE '%inspections%'`).Scan(&waiting)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the push never reached its second chunk: %v\n%s", err, a.log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	var first int64
	if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM inspections WHERE id = $1", y).Scan(&first); err != nil || first != 1 {
		t.Fatalf("the first chunk did not commit: %d %v", first, err)
	}
	a.kill()
	if err := blocker.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	testkit.WaitBackendGone(t, db, waiting)
	b := startServer(t, bin, dbURL, data)
	status, body, err = push(b, ms...)
	if err != nil || status != 200 {
		t.Fatalf("resend to a new server after the crash: %d %v %s", status, err, body)
	}
	var out struct{ Results []struct{ Status string } }
	_ = json.Unmarshal(body, &out)
	counts := map[string]int{}
	for _, r := range out.Results {
		counts[r.Status]++
	}
	if counts["replayed"] != 50 || counts["applied"] != 1 {
		t.Fatalf("resend: %v, want the first chunk replayed and the second applied", counts)
	}
}

// holdPushLock takes the device's push lock on a connection of its own,
// as another push (on this or another replica) holds it; release ends it.
func (f *fixture) holdPushLock(dev uuid.UUID) (release func()) {
	f.t.Helper()
	ctx := context.Background()
	c, err := f.db.Pool.Acquire(ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	conn := c.Hijack()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1, hashtext($2))", tsync.PushLockNamespace, dev.String()); err != nil {
		f.t.Fatal(err)
	}
	done := false
	release = func() {
		if !done {
			done = true
			// Unlock before closing, as a push that ends does: a closed
			// connection's backend releases its locks only when it exits,
			// which on a loaded machine is after the next push has tried.
			_, _ = conn.Exec(ctx, "SELECT pg_advisory_unlock($1, hashtext($2))", tsync.PushLockNamespace, dev.String())
			_ = conn.Close(ctx)
		}
	}
	f.t.Cleanup(release)
	return release
}
