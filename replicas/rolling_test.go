package replicas

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRollingRestartAcrossAMigration replaces the replicas one by one with
// the next release while phones push and a desk pulls through HAProxy:
// first the running replicas are restarted as a deployment runs them
// (`serve --no-migrate`), then replica A is replaced by the next release
// (this tree built with the tindal_rollout tag, which embeds one more
// migration: storage/migrations/rollout), which migrates at start while
// the old B and C keep serving on the new schema; after the mixed set has
// served a few rounds, B and C are replaced too. No request fails with a
// 500 (or any answer a phone does not retry), every mutation is applied
// once, and the migration ran once. An old binary started after the
// migration refuses to serve, naming why.
func TestRollingRestartAcrossAMigration(t *testing.T) {
	began := time.Now()
	next, err := build(set.dir, "tindal-next", "tindal_rollout")
	must(t, err)
	t.Logf("built the next release in %s", time.Since(began).Round(time.Millisecond))
	l := startLoad(t, "rolling", 3)
	d := &desk{token: apiLogin(t, set.proxy.base(), "supervisor@replicas.test", "rolling-desk"), last: map[string]pulledItem{}}
	stopDesk := make(chan struct{})
	deskDone := make(chan struct{})
	go func() {
		defer close(deskDone)
		for i := 0; ; i++ {
			if !d.pull(t, set.proxy.base(), []int{5, 500}[i%2]) {
				select {
				case <-stopDesk:
					return
				default:
					time.Sleep(10 * time.Millisecond)
				}
			}
		}
	}()
	defer func() {
		select {
		case <-stopDesk:
		default:
			close(stopDesk)
		}
		<-deskDone
	}()
	rounds := func(n int64) {
		from := l.rounds.Load()
		await(t, "phones working", 60*time.Second, func() bool { return l.rounds.Load() >= from+n })
	}
	rounds(3)
	for _, r := range set.replicas {
		roll(t, r, set.old, "--no-migrate")
	}
	rounds(3)
	roll(t, set.replicas[0], next) // migrates 99990 at start
	rounds(10)                     // the old B and C beside the new A, on the new schema
	refusal(t)
	for _, r := range set.replicas[1:] {
		roll(t, r, next, "--no-migrate")
	}
	rounds(3)
	close(stopDesk)
	<-deskDone
	phones := l.end(t)
	got := answers(phones)
	if got["500"] > 0 {
		t.Errorf("answers %v", got)
	}
	var applied int64
	must(t, set.db.Gorm.Raw(`SELECT count(*) FROM goose_db_version WHERE version_id = 99990 AND is_applied`).Scan(&applied).Error)
	if applied != 1 {
		t.Errorf("the next release's migration recorded %d times", applied)
	}
	t.Logf("%d phones, answers %v; the desk pulled %d pages", len(phones), got, d.pages)
}

// roll stops r (SIGTERM: it drains), starts it as bin with serve's extra
// args, and waits until HAProxy has every replica up again.
func roll(t *testing.T, r *replica, bin string, args ...string) {
	t.Helper()
	began := time.Now()
	r.stop(syscall.SIGTERM)
	stopped := time.Now()
	r.bin, r.args = bin, append([]string{"serve"}, args...)
	must(t, r.start(set.env))
	started := time.Now()
	must(t, set.proxy.awaitUp(len(set.replicas), 30*time.Second))
	t.Logf("%s: stopped in %s, ready in %s, up in HAProxy in %s", r.name, stopped.Sub(began).Round(time.Millisecond),
		started.Sub(stopped).Round(time.Millisecond), time.Since(started).Round(time.Millisecond))
}

// refusal: the old binary, started on the migrated database, refuses.
func refusal(t *testing.T) {
	t.Helper()
	cmd := exec.Command(set.old, "serve", "--no-migrate") //nolint:gosec // the binary we built
	cmd.Env = append(os.Environ(), "TINDAL_HTTP_ADDR=127.0.0.1:0", "TINDAL_METRICS_ADDR=off")
	for k, v := range set.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "newer than this binary") {
		t.Errorf("the old binary on the migrated schema: %v\n%s", err, out)
	}
}
