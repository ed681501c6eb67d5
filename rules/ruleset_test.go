package rules

import (
	"errors"
	"testing"
)

func TestRuleSetFor(t *testing.T) {
	tests := []struct {
		name   string
		regime Regime
		on     Date
		want   string
	}{
		{"Karnataka 2025 r.1(2): in force from the commencement setting", RegimeKarnataka2025, D(2026, 1, 1), "KA-IV-2025-draft.1"},
		{"Karnataka 2025: on the commencement date itself", RegimeKarnataka2025, DefaultKarnatakaCommencement, "KA-IV-2025-draft.1"},
		{"Karnataka 2025: before commencement there is no rule set", RegimeKarnataka2025, D(2025, 12, 10), ""},
		{"Paradip 1967: G.S.R. 980 of 24 June 1967", RegimeParadip1967, D(2026, 1, 1), "PARADIP-HC-1967.1"},
		{"Kandla 1955 s.31(2)", RegimeKandla1955, D(2026, 1, 1), "KANDLA-HC-1955.1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := RuleSetFor(tc.regime, tc.on)
			if tc.want == "" {
				if !errors.Is(err, ErrNoRuleSet) {
					t.Errorf("got %v, %v; want ErrNoRuleSet", rs, err)
				}
				return
			}
			if err != nil || rs.ID != tc.want {
				t.Fatalf("got %v, %v; want %s", rs, err, tc.want)
			}
		})
	}
}

func TestRegistrySettings(t *testing.T) {
	// docs/LAW.md §11 Q4: commencement and legacy-CoC deadline are settings.
	reg := NewRegistry(RegistrySettings{KarnatakaCommencement: D(2026, 4, 1), LegacyCoCDeadline: D(2028, 6, 6)})
	if _, err := reg.For(RegimeKarnataka2025, D(2026, 3, 31)); err == nil {
		t.Error("rule set in force before the configured commencement")
	}
	rs, err := reg.For(RegimeKarnataka2025, D(2026, 4, 1))
	if err != nil || rs.LegacyCoCDeadline != D(2028, 6, 6) || !rs.Draft {
		t.Fatalf("got %+v, %v", rs, err)
	}
	def, _ := RuleSetByID("KA-IV-2025-draft.1")
	if def.LegacyCoCDeadline != D(2027, 6, 6) {
		t.Errorf("Karnataka 2025 r.32(2): default deadline %s", def.LegacyCoCDeadline)
	}
	if _, err := RuleSetByID("nope"); !errors.Is(err, ErrNoRuleSet) {
		t.Errorf("unknown id: %v", err)
	}
	rs.Fines[PenaltySurvey] = 1
	again, _ := reg.ByID(rs.ID)
	if again.Fines[PenaltySurvey] != 5000 {
		t.Error("registry rule sets must not be mutable through returned pointers")
	}
	if n := len(reg.All()); n != 3 {
		t.Errorf("All() = %d rule sets", n)
	}
}
