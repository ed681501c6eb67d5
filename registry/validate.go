package registry

import (
	"slices"
	"strings"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// ValidateVessel checks the particulars of a new vessel against the law,
// beyond what the contract's schema already checks (types, enums, ranges).
func ValidateVessel(v models.Vessel) error { return validateVessel(v, true) }

// validateVessel checks v; kindInRegime also checks that its kind is one
// its regime defines. That is judged when the vessel is registered and
// when it moves to another regime, not on every edit: the kind cannot be
// patched, so a vessel registered before the check would otherwise be
// frozen.
func validateVessel(v models.Vessel, kindInRegime bool) error {
	var f models.FieldErrors
	validateSpecialCategory(&f, v)
	if kindInRegime {
		validateKindInRegime(&f, v)
	}
	validateKindParticulars(&f, v)
	if v.GRT != nil && v.NRT != nil && *v.NRT > *v.GRT {
		f.Add("nrt", "exceeds_grt", "net tonnage cannot exceed gross tonnage")
	}
	return f.Err()
}

// validateSpecialCategory: Karnataka 2025, r.90 and r.98(3).
func validateSpecialCategory(f *models.FieldErrors, v models.Vessel) {
	if v.SpecialCategory && !strings.HasSuffix(v.RegistrationNumber, "SPL") {
		// Karnataka 2025, r.98(3): a special category vessel's number is suffixed "SPL".
		f.Add(
			"registration_number",
			"spl_suffix_required",
			"a special category vessel's registration number ends in SPL (Karnataka 2025, r.98(3))",
		)
	}
	if v.SpecialCategory && v.Kind != "mechanised" {
		// Karnataka 2025, r.90: special category applies to mechanically propelled vessels.
		f.Add(
			"special_category",
			"not_mechanised",
			"only mechanically propelled vessels can be special category (Karnataka 2025, r.90)",
		)
	}
}

// validateKindInRegime checks that the vessel's kind is one its regime
// defines.
func validateKindInRegime(f *models.FieldErrors, v models.Vessel) {
	kinds, ok := regimeKinds[rules.Regime(v.Regime)]
	if !ok || slices.Contains(kinds.kinds, rules.VesselKind(v.Kind)) {
		return
	}
	f.Add(
		"kind",
		"kind_not_in_regime",
		"%s knows no %s vessel: its kinds are %s (%s)",
		v.Regime,
		strings.ReplaceAll(v.Kind, "_", " "),
		kindList(kinds.kinds),
		kinds.rule,
	)
}

// validateKindParticulars checks what each kind of vessel must (or must
// not) record: engine, zone, category, the unit of its power.
func validateKindParticulars(f *models.FieldErrors, v models.Vessel) {
	switch v.Kind {
	case "non_mechanised":
		if v.EnginePower != nil {
			f.Add("engine_power", "not_allowed", "a non-mechanised boat has no engine (Karnataka 2025, r.102(1)(i))")
		}
		if v.Zone != nil && *v.Zone != 3 {
			// Karnataka 2025, r.102(1)(a): non-mechanised boats ply only in Zone 3.
			f.Add("zone", "zone_3_only", "non-mechanised boats may ply only in Zone 3 (Karnataka 2025, r.102(1)(a))")
		}
		validateNonMechCategory(f, v)
	case "mechanised":
		if v.Category == nil {
			f.Add("category", "required", "a mechanised vessel needs its category A, B or C (Karnataka 2025, r.5, r.28)")
		}
		if v.Zone == nil {
			f.Add(
				"zone",
				"required",
				"a mechanised vessel needs its zone of operation 1, 2 or 3 (Karnataka 2025, r.43, Form-4A/4B)",
			)
		}
		requirePower(f, v, "BHP", "kW")
	case "steam":
		// Paradip 1967, r.2(l), r.29(1): steam boats are rated in nominal horse power.
		requirePower(f, v, "NHP")
	case "motor":
		// Paradip 1967, r.2(f), r.29(2); Kandla 1955, s.31(2): motor boats are rated in BHP.
		requirePower(f, v, "BHP", "kW")
	}
}

func requirePower(f *models.FieldErrors, v models.Vessel, units ...string) {
	if v.EnginePower == nil || v.PowerUnit == nil {
		f.Add(
			"engine_power",
			"required",
			"a %s vessel needs its engine power with unit",
			strings.ReplaceAll(v.Kind, "_", " "),
		)
		return
	}
	for _, u := range units {
		if *v.PowerUnit == u {
			return
		}
	}
	f.Add(
		"engine_power.unit",
		"wrong_unit",
		"a %s vessel's power is recorded in %s (docs/LAW.md §1.7)",
		strings.ReplaceAll(v.Kind, "_", " "),
		strings.Join(units, " or "),
	)
}

// deriveCategory records the category of a non-mechanised boat registered
// without one, from its passengers and cargo (Karnataka 2025, r.102 Note),
// so that its manning (r.124) is assessed under the right one. A boat
// carrying dangerous goods or flammable liquids is Category A whatever
// was recorded (the Note).
func deriveCategory(v *models.Vessel) {
	if v.Kind == "non_mechanised" && v.DangerousGoods {
		a := string(rules.CategoryA)
		v.Category = &a
		return
	}
	if v.Kind != "non_mechanised" || v.Category != nil || (v.Passengers == nil && v.CargoTonnes == nil) {
		return
	}
	c, _ := rules.NonMechCategory(val(v.Passengers), val(v.CargoTonnes), false)
	s := string(c)
	v.Category = &s
}

// validateNonMechCategory refuses a category that contradicts the one the
// r.102 Note gives a non-mechanised boat's passengers and cargo: a
// 12-passenger boat is Category A, so recording it as C would make its
// minimum crew 2 instead of 3 (r.124). Category A is accepted for any boat,
// as the Note makes a boat carrying dangerous goods or flammable liquids
// (other than for its domestic use) Category A, which the registry does not
// otherwise record.
func validateNonMechCategory(f *models.FieldErrors, v models.Vessel) {
	if v.Category == nil || (v.Passengers == nil && v.CargoTonnes == nil) {
		return
	}
	derived, why := rules.NonMechCategory(val(v.Passengers), val(v.CargoTonnes), false)
	if got := rules.Category(*v.Category); got != derived && got != rules.CategoryA {
		f.Add("category", "category_r102", "a non-mechanised boat with %s is Category %s, not %s (Karnataka 2025, r.102 "+
			"Note); omit category to have it derived, or record dangerous_goods for a boat carrying "+
			"dangerous goods or flammable liquids (Category A)", why, derived, got)
	}
}

// regimeKinds are the vessel kinds each regime's law defines; a vessel of
// another kind has no rule (and no checklist) to be inspected under.
var regimeKinds = map[rules.Regime]struct {
	kinds []rules.VesselKind
	rule  string
}{
	// Karnataka 2025, r.2: mechanically propelled (Chapters I–V), non-
	// mechanised (Chapter VII); r.3(1)(q), r.15: harbour craft.
	rules.RegimeKarnataka2025: {
		[]rules.VesselKind{rules.KindMechanised, rules.KindNonMechanised, rules.KindHarbourCraft},
		"Karnataka 2025, r.2, r.3(1)(q), r.15",
	},
	// Paradip 1967, r.2(c), r.2(f), r.2(l): harbour craft, motor and steam boats.
	rules.RegimeParadip1967: {
		[]rules.VesselKind{rules.KindHarbourCraft, rules.KindMotor, rules.KindSteam},
		"Paradip 1967, r.2(c), r.2(f), r.2(l)",
	},
	// Kandla 1955: harbour craft rules; s.31(2) names motor boats.
	rules.RegimeKandla1955: {
		[]rules.VesselKind{rules.KindHarbourCraft, rules.KindMotor, rules.KindSteam},
		"Kandla 1955, s.31(2)",
	},
}

func kindList(ks []rules.VesselKind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = strings.ReplaceAll(string(k), "_", " ")
	}
	return strings.Join(s, ", ")
}
