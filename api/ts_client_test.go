package api_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The generated TypeScript client (clients/ts) compiles with tsc --strict
// against the contract as it is now, and its example, an inspector's
// offline day, passes against a real server: login, paged pull, start,
// answers, findings, photos (presigned and fallback upload), submit,
// batched push with retries, and a pull of the derived values. The example
// asserts every final status and exits non-zero on a miss.
func TestTypeScriptClientOfflineDay(t *testing.T) {
	dir := tsClient(t)
	run := func(timeout time.Duration, env []string, name string, args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		t.Logf("%s %s:\n%s", name, strings.Join(args, " "), out)
	}
	noCasts(t, dir, "src/client.ts", "examples/offline-day.ts")
	run(time.Minute, nil, "node", "scripts/generate.mjs", "--check")

	h := newSyncPhotoHarness(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	go func() { _ = h.app.Listener(ln) }()
	t.Cleanup(func() { _ = h.app.Shutdown() })
	run(2*time.Minute, []string{"TINDAL_URL=http://" + ln.Addr().String(), "TINDAL_EMAIL=inspector@test.tindal", "TINDAL_PASSWORD=" + testPassword},
		"node", "dist/examples/offline-day.js")
}

// tsBuild is the TypeScript client's one build per test process: its
// packages installed when missing, then tsc over the client and every
// example (both tests run its output).
var tsBuild struct {
	once sync.Once
	dir  string
	err  error
}

// tsClient returns the directory of the built TypeScript client
// (clients/ts), building it on first use; it fails the test when the build
// fails, and in CI when npm is missing.
func tsClient(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("npm is not on this machine; CI needs Node and npm for the TypeScript client")
		}
		t.Skip("npm is not on this machine")
	}
	tsBuild.once.Do(func() {
		dir, err := filepath.Abs(filepath.Join("..", "clients", "ts"))
		if err != nil {
			tsBuild.err = err
			return
		}
		run := func(timeout time.Duration, name string, args ...string) error {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, name, args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, out)
			}
			return nil
		}
		if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
			if tsBuild.err = run(5*time.Minute, "npm", "ci", "--no-audit", "--no-fund"); tsBuild.err != nil {
				return
			}
		}
		tsBuild.dir, tsBuild.err = dir, run(3*time.Minute, "npx", "tsc", "-p", ".")
	})
	if tsBuild.err != nil {
		t.Fatal(tsBuild.err)
	}
	return tsBuild.dir
}

// castOrAny matches a type assertion (`x as T`, `<T>x`) or an explicit any.
var castOrAny = regexp.MustCompile(`\)\s*as\s+[A-Za-z{\[]|\w\s+as\s+(const\b|[A-Z{\[]|unknown|string|number)|:\s*any\b|<any>|\bas\s+any\b`)

// noCasts fails on a cast or an any in the hand-written client code: the
// generated types must be enough (comments are not code).
func noCasts(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if c := strings.Index(line, "//"); c >= 0 {
				line = line[:c]
			}
			if castOrAny.MatchString(line) {
				t.Errorf("%s:%d: a cast or an any: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
