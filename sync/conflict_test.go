package sync_test

import (
	"context"
	"fmt"
	"math/rand"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	tsync "github.com/tindal/tindal/sync"
)

// started makes an inspection from device d1 and returns its id and version.
func (f *fixture) started(dev string, vessel uuid.UUID, at time.Time) (uuid.UUID, int64) {
	f.t.Helper()
	id := uuid.Must(uuid.NewV7())
	res := f.push(dev, f.start(dev, id, vessel, at))
	wantStatuses(f.t, res, "applied")
	return id, res.Inspections[0].Version
}

func (f *fixture) notes(dev string, id uuid.UUID, base int64, at time.Time, text string) tsync.Mutation {
	return f.mut(dev, "inspection.edit", base, at, map[string]any{"inspection_id": id, "notes": text})
}

func TestSameFieldEditsFromTwoDevicesEitherOrder(t *testing.T) {
	for _, order := range []string{"early-first", "late-first"} {
		t.Run(order, func(t *testing.T) {
			f := newFixture(t)
			f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
			f.device("d1", "ins")
			f.device("d2", "ins")
			at := ago(2 * time.Hour)
			id, v := f.started("d1", f.vessel, at)
			early := f.notes("d1", id, v, at.Add(10*time.Minute), "early")
			late := f.notes("d2", id, v, at.Add(20*time.Minute), "late")
			if order == "early-first" {
				wantStatuses(t, f.push("d1", early), "applied")
				wantStatuses(t, f.push("d2", late), "applied")
			} else {
				wantStatuses(t, f.push("d2", late), "applied")
				wantStatuses(t, f.push("d1", early), "merged")
			}
			var notes string
			f.db.Gorm.Raw("SELECT notes FROM inspections WHERE id = ?", id).Scan(&notes)
			if notes != "late" {
				t.Fatalf("notes = %q, want the later capture", notes)
			}
			if n := f.count("SELECT count(*) FROM conflicts WHERE entity_id = ? AND field = 'notes'", id); n != 1 {
				t.Fatalf("conflicts = %d, want 1", n)
			}
		})
	}
}

func TestDifferentFieldEditsMerge(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	at := ago(2 * time.Hour)
	id, v := f.started("d1", f.vessel, at)
	wantStatuses(t, f.push("d1", f.notes("d1", id, v, at.Add(time.Minute), "hull fine")), "applied")
	wantStatuses(t, f.push("d2", f.mut("d2", "inspection.edit", v, at.Add(2*time.Minute), map[string]any{"inspection_id": id, "passengers_carried": 25})), "applied")
	if n := f.count("SELECT count(*) FROM conflicts"); n != 0 {
		t.Fatalf("conflicts = %d, want none", n)
	}
	if n := f.count("SELECT count(*) FROM inspections WHERE notes = 'hull fine' AND passengers_carried = 25"); n != 1 {
		t.Fatal("both edits should be applied")
	}
	// 25 carried against 20 certified: the overloading deficiency is derived.
	if n := f.count("SELECT count(*) FROM findings WHERE inspection_id = ? AND code = '03001' AND deleted_at IS NULL", id); n != 1 {
		t.Fatal("overloading not derived from the particulars")
	}
}

func TestEditToApprovedInspectionBecomesAmendment(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	at := ago(2 * time.Hour)
	id, v := f.started("d1", f.vessel, at)
	wantStatuses(t, f.push("d1", f.answer("d1", id, "nav.lights", "no", v, at.Add(time.Minute)),
		f.mut("d1", "inspection.submit", v, at.Add(2*time.Minute), map[string]any{"inspection_id": id})), "applied", "applied")
	approve(t, f, sup, id)
	res := f.push("d1", f.answer("d1", id, "nav.lights", "yes", v, at.Add(3*time.Hour)))
	wantStatuses(t, res, "merged:amendment_requested")
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ? AND answer = 'no'", id); n != 1 {
		t.Fatal("an approved inspection's answer changed")
	}
	if n := f.count("SELECT count(*) FROM amendment_requests WHERE inspection_id = ? AND status = 'open'", id); n != 1 {
		t.Fatal("no amendment request")
	}
}

func approve(t testing.TB, f *fixture, sup uuid.UUID, id uuid.UUID) inspect.View {
	t.Helper()
	sc := models.Scope{UserID: sup, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{f.jur}}
	v, err := f.insp.Review(context.Background(), sc, id, inspect.ReviewInput{Decision: inspect.DecisionApprove, OverrideReason: "test"})
	if err != nil {
		t.Fatalf("approve: %v", err)
	}
	return v
}

