package sync_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// startedOn starts an inspection on a template from a device.
func (f *fixture) startedOn(dev string, template uuid.UUID, at time.Time) (uuid.UUID, int64) {
	f.t.Helper()
	id := uuid.Must(uuid.NewV7())
	res := f.push(dev, f.mut(dev, "inspection.start", 0, at, map[string]any{"id": id, "vessel_id": f.vessel, "template_id": template, "kind": "routine"}))
	wantStatuses(f.t, res, "applied")
	return id, res.Inspections[0].Version
}

// recordAnswer is an inspection.answer v3 of the Annex to Form-2 version
// 2, whose items record number or type, condition and location
// (Karnataka 2025, Sch-I Annex to Form-2).
func (f *fixture) recordAnswer(dev string, insp uuid.UUID, item, ans string, record map[string]string, base int64, at time.Time) tsync.Mutation {
	m := f.mut(dev, "inspection.answer", base, at, map[string]any{"inspection_id": insp, "template_id": form2v2, "item_id": item, "answer": ans, "record": record})
	m.Version = 3
	return m
}

func (f *fixture) storedRecord(insp uuid.UUID, item string) map[string]string {
	f.t.Helper()
	var raw *string
	if err := f.db.Gorm.Raw("SELECT record::text FROM inspection_answers WHERE inspection_id = ? AND item_id = ?", insp, item).Scan(&raw).Error; err != nil {
		f.t.Fatal(err)
	}
	if raw == nil {
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal([]byte(*raw), &m); err != nil {
		f.t.Fatal(err)
	}
	return m
}

func sameFields(a, b map[string]string) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// Two phones of the inspector record the same extinguishers offline, the
// same answer with different records (docs/SYNC.md §4): the
// record is part of the answer row, so the later capture wins in either
// arrival order, the clash is a conflict whose losing value holds the
// losing record (nothing silently lost), and a supervisor's revert brings
// that record back.
func TestAnswerRecordConflictFollowsTheAnswerRow(t *testing.T) {
	early := map[string]string{"number_or_type": "2 × 9 kg DCP", "condition": "charged", "location": "wheelhouse"}
	late := map[string]string{"number_or_type": "2 × 9 kg DCP", "condition": "one discharged", "location": "wheelhouse"}
	for _, order := range []string{"early-first", "late-first"} {
		t.Run(order, func(t *testing.T) {
			f := newFixture(t)
			f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
			sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
			f.device("d1", "ins")
			f.device("d2", "ins")
			at := ago(2 * time.Hour)
			id, v := f.startedOn("d1", form2v2, at)
			a := f.recordAnswer("d1", id, "fire.extinguishers", "yes", early, v, at.Add(10*time.Minute))
			b := f.recordAnswer("d2", id, "fire.extinguishers", "yes", late, v, at.Add(20*time.Minute))
			if order == "early-first" {
				wantStatuses(t, f.push("d1", a), "applied")
				wantStatuses(t, f.push("d2", b), "applied")
			} else {
				wantStatuses(t, f.push("d2", b), "applied")
				res := f.push("d1", a)
				wantStatuses(t, res, "merged")
				if u := res.Results[0].Unapplied; len(u) != 1 || u[0] != "answer" {
					t.Errorf("unapplied %v, want the answer row", u)
				}
			}
			if got := f.storedRecord(id, "fire.extinguishers"); !sameFields(got, late) {
				t.Fatalf("record %v, want the later capture's %v", got, late)
			}
			var c models.Conflict
			if err := f.db.Gorm.Where("entity_type = ? AND inspection_id = ?", inspect.EntityAnswer, id).Take(&c).Error; err != nil {
				t.Fatalf("no conflict recorded: %v", err)
			}
			loser := c.ServerValue
			if c.Winner == "server" {
				loser = c.ClientValue
			}
			var lost struct {
				Answer string            `json:"answer"`
				Record map[string]string `json:"record"`
			}
			if err := json.Unmarshal(loser, &lost); err != nil || !sameFields(lost.Record, early) {
				t.Fatalf("the conflict keeps the losing value %s, want its record %v", loser, early)
			}
			if _, err := f.insp.ResolveConflict(context.Background(), supScope(f, sup), c.ID, inspect.ResolutionReverted); err != nil {
				t.Fatalf("revert: %v", err)
			}
			if got := f.storedRecord(id, "fire.extinguishers"); !sameFields(got, early) {
				t.Fatalf("after the revert the record is %v, want the losing %v", got, early)
			}
		})
	}
}

// Records of one phone's offline chain apply without conflict. An answer
// edited without a record on another phone (v2) that had not seen them is
// an edit of the row like any other: it conflicts, the later capture's
// answer wins, and the record stays the one the first phone sent, as a
// note it did not send would.
func TestAnswerRecordKeptByEditsWithoutOne(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	at := ago(2 * time.Hour)
	id, v := f.startedOn("d1", form2v2, at)
	first := map[string]string{"number_or_type": "6", "condition": "good", "location": "deck"}
	second := map[string]string{"number_or_type": "5", "condition": "one missing", "location": "deck"}
	wantStatuses(t, f.push("d1",
		f.recordAnswer("d1", id, "lsa.lifebuoys", "yes", first, v, at.Add(time.Minute)),
		f.recordAnswer("d1", id, "lsa.lifebuoys", "no", second, v, at.Add(2*time.Minute))), "applied", "applied")
	if n := f.count("SELECT count(*) FROM conflicts"); n != 0 {
		t.Fatalf("%d conflicts in one phone's chain", n)
	}
	edit := f.mut("d2", "inspection.answer", v, at.Add(3*time.Minute), map[string]any{"inspection_id": id, "template_id": form2v2, "item_id": "lsa.lifebuoys", "answer": "yes"})
	edit.Version = 2
	wantStatuses(t, f.push("d2", edit), "applied")
	if n := f.count("SELECT count(*) FROM conflicts WHERE entity_type = 'inspection_answer'"); n != 1 {
		t.Errorf("%d conflicts, want the concurrent edit recorded", n)
	}
	if got := f.storedRecord(id, "lsa.lifebuoys"); !sameFields(got, second) {
		t.Fatalf("record %v after a v2 answer, want %v kept", got, second)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ? AND answer = 'yes'", id); n != 1 {
		t.Fatal("the later answer did not apply")
	}
}

// Records written in one chunk (the batched answers) and edits of stored
// answers' records in a later chunk are stored as sent: pending rows keep
// their record through the bulk insert and the bulk update.
func TestAnswerRecordsInABatchedChunk(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	at := ago(2 * time.Hour)
	id, v := f.startedOn("d1", form2v2, at)
	items := []string{"fire.buckets", "fire.sand_boxes", "nav.lights", "nav.sound"}
	rec := func(i, round int) map[string]string {
		return map[string]string{"number_or_type": fmt.Sprint(i + round), "condition": fmt.Sprintf("round %d", round), "location": "deck"}
	}
	for round := range 2 {
		var ms []tsync.Mutation
		for i, item := range items {
			ms = append(ms, f.recordAnswer("d1", id, item, "yes", rec(i, round), v, at.Add(time.Duration(10*round+i+1)*time.Minute)))
		}
		res := f.push("d1", ms...)
		wantStatuses(t, res, "applied", "applied", "applied", "applied")
		for i, item := range items {
			if got := f.storedRecord(id, item); !sameFields(got, rec(i, round)) {
				t.Errorf("round %d %s: record %v, want %v", round, item, got, rec(i, round))
			}
		}
	}
}

// The same v3 answer pushed at once from ten devices of one user (a
// restored backup): it is applied once, its record written once.
func TestConcurrentSameRecordAnswerAppliesOnce(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	devs := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	for _, d := range devs {
		f.device(d, "ins")
	}
	id, v := f.startedOn("a", form2v2, ago(2*time.Hour))
	record := map[string]string{"horse_power": "120 kW", "type_or_condition": "diesel, sound", "location": "engine room"}
	m := f.recordAnswer("a", id, "mach.main", "yes", record, v, ago(time.Hour))
	pushOnceFromEach(t, f, devs, m)
	if n := f.count("SELECT version FROM inspection_answers WHERE inspection_id = ?", id); n != 1 {
		t.Fatalf("answer version = %d, want 1 (written once)", n)
	}
	if got := f.storedRecord(id, "mach.main"); !sameFields(got, record) {
		t.Fatalf("record %v, want %v", got, record)
	}
}
