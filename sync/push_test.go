package sync_test

import (
	tsync "github.com/tindal/tindal/sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

func TestPushSameBatchThreeTimes(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(time.Hour)
	ms := f.startBatch("d1", id, at)
	first := f.push("d1", ms...)
	wantStatuses(t, first, "applied", "applied", "applied", "applied", "applied", "applied")
	for i := 0; i < 2; i++ {
		again := f.push("d1", ms...)
		wantStatuses(t, again, "replayed", "replayed", "replayed", "replayed", "replayed", "replayed")
		for j, r := range again.Results {
			if r.Outcome == nil || r.Outcome.Status != first.Results[j].Status || len(r.Outcome.Written) != len(first.Results[j].Written) {
				t.Fatalf("replay %d outcome %+v differs from %+v", j, r.Outcome, first.Results[j])
			}
		}
		if len(again.Inspections) != 1 || again.Inspections[0].Version != first.Inspections[0].Version {
			t.Fatalf("replay state %+v, want current state %+v", again.Inspections, first.Inspections)
		}
	}
	if n := f.count("SELECT count(*) FROM inspection_answers"); n != 3 {
		t.Fatalf("answers = %d, want 3 (effects once)", n)
	}
	if n := f.count("SELECT count(*) FROM applied_mutations"); n != 6 {
		t.Fatalf("applied_mutations = %d, want 6", n)
	}
	if n := f.count("SELECT count(*) FROM findings WHERE source = 'inspector'"); n != 1 {
		t.Fatalf("inspector findings = %d, want 1", n)
	}
	s := first.Inspections[0]
	if s.Status != "submitted" || len(s.Deficiencies) == 0 || len(s.Penalties) == 0 {
		t.Fatalf("derived state missing: %+v", s)
	}
}

// startBatch is a small offline session: start, three answers, a finding,
// submit.
func (f *fixture) startBatch(dev string, id uuid.UUID, at time.Time) []tsync.Mutation {
	return []tsync.Mutation{
		f.start(dev, id, f.vessel, at),
		f.answer(dev, id, "fire.extinguishers", "no", 1, at.Add(time.Minute)),
		f.answer(dev, id, "lsa.lifejackets", "yes", 1, at.Add(2*time.Minute)),
		f.answer(dev, id, "nav.lights", "no", 1, at.Add(3*time.Minute)),
		f.mut(dev, "finding.record", 1, at.Add(4*time.Minute), map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": "11004", "note": "one lifebuoy missing"}),
		f.mut(dev, "inspection.submit", 1, at.Add(5*time.Minute), map[string]any{"inspection_id": id}),
	}
}
