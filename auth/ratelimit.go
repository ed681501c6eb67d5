package auth

import (
	"context"
	"net"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage/ratelimit"
)

// Login attempts, one-time and SMS code requests and password-reset
// attempts are counted by the shared limiter (storage/ratelimit, table
// login_attempts), so every replica shares the counters.

func accountKey(email string) string { return "account:" + email }

func addressKey(addr string) string { return "address:" + addr }

// attempt is one counted login attempt, to refund if it succeeds.
type attempt struct {
	key   string
	start time.Time
}

// limitAddress counts a login attempt from the client's address before the
// password is checked, so that parallel guesses cannot overrun the limit; a
// successful login refunds it, so only failures count and an office behind
// one address is not locked out by its own sign-ins. An empty address is
// not limited.
func (s *Service) limitAddress(ctx context.Context, addr string, now time.Time) (attempt, error) {
	if addr == "" {
		return attempt{}, nil
	}
	a := attempt{key: addressKey(hostOnly(addr)), start: s.opts.AddressLimit.Start(now)}
	n, end, err := s.counts.Hit(ctx, a.key, s.opts.AddressLimit, now)
	if err != nil {
		return attempt{}, err
	}
	if s.opts.AddressLimit.Over(n) {
		return attempt{}, errTooMany(end, now)
	}
	return a, nil
}

// refund uncounts an attempt that succeeded.
func (s *Service) refund(ctx context.Context, a attempt) error {
	if a.key == "" {
		return nil
	}
	return s.counts.Refund(ctx, a.key, a.start)
}

// limitAccount counts a login attempt against the account before the
// password is checked, so that parallel guesses cannot overrun the limit; a
// successful login clears the count, which leaves only the failures.
func (s *Service) limitAccount(ctx context.Context, email string, now time.Time) error {
	n, end, err := s.counts.Hit(ctx, accountKey(email), s.opts.AccountLimit, now)
	if err != nil {
		return err
	}
	if s.opts.AccountLimit.Over(n) {
		return errTooMany(end, now)
	}
	return nil
}

// PruneLoginAttempts deletes counters of windows that have ended, for a
// periodic job.
func (s *Service) PruneLoginAttempts(ctx context.Context) (int64, error) {
	longest := max(s.opts.AccountLimit.Window, s.opts.AddressLimit.Window)
	return s.counts.Prune(ctx, s.now().Add(-longest))
}

func errTooMany(windowEnd, now time.Time) error {
	e := models.Errorf(models.KindRateLimited, "too_many_attempts", "too many login attempts; try again later")
	e.RetryAfter = ratelimit.RetryAfter(windowEnd, now)
	return e
}

// hostOnly drops the port of a host:port address.
func hostOnly(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}
