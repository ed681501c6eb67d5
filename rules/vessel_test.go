package rules

import "testing"

func TestNonMechCategory(t *testing.T) {
	tests := []struct {
		name  string
		pax   int
		cargo float64
		dg    bool
		want  Category
	}{
		{"Karnataka 2025 r.102 Note: more than 10 pax is Category A (12 pax)", 12, 0, false, CategoryA},
		{"Karnataka 2025 r.102 Note: 11 pax is Category A", 11, 0, false, CategoryA},
		{"Karnataka 2025 r.102 Note, docs/LAW.md §11 Q2: exactly 10 pax falls in the gap, read as B", 10, 0, false, CategoryB},
		{"Karnataka 2025 r.102 Note: more than 5 and less than 10 pax is Category B (6 pax)", 6, 0, false, CategoryB},
		{"Karnataka 2025 r.102 Note: 5 pax or fewer is Category C", 5, 0, false, CategoryC},
		{"Karnataka 2025 r.102 Note: more than 5 tons is Category A", 0, 5.5, false, CategoryA},
		{"Karnataka 2025 r.102 Note, docs/LAW.md §11 Q2: exactly 5 tons falls in the gap, read as B", 0, 5, false, CategoryB},
		{"Karnataka 2025 r.102 Note: more than 3 and less than 5 tons is Category B", 0, 3.5, false, CategoryB},
		{"Karnataka 2025 r.102 Note: 3 tons or less is Category C", 0, 3, false, CategoryC},
		{"Karnataka 2025 r.102 Note, docs/LAW.md §11 Q2: passengers and cargo take the more onerous (4 pax, 6 t)", 4, 6, false, CategoryA},
		{"Karnataka 2025 r.102 Note, docs/LAW.md §11 Q2: passengers and cargo take the more onerous (8 pax, 1 t)", 8, 1, false, CategoryB},
		{"Karnataka 2025 r.102 Note: dangerous goods or flammable liquids make any boat Category A", 2, 0.5, true, CategoryA},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := NonMechCategory(tc.pax, tc.cargo, tc.dg)
			if got != tc.want || why == "" {
				t.Errorf("NonMechCategory(%d, %v, %v) = %s (%q), want %s", tc.pax, tc.cargo, tc.dg, got, why, tc.want)
			}
		})
	}
}

func TestNonMechBoatRecordedTooLowIsMannedByItsDerivedCategory(t *testing.T) {
	// Karnataka 2025, r.102 Note: a 12-passenger non-mechanised boat is
	// Category A, so r.124 requires 3 GP ratings including the Boat
	// in-Charge even if the registry holds it as Category C.
	in := InspectionInput{InspectionID: "nada-doni-12", At: evAt(2026, 5, 15),
		Vessel: InspectedVessel{ID: "V-12", OwnerID: "O-1", Regime: RegimeKarnataka2025, Kind: KindNonMechanised, Category: CategoryC,
			Zone: 3, Use: UsePassenger, PassengersCertified: 12},
		Crew: []CrewOnBoard{evCrew("b1", RoleBoatInCharge, evCert(GradeGPRating, D(2025, 1, 1))), evCrew("b2", "", evCert(GradeGPRating, D(2025, 1, 1)))}}
	rs, err := RuleSetByID("KA-IV-2025-draft.1")
	if err != nil {
		t.Fatal(err)
	}
	ev := Evaluate(rs, in)
	_, ok := evFind(ev, CodeManningShortfall)
	if !ok {
		t.Fatalf("two GP ratings on a 12-passenger boat: no manning shortfall (r.124 Category A needs 3); trace %+v", ev.Trace.Steps)
	}
	if c, changed := EffectiveCategory(in.Vessel); c != CategoryA || !changed {
		t.Errorf("EffectiveCategory = %s, %v; want A, raised", c, changed)
	}
	in.Vessel.Category, in.Vessel.PassengersCertified = CategoryC, 4
	if _, ok := evFind(Evaluate(rs, in), CodeManningShortfall); ok {
		t.Error("two GP ratings on a 4-passenger Category C boat are enough (r.124)")
	}
}
