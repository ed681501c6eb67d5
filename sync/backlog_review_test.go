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

// backlogWorld has an inspector of the first jurisdiction with two
// devices, a supervisor of each jurisdiction and an admin.
type backlogWorld struct {
	*fixture
	sup, other, admin models.Scope
}

func newBacklogWorld(t *testing.T) *backlogWorld {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	other := f.user("sup2", models.RoleSupervisor, f.jur2, ago(30*24*time.Hour))
	admin := f.user("admin", models.RoleAdmin, uuid.Nil, time.Time{})
	return &backlogWorld{fixture: f, sup: supScope(f, sup),
		other: models.Scope{UserID: other, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{f.jur2}},
		admin: models.Scope{UserID: admin, Role: models.RoleAdmin, Access: models.AccessAll}}
}

// backdate makes a backlog entry look first deferred that long ago.
func (w *backlogWorld) backdate(id uuid.UUID, d time.Duration) {
	w.exec("UPDATE mutation_backlog SET first_seen = now() - make_interval(secs => ?) WHERE mutation_id = ?", d.Seconds(), id)
}

func (w *backlogWorld) list(sc models.Scope, older time.Duration) []tsync.BacklogItem {
	w.t.Helper()
	rows, _, err := w.eng.ListBacklog(context.Background(), sc, older, "", 0)
	if err != nil {
		w.t.Fatal(err)
	}
	return rows
}

func (w *backlogWorld) decide(sc models.Scope, id uuid.UUID, decision string) (tsync.BacklogDecision, error) {
	return w.eng.DecideBacklog(context.Background(), sc, id, decision, "the inspection never reached the server")
}

func TestBacklogReviewListsOldDeferredWorkOfTheSupervisorsJurisdiction(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(9 * 24 * time.Hour)
	a1, a2 := w.answer("d2", id, "nav.lights", "no", 1, at), w.answer("d2", id, "fire.extinguishers", "no", 1, at.Add(time.Minute))
	wantStatuses(t, w.push("d2", a1, a2), "deferred:aggregate_unknown", "deferred:waiting_for_earlier")
	fresh := w.answer("d1", uuid.Must(uuid.NewV7()), "nav.lights", "yes", 1, ago(time.Hour))
	wantStatuses(t, w.push("d1", fresh), "deferred:aggregate_unknown")
	w.backdate(a1.ID, 8*24*time.Hour)
	w.backdate(a2.ID, 8*24*time.Hour)

	rows := w.list(w.sup, tsync.BacklogReviewAge)
	if len(rows) != 2 {
		t.Fatalf("supervisor sees %d entries older than 7 days, want 2: %+v", len(rows), rows)
	}
	r := rows[0]
	if r.MutationID != a1.ID || r.Name != "inspection.answer" || r.Seq != a1.Seq || r.DeviceID != w.devices["d2"] ||
		r.UserID != w.users["ins"] || r.Code != tsync.CodeAggregateUnknown || r.AggregateExists || r.JurisdictionID != nil ||
		time.Since(r.FirstSeen) < 8*24*time.Hour-time.Minute || len(r.Payload) == 0 {
		t.Fatalf("first entry: %+v", r)
	}
	if rows[1].MutationID != a2.ID || rows[1].Code != tsync.CodeWaitingForEarlier {
		t.Fatalf("second entry: %+v", rows[1])
	}
	if rows := w.list(w.other, tsync.BacklogReviewAge); len(rows) != 0 {
		t.Fatalf("a supervisor of another jurisdiction sees %d entries", len(rows))
	}
	if rows := w.list(w.other, 0); len(rows) != 0 {
		t.Fatalf("a supervisor of another jurisdiction sees %d entries of any age", len(rows))
	}
	if rows := w.list(w.sup, 0); len(rows) != 3 {
		t.Fatalf("older_than 0: %d entries, want 3", len(rows))
	}
	if rows := w.list(w.admin, tsync.BacklogReviewAge); len(rows) != 2 {
		t.Fatalf("admin: %d entries, want 2", len(rows))
	}
	page, next, err := w.eng.ListBacklog(context.Background(), w.sup, 0, "", 2)
	if err != nil || len(page) != 2 || next == "" {
		t.Fatalf("first page: %d, %q, %v", len(page), next, err)
	}
	page, next, err = w.eng.ListBacklog(context.Background(), w.sup, 0, next, 2)
	if err != nil || len(page) != 1 || next != "" {
		t.Fatalf("second page: %d, %q, %v", len(page), next, err)
	}
}

