package rules

import (
	"testing"
	"time"
)

func penTestRS(t testing.TB) *RuleSet {
	t.Helper()
	rs, err := RuleSetByID("KA-IV-2025-draft.1")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestScheduleIVFirstOffence(t *testing.T) {
	rs := penTestRS(t)
	tests := []struct {
		name    string
		row     PenaltyRowID
		persons int
		want    Rupees
		ok      bool
	}{
		{"Karnataka 2025 Sch-IV row 1: no valid insurance, Rs 5,000", PenaltyInsurance, 0, 5000, true},
		{"Karnataka 2025 Sch-IV row 2: without proper manning, Rs 5,000", PenaltyManning, 0, 5000, true},
		{"Karnataka 2025 Sch-IV row 3: no valid CoR, Rs 8,000", PenaltyRegistration, 0, 8000, true},
		{"Karnataka 2025 Sch-IV row 4: no valid CoS, Rs 5,000", PenaltySurvey, 0, 5000, true},
		{"Karnataka 2025 Sch-IV row 5: overloading, Rs 10,000", PenaltyOverloading, 0, 10000, true},
		{"Karnataka 2025 Sch-IV row 5: overloading is per offence, not per passenger", PenaltyOverloading, 12, 10000, true},
		{"Karnataka 2025 Sch-IV row 6: tampering with hull marking, Rs 20,000", PenaltyMarking, 0, 20000, true},
		{"Karnataka 2025 Sch-IV row 7: alcohol, Rs 20,000 per crew, one crew", PenaltyIntoxicated, 1, 20000, true},
		{"Karnataka 2025 Sch-IV row 7: alcohol, Rs 20,000 per crew, three crew", PenaltyIntoxicated, 3, 60000, true},
		{"Karnataka 2025 Sch-IV row 8: outside operating region, Rs 5,000", PenaltyRegion, 0, 5000, true},
		{"Karnataka 2025 Sch-IV row 9: LSA/FFA not in order, Rs 5,000", PenaltySafetyEquip, 0, 5000, true},
		{"Karnataka 2025 Sch-IV row 10: no lifejacket, Rs 1,000 per pax, one", PenaltyLifejacket, 1, 1000, true},
		{"Karnataka 2025 Sch-IV row 10: no lifejacket, Rs 1,000 per pax, 14 passengers", PenaltyLifejacket, 14, 14000, true},
		{"Karnataka 2025 Sch-IV s.8: fine up to Rs 10,000 is a maximum, not fixed", PenaltyAlteration, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := FirstOffence(rs, tc.row, tc.persons)
			if got != tc.want || ok != tc.ok {
				t.Errorf("FirstOffence(%s, %d) = %d, %v; want %d, %v", tc.row, tc.persons, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestParadipHasNoFines(t *testing.T) {
	rs, err := RuleSetByID("PARADIP-HC-1967.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := FirstOffence(rs, PenaltyOverloading, 0); ok {
		t.Error("Paradip 1967 states no fine amounts (docs/LAW.md §5.3)")
	}
}

// penAt is a corrected inspection time on a date, 10:00 IST.
func penAt(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 10, 0, 0, 0, IST) }

func penOff(id string, row PenaltyRowID, insp string, at time.Time, st OffenceStatus) Offence {
	return Offence{ID: id, Row: row, InspectionID: insp, VesselID: "V1", OccurredAt: at, Status: st}
}

var penOwner = PartyKey{Kind: PartyOwner, ID: "owner-1"}

func penAmounts(r ChainResult) map[string]Rupees {
	out := map[string]Rupees{}
	for _, l := range r.Lines {
		out[l.OffenceID] = l.Amount
	}
	return out
}

func TestRecomputeChain(t *testing.T) {
	rs := penTestRS(t)
	c := OffenceCharged
	tests := []struct {
		name string
		offs []Offence
		want map[string]Rupees
	}{
		{
			name: "Karnataka 2025 Sch-IV row 5: overloading, second offence in 11 months",
			offs: []Offence{
				penOff("a", PenaltyOverloading, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltyOverloading, "i2", penAt(2026, 12, 10), c),
			},
			want: map[string]Rupees{"a": 10000, "b": 20000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: 5,000 → 10,000 → 20,000 inside a year",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltySurvey, "i2", penAt(2026, 4, 10), c),
				penOff("c", PenaltySurvey, "i3", penAt(2026, 9, 10), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 10000, "c": 20000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: reset after more than a year since the last charge",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltySurvey, "i2", penAt(2027, 1, 11), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 5000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: same date next year is still within a year",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltySurvey, "i2", penAt(2027, 1, 10), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 10000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: different offences do not escalate each other (same_offence scope)",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltyInsurance, "i2", penAt(2026, 2, 10), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 5000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: two offences in one inspection share a level",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), c),
				penOff("b", PenaltySurvey, "i2", penAt(2026, 3, 10), c),
				penOff("c", PenaltySurvey, "i2", penAt(2026, 3, 10), c),
				penOff("d", PenaltySurvey, "i3", penAt(2026, 5, 10), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 10000, "c": 10000, "d": 20000},
		},
		{
			name: "Karnataka 2025 Sch-IV note: only charged penalties count (pending does not escalate)",
			offs: []Offence{
				penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), OffencePending),
				penOff("b", PenaltySurvey, "i2", penAt(2026, 3, 10), c),
			},
			want: map[string]Rupees{"a": 5000, "b": 5000},
		},
		{
			name: "Karnataka 2025 Sch-IV row 10: per passenger, 6 passengers on a second offence",
			offs: []Offence{
				{ID: "a", Row: PenaltyLifejacket, InspectionID: "i1", OccurredAt: penAt(2026, 1, 10), Persons: 1, Status: c},
				{ID: "b", Row: PenaltyLifejacket, InspectionID: "i2", OccurredAt: penAt(2026, 2, 10), Persons: 6, Status: c},
			},
			want: map[string]Rupees{"a": 1000, "b": 12000},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := penAmounts(RecomputeChain(rs, penOwner, tc.offs, nil))
			for id, w := range tc.want {
				if got[id] != w {
					t.Errorf("offence %s: got Rs %d, want Rs %d (all: %v)", id, got[id], w, got)
				}
			}
		})
	}
}

func TestRecomputeChainLateArrivalAdjusts(t *testing.T) {
	// Karnataka 2025 Sch-IV note; docs/LAW.md §12: an earlier offence synced late
	// re-orders the chain by when it occurred, not when it arrived.
	rs := penTestRS(t)
	b := penOff("b", PenaltySurvey, "i2", penAt(2026, 5, 1), OffenceCharged)
	first := RecomputeChain(rs, penOwner, []Offence{b}, nil)
	prev := []Charge{{OffenceID: "b", Amount: first.Lines[0].Amount}}
	a := penOff("a", PenaltySurvey, "i1", penAt(2026, 2, 1), OffenceCharged)
	got := RecomputeChain(rs, penOwner, []Offence{b, a}, prev)
	if len(got.Adjustments) != 1 {
		t.Fatalf("adjustments = %+v, want one", got.Adjustments)
	}
	adj := got.Adjustments[0]
	if adj.OffenceID != "b" || adj.Old != 5000 || adj.New != 10000 || adj.Reason == "" {
		t.Errorf("adjustment = %+v, want b 5000 → 10000 with a reason", adj)
	}
}

func TestRecomputeChainAppealSetsAside(t *testing.T) {
	// Karnataka 2025 Sch-IX para 6; docs/LAW.md §5.2: an earlier penalty set
	// aside on appeal no longer escalates later ones.
	rs := penTestRS(t)
	offs := []Offence{
		penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), OffenceSetAside),
		penOff("b", PenaltySurvey, "i2", penAt(2026, 3, 10), OffenceCharged),
		penOff("c", PenaltySurvey, "i3", penAt(2026, 6, 10), OffenceCharged),
	}
	prev := []Charge{{"a", 5000}, {"b", 10000}, {"c", 20000}}
	got := RecomputeChain(rs, penOwner, offs, prev)
	want := map[string]Rupees{"a": 0, "b": 5000, "c": 10000}
	for id, w := range want {
		if penAmounts(got)[id] != w {
			t.Errorf("offence %s: got %d, want %d", id, penAmounts(got)[id], w)
		}
	}
	if len(got.Adjustments) != 3 || got.Adjustments[0].Reason != "set aside on appeal" {
		t.Errorf("adjustments = %+v", got.Adjustments)
	}
}

