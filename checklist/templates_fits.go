package checklist

import "github.com/tindal/tindal/rules"

var (
	kindsMechanised    = []rules.VesselKind{rules.KindMechanised}
	kindsNonMechanised = []rules.VesselKind{rules.KindNonMechanised}
)

// templateFits are the vessels each template key applies to, and the rule
// that says so. Every version of a key shares its fit.
var templateFits = map[string]Fit{
	// Form-2 and its annex are issued on the survey of mechanised vessels
	// (Karnataka 2025, r.2: Chapters I–V; Sch-I Form-2).
	// A non-mechanised boat's initial survey is also recorded on Form-2
	// with its Annexure (r.104(3)); the annex's machinery and powered
	// equipment items are narrowed to mechanised vessels (onlyMechanised).
	"ka-form2-annex": {
		Kinds: []rules.VesselKind{rules.KindMechanised, rules.KindNonMechanised},
		Rule:  "Karnataka 2025, r.2 (Chapters I–V), r.104(3), Sch-I Annex to Form-2",
	},
	// The State Control Inspection Report serves the Act's mechanised
	// vessels (Sch-IX Forms A and B; Form-18 challan under r.13).
	"ka-state-control": {Kinds: kindsMechanised, Rule: "Karnataka 2025, r.2 (Chapters I–V), Sch-IX Forms A and B"},
	// Detention: Sch-IX for mechanised vessels, r.131(3) for boats.
	"ka-detention-criteria": {
		Kinds: []rules.VesselKind{rules.KindMechanised, rules.KindNonMechanised},
		Rule:  "Karnataka 2025, Sch-IX para 2, r.131(3)",
	},
	// Version 1 mixed both kinds' marking rules; replaced by the two below.
	"ka-display-board": {
		Kinds: []rules.VesselKind{rules.KindMechanised, rules.KindNonMechanised},
		Rule:  "Karnataka 2025, r.20, r.103(2), r.107(2)",
	},
	"ka-marking-mechanised":     {Kinds: kindsMechanised, Rule: "Karnataka 2025, r.20 (Chapter I)"},
	"ka-marking-non-mechanised": {Kinds: kindsNonMechanised, Rule: "Karnataka 2025, r.101 (Chapter VII), r.103(2), r.107"},
	// r.46 lists Zone 1's equipment; r.47 leaves Zones 2 and 3 to the DA.
	"ka-zone1-equipment": {Kinds: kindsMechanised, Zones: []int{1}, Rule: "Karnataka 2025, r.46, r.47"},
	// Sch-VI Section A is the DA's standard for Category C (r.5(d)).
	"ka-sch6-cat-c": {
		Kinds:      kindsMechanised,
		Categories: []rules.Category{rules.CategoryC},
		Rule:       "Karnataka 2025, r.5(d), Sch-VI Section A",
	},
	// Chapter VII and Sch-VI Section B apply only to non-mechanised boats.
	"ka-sch6-non-mechanised": {
		Kinds: kindsNonMechanised,
		Rule:  "Karnataka 2025, r.2, r.101 (Chapter VII), Sch-VI Section B",
	},
	// r.15: harbour craft licensed under the Karnataka Harbour Craft
	// Rules, 1963, passing through or operating in the inland waterways.
	"ka-harbour-craft-passage": {Kinds: []rules.VesselKind{rules.KindHarbourCraft}, Rule: "Karnataka 2025, r.15(1)-(2)"},
	// Sch-V-2 A: additional requirements for a mechanically propelled
	// special category vessel built of wood (r.98; Chapter VI).
	"ka-special-category-wooden": {
		Kinds:           kindsMechanised,
		SpecialCategory: true,
		Rule:            "Karnataka 2025, r.2 (Chapter VI), r.98, Sch-V-2 A",
	},
	// Harbour craft licensed at Paradip, powered or not (r.2(c), r.3).
	"paradip-harbour-craft": {
		Kinds: []rules.VesselKind{rules.KindHarbourCraft, rules.KindMotor, rules.KindSteam},
		Rule:  "Paradip 1967, r.2(c), r.3",
	},
	// Kandla 1955 s.31(2) is about motor boats only.
	"kandla-motor-boat": {Kinds: []rules.VesselKind{rules.KindMotor}, Rule: "Kandla 1955, s.31(2)"},
}

// replacedKeys are template keys whose every version is retired because
// other keys took their place, with those keys (named to a phone whose
// start with a retired version is refused, templates_retired.go).
var replacedKeys = map[string][]string{"ka-display-board": {"ka-marking-mechanised", "ka-marking-non-mechanised"}}

// ReplacedBy names the template keys that replace a retired key, if any.
func ReplacedBy(key string) []string { return replacedKeys[key] }

// Item narrowings.
var (
	onlyZone1 = &Fit{
		Kinds: kindsMechanised,
		Zones: []int{1},
		Rule:  "Karnataka 2025, r.46 (Zone 1 mechanised vessels; r.47 leaves Zones 2 and 3 to the DA)",
	}
	onlyMechanised = &Fit{
		Kinds: kindsMechanised,
		Rule:  "Karnataka 2025, r.2 (Chapters I–V: machinery and powered equipment of a mechanised vessel)",
	}
	onlyCategoryAB = &Fit{
		Categories: []rules.Category{rules.CategoryA, rules.CategoryB},
		Rule:       "Karnataka 2025, r.145(7)(b)",
	}
	onlyMotorBoats      = &Fit{Kinds: []rules.VesselKind{rules.KindMotor}, Rule: "Paradip 1967, r.30"}
	onlySpecialCategory = &Fit{SpecialCategory: true, Rule: "Karnataka 2025, r.98, r.99"}
	onlyOver6m          = &Fit{LengthOverM: 6, Rule: "Karnataka 2025, Sch-VI 4.2, 5.6 (length more than 6 m)"}
	onlyUnder10m        = &Fit{LengthUnderM: 10, Rule: "Karnataka 2025, Sch-VI 5.6 (vessels less than 10 m)"}
	onlyCargoBoats      = &Fit{Uses: []rules.Use{rules.UseCargo}, Rule: "Karnataka 2025, r.126(6)-(7) (cargo boat)"}
	recordEquipment     = []string{"number_or_type", "condition", "location"}
	recordMachinery     = []string{"horse_power", "type_or_condition", "location"}
	recordCondition     = []string{"condition", "comment"}
)