func TestBacklogDiscardIsTheDevicesFinalResult(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	m := w.answer("d2", id, "nav.lights", "no", 1, ago(9*24*time.Hour))
	wantStatuses(t, w.push("d2", m), "deferred:aggregate_unknown")
	w.backdate(m.ID, 8*24*time.Hour)

	if _, err := w.decide(w.other, m.ID, tsync.BacklogDiscard); models.KindOf(err) != models.KindNotFound {
		t.Fatalf("another jurisdiction's supervisor: %v, want not found", err)
	}
	d, err := w.decide(w.sup, m.ID, tsync.BacklogDiscard)
	if err != nil || d.AlreadyFinal || d.Result.Status != tsync.StatusRejected || d.Result.Code != tsync.CodeDiscardedBySupervisor {
		t.Fatalf("discard: %+v %v", d, err)
	}
	if n := w.count("SELECT count(*) FROM mutation_backlog"); n != 0 {
		t.Fatalf("backlog = %d after discard", n)
	}
	if n := w.count("SELECT count(*) FROM quarantine WHERE mutation_id = ? AND state = 'discarded' AND decided_by = ? AND payload->>'name' = 'inspection.answer'",
		m.ID, w.users["sup"]); n != 1 {
		t.Fatalf("discarded payload kept in quarantine: %d rows", n)
	}
	if n := w.count("SELECT count(*) FROM audit_log WHERE action = 'backlog.discard' AND entity_id = ? AND actor_id = ?", m.ID, w.users["sup"]); n != 1 {
		t.Fatalf("audit entries: %d", n)
	}
	// The device resends it as it always does: the stored final result.
	res := w.push("d2", m)
	wantStatuses(t, res, "replayed")
	if o := res.Results[0].Outcome; o == nil || o.Status != tsync.StatusRejected || o.Code != tsync.CodeDiscardedBySupervisor {
		t.Fatalf("resend after discard: %+v", res.Results[0])
	}
	if n := w.count("SELECT count(*) FROM mutation_backlog"); n != 0 {
		t.Fatal("the resend put it back in the backlog")
	}
	// Retrying the decision, or deciding otherwise afterwards, changes nothing.
	for _, decision := range []string{tsync.BacklogDiscard, tsync.BacklogApply} {
		again, err := w.decide(w.sup, m.ID, decision)
		if err != nil || !again.AlreadyFinal || again.Result.Code != tsync.CodeDiscardedBySupervisor {
			t.Fatalf("%s after discard: %+v %v", decision, again, err)
		}
	}
	if n := w.count("SELECT count(*) FROM quarantine WHERE mutation_id = ?", m.ID); n != 1 {
		t.Fatalf("quarantine rows after retries: %d", n)
	}
	if _, err := w.decide(w.sup, uuid.Must(uuid.NewV7()), tsync.BacklogDiscard); models.KindOf(err) != models.KindNotFound {
		t.Fatalf("unknown mutation: %v, want not found", err)
	}
}

