package auth

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
)

// 300 logins at once with room for 4 hashes: every login succeeds or is
// told to retry (503 login_busy with Retry-After), and never more than 4
// hashes run at once. The hasher costs 2 MiB a hash so that, unbounded,
// hundreds would overlap.
func TestConcurrentLoginsHoldAtMostTheHashBudget(t *testing.T) {
	h := Hasher{Memory: 2 << 10, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
	const slots = 4
	f := newFixtureOpts(t, Options{Hasher: h, HashMemory: slots * 2 << 20, HashWait: 50 * time.Millisecond,
		AccountLimit: RateLimit{Max: 100000, Window: 15 * time.Minute}})
	u := f.inspector(t, "burst@demo.tindal")
	var wg sync.WaitGroup
	errs := make([]error, 300)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = f.svc.Login(t.Context(), LoginInput{Email: u.Email, Password: testPassword, InstallationID: "phone"})
		})
	}
	wg.Wait()
	ok, busy := 0, 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		if e := wantCode(t, err, models.KindUnavailable, "login_busy"); e.RetryAfter < 1 {
			t.Fatalf("busy without Retry-After: %+v", e)
		}
		busy++
	}
	if peak := f.svc.hashes.peak.Load(); peak > slots || peak < 1 {
		t.Fatalf("%d hashes ran at once, budget %d", peak, slots)
	}
	if ok == 0 {
		t.Fatalf("no login succeeded (%d busy)", busy)
	}
	t.Logf("%d logged in, %d told to retry, at most %d hashes at once", ok, busy, f.svc.hashes.peak.Load())
}

// A login refused for want of room checked no password: it counts against
// neither the account nor the address, so a burst of retries cannot lock
// anyone out.
func TestBusyLoginIsNoFailedAttempt(t *testing.T) {
	f := newFixtureOpts(t, Options{HashWait: 10 * time.Millisecond})
	u := f.inspector(t, "busy@demo.tindal")
	if !f.svc.hashes.sem.TryAcquire(f.svc.hashes.budget) { // every byte taken
		t.Fatal("gate not empty")
	}
	defer f.svc.hashes.sem.Release(f.svc.hashes.budget)
	for range 15 { // more than the account limit of 10
		_, err := f.svc.Login(t.Context(), LoginInput{Email: u.Email, Password: "wrong password!", InstallationID: "p", RemoteAddr: "10.0.0.9:1"})
		wantCode(t, err, models.KindUnavailable, "login_busy")
	}
	var counted int
	if err := f.db.Gorm.Raw(`SELECT coalesce(sum(count), 0) FROM login_attempts`).Scan(&counted).Error; err != nil {
		t.Fatal(err)
	}
	if counted != 0 {
		t.Fatalf("%d attempts counted for logins that checked no password", counted)
	}
}

// A login that finds as many waiting for the gate as can hash within the
// wait is refused at once: it neither waits its two seconds nor counts an
// attempt, and the ones waiting keep their places and sign in when room
// comes.
func TestCrowdedGateRefusesAtOnce(t *testing.T) {
	f := newFixtureOpts(t, Options{HashWait: time.Hour, HashMemory: 2 * 64 << 10, // room for two cheap hashes
		AccountLimit: RateLimit{Max: 100000, Window: 15 * time.Minute}})
	u := f.inspector(t, "crowd@demo.tindal")
	g := f.svc.hashes
	if !g.sem.TryAcquire(g.budget) { // every byte taken
		t.Fatal("gate not empty")
	}
	var wg sync.WaitGroup
	var failed atomic.Int64
	queued := make([]error, g.maxWaiting)
	for i := range queued {
		wg.Go(func() {
			_, queued[i] = f.svc.Login(t.Context(), LoginInput{Email: u.Email, Password: testPassword, InstallationID: "q"})
			if queued[i] != nil {
				failed.Add(1)
			}
		})
	}
	for g.waiting.Load() < g.maxWaiting { // every one of them waiting for room
		if failed.Load() > 0 {
			t.Fatal("a queued login failed before it reached the gate")
		}
		runtime.Gosched()
	}
	// The context only keeps a login that waits its turn (the old way)
	// from hanging the test; the refusal is expected at once.
	late, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	_, err := f.svc.Login(late, LoginInput{Email: u.Email, Password: testPassword, InstallationID: "late",
		RemoteAddr: "10.0.0.7:1"})
	wantCode(t, err, models.KindUnavailable, "login_busy")
	if n := g.waiting.Load(); n != g.maxWaiting {
		t.Fatalf("the refusal came after the queue moved (%d of %d still waiting): it waited its turn", n, g.maxWaiting)
	}
	var counted int
	if err := f.db.Gorm.Raw(`SELECT count(*) FROM login_attempts WHERE key = ?`, addressKey("10.0.0.7")).
		Scan(&counted).Error; err != nil {
		t.Fatal(err)
	}
	if counted != 0 {
		t.Errorf("the refused login counted an attempt against its address")
	}
	g.sem.Release(g.budget)
	wg.Wait()
	for i, err := range queued {
		if err != nil {
			t.Errorf("queued login %d: %v", i, err)
		}
	}
}
