package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

func supScope(f *fixture, sup uuid.UUID) models.Scope {
	return models.Scope{UserID: sup, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{f.jur}}
}

func TestSupervisorReappliesQuarantinedWork(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, time.Now().Add(48*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	start, ans := f.start("d1", id, f.vessel, at), f.answer("d1", id, "nav.lights", "no", 1, at.Add(time.Minute))
	wantStatuses(t, f.push("d1", start, ans), "deferred:quarantined", "deferred:waiting_for_earlier")
	rows, _, err := f.eng.ListQuarantine(context.Background(), supScope(f, sup), "pending", "", 0)
	if err != nil || len(rows) != 1 {
		t.Fatalf("quarantine list: %d rows, %v", len(rows), err)
	}
	q, res, err := f.eng.DecideQuarantine(context.Background(), supScope(f, sup), rows[0].ID, tsync.DecisionReapply, "was on duty that day", nil)
	if err != nil || q.State != "reapplied" || res == nil || res.Status != "applied" {
		t.Fatalf("reapply: %+v %+v %v", q, res, err)
	}
	if err := f.eng.DrainReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The device's resend now replays; the answer waiting behind the start
	// was applied by the drain.
	wantStatuses(t, f.push("d1", start, ans), "replayed", "replayed")
}

func TestSupervisorRevertsAConflict(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	at := ago(2 * time.Hour)
	id, v := f.started("d1", f.vessel, at)
	wantStatuses(t, f.push("d1", f.notes("d1", id, v, at.Add(10*time.Minute), "early")), "applied")
	wantStatuses(t, f.push("d2", f.notes("d2", id, v, at.Add(20*time.Minute), "late")), "applied")
	cs, _, err := f.eng.ListConflicts(context.Background(), supScope(f, sup), tsync.ConflictFilter{OpenOnly: true}, "", 0)
	if err != nil || len(cs) != 1 {
		t.Fatalf("conflicts: %d, %v", len(cs), err)
	}
	c, err := f.insp.ResolveConflict(context.Background(), supScope(f, sup), cs[0].ID, inspect.ResolutionReverted)
	if err != nil || c.ResolvedAt == nil {
		t.Fatalf("resolve: %+v %v", c, err)
	}
	if n := f.count("SELECT count(*) FROM inspections WHERE id = ? AND notes = 'early'", id); n != 1 {
		t.Fatal("the losing value was not restored")
	}
}
