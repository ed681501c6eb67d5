package registry

import (
	"strings"

	"github.com/tindal/tindal/models"
)

// ValidateVessel checks the particulars of a vessel against the law, beyond
// what the contract's schema already checks (types, enums, ranges).
func ValidateVessel(v models.Vessel) error {
	var f models.FieldErrors
	if v.SpecialCategory && !strings.HasSuffix(v.RegistrationNumber, "SPL") {
		// Karnataka 2025, r.98(3): a special category vessel's number is suffixed "SPL".
		f.Add("registration_number", "spl_suffix_required", "a special category vessel's registration number ends in SPL (Karnataka 2025, r.98(3))")
	}
	if v.SpecialCategory && v.Kind != "mechanised" {
		// Karnataka 2025, r.90: special category applies to mechanically propelled vessels.
		f.Add("special_category", "not_mechanised", "only mechanically propelled vessels can be special category (Karnataka 2025, r.90)")
	}
	switch v.Kind {
	case "non_mechanised":
		if v.EnginePower != nil {
			f.Add("engine_power", "not_allowed", "a non-mechanised boat has no engine (Karnataka 2025, r.102(1)(i))")
		}
		if v.Zone != nil && *v.Zone != 3 {
			// Karnataka 2025, r.102(1)(a): non-mechanised boats ply only in Zone 3.
			f.Add("zone", "zone_3_only", "non-mechanised boats may ply only in Zone 3 (Karnataka 2025, r.102(1)(a))")
		}
	case "mechanised":
		if v.Category == nil {
			f.Add("category", "required", "a mechanised vessel needs its category A, B or C (Karnataka 2025, r.5, r.28)")
		}
		if v.Zone == nil {
			f.Add("zone", "required", "a mechanised vessel needs its zone of operation 1, 2 or 3 (Karnataka 2025, r.43, Form-4A/4B)")
		}
		requirePower(&f, v, "BHP", "kW")
	case "steam":
		// Paradip 1967, r.2(l), r.29(1): steam boats are rated in nominal horse power.
		requirePower(&f, v, "NHP")
	case "motor":
		// Paradip 1967, r.2(f), r.29(2); Kandla 1955, s.31(2): motor boats are rated in BHP.
		requirePower(&f, v, "BHP", "kW")
	}
	if v.GRT != nil && v.NRT != nil && *v.NRT > *v.GRT {
		f.Add("nrt", "exceeds_grt", "net tonnage cannot exceed gross tonnage")
	}
	return f.Err()
}

func requirePower(f *models.FieldErrors, v models.Vessel, units ...string) {
	if v.EnginePower == nil || v.PowerUnit == nil {
		f.Add("engine_power", "required", "a %s vessel needs its engine power with unit", strings.ReplaceAll(v.Kind, "_", " "))
		return
	}
	for _, u := range units {
		if *v.PowerUnit == u {
			return
		}
	}
	f.Add("engine_power.unit", "wrong_unit", "a %s vessel's power is recorded in %s (RULES.md §1.7)", strings.ReplaceAll(v.Kind, "_", " "), strings.Join(units, " or "))
}
