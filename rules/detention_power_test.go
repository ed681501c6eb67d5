package rules

import (
	"slices"
	"testing"
)

// TestNoDetentionWhereTheRegimeGivesNoPower: Paradip 1967 and Kandla 1955
// give no power to detain, so no recorded code, whatever regime's code it
// is and whatever action the inspector asked, yields 06 or a detention
// proposal; the regime's own consequence (not to ply until rectified) is
// what is proposed, cited.
func TestNoDetentionWhereTheRegimeGivesNoPower(t *testing.T) {
	cases := []struct {
		name, evCase string
		regime       Regime
		finding      Finding
		cite         string
	}{
		{"Paradip 1967 r.12(1): Karnataka overloading 03001 recorded by hand", "paradip_motor_launch_300bhp_serang_only", RegimeParadip1967,
			Finding{Code: CodeOverloadPassengers}, "Paradip 1967, r.12(1)"},
		{"Paradip 1967 r.12(1): 03001 recorded with 06", "paradip_motor_launch_300bhp_serang_only", RegimeParadip1967,
			Finding{Code: CodeOverloadPassengers, Action: Action06}, "Paradip 1967, r.12(1)"},
		{"Paradip 1967 r.12(1): a Sch-IX criterion (30013) recorded", "paradip_motor_launch_300bhp_serang_only", RegimeParadip1967,
			Finding{Code: CodeDetainWatertight}, "Paradip 1967, r.12(1)"},
		{"Kandla 1955 s.31(2): expired survey certificate recorded with 06", "kandla_recreation_boat_owner", RegimeKandla1955,
			Finding{Code: CodeSurveyCertExpired, Action: Action06}, "Kandla 1955, s.31(2)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := evCaseByName(t, c.evCase).in
			in.Findings = append(in.Findings, c.finding)
			ev := Evaluate(evRuleSet(t, c.regime, in.At), in)
			if ev.Detention.Proposed || len(ev.Detention.Codes) > 0 {
				t.Errorf("detention proposed under %s: %+v", c.regime, ev.Detention)
			}
			for _, d := range ev.Deficiencies {
				if d.Action == Action06 || d.Detainable {
					t.Errorf("%s: action %s detainable %t under %s", d.Code, d.Action, d.Detainable, c.regime)
				}
			}
			d, ok := evFind(ev, c.finding.Code)
			if !ok || d.Action != Action04 || !slices.ContainsFunc(d.LegalRefs, func(x Citation) bool { return len(x) >= len(c.cite) && string(x[:len(c.cite)]) == c.cite }) {
				t.Errorf("%s: want 04 citing %s, got %+v", c.finding.Code, c.cite, d)
			}
			if slices.Contains(ev.InspectionActions, Inspection14) {
				t.Errorf("Sch-IX inspection action 14 suggested under %s", c.regime)
			}
		})
	}
}

// TestInspectorMayDetainWhereACriterionCovers: Karnataka 2025 Sch-IX para
// 2.2 lists "maintain adequate watertight integrity" (and stability, fire
// fighting, propulsion and steering, the engine room) among the detention
// grounds and paras 2.3-2.4 leave the decision to the officer: a 06 the
// inspector proposes for a defect a criterion covers is kept, and without
// one the default stands.
func TestInspectorMayDetainWhereACriterionCovers(t *testing.T) {
	cases := []struct {
		name    string
		finding Finding
		want    ActionCode
		detain  bool
	}{
		{"Karnataka 2025 Sch-IX para 2.2: 03019 unwatertight openings, 06 proposed", Finding{Code: CodeHullOpeningsNotWatertight, Action: Action06}, Action06, true},
		{"Karnataka 2025 Sch-IX para 2.2: 03006 watertight closures, 06 proposed", Finding{Code: CodeWatertightIntegrity, Action: Action06}, Action06, true},
		{"Karnataka 2025 Sch-IX para 2.2: 14xxx steering gear, 06 proposed", Finding{Code: CodeSteeringGear, Action: Action06}, Action06, true},
		{"Karnataka 2025 Sch-IX para 2.2: 03019 with no action keeps its default 04", Finding{Code: CodeHullOpeningsNotWatertight}, Action04, false},
		{"Karnataka 2025 Sch-IX para 2.3: a fire bucket alone is a lesser defect, 06 refused", Finding{Code: CodeFireBucketMissing, Action: Action06}, Action04, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := evKAFerry()
			in.Findings = []Finding{c.finding}
			ev := Evaluate(evRuleSet(t, RegimeKarnataka2025, in.At), in)
			d, _ := evFind(ev, c.finding.Code)
			if d.Action != c.want || ev.Detention.Proposed != c.detain {
				t.Errorf("action %s (want %s), detention proposed %t (want %t)", d.Action, c.want, ev.Detention.Proposed, c.detain)
			}
		})
	}
	e, _ := Lookup(CodeHullOpeningsNotWatertight)
	if !slices.Contains(e.Offers(), Action06) || e.Criterion != CodeDetainWatertight {
		t.Errorf("03019 offers %v, criterion %q", e.Offers(), e.Criterion)
	}
}

// Karnataka 2025, r.102 Note and r.124: a non-mechanised boat carrying
// dangerous goods is read as Category A, and manned with 3 GP ratings,
// even when recorded lower.
func TestDangerousGoodsManAsCategoryA(t *testing.T) {
	v := InspectedVessel{Regime: RegimeKarnataka2025, Kind: KindNonMechanised, Category: CategoryC, PassengersCertified: 4, DangerousGoods: true}
	if c, changed := EffectiveCategory(v); c != CategoryA || !changed {
		t.Errorf("effective category %s (changed %t), want A", c, changed)
	}
	in := ManningInputFor(evRuleSet(t, RegimeKarnataka2025, evAt(2026, 3, 2)), v, nil, D(2026, 3, 2))
	if res := CheckManning(in); len(res.Required) != 3 {
		t.Errorf("required %d, want 3 GP ratings (r.124 Category A)", len(res.Required))
	}
}
