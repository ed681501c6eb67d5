package demo

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"time"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
)

// WithHistory makes Seed add the demo's year (history.go) after the
// register: every visit pushed from its inspector's demo phone with its
// photos, reviewed, detained and released, its notice paid or appealed,
// each through the service an office uses, on the day it happened. What
// the console shows is what the law computed on those days.
func WithHistory() Option {
	return func(s *seeder) { s.history = true }
}

// simClock is the time the services of the year's replay see: each step
// runs at its own moment of the past.
type simClock struct{ t time.Time }

func (c *simClock) now() time.Time { return c.t }

// step is one thing done on a day of the year.
type step struct {
	At   time.Time
	Name string
	Run  func(context.Context) error
}

// year holds what the steps of the replay share.
type year struct {
	s      *seeder
	clock  *simClock
	insp   *inspect.Service
	push   *tsync.Engine
	orders *detention.Service
	pen    *penalty.Service
	rules  *rules.Registry
	visits map[string]visit
	up     *uploads // the photos' uploads in flight
}

// seedHistory replays the demo's year in the order it happened. Each step
// first checks whether an earlier run did it (history_steps.go), so a
// second run does nothing; steps dated after now are not done yet.
func (s *seeder) seedHistory(ctx context.Context) error {
	if err := s.seedPreviousCertificates(ctx); err != nil {
		return fmt.Errorf("previous certificates: %w", err)
	}
	clk := &simClock{t: s.now}
	y := &year{s: s, clock: clk, rules: rules.NewRegistry(rules.RegistrySettings{}), visits: map[string]visit{}}
	y.insp = inspect.New(s.db, y.rules, clk.now)
	y.push = tsync.New(s.db, y.insp, clk.now, tsync.Options{})
	y.orders = detention.New(y.insp)
	y.pen = y.insp.Penalties()
	var steps []step
	visits, err := s.yearOfVisits(ctx)
	if err != nil {
		return err
	}
	for _, v := range visits {
		y.visits[v.Key] = v
	}
	for _, v := range y.visits {
		if y.inForce(v) {
			steps = append(steps, y.stepsOf(v)...)
		}
	}
	sort.SliceStable(steps, func(i, j int) bool {
		if !steps[i].At.Equal(steps[j].At) {
			return steps[i].At.Before(steps[j].At)
		}
		return steps[i].Name < steps[j].Name
	})
	upCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	y.up = newUploads(upCtx)
	for _, st := range steps {
		if st.At.After(s.now) {
			continue
		}
		clk.t = st.At
		if err := st.Run(ctx); err != nil {
			cancel()
			return errors.Join(fmt.Errorf("%s: %w", st.Name, err), y.up.all())
		}
	}
	if err := y.up.all(); err != nil {
		return err
	}
	if s.photos == nil {
		return nil
	}
	return s.processPhotos(ctx) // the worker's work on all of them at once, in batches
}

// inForce reports whether Karnataka 2025 was in force on the visit's day
// (and on the day of the visit it re-inspects): the year reaches no
// further back than the rules it is judged by.
func (y *year) inForce(v visit) bool {
	if _, err := y.rules.For(rules.RegimeKarnataka2025, rules.DateOf(y.startOf(v))); err != nil {
		return false
	}
	if v.Reinspects != "" {
		return y.inForce(y.visits[v.Reinspects])
	}
	return true
}

// startOf is when the inspector starts the visit: between 09:30 and
// 12:30 India time, by its key.
func (y *year) startOf(v visit) time.Time {
	h := fnv.New32a()
	_, _ = h.Write([]byte(v.Key))
	return y.at(v.Ago, 9, 30).Add(time.Duration(h.Sum32()%180) * time.Minute)
}

// at is hh:mm India time, ago days before today.
func (y *year) at(ago, hh, mm int) time.Time {
	d := y.s.today.AddDate(0, 0, -ago)
	return time.Date(d.Year(), d.Month(), d.Day(), hh, mm, 0, 0, ist)
}

// stepsOf lists what happens after a visit, each on its day: the push
// from the phone, the supervisor's approval (with the detention order or
// the release), then the owner's payment or appeal and the decision.
func (y *year) stepsOf(v visit) []step {
	pushed := y.startOf(v).Add(4 * time.Hour)
	steps := []step{{pushed, v.Key + " push", func(ctx context.Context) error { return y.pushVisit(ctx, v) }}}
	if v.ReviewAfter == 0 {
		return steps
	}
	reviewAgo := v.Ago - v.ReviewAfter
	reviewed := y.at(reviewAgo, 11, 30)
	steps = append(steps, step{reviewed, v.Key + " review", func(ctx context.Context) error { return y.approve(ctx, v) }})
	if v.Detain {
		steps = append(steps, step{reviewed.Add(10 * time.Minute), v.Key + " detain",
			func(ctx context.Context) error { return y.detain(ctx, v) }})
	}
	if v.Release {
		steps = append(steps, step{reviewed.Add(20 * time.Minute), v.Key + " release",
			func(ctx context.Context) error { return y.release(ctx, v) }})
	}
	st := v.Settle
	if st.AppealAfter > 0 {
		filed := y.at(reviewAgo-st.AppealAfter, 13, 0)
		steps = append(steps, step{filed, v.Key + " appeal", func(ctx context.Context) error { return y.appeal(ctx, v) }})
		if st.Decision != "" {
			steps = append(steps, step{filed.AddDate(0, 0, 21).Add(time.Hour), v.Key + " decide",
				func(ctx context.Context) error { return y.decide(ctx, v) }})
		}
	}
	if st.PayAfter > 0 {
		paid := y.at(reviewAgo-st.PayAfter, 12, 0)
		steps = append(steps, step{paid, v.Key + " payment", func(ctx context.Context) error { return y.pay(ctx, v) }})
	}
	return steps
}
