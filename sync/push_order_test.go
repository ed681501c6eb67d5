package sync_test

import (
	"context"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

func TestConcurrentSameMutationAppliesOnce(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	for _, d := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"} {
		f.device(d, "ins")
	}
	m := f.start("a", uuid.Must(uuid.NewV7()), f.vessel, ago(time.Hour))
	var wg stdsync.WaitGroup
	var mu stdsync.Mutex
	counts := map[string]int{}
	for i := 0; i < 20; i++ {
		dev := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}[i%10]
		if i%2 == 0 {
			dev = "a" // the same device pushing concurrently with itself
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := f.pushErr(dev, nil, m)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case models.KindOf(err) == models.KindConflict:
				counts["409"]++
			case err != nil:
				t.Errorf("push: %v", err)
			default:
				counts[res.Results[0].Status]++
			}
		}()
	}
	wg.Wait()
	if counts["applied"] != 1 || counts["applied"]+counts["replayed"]+counts["409"]+counts["retry"] != 20 {
		t.Fatalf("results %v: want exactly one applied", counts)
	}
	if n := f.count("SELECT count(*) FROM inspections"); n != 1 {
		t.Fatalf("inspections = %d, want 1", n)
	}
}

func TestSameDeviceConcurrentPushIs409(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	release := f.holdPushLock(f.devices["d1"]) // another push of d1, on another replica perhaps
	_, err := f.pushErr("d1", nil, f.start("d1", uuid.Must(uuid.NewV7()), f.vessel, ago(time.Hour)))
	var me *models.Error
	if models.KindOf(err) != models.KindConflict || !asErr(err, &me) || me.RetryAfter == 0 {
		t.Fatalf("err = %v, want conflict with Retry-After", err)
	}
	release()
	if res, err := f.pushErr("d1", nil, f.start("d1", uuid.Must(uuid.NewV7()), f.vessel, ago(time.Hour))); err != nil || res.Results[0].Status != "applied" {
		t.Fatalf("after the other push ended: %v %+v", err, res)
	}
}

func TestIdempotencyKeyReused(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	m := f.start("d1", id, f.vessel, ago(time.Hour))
	wantStatuses(t, f.push("d1", m), "applied")
	other := m
	other.Args = []byte(`{"id":"` + id.String() + `","vessel_id":"` + f.vessel2.String() + `","template_id":"` + form2.String() + `","kind":"spot"}`)
	res := f.push("d1", other)
	wantStatuses(t, res, "rejected:idempotency_key_reused")
	if res.Results[0].Outcome == nil || res.Results[0].Outcome.Status != "applied" {
		t.Fatalf("want the original outcome attached, got %+v", res.Results[0])
	}
	// Same intent, keys in another order and other whitespace: a replay.
	same := m
	same.Args = []byte(` {"kind":"routine", "template_id":"` + form2.String() + `","vessel_id":"` + f.vessel.String() + `","id":"` + id.String() + `"}`)
	wantStatuses(t, f.push("d1", same), "replayed")
}

func TestOutOfOrderSeqDeferredThenDrained(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	start := f.start("d1", id, f.vessel, at)
	ans := f.answer("d1", id, "fire.extinguishers", "no", 1, at.Add(time.Minute))
	other := f.answer("d2", id, "nav.lights", "no", 1, at.Add(2*time.Minute))
	wantStatuses(t, f.push("d1", ans), "deferred:aggregate_unknown")
	wantStatuses(t, f.push("d2", other), "deferred:aggregate_unknown")
	wantStatuses(t, f.push("d1", start), "applied")
	if err := f.eng.DrainReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id); n != 2 {
		t.Fatalf("answers after drain = %d, want 2", n)
	}
	if n := f.count("SELECT count(*) FROM mutation_backlog"); n != 0 {
		t.Fatalf("backlog = %d, want empty", n)
	}
	wantStatuses(t, f.push("d1", ans), "replayed")
	wantStatuses(t, f.push("d2", other), "replayed")
}

func TestDeferredBlocksLaterOfSameAggregateInPush(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	start := f.start("d1", id, f.vessel, at)
	a1 := f.answer("d1", id, "fire.extinguishers", "no", 1, at.Add(time.Minute))
	a2 := f.answer("d1", id, "nav.lights", "no", 1, at.Add(2*time.Minute))
	wantStatuses(t, f.push("d1", a2, a1), "deferred:waiting_for_earlier", "deferred:aggregate_unknown")
	res := f.push("d1", start, a1, a2)
	wantStatuses(t, res, "applied", "applied", "applied")
}

