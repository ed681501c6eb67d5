// Package testkit holds test helpers: a fresh PostgreSQL database per test
// cloned from a migrated template, a bucket per test, fixtures and a clock.
// Tests talk to the real services started by scripts/services.sh.
package testkit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
)

// DatabaseURL is the server tests use: TINDAL_DATABASE_URL, as written to
// .services.env by scripts/services.sh. Tests fail, never skip, without it.
func DatabaseURL(t testing.TB) string {
	u := os.Getenv("TINDAL_DATABASE_URL")
	if u == "" {
		t.Fatal("TINDAL_DATABASE_URL is not set: run `scripts/services.sh` and `source .services.env` (make test does both)")
	}
	return u
}

// NewDB creates a fresh database for one test by cloning a template that
// holds the migrated schema, and drops it when the test ends.
func NewDB(t testing.TB) *storage.DB {
	t.Helper()
	return NewDBWith(t, storage.Options{MaxConns: 20}, nil)
}

// NewDBWith is NewDB with pool options and server settings given to every
// session of the database (ALTER DATABASE … SET), e.g. auto_explain's.
func NewDBWith(t testing.TB, opts storage.Options, settings map[string]string) *storage.DB {
	t.Helper()
	base := DatabaseURL(t)
	return cloneDB(t, base, ensureTemplate(t, base), opts, sharedServerSettings(settings))
}

// sharedServerSettings are settings with, unless they say otherwise,
// synchronous_commit off: a commit on the shared server does not wait for
// its WAL to reach the disk (about 9 ms a commit on this machine's disk,
// under 1 ms without). What a test sees is unchanged: visibility, locks and
// isolation are the same, and only a crash of that PostgreSQL, which no
// test causes (the tests that stop or kill a database run their own
// Cluster, which keeps the default), could lose the last commits.
func sharedServerSettings(settings map[string]string) map[string]string {
	out := map[string]string{"synchronous_commit": "off"}
	for k, v := range settings {
		out[k] = v
	}
	return out
}

// NewDBFrom is NewDB cloned from tpl, a template NewSeededTemplate made.
func NewDBFrom(t testing.TB, tpl string) *storage.DB {
	t.Helper()
	return cloneDB(t, DatabaseURL(t), tpl, storage.Options{MaxConns: 20}, sharedServerSettings(nil))
}

// NewSeededTemplate makes a template database holding the migrated schema
// and what seed writes into it, for NewDBFrom to clone: data every test of
// a binary starts from (the demo's register, say) written once instead of
// once per test. The caller drops it with DropTemplate when its tests end.
func NewSeededTemplate(t testing.TB, seed func(db *storage.DB) error) string {
	t.Helper()
	ctx := context.Background()
	base := DatabaseURL(t)
	tpl := ensureTemplate(t, base)
	name := "t_seed_" + randomHex(8)
	admin := adminConn(t, base)
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tpl)); err != nil {
		t.Fatalf("create the seeded template: %v", err)
	}
	db, err := storage.Open(ctx, withDatabase(t, base, name), storage.Options{MaxConns: 20})
	if err != nil {
		t.Fatalf("open the seeded template: %v", err)
	}
	_, err = db.Pool.Exec(ctx, `UPDATE sync_epoch SET numbering_epoch = tindal_epoch()`)
	if err == nil {
		err = seed(db)
	}
	db.Close()
	if err == nil {
		_, err = admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s WITH is_template true", name))
	}
	if err != nil {
		_ = DropTemplate(name) //nolint:errcheck // the seed's error is the one to report
		t.Fatalf("seed the template: %v", err)
	}
	return name
}

// DropTemplate drops a template NewSeededTemplate made.
func DropTemplate(name string) error {
	base := os.Getenv("TINDAL_DATABASE_URL")
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	u.Path = "/postgres"
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u.String())
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s WITH is_template false", name)); err != nil {
		return err
	}
	_, err = c.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	return err
}

// newDBOn is a database cloned from the migrated template on the server at
// base (a Cluster's), with the server's own settings.
func newDBOn(t testing.TB, base string, opts storage.Options, settings map[string]string) *storage.DB {
	t.Helper()
	return cloneDB(t, base, ensureTemplate(t, base), opts, settings)
}