func TestBacklogApplyAfterTheAggregateArrived(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(9 * 24 * time.Hour)
	m := w.answer("d2", id, "nav.lights", "no", 1, at.Add(time.Minute))
	wantStatuses(t, w.push("d2", m), "deferred:aggregate_unknown")
	w.backdate(m.ID, 8*24*time.Hour)
	before := w.backlogRow(m.ID)

	// Still impossible: 409 with the reason, and nothing changes.
	_, err := w.decide(w.sup, m.ID, tsync.BacklogApply)
	var me *models.Error
	if !asErr(err, &me) || me.Kind != models.KindConflict || me.Code != tsync.CodeAggregateUnknown {
		t.Fatalf("apply while the inspection is unknown: %v", err)
	}
	if after := w.backlogRow(m.ID); after != before {
		t.Fatalf("a refused apply changed the entry: %+v → %+v", before, after)
	}
	if n := w.count("SELECT (SELECT count(*) FROM applied_mutations) + (SELECT count(*) FROM quarantine) + (SELECT count(*) FROM audit_log WHERE action LIKE 'backlog.%')"); n != 0 {
		t.Fatalf("a refused apply wrote %d rows", n)
	}

	// The start arrives from the other phone; no drain runs in this test.
	wantStatuses(t, w.push("d1", w.start("d1", id, w.vessel, at)), "applied")
	rows := w.list(w.sup, 0)
	if len(rows) != 1 || rows[0].Code != tsync.CodeReady || rows[0].JurisdictionID == nil || *rows[0].JurisdictionID != w.jur {
		t.Fatalf("entry once its inspection exists: %+v", rows)
	}
	if rows := w.list(w.other, 0); len(rows) != 0 {
		t.Fatal("another jurisdiction's supervisor sees it")
	}
	d, err := w.decide(w.sup, m.ID, tsync.BacklogApply)
	if err != nil || d.AlreadyFinal || d.Result.Status != tsync.StatusApplied {
		t.Fatalf("apply: %+v %v", d, err)
	}
	if n := w.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ? AND item_id = 'nav.lights'", id); n != 1 {
		t.Fatalf("answers = %d, want 1", n)
	}
	if n := w.count("SELECT count(*) FROM mutation_backlog"); n != 0 {
		t.Fatalf("backlog = %d after apply", n)
	}
	if n := w.count("SELECT count(*) FROM audit_log WHERE action = 'backlog.apply' AND entity_id = ?", m.ID); n != 1 {
		t.Fatalf("audit entries: %d", n)
	}
	again, err := w.decide(w.sup, m.ID, tsync.BacklogApply)
	if err != nil || !again.AlreadyFinal || again.Result.Status != tsync.StatusApplied {
		t.Fatalf("retried apply: %+v %v", again, err)
	}
	res := w.push("d2", m)
	if wantStatuses(t, res, "replayed"); res.Results[0].Outcome.Status != tsync.StatusApplied {
		t.Fatalf("resend after apply: %+v", res.Results[0])
	}
}

func TestBacklogApplyAfterTheEarlierMutationWasDiscarded(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(9 * 24 * time.Hour)
	a1, a2 := w.answer("d2", id, "nav.lights", "no", 1, at), w.answer("d2", id, "fire.extinguishers", "no", 1, at.Add(time.Minute))
	wantStatuses(t, w.push("d2", a1, a2), "deferred:aggregate_unknown", "deferred:waiting_for_earlier")
	wantStatuses(t, w.push("d1", w.start("d1", id, w.vessel, at)), "applied")
	if _, err := w.decide(w.sup, a1.ID, tsync.BacklogDiscard); err != nil {
		t.Fatal(err)
	}
	if rows := w.list(w.sup, 0); len(rows) != 1 || rows[0].MutationID != a2.ID || rows[0].Code != tsync.CodeReady {
		t.Fatalf("after discarding the earlier one: %+v", rows)
	}
	d, err := w.decide(w.sup, a2.ID, tsync.BacklogApply)
	if err != nil || d.Result.Status != tsync.StatusApplied {
		t.Fatalf("apply: %+v %v", d, err)
	}
	wantStatuses(t, w.push("d2", a1, a2), "replayed", "replayed")
	if n := w.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id); n != 1 {
		t.Fatalf("answers = %d, want only the applied one", n)
	}
}

func TestBacklogApplyWhileTheDevicePushesIsBusy(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	m := w.answer("d2", id, "nav.lights", "no", 1, at)
	wantStatuses(t, w.push("d2", m), "deferred:aggregate_unknown")
	wantStatuses(t, w.push("d1", w.start("d1", id, w.vessel, at)), "applied")
	release := w.holdPushLock(w.devices["d2"]) // a push of d2 in progress
	defer release()
	for _, decision := range []string{tsync.BacklogApply, tsync.BacklogDiscard} {
		_, err := w.decide(w.sup, m.ID, decision)
		var me *models.Error
		if !asErr(err, &me) || me.Code != "push_in_progress" || me.RetryAfter == 0 {
			t.Fatalf("%s while the device pushes: %v", decision, err)
		}
	}
	if n := w.count("SELECT count(*) FROM mutation_backlog WHERE mutation_id = ?", m.ID); n != 1 {
		t.Fatal("a busy decision removed the entry")
	}
}

