// Package ratelimit is the one fixed-window counter of the project: sign-in
// failures, one-time and SMS code requests, password-reset attempts and the
// public pages' requests are all counted here, in PostgreSQL, so that a
// limit holds across every replica behind the load balancer and survives a
// restart (an in-process bucket would allow the limit once per replica).
// Windows are aligned on multiples of their length since the zero time,
// the same on every replica; a count is one upsert.
package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/tindal/tindal/storage"
)

// Table is a table of counters (key, window_start, count). Two stay apart:
// the sign-in counters are cleared and refunded by key and pruned by the
// auth service, while the public pages' counters are one row per address
// and minute, many and short, pruned by the housekeeping job; a public
// page's traffic must never be read as sign-in failures.
type Table string

const (
	// Logins holds the sign-in, one-time code and password-reset counters.
	Logins Table = "login_attempts"
	// Public holds the public pages' per-address counters.
	Public Table = "public_rate_windows"
)

// queries are the statements of each table, written out whole (no table
// name is ever spliced into SQL at run time).
type queries struct {
	hit, refund, clear, prune string
}

var statements = map[Table]queries{
	Logins: {
		hit: `INSERT INTO login_attempts (key, window_start, count) VALUES (?, ?, 1)
			ON CONFLICT (key, window_start) DO UPDATE SET count = login_attempts.count + 1
			RETURNING count`,
		refund: `UPDATE login_attempts SET count = count - 1
			WHERE key = ? AND window_start = ? AND count > 0`,
		clear: `DELETE FROM login_attempts WHERE key = ?`,
		prune: `DELETE FROM login_attempts WHERE window_start < ?`,
	},
	Public: {
		hit: `INSERT INTO public_rate_windows (key, window_start, count) VALUES (?, ?, 1)
			ON CONFLICT (key, window_start) DO UPDATE SET count = public_rate_windows.count + 1
			RETURNING count`,
		// public_rate_windows.count is positive (CHECK): a refund of the
		// last count deletes the row.
		refund: `WITH r AS (
				UPDATE public_rate_windows SET count = count - 1
				WHERE key = ? AND window_start = ? AND count > 1 RETURNING 1)
			DELETE FROM public_rate_windows
			WHERE key = ? AND window_start = ? AND count = 1 AND NOT EXISTS (SELECT 1 FROM r)`,
		clear: `DELETE FROM public_rate_windows WHERE key = ?`,
		prune: `DELETE FROM public_rate_windows WHERE window_start < ?`,
	},
}

// Window allows Max events per fixed window of length Window.
type Window struct {
	Max    int
	Window time.Duration
}

// Start is the start of the window that holds now.
func (w Window) Start(now time.Time) time.Time { return now.Truncate(w.Window) }

// Over reports whether count events exceed the limit.
func (w Window) Over(count int) bool { return count > w.Max }

// Counter counts events under keys in one table.
type Counter struct {
	db    *storage.DB
	table Table
	q     queries
}

// New is the counter of table t on db.
func New(db *storage.DB, t Table) Counter {
	q, ok := statements[t]
	if !ok {
		panic(fmt.Sprintf("ratelimit: unknown table %q", t))
	}
	return Counter{db: db, table: t, q: q}
}

// Hit counts one event under key in the window of w that holds now, and
// returns the count so far in that window and when the window ends.
func (c Counter) Hit(ctx context.Context, key string, w Window, now time.Time) (int, time.Time, error) {
	start := w.Start(now)
	var n int
	if err := c.db.Gorm.WithContext(ctx).Raw(c.q.hit, key, start).Scan(&n).Error; err != nil {
		return 0, time.Time{}, fmt.Errorf("count %s: %w", c.table, err)
	}
	return n, start.Add(w.Window), nil
}

// Refund uncounts one event under key in the window that started at start
// (Window.Start of the hit's time); a count never goes below zero.
func (c Counter) Refund(ctx context.Context, key string, start time.Time) error {
	args := []any{key, start}
	if c.table == Public {
		args = append(args, key, start)
	}
	if err := c.db.Gorm.WithContext(ctx).Exec(c.q.refund, args...).Error; err != nil {
		return fmt.Errorf("refund %s: %w", c.table, err)
	}
	return nil
}

// Clear forgets every window of key.
func (c Counter) Clear(ctx context.Context, key string) error {
	if err := c.db.Gorm.WithContext(ctx).Exec(c.q.clear, key).Error; err != nil {
		return fmt.Errorf("clear %s: %w", c.table, err)
	}
	return nil
}

// Prune deletes the windows that started before before, and returns how
// many it deleted.
func (c Counter) Prune(ctx context.Context, before time.Time) (int64, error) {
	res := c.db.Gorm.WithContext(ctx).Exec(c.q.prune, before)
	if res.Error != nil {
		return 0, fmt.Errorf("prune %s: %w", c.table, res.Error)
	}
	return res.RowsAffected, nil
}

// RetryAfter is the Retry-After of a refusal at now in a window that ends
// at resetAt: the whole seconds to its end, rounded up, at least 1.
func RetryAfter(resetAt, now time.Time) int {
	return max(1, int((resetAt.Sub(now)+time.Second-1)/time.Second))
}
