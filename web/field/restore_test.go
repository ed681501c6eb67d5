package field_test

import (
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// TestARestoredServerGetsBackWhatThePhoneKept: the phone pushed an
// inspection and got its final answers; the server's database is then
// restored from a backup taken before that push (a new epoch) and the
// server restarted on it at the same address. The phone's next sync is
// told the epoch changed, resends every mutation it kept (docs/SYNC.md
// §6.10), and the restored server holds each of them once: nothing the
// phone had been told was received is lost.
func TestARestoredServerGetsBackWhatThePhoneKept(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)
	backup := pgDump(t, s.DB) // the night's backup: the session, not the inspection

	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	waitFor(t, ctx, `new Promise(resolve => {
	  const r = indexedDB.open('tindal-field');
	  r.onsuccess = () => {
	    const g = r.result.transaction('queue').objectStore('queue').getAll();
	    g.onsuccess = () => { r.result.close(); resolve(g.result.length === 4 && g.result.every(e => e.state === 'final')); };
	  };
	})`, 60*time.Second)
	made := slices.Sorted(slices.Values(queued(t, ctx)["final"]))
	if got := appliedOf(t, s.DB, insp); !slices.Equal(got, made) {
		t.Fatalf("before the restore the server holds %v, the phone made %v", got, made)
	}

	// The restore: the backup into a new database, the server restarted on it.
	restored := webtest.NewServer(t, webtest.Options{Restart: s, DB: pgRestore(t, backup)})
	if got := appliedOf(t, restored.DB, insp); len(got) != 0 {
		t.Fatalf("the backup already holds %v", got)
	}
	net.Cut()
	net.To(restored.URL)
	net.Restore()

	t0 := webtest.Get(t, ctx, chromedp.Evaluate[float64](`Date.now()`))
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	// A sync that ended after the restore, and ended done (last_sync), having
	// taken the new epoch (restored_at).
	waitFor(t, ctx, fmt.Sprintf(`new Promise(resolve => {
	  const r = indexedDB.open('tindal-field');
	  r.onsuccess = () => {
	    const m = r.result.transaction('meta').objectStore('meta');
	    const a = m.get('last_sync'), b = m.get('restored_at');
	    b.onsuccess = () => { r.result.close(); resolve(a.result > %f && b.result > %f); };
	  };
	})`, t0, t0), 90*time.Second)
	if got := appliedOf(t, restored.DB, insp); !slices.Equal(got, made) {
		t.Errorf("the restored server holds %v, the phone made and kept %v: each once", got, made)
	}
	for _, id := range made {
		if n := net.Sent(id); n != 2 {
			t.Errorf("mutation %s crossed the network %d times, want twice (once to each history)", id, n)
		}
	}
	var status string
	_ = restored.DB.SQL.QueryRowContext(t.Context(), `SELECT status FROM inspections WHERE id = $1`, insp).Scan(&status)
	if status != "submitted" {
		t.Errorf("on the restored server the inspection is %q, want submitted", status)
	}
	if q := queued(t, ctx); len(q["pending"]) != 0 || len(q["final"]) != 4 {
		t.Errorf("after the resend the queue is %v, want the 4 final", q)
	}
}

// appliedOf is the ids of the mutations db applied to an inspection.
func appliedOf(t *testing.T, db *storage.DB, insp string) []string {
	t.Helper()
	rows, err := db.SQL.QueryContext(t.Context(), `SELECT id::text FROM applied_mutations WHERE aggregate_id = $1 ORDER BY id`, insp)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// pgDump backs db up as docs/OPERATIONS.md says for a small office.
func pgDump(t *testing.T, db *storage.DB) string {
	t.Helper()
	var name string
	if err := db.Pool.QueryRow(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "tindal.dump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--file="+file, "--dbname="+withDB(t, name)).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	return file
}

// pgRestore restores a dump into a new database and opens it; it is
// dropped when the test ends.
func pgRestore(t *testing.T, file string) *storage.DB {
	t.Helper()
	ctx := context.Background()
	name := "t_restored_" + strings.ReplaceAll(uuid.NewString()[:8], "-", "")
	admin, err := storage.Open(ctx, testkit.DatabaseURL(t), storage.Options{MaxConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Pool.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if a, err := storage.Open(ctx, testkit.DatabaseURL(t), storage.Options{MaxConns: 1}); err == nil {
			_, _ = a.Pool.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			a.Close()
		}
	})
	if out, err := exec.Command("pg_restore", "--no-owner", "--exit-on-error", "--dbname="+withDB(t, name), file).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	db, err := storage.Open(ctx, withDB(t, name), storage.Options{MaxConns: 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

func withDB(t *testing.T, name string) string {
	u, err := url.Parse(testkit.DatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
