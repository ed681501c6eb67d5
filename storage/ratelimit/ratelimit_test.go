package ratelimit_test

import (
	"sync"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/ratelimit"
	"github.com/tindal/tindal/testkit"
)

// TestWindowEdges: the last instant of a window still counts in it (and is
// refused over the limit, with Retry-After 1), the first instant of the
// next starts a new count; refund and clear uncount, prune drops ended
// windows; in both tables.
func TestWindowEdges(t *testing.T) {
	db := testkit.NewDB(t)
	w := ratelimit.Window{Max: 2, Window: time.Minute}
	start := time.Date(2026, 3, 1, 10, 5, 0, 0, time.UTC)
	last := start.Add(time.Minute - time.Nanosecond)
	for _, table := range []ratelimit.Table{ratelimit.Logins, ratelimit.Public} {
		t.Run(string(table), func(t *testing.T) {
			c := ratelimit.New(db, table)
			ctx := t.Context()
			hit := func(at time.Time, want int) time.Time {
				t.Helper()
				n, end, err := c.Hit(ctx, "address:10.0.0.1", w, at)
				if err != nil || n != want {
					t.Fatalf("hit at %s: count %d, %v; want %d", at.Format(time.RFC3339Nano), n, err, want)
				}
				return end
			}
			hit(start, 1)
			hit(start.Add(30*time.Second), 2)
			end := hit(last, 3) // the last request of the window
			if !end.Equal(start.Add(time.Minute)) || !w.Over(3) || w.Over(2) {
				t.Fatalf("window end %s, over(3) %v, over(2) %v", end, w.Over(3), w.Over(2))
			}
			if got := ratelimit.RetryAfter(end, last); got != 1 {
				t.Fatalf("Retry-After at the last instant = %d, want 1", got)
			}
			if got := ratelimit.RetryAfter(end, start); got != 60 {
				t.Fatalf("Retry-After at the start = %d, want 60", got)
			}
			next := hit(start.Add(time.Minute), 1) // the first of the next
			if !next.Equal(start.Add(2 * time.Minute)) {
				t.Fatalf("next window ends %s", next)
			}
			if err := c.Refund(ctx, "address:10.0.0.1", w.Start(last)); err != nil {
				t.Fatal(err)
			}
			hit(last, 3)
			for range 4 { // a refund never goes below zero
				if err := c.Refund(ctx, "address:10.0.0.1", w.Start(start.Add(time.Minute))); err != nil {
					t.Fatal(err)
				}
			}
			hit(start.Add(time.Minute), 1)
			if n, err := c.Prune(ctx, start.Add(time.Minute)); err != nil || n != 1 {
				t.Fatalf("prune: %d, %v; want the ended window only", n, err)
			}
			hit(start, 1)
			if err := c.Clear(ctx, "address:10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			hit(start.Add(time.Minute), 1)
		})
	}
}

// TestConcurrentHitsCountExactly: 20 goroutines hitting one key at once
// count exactly 20, each seeing a distinct count.
func TestConcurrentHitsCountExactly(t *testing.T) {
	db := testkit.NewDB(t)
	c := ratelimit.New(db, ratelimit.Logins)
	w := ratelimit.Window{Max: 5, Window: 15 * time.Minute}
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	const n = 20
	var (
		wg      sync.WaitGroup
		ready   = make(chan struct{})
		mu      sync.Mutex
		seen    = map[int]bool{}
		refused int
	)
	for range n {
		wg.Go(func() {
			<-ready
			got, _, err := c.Hit(t.Context(), "account:a@example.in", w, now)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			seen[got] = true
			if w.Over(got) {
				refused++
			}
		})
	}
	close(ready)
	wg.Wait()
	for i := 1; i <= n; i++ {
		if !seen[i] {
			t.Fatalf("counts seen %v: want each of 1..%d once", seen, n)
		}
	}
	if refused != n-w.Max {
		t.Fatalf("%d refused, want %d", refused, n-w.Max)
	}
	var total int
	if err := db.Gorm.Raw(`SELECT coalesce(sum(count), 0) FROM login_attempts`).Scan(&total).Error; err != nil {
		t.Fatal(err)
	}
	if total != n {
		t.Fatalf("stored count %d, want %d", total, n)
	}
}
