package testkit

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
)

// Cluster is a throwaway PostgreSQL server of the test's own, made with the
// installed binaries (/usr/lib/postgresql/*/bin) on a free loopback port,
// for tests that stop and start the database under a running server.
type Cluster struct {
	bin, dir string
	// URL is the cluster's postgres database, user postgres, trust auth.
	URL string
	// asPostgres: the server refuses to run as root, so as root the
	// commands run as the postgres user (runuser).
	asPostgres bool
}

// NewCluster initialises and starts a cluster; it is stopped and removed
// when the test ends.
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(bins) == 0 {
		t.Fatal("no PostgreSQL binaries under /usr/lib/postgresql (scripts/services.sh installs them)")
	}
	sort.Strings(bins)
	dir, err := os.MkdirTemp("", "tindal-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &Cluster{bin: filepath.Dir(bins[len(bins)-1]), dir: dir, asPostgres: os.Geteuid() == 0}
	t.Cleanup(func() {
		_ = c.pgctl("-m", "immediate", "stop")
		_ = os.RemoveAll(dir)
	})
	if c.asPostgres {
		c.chownToPostgres(t)
	}
	if out, err := c.command("initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale").
		CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	port := freePort(t)
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	conf := fmt.Sprintf(
		"port = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nfsync = off\n",
		port,
		dir,
	)
	if err := appendFile(filepath.Join(c.data(), "postgresql.conf"), conf); err != nil {
		t.Fatal(err)
	}
	c.Start(t)
	return c
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

func (c *Cluster) chownToPostgres(t testing.TB) {
	u, err := user.Lookup("postgres")
	if err != nil {
		t.Fatalf("running as root needs the postgres user: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(c.dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(c.dir, 0o700); err != nil { //nolint:gosec // a data directory: PostgreSQL wants 0700
		t.Fatal(err)
	}
}

func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bin, name)
	if c.asPostgres {
		//nolint:gosec // a binary of the installed PostgreSQL, found by the test kit
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	}
	return exec.Command(path, args...) //nolint:gosec // as above
}

// tool runs a system command (mkdir, cp) as the cluster's owner.
func (c *Cluster) tool(name string, args ...string) *exec.Cmd {
	if c.asPostgres {
		//nolint:gosec // a binary of the installed PostgreSQL, found by the test kit
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...) //nolint:gosec // as above
}

func (c *Cluster) pgctl(args ...string) error {
	all := append([]string{"-D", c.data(), "-l", filepath.Join(c.dir, "postgres.log"), "-w", "-t", "60"}, args...)
	if out, err := c.command("pg_ctl", all...).CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl %v: %w\n%s", args, err, out)
	}
	return nil
}

// Start starts the server and waits until it accepts connections.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	if err := c.pgctl("start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "postgres.log"))
		t.Fatalf("%v\n%s", err, log)
	}
}

// Stop stops the server as an operator's restart does (fast shutdown:
// open sessions are terminated, their transactions rolled back).
func (c *Cluster) Stop(t testing.TB) {
	t.Helper()
	if err := c.pgctl("-m", "fast", "stop"); err != nil {
		t.Fatal(err)
	}
}

// NewDB creates a migrated database on the cluster (cloned from a
// template, as NewDB does on the shared server).
func (c *Cluster) NewDB(t testing.TB) *storage.DB {
	t.Helper()
	return newDBOn(t, c.URL, storage.Options{MaxConns: 20}, nil)
}

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func appendFile(path, s string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0) //nolint:gosec // a file of the test's own cluster
	if err != nil {
		return err
	}
	if _, err := f.WriteString(s); err != nil {
		_ = f.Close() // the write error is the one to report
		return err
	}
	return f.Close()
}

// EnableArchiving turns WAL archiving on (into a directory of the
// cluster's) and restarts the server, for point-in-time recovery drills.
func (c *Cluster) EnableArchiving(t testing.TB) {
	t.Helper()
	if out, err := c.tool("mkdir", "-p", c.archive()).CombinedOutput(); err != nil {
		t.Fatalf("mkdir archive: %v\n%s", err, out)
	}
	conf := fmt.Sprintf("archive_mode = on\narchive_command = 'cp %%p %s/%%f'\n", c.archive())
	if err := appendFile(filepath.Join(c.data(), "postgresql.conf"), conf); err != nil {
		t.Fatal(err)
	}
	c.Stop(t)
	c.Start(t)
}

func (c *Cluster) archive() string { return filepath.Join(c.dir, "archive") }
func (c *Cluster) base() string    { return filepath.Join(c.dir, "base") }

// BaseBackup takes a base backup of the running cluster (pg_basebackup),
// the start of a point-in-time recovery.
func (c *Cluster) BaseBackup(t testing.TB) {
	t.Helper()
	u, err := url.Parse(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := c.command("pg_basebackup", "-D", c.base(), "-h", u.Hostname(), "-p", u.Port(), "-U", "postgres",
		"-X", "fetch", "-c", "fast").CombinedOutput(); err != nil {
		t.Fatalf("pg_basebackup: %v\n%s", err, out)
	}
}

// RecoverTo stops the cluster and restores the base backup, replaying the
// archived WAL up to the named restore point
// (pg_create_restore_point), then promotes it: a point-in-time recovery,
// which opens a new timeline. It returns once the cluster accepts writes.
func (c *Cluster) RecoverTo(t testing.TB, restorePoint string) {
	t.Helper()
	c.Stop(t)
	for _, args := range [][]string{{"mv", c.data(), c.data() + ".before"}, {"cp", "-a", c.base(), c.data()},
		{"touch", filepath.Join(c.data(), "recovery.signal")}} {
		if out, err := c.tool(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	conf := fmt.Sprintf(
		"restore_command = 'cp %s/%%f %%p'\nrecovery_target_name = '%s'\nrecovery_target_action = 'promote'\n",
		c.archive(),
		restorePoint,
	)
	if err := appendFile(filepath.Join(c.data(), "postgresql.conf"), conf); err != nil {
		t.Fatal(err)
	}
	c.Start(t)
	ctx := context.Background()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		conn, err := pgx.Connect(ctx, c.URL)
		if err != nil {
			continue
		}
		var recovering bool
		err = conn.QueryRow(ctx, "SELECT pg_is_in_recovery()").Scan(&recovering)
		_ = conn.Close(ctx)
		if err == nil && !recovering {
			return
		}
	}
	log, _ := os.ReadFile(filepath.Join(c.dir, "postgres.log"))
	t.Fatalf("the recovered cluster was not promoted within 60 s\n%s", log)
}
