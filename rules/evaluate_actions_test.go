package rules

import (
	"slices"
	"testing"
)

// TestInspectionAction15ForEveryPollutingDischarge: Karnataka 2025 Sch-IX
// inspection action 15 ("investigation of contravention of discharge of
// polluting agents") is suggested for every finding that is a discharge,
// whichever code records it, and not for a pollution paper missing.
func TestInspectionAction15ForEveryPollutingDischarge(t *testing.T) {
	cases := []struct {
		name    string
		finding Finding
		want15  bool
	}{
		{"Karnataka 2025 r.145(8)(d): untreated sewage discharged", Finding{Code: CodeUntreatedSewage}, true},
		{"Karnataka 2025 r.145(8)(d): the discharge was made, recorded rectified on the spot", Finding{Code: CodeUntreatedSewage, Action: Action01, Rectified: true}, true},
		{"Karnataka 2025 Sch-IX para 2.2: cannot prevent pollution", Finding{Code: CodeDetainPollution}, true},
		{"Karnataka 2025 r.145(8)(a): oil records not kept is no discharge", Finding{Code: CodeOilRecordsNotKept}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := evKAFerry()
			in.Findings = []Finding{c.finding}
			ev := Evaluate(evRuleSet(t, RegimeKarnataka2025, in.At), in)
			if got := slices.Contains(ev.InspectionActions, Inspection15); got != c.want15 {
				t.Errorf("inspection actions %v, want 15: %t", ev.InspectionActions, c.want15)
			}
		})
	}
}
