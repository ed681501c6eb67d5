package public_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/testkit"
)

func TestLimiterCountsPerAddressAcrossInstancesAndPrunes(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	lim := public.Limit{Max: 3, Window: time.Minute}
	// Two limiters on one database stand for two replicas: the limit is shared.
	a, b := public.NewLimiter(db, lim), public.NewLimiter(db, lim)
	now := time.Date(2026, 12, 1, 10, 0, 15, 0, time.UTC)
	for i, l := range []*public.Limiter{a, b, a} {
		if err := l.Allow(ctx, "203.0.113.9", now); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	err := b.Allow(ctx, "203.0.113.9", now)
	var me *models.Error
	if !errors.As(err, &me) || me.Kind != models.KindRateLimited || me.RetryAfter != 45 {
		t.Fatalf("fourth request in the window: %v, want rate_limited with Retry-After 45", err)
	}
	if err := a.Allow(ctx, "203.0.113.10", now); err != nil {
		t.Fatalf("another address: %v", err)
	}
	if err := a.Allow(ctx, "203.0.113.9", now.Add(time.Minute)); err != nil {
		t.Fatalf("next window: %v", err)
	}
	n, err := a.Prune(ctx, now.Add(time.Minute))
	if err != nil || n != 2 {
		t.Fatalf("pruned %d (%v), want the 2 windows that ended, not the current one", n, err)
	}
}
