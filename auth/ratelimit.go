package auth

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/tindal/tindal/models"
)

// Login attempts are counted in fixed windows in PostgreSQL (table
// login_attempts), so every replica shares the counters. Windows are aligned
// on multiples of their length since the zero time, the same on every replica.

func accountKey(email string) string { return "account:" + email }

func addressKey(addr string) string { return "address:" + addr }

// hit counts one event under key in the current window of lim and returns
// the count so far, and when the window ends.
func (s *Service) hit(ctx context.Context, key string, lim RateLimit, now time.Time) (int, time.Time, error) {
	start := now.Truncate(lim.Window)
	var n int
	err := s.db.Gorm.WithContext(ctx).Raw(`
		INSERT INTO login_attempts (key, window_start, count) VALUES (?, ?, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET count = login_attempts.count + 1
		RETURNING count`, key, start).Scan(&n).Error
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("count login attempt: %w", err)
	}
	return n, start.Add(lim.Window), nil
}

// clearAttempts forgets every window of key.
func (s *Service) clearAttempts(ctx context.Context, key string) error {
	err := s.db.Gorm.WithContext(ctx).Exec(`DELETE FROM login_attempts WHERE key = ?`, key).Error
	if err != nil {
		return fmt.Errorf("clear login attempts: %w", err)
	}
	return nil
}

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
	a := attempt{key: addressKey(hostOnly(addr)), start: now.Truncate(s.opts.AddressLimit.Window)}
	n, end, err := s.hit(ctx, a.key, s.opts.AddressLimit, now)
	if err != nil {
		return attempt{}, err
	}
	if n > s.opts.AddressLimit.Max {
		return attempt{}, errTooMany(end, now)
	}
	return a, nil
}

// refund uncounts an attempt that succeeded.
func (s *Service) refund(ctx context.Context, a attempt) error {
	if a.key == "" {
		return nil
	}
	err := s.db.Gorm.WithContext(ctx).
		Exec(`UPDATE login_attempts SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0`,
			a.key, a.start).
		Error
	if err != nil {
		return fmt.Errorf("refund login attempt: %w", err)
	}
	return nil
}

// limitAccount counts a login attempt against the account before the
// password is checked, so that parallel guesses cannot overrun the limit; a
// successful login clears the count, which leaves only the failures.
func (s *Service) limitAccount(ctx context.Context, email string, now time.Time) error {
	n, end, err := s.hit(ctx, accountKey(email), s.opts.AccountLimit, now)
	if err != nil {
		return err
	}
	if n > s.opts.AccountLimit.Max {
		return errTooMany(end, now)
	}
	return nil
}

// PruneLoginAttempts deletes counters of windows that have ended, for a
// periodic job.
func (s *Service) PruneLoginAttempts(ctx context.Context) (int64, error) {
	longest := max(s.opts.AccountLimit.Window, s.opts.AddressLimit.Window)
	res := s.db.Gorm.WithContext(ctx).Exec(`DELETE FROM login_attempts WHERE window_start < ?`, s.now().Add(-longest))
	if res.Error != nil {
		return 0, fmt.Errorf("prune login attempts: %w", res.Error)
	}
	return res.RowsAffected, nil
}

func errTooMany(windowEnd, now time.Time) error {
	e := models.Errorf(models.KindRateLimited, "too_many_attempts", "too many login attempts; try again later")
	e.RetryAfter = max(1, int((windowEnd.Sub(now)+time.Second-1)/time.Second))
	return e
}

// hostOnly drops the port of a host:port address.
func hostOnly(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}
