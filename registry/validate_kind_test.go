package registry

import (
	"errors"
	"testing"

	"github.com/tindal/tindal/models"
)

// Each regime's law defines its own vessel kinds (Karnataka 2025, r.2,
// r.3(1)(q); Paradip 1967, r.2(c), (f), (l); Kandla 1955, s.31(2)); a vessel
// of another kind would have no rule and no checklist to be inspected under.
func TestValidateVesselKindBelongsToItsRegime(t *testing.T) {
	pw := func(v float64, u string) (*float64, *string) { return &v, &u }
	cat, zone := "C", 3
	cases := []struct {
		name, regime, kind string
		ok                 bool
	}{
		{"Karnataka 2025 r.2: mechanised", "KA-IV-2025", "mechanised", true},
		{"Karnataka 2025 r.2, Chapter VII: non-mechanised", "KA-IV-2025", "non_mechanised", true},
		{"Karnataka 2025 r.3(1)(q), r.15: harbour craft", "KA-IV-2025", "harbour_craft", true},
		{"Karnataka 2025 r.2: no motor boat kind", "KA-IV-2025", "motor", false},
		{"Karnataka 2025 r.2: no steam boat kind", "KA-IV-2025", "steam", false},
		{"Paradip 1967 r.2(f): motor boat", "PARADIP-HC-1967", "motor", true},
		{"Paradip 1967 r.2(l): steam boat", "PARADIP-HC-1967", "steam", true},
		{"Paradip 1967 r.2(c): harbour craft", "PARADIP-HC-1967", "harbour_craft", true},
		{"Paradip 1967 r.2: no mechanised inland vessel kind", "PARADIP-HC-1967", "mechanised", false},
		{"Kandla 1955 s.31(2): motor boat", "KANDLA-HC-1955", "motor", true},
		{"Kandla 1955: no non-mechanised inland vessel kind", "KANDLA-HC-1955", "non_mechanised", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := models.Vessel{RegistrationNumber: "X-1", Regime: c.regime, Kind: c.kind, Use: "cargo"}
			switch c.kind {
			case "mechanised":
				v.Category, v.Zone = &cat, &zone
				v.EnginePower, v.PowerUnit = pw(50, "kW")
			case "motor":
				v.EnginePower, v.PowerUnit = pw(50, "BHP")
			case "steam":
				v.EnginePower, v.PowerUnit = pw(50, "NHP")
			}
			err := ValidateVessel(v)
			var e *models.Error
			bad := false
			if errors.As(err, &e) {
				for _, f := range e.Fields {
					bad = bad || (f.Field == "kind" && f.Code == "kind_not_in_regime")
				}
			}
			if bad == c.ok {
				t.Fatalf("ValidateVessel(%s %s) = %v, want ok %v", c.regime, c.kind, err, c.ok)
			}
		})
	}
}