// confirmRises confirms, as the supervisor, every rise of a served penalty
// the chain has proposed (a served challan rises only by an officer's act:
// docs/PENALTIES.md §1) after first checking that one is waiting, and
// returns how many it confirmed.
func confirmRises(t testing.TB, f *fixture, sup uuid.UUID) int {
	t.Helper()
	var ids []uuid.UUID
	f.db.Gorm.Raw("SELECT id FROM penalty_adjustments WHERE state = 'proposed' ORDER BY created_at, id").Scan(&ids)
	if len(ids) == 0 {
		t.Fatal("no proposed rise of a served penalty to confirm")
	}
	for _, id := range ids {
		in := penalty.RiseDecision{Decision: penalty.RiseConfirm, Reason: "repeat offence within a year confirmed"}
		if _, err := f.insp.Penalties().DecideRise(context.Background(), supScope(f, sup), id, in); err != nil {
			t.Fatalf("confirm rise %s: %v", id, err)
		}
	}
	return len(ids)
}

func TestInspectorPushNeverChangesRegistry(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	obs := f.mut("d1", "vessel.observe", 1, ago(time.Hour), map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": f.vessel, "field": "name", "value": "Sea Queen"})
	wantStatuses(t, f.push("d1", obs), "applied")
	if n := f.count("SELECT count(*) FROM vessels WHERE id = ? AND name = 'Boat 1' AND version = 1", f.vessel); n != 1 {
		t.Fatal("the vessel's particulars changed")
	}
	if n := f.count("SELECT count(*) FROM vessel_observations WHERE vessel_id = ? AND status = 'proposed'", f.vessel); n != 1 {
		t.Fatal("no observation recorded")
	}
}

// surveyPenalty returns the KA-F04 (no valid Certificate of Survey) penalty
// of an inspection: level and amount.
func (f *fixture) surveyPenalty(id uuid.UUID) (level int, amount int64) {
	var r struct {
		Level  int
		Amount int64
	}
	f.db.Gorm.Raw("SELECT level, amount FROM penalties WHERE inspection_id = ? AND penalty_row = 'KA-F04' AND deleted_at IS NULL", id).Scan(&r)
	return r.Level, r.Amount
}

func TestLateEarlierOffenceRecomputesChain(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(60*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(60*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	later, v := f.started("d1", f.vessel, ago(24*time.Hour))
	wantStatuses(t, f.push("d1", f.mut("d1", "inspection.submit", v, ago(23*time.Hour), map[string]any{"inspection_id": later})), "applied")
	approve(t, f, sup, later)
	if l, a := f.surveyPenalty(later); l != 1 || a != 5000 {
		t.Fatalf("first charged offence: level %d Rs %d, want 1 / 5000", l, a)
	}
	// A phone offline for a week pushes an inspection of the same owner
	// from before the charged one; it is approved too.
	earlier, v2 := f.started("d2", f.vessel2, ago(8*24*time.Hour))
	wantStatuses(t, f.push("d2", f.mut("d2", "inspection.submit", v2, ago(8*24*time.Hour-time.Hour), map[string]any{"inspection_id": earlier})), "applied")
	approve(t, f, sup, earlier)
	if l, a := f.surveyPenalty(earlier); l != 1 || a != 5000 {
		t.Fatalf("earlier offence: level %d Rs %d, want 1 / 5000", l, a)
	}
	if l, a := f.surveyPenalty(later); l != 1 || a != 5000 {
		t.Fatalf("served offence before an officer confirms its rise: level %d Rs %d, want 1 / 5000", l, a)
	}
	confirmRises(t, f, sup)
	if l, a := f.surveyPenalty(later); l != 2 || a != 10000 {
		t.Fatalf("later offence after recompute: level %d Rs %d, want 2 / 10000", l, a)
	}
	if n := f.count(`SELECT count(*) FROM penalty_adjustments a JOIN penalties p ON p.id = a.penalty_id
		WHERE p.inspection_id = ? AND p.penalty_row = 'KA-F04' AND a.old_amount = 5000 AND a.new_amount = 10000`, later); n != 1 {
		t.Fatal("no adjustment recorded")
	}
}

func TestConcurrentApprovalsForOneOwnerGiveOneFirstOffence(t *testing.T) {
	f := newFixture(t)
	f.user("ins1", models.RoleInspector, f.jur, ago(60*24*time.Hour))
	f.user("ins2", models.RoleInspector, f.jur, ago(60*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(60*24*time.Hour))
	f.device("d1", "ins1")
	f.device("d2", "ins2")
	var ids [2]uuid.UUID
	var wg stdsync.WaitGroup
	for i, dev := range []string{"d1", "d2"} {
		id := uuid.Must(uuid.NewV7())
		ids[i] = id
		at := ago(time.Duration(3+i) * 24 * time.Hour)
		ms := []tsync.Mutation{f.start(dev, id, []uuid.UUID{f.vessel, f.vessel2}[i], at),
			f.mut(dev, "inspection.submit", 1, at.Add(time.Hour), map[string]any{"inspection_id": id})}
		wg.Add(1)
		go func() { defer wg.Done(); f.push(dev, ms...) }()
	}
	wg.Wait()
	for _, id := range ids {
		wg.Add(1)
		go func() { defer wg.Done(); approve(t, f, sup, id) }()
	}
	wg.Wait()
	// Whichever approval came second may have made the other's served
	// penalty a repeat: that rise waits for the supervisor.
	var proposed int64
	f.db.Gorm.Raw("SELECT count(*) FROM penalty_adjustments WHERE state = 'proposed'").Scan(&proposed)
	if proposed > 0 {
		confirmRises(t, f, sup)
	}
	l0, a0 := f.surveyPenalty(ids[0])
	l1, a1 := f.surveyPenalty(ids[1])
	// ids[1] is the earlier offence (4 days ago): first; ids[0] second.
	if l1 != 1 || a1 != 5000 || l0 != 2 || a0 != 10000 {
		t.Fatalf("levels/amounts = (%d, %d) (%d, %d), want earlier 1/5000 and later 2/10000", l1, a1, l0, a0)
	}
}

func TestDiscardLosesToConcurrentEdit(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	at := ago(2 * time.Hour)
	id, v := f.started("d1", f.vessel, at)
	discard := f.mut("d1", "inspection.discard", v, at.Add(time.Minute), map[string]any{"inspection_id": id})
	edit := f.answer("d2", id, "nav.lights", "no", v, at.Add(2*time.Minute))
	wantStatuses(t, f.push("d1", discard), "applied")
	wantStatuses(t, f.push("d2", edit), "applied")
	if n := f.count("SELECT count(*) FROM inspections WHERE id = ? AND status = 'draft' AND deleted_at IS NULL", id); n != 1 {
		t.Fatal("the concurrent edit should keep the inspection")
	}
	if n := f.count("SELECT count(*) FROM conflicts WHERE entity_id = ?", id); n != 1 {
		t.Fatal("the lost discard should be a conflict")
	}
}

// TestConvergence: three devices edit the same inspection offline (answers
// and notes); their pushes arrive in random orders, with duplicates and
// retried batches. Every order ends in the same state, which matches the
// model: each field takes the value of its latest capture.
func TestConvergence(t *testing.T) {
	items := []string{"fire.extinguishers", "nav.lights", "lsa.lifejackets"}
	answers := []string{"yes", "no", "na"}
	rng := rand.New(rand.NewSource(42))
	type edit struct {
		dev, field, value string
		at                time.Time
	}
	base := ago(6 * time.Hour)
	var edits []edit
	for _, dev := range []string{"a", "b", "c"} {
		at := base.Add(time.Duration(rng.Intn(60)) * time.Second)
		for i := 0; i < 6; i++ {
			at = at.Add(time.Duration(1+rng.Intn(300)) * time.Second)
			if rng.Intn(3) == 0 {
				edits = append(edits, edit{dev, "notes", fmt.Sprintf("%s-%d", dev, i), at})
			} else {
				edits = append(edits, edit{dev, items[rng.Intn(len(items))], answers[rng.Intn(3)], at})
			}
		}
	}
	model := map[string]edit{}
	for _, e := range edits {
		if cur, ok := model[e.field]; !ok || e.at.After(cur.at) {
			model[e.field] = e
		}
	}
	var first map[string]string
	for trial := 0; trial < 4; trial++ {
		f := newFixture(t)
		f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
		for _, d := range []string{"a", "b", "c", "s"} {
			f.device(d, "ins")
		}
		id, v := f.started("s", f.vessel, base)
		queues := map[string][]tsync.Mutation{}
		for _, e := range edits {
			var m tsync.Mutation
			if e.field == "notes" {
				m = f.notes(e.dev, id, v, e.at, e.value)
			} else {
				m = f.answer(e.dev, id, e.field, e.value, v, e.at)
			}
			queues[e.dev] = append(queues[e.dev], m)
		}
		r := rand.New(rand.NewSource(int64(trial)))
		devs := []string{"a", "a", "b", "b", "c", "c", "a", "b", "c"}
		r.Shuffle(len(devs), func(i, j int) { devs[i], devs[j] = devs[j], devs[i] })
		sent := map[string]int{}
		for _, d := range devs {
			q := queues[d]
			n := min(len(q), sent[d]+1+r.Intn(4))
			f.push(d, q[:n]...) // resends everything so far: duplicates
			sent[d] = n
		}
		for _, d := range []string{"c", "b", "a"} {
			f.push(d, queues[d]...)
		}
		got := f.state(id)
		for field, e := range model {
			if got[field] != e.value {
				t.Fatalf("trial %d: %s = %q, want %q (latest capture, by %s)", trial, field, got[field], e.value, e.dev)
			}
		}
		if first == nil {
			first = got
		} else if fmt.Sprint(first) != fmt.Sprint(got) {
			t.Fatalf("trial %d: state %v differs from %v", trial, got, first)
		}
	}
}

// state reads the fields the convergence test edits.
func (f *fixture) state(id uuid.UUID) map[string]string {
	out := map[string]string{}
	var notes string
	f.db.Gorm.Raw("SELECT notes FROM inspections WHERE id = ?", id).Scan(&notes)
	out["notes"] = notes
	var rows []struct{ ItemID, Answer string }
	f.db.Gorm.Raw("SELECT item_id, answer FROM inspection_answers WHERE inspection_id = ?", id).Scan(&rows)
	for _, r := range rows {
		out[r.ItemID] = r.Answer
	}
	return out
}