// Twenty supervisors' clicks race on one entry: exactly one discard is
// recorded and every answer names the same final result.
func TestBacklogConcurrentDecisionsDecideOnce(t *testing.T) {
	w := newBacklogWorld(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	m := w.answer("d2", id, "nav.lights", "no", 1, at)
	wantStatuses(t, w.push("d2", m), "deferred:aggregate_unknown")
	var wg stdsync.WaitGroup
	var mu stdsync.Mutex
	decided, statuses := 0, map[string]int{}
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := w.decide(w.sup, m.ID, tsync.BacklogDiscard)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("discard: %v", err)
				return
			}
			if !d.AlreadyFinal {
				decided++
			}
			statuses[d.Result.Status+":"+d.Result.Code]++
		}()
	}
	wg.Wait()
	if decided != 1 || statuses["rejected:discarded_by_supervisor"] != 20 {
		t.Fatalf("decided %d times, results %v", decided, statuses)
	}
	if n := w.count("SELECT count(*) FROM quarantine WHERE mutation_id = ?", m.ID); n != 1 {
		t.Fatalf("quarantine rows: %d", n)
	}
}

type backlogSnapshot struct {
	LastSeen  time.Time
	FirstSeen time.Time
	Payload   string
}

func (w *backlogWorld) backlogRow(id uuid.UUID) backlogSnapshot {
	w.t.Helper()
	var s backlogSnapshot
	if err := w.db.Gorm.Raw("SELECT last_seen, first_seen, payload::text AS payload FROM mutation_backlog WHERE mutation_id = ?", id).Scan(&s).Error; err != nil {
		w.t.Fatal(err)
	}
	return s
}

// An entry the drain found unauthorised at its capture time is held in
// quarantine too: apply refuses it, and a discard settles that quarantine
// row instead of keeping a second copy.
func TestBacklogEntryHeldInQuarantine(t *testing.T) {
	w := newBacklogWorld(t)
	w.user("late", models.RoleInspector, w.jur, time.Now().Add(48*time.Hour)) // assigned from the day after tomorrow
	w.device("dl", "late")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	m := w.answer("dl", id, "nav.lights", "no", 1, at)
	wantStatuses(t, w.push("dl", m), "deferred:aggregate_unknown")
	wantStatuses(t, w.push("d1", w.start("d1", id, w.vessel, at)), "applied")
	// The first apply runs the drain, which moves it from the backlog to
	// quarantine; the second finds it there. Both point to the quarantine
	// decision, and the backlog no longer lists it.
	for i, d := range []string{tsync.BacklogApply, tsync.BacklogApply, tsync.BacklogDiscard} {
		_, err := w.decide(w.sup, m.ID, d)
		var me *models.Error
		if !asErr(err, &me) || me.Kind != models.KindConflict || me.Code != tsync.CodeQuarantined {
			t.Fatalf("%s #%d of unauthorised work: %v", d, i+1, err)
		}
	}
	if rows := w.list(w.sup, 0); len(rows) != 0 {
		t.Fatalf("backlog still lists the held mutation: %+v", rows)
	}
	var qid uuid.UUID
	if err := w.db.Pool.QueryRow(context.Background(), "SELECT id FROM quarantine WHERE mutation_id = $1 AND state = 'pending'", m.ID).Scan(&qid); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.eng.DecideQuarantine(context.Background(), w.sup, qid, tsync.DecisionDiscard, "not assigned that day", nil); err != nil {
		t.Fatal(err)
	}
	if n := w.count("SELECT count(*) FROM quarantine WHERE mutation_id = ? AND state = 'discarded'", m.ID); n != 1 ||
		w.count("SELECT count(*) FROM quarantine WHERE mutation_id = ?", m.ID) != 1 {
		t.Fatalf("quarantine rows after the discard: %d discarded", n)
	}
	res := w.push("dl", m)
	if wantStatuses(t, res, "replayed"); res.Results[0].Outcome.Code != tsync.CodeDiscardedBySupervisor {
		t.Fatalf("resend: %+v", res.Results[0])
	}
}
