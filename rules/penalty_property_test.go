package rules

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// penRandomOffences builds n offences of a few rows over three years, some
// sharing inspections and times, some set aside or pending.
func penRandomOffences(r *rand.Rand, n int) []Offence {
	rows := []PenaltyRowID{PenaltySurvey, PenaltyOverloading, PenaltyLifejacket, PenaltySafetyEquip}
	statuses := []OffenceStatus{OffenceCharged, OffenceCharged, OffenceCharged, OffencePending, OffenceSetAside}
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, IST)
	out := make([]Offence, n)
	for i := range out {
		insp := r.Intn(n/2 + 1)
		out[i] = Offence{
			ID:           fmt.Sprintf("o%05d", i),
			Row:          rows[r.Intn(len(rows))],
			InspectionID: fmt.Sprintf("i%05d", insp),
			VesselID:     fmt.Sprintf("v%d", r.Intn(3)),
			OccurredAt:   start.Add(time.Duration(insp*3) * 24 * time.Hour / 2),
			Persons:      r.Intn(4),
			Status:       statuses[r.Intn(len(statuses))],
		}
	}
	return out
}

func TestRecomputeChainOrderIndependent(t *testing.T) {
	// docs/LAW.md §12: computing from the same set in any order gives identical
	// output (arrival order never matters).
	rs := penTestRS(t)
	r := rand.New(rand.NewSource(20260101))
	for trial := 0; trial < 200; trial++ {
		offs := penRandomOffences(r, 1+r.Intn(40))
		var prev []Charge
		for _, o := range offs {
			if r.Intn(2) == 0 {
				prev = append(prev, Charge{OffenceID: o.ID, Amount: Rupees(1000 * r.Intn(20))})
			}
		}
		want := RecomputeChain(rs, penOwner, offs, prev)
		shuffled := append([]Offence(nil), offs...)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		sprev := append([]Charge(nil), prev...)
		r.Shuffle(len(sprev), func(i, j int) { sprev[i], sprev[j] = sprev[j], sprev[i] })
		if got := RecomputeChain(rs, penOwner, shuffled, sprev); !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: output depends on arrival order", trial)
		}
	}
}

func TestRecomputeChainRecomputeIsFixedPoint(t *testing.T) {
	// Recomputing with the amounts just computed as "previous" yields no
	// adjustments.
	rs := penTestRS(t)
	r := rand.New(rand.NewSource(7))
	offs := penRandomOffences(r, 300)
	first := RecomputeChain(rs, penOwner, offs, nil)
	var prev []Charge
	for _, l := range first.Lines {
		prev = append(prev, Charge{OffenceID: l.OffenceID, Amount: l.Amount})
	}
	if again := RecomputeChain(rs, penOwner, offs, prev); len(again.Adjustments) != 0 {
		t.Errorf("adjustments on an unchanged set: %+v", again.Adjustments[:1])
	}
}

func BenchmarkRecomputeChain10000(b *testing.B) {
	rs := penTestRS(b)
	offs := penRandomOffences(rand.New(rand.NewSource(1)), 10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		RecomputeChain(rs, penOwner, offs, nil)
	}
}