// cloneDB creates a database of the test's own from the template tpl.
func cloneDB(t testing.TB, base, tpl string, opts storage.Options, settings map[string]string) *storage.DB {
	t.Helper()
	ctx := context.Background()
	name := "t_" + randomHex(8)
	admin := adminConn(t, base)
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tpl)); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	for k, v := range settings {
		if !settingName.MatchString(k) {
			t.Fatalf("setting %q: not a setting name", k)
		}
		if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s SET %s = %s", name, k, quoteLiteral(v))); err != nil {
			t.Fatalf("set %s on the test database: %v", k, err)
		}
	}
	db, err := storage.Open(ctx, withDatabase(t, base, name), opts)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	// A clone of the template is a new database, not a restore of it: its
	// legal numbers begin in its own epoch, as `tindal migrate up` begins
	// them in a new one's (storage.LegalNumber).
	if _, err := db.Pool.Exec(ctx, `UPDATE sync_epoch SET numbering_epoch = tindal_epoch()`); err != nil {
		db.Close()
		t.Fatalf("begin the test database's numbering: %v", err)
	}
	t.Cleanup(func() {
		db.Close()
		c := adminConn(t, base)
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	return db
}

// NewEmptyDB creates an empty database (no schema) for migration tests and
// returns its URL; it is dropped when the test ends.
func NewEmptyDB(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	base := DatabaseURL(t)
	name := "t_" + randomHex(8)
	admin := adminConn(t, base)
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create empty database: %v", err)
	}
	t.Cleanup(func() {
		c := adminConn(t, base)
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	return withDatabase(t, base, name)
}

// ensureTemplate migrates a template database named after the hash of the
// migrations, once per schema, under an advisory lock so that test binaries
// running in parallel build it once.
func ensureTemplate(t testing.TB, base string) string {
	ctx := context.Background()
	name := "tindal_tpl_" + migrationsHash(t)
	admin := adminConn(t, base)
	defer admin.Close(ctx)
	// Session lock on this dedicated connection, released on it below.
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(7, 1)"); err != nil {
		t.Fatalf("lock template: %v", err)
	}
	defer func() {
		// If the unlock fails, closing this dedicated connection (deferred
		// above) ends the session and its lock with it.
		_, _ = admin.Exec(ctx, "SELECT pg_advisory_unlock(7, 1)")
	}()
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)", name).
		Scan(&exists); err != nil {
		t.Fatalf("look for template: %v", err)
	}
	if exists {
		return name
	}
	_, _ = admin.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s", name))
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create template: %v", err)
	}
	db, err := storage.Open(ctx, withDatabase(t, base, name), storage.Options{MaxConns: 2})
	if err != nil {
		t.Fatalf("open template: %v", err)
	}
	err = storage.Migrate(ctx, db.SQL, io.Discard)
	db.Close()
	if err != nil {
		t.Fatalf("migrate template: %v", err)
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s WITH is_template true", name)); err != nil {
		t.Fatalf("mark template: %v", err)
	}
	return name
}

func migrationsHash(t testing.TB) string {
	h := sha256.New()
	entries, err := fs.ReadDir(migrations.FS, ".")
	if err != nil {
		t.Fatalf("read migrations: %v", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(migrations.FS, n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func adminConn(t testing.TB, base string) *pgx.Conn {
	c, err := pgx.Connect(context.Background(), withDatabase(t, base, "postgres"))
	if err != nil {
		t.Fatalf("connect to postgres: %v", err)
	}
	return c
}

func withDatabase(t testing.TB, base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse TINDAL_DATABASE_URL: %v", err)
	}
	u.Path = "/" + strings.TrimPrefix(name, "/")
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

var settingName = regexp.MustCompile(`^[a-z_]+(\.[a-z_]+)?$`)

// quoteLiteral quotes v as an SQL string literal.
func quoteLiteral(v string) string { return "'" + strings.ReplaceAll(v, "'", "''") + "'" }

// WaitBackendGone waits until PostgreSQL's backend pid has ended, as a
// killed server's session does once the lock it waited for is free and it
// finds its socket closed (its transaction rolls back); it fails the test
// after a minute.
func WaitBackendGone(t testing.TB, db *storage.DB, pid int) {
	t.Helper()
	ctx := context.Background()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		var n int
		if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE pid = $1", pid).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the killed server's session never ended")
		}
	}
}

// BuildServer compiles cmd/tindal into the test's temporary folder and
// returns the binary's path, for tests that run the server as its own
// process (to kill it, or restart it on the same database).
func BuildServer(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tindal")
	//nolint:gosec // G204: fixed arguments; bin is the test's own temporary path
	out, err := exec.Command("go", "build", "-o", bin, "github.com/tindal/tindal/cmd/tindal").CombinedOutput()
	if err != nil {
		t.Fatalf("build the server: %v\n%s", err, out)
	}
	return bin
}