func TestRecomputeChainSettings(t *testing.T) {
	base := penTestRS(t)
	offs := []Offence{
		penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), OffenceCharged),
		penOff("b", PenaltyInsurance, "i2", penAt(2026, 2, 10), OffenceCharged),
		penOff("c", PenaltySurvey, "i3", penAt(2026, 3, 10), OffenceCharged),
		penOff("d", PenaltySurvey, "i4", penAt(2026, 4, 10), OffenceCharged),
	}
	tests := []struct {
		name  string
		tweak func(*RuleSet)
		want  map[string]Rupees
	}{
		{"docs/LAW.md §5.2 mode=flat_double: every repeat is 2 × base", func(r *RuleSet) { r.Repeat.Mode = ModeFlatDouble },
			map[string]Rupees{"a": 5000, "c": 10000, "d": 10000}},
		{"docs/LAW.md §5.2 scope=any_offence: any earlier charge escalates", func(r *RuleSet) { r.Repeat.Scope = ScopeAnyOffence },
			map[string]Rupees{"a": 5000, "b": 10000, "c": 20000, "d": 40000}},
		{"docs/LAW.md §5.2 cap: capped at the configured maximum", func(r *RuleSet) { r.Repeat.Cap[PenaltySurvey] = 8000 },
			map[string]Rupees{"a": 5000, "c": 8000, "d": 8000}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := base.clone()
			tc.tweak(rs)
			got := penAmounts(RecomputeChain(rs, penOwner, offs, nil))
			for id, w := range tc.want {
				if got[id] != w {
					t.Errorf("offence %s: got %d, want %d", id, got[id], w)
				}
			}
		})
	}
}

