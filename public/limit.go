package public

import (
	"context"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/ratelimit"
)

// Limit allows Max requests per client address in each fixed Window.
// Key names the counter, so that two limits on one address count apart
// (default "address": the public pages').
type Limit struct {
	Max    int
	Window time.Duration
	Key    string
}

// DefaultLimit is generous on purpose: Indian mobile networks put many
// phones behind one carrier-grade NAT address, so a boatload of passengers
// scanning the same QR code at a jetty may share one address. It stops
// scraping the register, not passengers.
var DefaultLimit = Limit{Max: 120, Window: time.Minute}

// Limiter counts requests per client address with the shared limiter
// (storage/ratelimit, table public_rate_windows), as logins are, so the
// limit holds across every replica behind the load balancer: an in-process
// bucket would allow the limit once per replica and forget it on restart.
// The cost is one upsert per request, on a page that reads the database
// anyway. Windows are aligned on multiples of their length, the same on
// every replica.
type Limiter struct {
	counts ratelimit.Counter
	limit  Limit
}

// NewLimiter builds the limiter; a zero limit takes DefaultLimit.
func NewLimiter(db *storage.DB, l Limit) *Limiter {
	if l.Max <= 0 || l.Window <= 0 {
		l = Limit{Max: DefaultLimit.Max, Window: DefaultLimit.Window, Key: l.Key}
	}
	if l.Key == "" {
		l.Key = "address"
	}
	return &Limiter{counts: ratelimit.New(db, ratelimit.Public), limit: l}
}

// Allow counts one request from addr at now. It returns a KindRateLimited
// error, with Retry-After the seconds to the window's end, once the window
// holds more than Max requests. Refused requests are counted too, so a
// client that ignores Retry-After stays refused until the window ends. An
// empty address is not limited (no socket peer: an in-memory test).
func (l *Limiter) Allow(ctx context.Context, addr string, now time.Time) error {
	if addr == "" {
		return nil
	}
	w := l.window()
	n, end, err := l.counts.Hit(ctx, l.limit.Key+":"+addr, w, now)
	if err != nil {
		return err
	}
	if !w.Over(n) {
		return nil
	}
	e := models.Errorf(
		models.KindRateLimited,
		"too_many_requests",
		"too many requests from your network; try again in a minute",
	)
	e.RetryAfter = ratelimit.RetryAfter(end, now)
	return e
}

func (l *Limiter) window() ratelimit.Window {
	return ratelimit.Window{Max: l.limit.Max, Window: l.limit.Window}
}

// Prune deletes the windows that ended before now, for the housekeeping
// job; it returns how many it deleted.
func (l *Limiter) Prune(ctx context.Context, now time.Time) (int64, error) {
	return l.counts.Prune(ctx, now.Add(-l.limit.Window))
}