func TestRejectedDoesNotBlockAndIsQuarantined(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	res := f.push("d1", f.start("d1", id, f.vessel, at), f.answer("d1", id, "no.such.item", "no", 1, at.Add(time.Minute)),
		f.answer("d1", id, "nav.lights", "no", 1, at.Add(2*time.Minute)))
	wantStatuses(t, res, "applied", "rejected:validation_failed", "applied")
	if n := f.count("SELECT count(*) FROM quarantine WHERE reason = 'validation_failed' AND state = 'pending'"); n != 1 {
		t.Fatalf("quarantine = %d, want 1", n)
	}
}

func TestPrerequisiteRejected(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	bad := f.mut("d1", "inspection.start", 0, at, map[string]any{"id": id, "vessel_id": f.vessel, "template_id": uuid.New(), "kind": "routine"})
	res := f.push("d1", bad, f.answer("d1", id, "nav.lights", "no", 1, at.Add(time.Minute)))
	wantStatuses(t, res, "rejected:validation_failed", "rejected:prerequisite_rejected")
}

// docs/SYNC.md Versions: a mutation from an app newer than the server (a
// later protocol, or a later version of a known name) is retry, so a
// rolling deploy loses nothing; one the server should know but cannot
// translate is rejected and stored whole for an administrator, and does
// not block the device's queue.
func TestUnknownMutations(t *testing.T) {
	cases := []struct {
		name     string
		protocol int
		mutation string
		version  int
		want     []string
	}{
		{"newer protocol, unknown name: retry", 2, "inspection.teleport", 1, []string{"applied", "retry:unknown_mutation", "retry:after_retry"}},
		{"known name, newer version: retry", 1, "inspection.answer", 4, []string{"applied", "retry:unknown_mutation", "retry:after_retry"}},
		{"same protocol, unknown name: stored for an admin", 1, "inspection.teleport", 1, []string{"applied", "rejected:untranslatable_mutation", "applied"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
			f.device("d1", "ins")
			id := uuid.Must(uuid.NewV7())
			at := ago(time.Hour)
			start := f.start("d1", id, f.vessel, at)
			odd := f.mut("d1", c.mutation, 0, at, map[string]any{"inspection_id": id})
			odd.Version = c.version
			ms := []tsync.Mutation{start, odd, f.answer("d1", id, "nav.lights", "no", 1, at)}
			push := func() tsync.PushResponse {
				res, err := f.eng.Push(context.Background(), f.scope("d1"), tsync.PushRequest{AppVersion: "1.0.0", ProtocolVersion: c.protocol, Mutations: ms})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			wantStatuses(t, push(), c.want...)
			held := f.count("SELECT count(*) FROM quarantine WHERE mutation_id = ?", odd.ID)
			if rejected := c.want[1] == "rejected:untranslatable_mutation"; rejected != (held == 1) {
				t.Fatalf("quarantine rows = %d, rejected = %v", held, rejected)
			}
			if c.want[1] == "rejected:untranslatable_mutation" {
				if again := push(); again.Results[1].Status != "replayed" {
					t.Fatalf("resend: %+v, want the stored rejection replayed", again.Results[1])
				}
			}
		})
	}
}

func TestUnauthorisedCaptureIsQuarantinedNotRejected(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, time.Now().Add(48*time.Hour)) // assigned only from the day after tomorrow
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	res := f.push("d1", f.start("d1", id, f.vessel, at), f.answer("d1", id, "nav.lights", "no", 1, at))
	wantStatuses(t, res, "deferred:quarantined", "deferred:waiting_for_earlier")
	if n := f.count("SELECT count(*) FROM quarantine WHERE reason = 'unauthorised_at_capture'"); n != 1 {
		t.Fatalf("quarantine = %d, want 1", n)
	}
	if n := f.count("SELECT count(*) FROM inspections"); n != 0 {
		t.Fatalf("inspections = %d, want 0", n)
	}
}