func TestRecomputeChainWindows(t *testing.T) {
	base := penTestRS(t)
	offs := []Offence{
		penOff("a", PenaltySurvey, "i1", penAt(2026, 3, 20), OffenceCharged),
		penOff("b", PenaltySurvey, "i2", penAt(2026, 4, 5), OffenceCharged),
		penOff("c", PenaltySurvey, "i3", penAt(2027, 3, 25), OffenceCharged),
	}
	tests := []struct {
		w    EscalationWindow
		want map[string]Rupees
	}{
		{WindowRollingFromLast, map[string]Rupees{"a": 5000, "b": 10000, "c": 20000}},
		{WindowRollingFromFirst, map[string]Rupees{"a": 5000, "b": 10000, "c": 5000}},
		{WindowCalendarYear, map[string]Rupees{"a": 5000, "b": 10000, "c": 5000}},
		{WindowFinancialYear, map[string]Rupees{"a": 5000, "b": 5000, "c": 10000}},
	}
	for _, tc := range tests {
		t.Run("docs/LAW.md §5.2 window="+string(tc.w), func(t *testing.T) {
			rs := base.clone()
			rs.Repeat.Window = tc.w
			got := penAmounts(RecomputeChain(rs, penOwner, offs, nil))
			for id, w := range tc.want {
				if got[id] != w {
					t.Errorf("offence %s: got %d, want %d", id, got[id], w)
				}
			}
		})
	}
}

func TestRecomputeChainFlags(t *testing.T) {
	rs := penTestRS(t)
	offs := []Offence{
		penOff("a", PenaltySurvey, "i1", penAt(2026, 1, 10), OffenceCharged),
		penOff("b", PenaltySurvey, "i2", penAt(2026, 2, 10), OffenceCharged),
		penOff("c", PenaltySurvey, "i3", penAt(2026, 3, 10), OffenceCharged),
	}
	offs[2].VesselID = "V2"
	got := RecomputeChain(rs, penOwner, offs, nil)
	last := got.Lines[2]
	if last.Amount != 20000 || !penHas(last.Flags, FlagReview) || !penHas(last.Flags, FlagCrossVessel) {
		t.Errorf("docs/LAW.md §5.2: 4× base and cross-vessel escalation must be flagged; got %+v", last)
	}
	rs.Repeat.OffenderKey = KeyOwnerVessel
	if a := penAmounts(RecomputeChain(rs, penOwner, offs, nil)); a["c"] != 5000 {
		t.Errorf("docs/LAW.md §5.2 offender_key=owner_vessel: other vessel starts a new chain; got %d", a["c"])
	}
}

func TestRecomputeChainUnidentifiedNeverEscalates(t *testing.T) {
	rs := penTestRS(t)
	offs := []Offence{
		{ID: "a", Row: PenaltyLifejacket, InspectionID: "i1", OccurredAt: penAt(2026, 1, 10), Persons: 3, Status: OffenceCharged},
		{ID: "b", Row: PenaltyLifejacket, InspectionID: "i2", OccurredAt: penAt(2026, 2, 10), Persons: 2, Status: OffenceCharged},
	}
	got := penAmounts(RecomputeChain(rs, PartyKey{Kind: PartyPassenger}, offs, nil))
	if got["a"] != 3000 || got["b"] != 2000 {
		t.Errorf("docs/LAW.md §5.2: unidentified passengers are never escalated; got %v", got)
	}
}

func penHas(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}
