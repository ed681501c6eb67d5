package registry

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// TestObservedPatch: an observed value becomes the registry patch of its
// particular, within the bounds the contract puts on that particular, or
// is refused before anything is written.
func TestObservedPatch(t *testing.T) {
	kw, power := "kW", 120.0
	v := models.Vessel{Kind: "mechanised", EnginePower: &power, PowerUnit: &kw}
	owner := uuid.New()
	cases := []struct {
		name, field, raw string
		wantCode         string
		check            func(VesselPatch) bool
	}{
		{"passengers counted on board", "passengers", `12`, "", func(p VesselPatch) bool { return *p.Passengers == 12 }},
		{"passengers must be whole", "passengers", `12.5`, "range", nil},
		{"zones are 1 to 3 (Karnataka 2025, r.43)", "zone", `4`, "range", nil},
		{"category A, B or C (Karnataka 2025, r.5)", "category", `"D"`, "enum", nil},
		{"registration number upper-cased", "registration_number", `"ka-kar-0009"`, "", func(p VesselPatch) bool { return *p.RegistrationNumber == "KA-KAR-0009" }},
		{"length is positive", "length_m", `0`, "range", nil},
		{"power alone keeps the unit on record (docs/LAW.md §1.7)", "engine_power", `90`, "", func(p VesselPatch) bool { return *p.EnginePower == 90 && *p.PowerUnit == "kW" }},
		{"power with its unit", "engine_power", `{"value": 110, "unit": "BHP"}`, "", func(p VesselPatch) bool { return *p.EnginePower == 110 && *p.PowerUnit == "BHP" }},
		{"unit alone keeps the power on record", "power_unit", `"BHP"`, "", func(p VesselPatch) bool { return *p.EnginePower == 120 && *p.PowerUnit == "BHP" }},
		{"owner by id", "owner", `"` + owner.String() + `"`, "", func(p VesselPatch) bool { return *p.OwnerID == owner }},
		{"owner by name is a note, not a particular", "owner", `"Ramesh"`, "type", nil},
		{"a kind is registered afresh (Karnataka 2025, r.22)", "kind", `"steam"`, "not_applicable", nil},
		{"name must be text", "name", `7`, "type", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := observedPatch(c.field, []byte(c.raw), v)
			if c.wantCode != "" {
				var e *models.Error
				if !errors.As(err, &e) || len(e.Fields) != 1 || e.Fields[0].Code != c.wantCode || e.Kind != models.KindInvalid {
					t.Fatalf("error %v, want invalid %s", err, c.wantCode)
				}
				return
			}
			if err != nil || !c.check(p) {
				t.Fatalf("patch %+v, err %v", p, err)
			}
		})
	}
}
