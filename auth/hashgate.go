package auth

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/tindal/tindal/models"
)

// Defaults of the password-hash bound (Options.HashMemory, HashWait).
const (
	// DefaultHashMemory is the memory password hashes may hold at once:
	// two argon2id hashes of DefaultHasher (32 MiB each), which keep two
	// cores busy; with the memory limit serve derives from it, 300 logins
	// at once stay under 400 MB resident (docs/SECURITY.md).
	DefaultHashMemory = 64 << 20 // bytes
	// DefaultHashWait is how long a login waits for room before it is told
	// to retry.
	DefaultHashWait = 2 * time.Second
)

// hashRetryAfter is the Retry-After (seconds) of a login refused for want
// of room: a hash takes about 50 ms a core, so a second drains a queue.
const hashRetryAfter = 1

// hashGate bounds the memory argon2id holds at once. Each hash allocates
// its whole memory parameter (m KiB) for its duration, so without a bound
// every concurrent login adds 32 MiB to the server's footprint (17 at once
// took it from 105 MB to 595 MB). A hash takes m KiB of a budget of
// HashMemory; one that finds no room within HashWait is refused as
// unavailable with Retry-After, never queued without end.
type hashGate struct {
	sem    *semaphore.Weighted
	budget int64 // KiB
	wait   time.Duration
	// inFlight and peak count hashes running now and ever at once: the
	// bound's observable (tests, and the reason for a 503 in a log).
	inFlight, peak atomic.Int64
	// waiting counts the hashes waiting for room; maxWaiting is how many
	// may (crowded).
	waiting    atomic.Int64
	maxWaiting int64
}

// queuedPerSlot is how many logins may wait for each hash the budget
// runs at once: a hash takes 50–100 ms a core, so 8 are done well within
// the 2 s wait; more would only wait to be refused.
const queuedPerSlot = 8

// newHashGate bounds hashes to budgetBytes at once, each of hashKiB.
func newHashGate(budgetBytes int64, hashKiB uint32, wait time.Duration) *hashGate {
	kib := max(budgetBytes>>10, 1)
	slots := max(kib/max(int64(hashKiB), 1), 1)
	return &hashGate{sem: semaphore.NewWeighted(kib), budget: kib, wait: wait, maxWaiting: slots * queuedPerSlot}
}

// crowded reports whether as many logins wait for room as can hash within
// the wait: a login that comes now is refused at once (errHashBusy), before
// it counts an attempt, reads the account or waits. In a morning rush the
// retries of refused logins then cost a request each, not five statements
// and a two-second wait.
func (g *hashGate) crowded() bool {
	return g.waiting.Load() >= g.maxWaiting
}

// errHashBusy is the answer to a login that found no room in time.
func errHashBusy() error {
	return &models.Error{Kind: models.KindUnavailable, Code: "login_busy",
		Message: "too many sign-ins at once; try again in a moment", RetryAfter: hashRetryAfter}
}

// run calls hash while holding memKiB of the budget (a hash larger than
// the whole budget holds all of it, alone). Errors: KindUnavailable
// "login_busy" when no room was found within the wait; ctx's error.
func (g *hashGate) run(ctx context.Context, memKiB uint32, hash func()) error {
	w := min(max(int64(memKiB), 1), g.budget)
	wctx, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	g.waiting.Add(1)
	err := g.sem.Acquire(wctx, w)
	g.waiting.Add(-1)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("wait to hash a password: %w", ctx.Err())
		}
		return errHashBusy()
	}
	defer g.sem.Release(w)
	n := g.inFlight.Add(1)
	defer g.inFlight.Add(-1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	hash()
	return nil
}

// verify checks password against encoded inside the gate, holding the
// memory the hash's own parameters ask for.
func (s *Service) verify(ctx context.Context, password, encoded string) (bool, error) {
	p, _, _, err := parsePHC(encoded)
	if err != nil {
		return false, err
	}
	var ok bool
	var verr error
	if err := s.hashes.run(ctx, p.Memory, func() { ok, verr = s.opts.Hasher.Verify(password, encoded) }); err != nil {
		return false, err
	}
	return ok, verr
}

// hash hashes a new password inside the gate.
func (s *Service) hash(ctx context.Context, password string) (string, error) {
	var out string
	err := s.hashes.run(ctx, s.opts.Hasher.Memory, func() { out = s.opts.Hasher.Hash(password) })
	return out, err
}

// isHashBusy reports whether err is the gate's refusal.
func isHashBusy(err error) bool {
	var me *models.Error
	return errors.As(err, &me) && me.Code == "login_busy"
}

// refundBusy uncounts both attempts of a login refused for want of room:
// it checked no password, so it is no failure (a burst of retries must
// not lock an account or an office out).
func (s *Service) refundBusy(ctx context.Context, addr attempt, email string, now time.Time) error {
	if err := s.refund(ctx, addr); err != nil {
		return err
	}
	return s.refund(ctx, attempt{key: accountKey(email), start: s.opts.AccountLimit.Start(now)})
}
