package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	tsync "github.com/tindal/tindal/sync"
)

func (f *fixture) pendingQuarantine(mutation uuid.UUID) uuid.UUID {
	f.t.Helper()
	var id uuid.UUID
	if err := f.db.Pool.QueryRow(context.Background(), "SELECT id FROM quarantine WHERE mutation_id = $1 AND state = 'pending'", mutation).Scan(&id); err != nil {
		f.t.Fatalf("quarantine row of %s: %v", mutation, err)
	}
	return id
}

// Issue 11 item 1: a supervisor discards a quarantined inspection.start.
// The device's later mutations of that inspection are then rejected
// prerequisite_rejected (final), not deferred aggregate_unknown on every
// resend: the discard is recorded with its aggregate like every other
// final rejection.
func TestDiscardedQuarantinedStartRejectsTheRestOfItsInspection(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, time.Now().Add(48*time.Hour)) // assigned only from the day after tomorrow
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	start, ans := f.start("d1", id, f.vessel, at), f.answer("d1", id, "nav.lights", "no", 1, at.Add(time.Minute))
	edit := f.notes("d1", id, 1, at.Add(2*time.Minute), "hull")
	wantStatuses(t, f.push("d1", start, ans, edit), "deferred:quarantined", "deferred:waiting_for_earlier", "deferred:waiting_for_earlier")
	ctx := context.Background()
	q, _, err := f.eng.DecideQuarantine(ctx, supScope(f, sup), f.pendingQuarantine(start.ID), tsync.DecisionDiscard, "not on duty", nil)
	if err != nil || q.State != "discarded" {
		t.Fatalf("discard: %+v %v", q, err)
	}
	res := f.push("d1", start, ans, edit)
	wantStatuses(t, res, "replayed", "rejected:prerequisite_rejected", "rejected:prerequisite_rejected")
	if o := res.Results[0].Outcome; o == nil || o.Status != "rejected" || o.Code != tsync.CodeDiscardedBySupervisor {
		t.Fatalf("start outcome %+v, want rejected discarded_by_supervisor", o)
	}
	wantStatuses(t, f.push("d1", start, ans, edit), "replayed", "replayed", "replayed")
	if n := f.count("SELECT count(*) FROM mutation_backlog WHERE device_id = ?", f.devices["d1"]); n != 0 {
		t.Fatalf("backlog rows left = %d", n)
	}
	// Every final rejection names its aggregate, whichever path wrote it.
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE status = 'rejected' AND aggregate_id = ?", id); n != 3 {
		t.Fatalf("rejections recorded with the aggregate = %d, want 3", n)
	}
}

// Issue 11 item 2: a start captured a week before its device was
// registered, by an inspector not yet assigned then, is quarantined; a
// supervisor reapplies it. The inspection keeps its before_registration
// flag, and its offences do not change anyone else's penalty until a
// supervisor confirms its time (docs/SYNC.md §5; repeat doubling, Karnataka
// 2025 Sch-IV KA-F04: Rs 5,000 first, doubled for a repeat).
func TestReappliedQuarantinedStartKeepsItsTimeFlags(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(60*24*time.Hour))
	f.user("late", models.RoleInspector, f.jur, ago(3*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(60*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "late")
	f.exec("UPDATE devices SET registered_at = now() - interval '1 hour' WHERE id = ?", f.devices["d2"])
	ctx := context.Background()

	// A charged first offence of the owner, yesterday.
	later, v := f.started("d1", f.vessel, ago(24*time.Hour))
	wantStatuses(t, f.push("d1", f.mut("d1", "inspection.submit", v, ago(23*time.Hour), map[string]any{"inspection_id": later})), "applied")
	approve(t, f, sup, later)
	if l, a := f.surveyPenalty(later); l != 1 || a != 5000 {
		t.Fatalf("first offence: level %d Rs %d, want 1 / 5000", l, a)
	}

	// A week ago, before the phone's login and the inspector's assignment.
	early := uuid.Must(uuid.NewV7())
	start := f.start("d2", early, f.vessel2, ago(7*24*time.Hour))
	res := f.push("d2", start)
	wantStatuses(t, res, "deferred:quarantined")
	_, r, err := f.eng.DecideQuarantine(ctx, supScope(f, sup), f.pendingQuarantine(start.ID), tsync.DecisionReapply, "was on loan from Mangaluru", nil)
	if err != nil || r.Status != "applied" {
		t.Fatalf("reapply: %+v %v", r, err)
	}
	if !contains(r.TimeFlags, tsync.FlagBeforeRegistration) {
		t.Fatalf("reapplied result flags %v, want before_registration", r.TimeFlags)
	}
	var flags models.Strings
	var row struct{ TimeFlags models.Strings }
	f.db.Gorm.Raw("SELECT time_flags FROM inspections WHERE id = ?", early).Scan(&row)
	flags = row.TimeFlags
	if !contains(flags, penalty.FlagBeforeRegistration) {
		t.Fatalf("inspection time flags %v, want before_registration", flags)
	}
	wantStatuses(t, f.push("d2", f.mut("d2", "inspection.submit", 1, ago(time.Minute), map[string]any{"inspection_id": early})), "applied")
	approve(t, f, sup, early)
	if l, a := f.surveyPenalty(later); l != 1 || a != 5000 {
		t.Fatalf("an unconfirmed earlier offence changed another penalty: level %d Rs %d, want 1 / 5000 until its time is confirmed", l, a)
	}
	// Once a supervisor confirms its time, the chain counts it.
	if _, err := f.insp.Review(ctx, supScope(f, sup), early, inspect.ReviewInput{Decision: inspect.DecisionConfirmTime}); err != nil {
		t.Fatal(err)
	}
	confirmRises(t, f, sup)
	if l, a := f.surveyPenalty(later); l != 2 || a != 10000 {
		t.Fatalf("after the time is confirmed: level %d Rs %d, want 2 / 10000", l, a)
	}
}