func TestFarFutureTimeClampedAndFlagged(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	m := f.start("d1", id, f.vessel, time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC))
	before := time.Now()
	res := f.push("d1", m)
	r := res.Results[0]
	if r.Status != "applied" || r.CapturedAt == nil || r.CapturedAt.After(time.Now()) || r.CapturedAt.Before(before.Add(-time.Second)) {
		t.Fatalf("result %+v: want applied with the time clamped to receipt", r)
	}
	if !contains(r.TimeFlags, tsync.FlagFutureClamped) {
		t.Fatalf("flags %v, want future_clamped", r.TimeFlags)
	}
	// Raw time only, phone clock 3 hours fast: corrected by the skew, flagged.
	f.device("d2", "ins")
	raw := time.Now().Add(3*time.Hour - 10*time.Minute).UTC().Format(time.RFC3339Nano)
	m2 := f.start("d2", uuid.Must(uuid.NewV7()), f.vessel, time.Now())
	m2.CapturedAt, m2.CapturedRaw = nil, &raw
	devTime := time.Now().Add(3 * time.Hour)
	res2, err := f.pushErr("d2", &devTime, m2)
	if err != nil {
		t.Fatal(err)
	}
	r2 := res2.Results[0]
	if d := time.Since(*r2.CapturedAt); d < 9*time.Minute || d > 11*time.Minute || !contains(r2.TimeFlags, tsync.FlagClockSkew) {
		t.Fatalf("corrected %v (%v ago) flags %v: want 10 minutes ago, clock_skew", r2.CapturedAt, d, r2.TimeFlags)
	}
	if n := f.count("SELECT count(*) FROM devices WHERE id = ? AND clock_skew_ms > 10000000", f.devices["d2"]); n != 1 {
		t.Fatal("clock skew not recorded on the device")
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func asErr(err error, target **models.Error) bool {
	e, ok := err.(*models.Error)
	if ok {
		*target = e
	}
	return ok
}

// docs/SYNC.md §2: an edit held in quarantine (its author was not assigned
// at the capture time) holds back the device's later edits of the same
// inspection, in the push and in every backlog drain, until a supervisor
// decides it; then the drain applies them after it, in seq order.
func TestHeldEditHoldsBackLaterEditsUntilDecided(t *testing.T) {
	f := newFixture(t)
	// One inspector, assigned three days ago, with two phones: the second
	// one's clock puts its answers five days back, before the assignment
	// (only the inspection's own inspector may change it at all).
	f.user("late", models.RoleInspector, f.jur, ago(3*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	f.device("d0", "late")
	f.device("d1", "late")
	id := uuid.Must(uuid.NewV7())
	wantStatuses(t, f.push("d0", f.start("d0", id, f.vessel, ago(2*time.Hour))), "applied")
	first := f.answer("d1", id, "nav.lights", "no", 1, ago(5*24*time.Hour))
	second := f.answer("d1", id, "nav.lights", "yes", 1, ago(5*24*time.Hour-30*time.Minute))
	wantStatuses(t, f.push("d1", first, second), "deferred:quarantined", "deferred:waiting_for_earlier")

	ctx := context.Background()
	if err := f.eng.DrainReady(ctx); err != nil {
		t.Fatal(err)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id); n != 0 {
		t.Fatalf("a drain applied the later edit ahead of the held one (%d answers)", n)
	}
	var qid uuid.UUID
	if err := f.db.Pool.QueryRow(context.Background(), "SELECT id FROM quarantine WHERE mutation_id = $1", first.ID).Scan(&qid); err != nil {
		t.Fatal(err)
	}
	sc := models.Scope{UserID: sup, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{f.jur}}
	if _, r, err := f.eng.DecideQuarantine(ctx, sc, qid, tsync.DecisionReapply, "assigned late by the office", nil); err != nil || r.Status != "applied" {
		t.Fatalf("reapply: %v %+v", err, r)
	}
	if err := f.eng.DrainAggregate(ctx, id); err != nil {
		t.Fatal(err)
	}
	var ans string
	if err := f.db.Gorm.Raw("SELECT answer FROM inspection_answers WHERE inspection_id = ?", id).Scan(&ans).Error; err != nil {
		t.Fatal(err)
	}
	if ans != "yes" {
		t.Fatalf("answer = %q, want the later edit applied after the held one", ans)
	}
	if n := f.count("SELECT count(*) FROM mutation_backlog WHERE device_id = ?", f.devices["d1"]); n != 0 {
		t.Fatalf("backlog rows left = %d", n)
	}
	wantStatuses(t, f.push("d1", first, second), "replayed", "replayed")
}
