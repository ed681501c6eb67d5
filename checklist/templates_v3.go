package checklist

import (
	"fmt"

	"github.com/tindal/tindal/rules"
)

// templatesV3 are the versions that replace version 2, and the
// templates first issued with them:
//   - every item prints the paragraph it checks (version 2 printed the
//     code's first citation, so a GM question cited Sch-VI 4.2, the
//     transition rule), Section B as the seed numbers it;
//   - the law items no template asked: Form-18 ground (g), Sch-VI 2.1.3 and
//     2.8.1, the Sch-X alteration condition, Section B's heel test, Paradip
//     Form A's rough-weather numbers, Sch-V-2 A's wooden special category
//     vessel and r.15's harbour craft passage;
//   - items narrowed to the vessels their rule names (special category,
//     length, cargo boats), where version 2 fined or detained others;
//   - the harbour craft regimes' own manning codes (no detention).
func templatesV3() []Template {
	ka, pd, kd := rules.RegimeKarnataka2025, rules.RegimeParadip1967, rules.RegimeKandla1955
	return []Template{
		tplv(
			"ka-marking-mechanised",
			2,
			ka,
			"Marking and display board, mechanised vessel (r.20)",
			"Karnataka 2025, r.20, r.98(3), Form-18 (d); docs/LAW.md §4.9.4",
			markingMechanisedV2()...),
		tplv(
			"ka-state-control",
			3,
			ka,
			"State Control Inspection: documents (Form A, Form B, Form-18)",
			"Karnataka 2025, Sch-IX Forms A and B, Form-18, Sch-X; docs/LAW.md §4.3-§4.4, §4.9.4",
			stateControlV3()...),
		tplv(
			"ka-sch6-cat-c",
			3,
			ka,
			"Category C mechanised vessel (Sch-VI Section A)",
			"Karnataka 2025, Sch-VI Section A; docs/LAW.md §4.9.2",
			schedule6AV3()...),
		tplv(
			"ka-sch6-non-mechanised",
			3,
			ka,
			"Non-mechanised boat (Sch-VI Section B, r.126, r.145)",
			"Karnataka 2025, Sch-VI Section B, r.109, r.126, r.145, Sch-X; docs/LAW.md §4.9.3-4.9.4",
			schedule6BV3()...),
		tplv(
			"paradip-harbour-craft",
			3,
			pd,
			"Paradip harbour craft conditions",
			"Paradip 1967, r.4, r.6, r.7, r.10, r.13-r.24, r.30, Form A; docs/LAW.md §4.8, §4.9.6",
			paradipV3()...),
		tplv(
			"kandla-motor-boat",
			2,
			kd,
			"Kandla motor boat: certificated officers (s.31(2))",
			"Kandla 1955, s.31(2); docs/LAW.md §7.1",
			kandlaV2()...),
		tpl(
			"ka-harbour-craft-passage",
			ka,
			"Harbour craft in the inland waterways (r.15)",
			"Karnataka 2025, r.15(1)-(2); docs/LAW.md §1.1",
			harbourCraftPassage()...),
		tpl(
			"ka-special-category-wooden",
			ka,
			"Special category wooden vessel (Sch-V-2 A)",
			"Karnataka 2025, r.98, Sch-V-2 A; docs/LAW.md §4.9.5",
			specialCategoryWooden()...),
	}
}

// each returns a copy of items with set applied to each item whose id is
// in by; an id that is not among the items is a programming error.
func each[T any](items []Item, by map[string]T, set func(*Item, T)) []Item {
	out := append([]Item(nil), items...)
	seen := 0
	for k := range out {
		if v, ok := by[out[k].ID]; ok {
			set(&out[k], v)
			seen++
		}
	}
	if seen != len(by) {
		panic(fmt.Sprintf("templates: %d of %d item ids found", seen, len(by)))
	}
	return out
}

// cited sets the printed citation of each listed item.
func cited(items []Item, refs map[string]rules.Citation) []Item {
	return each(items, refs, func(it *Item, r rules.Citation) { it.Ref = r })
}

// narrow sets the vessels each listed item applies to.
func narrow(items []Item, only map[string]*Fit) []Item {
	return each(items, only, func(it *Item, f *Fit) { it.Only = f })
}

func stateControlV3() []Item {
	const ka = "Karnataka 2025, "
	items := cited(stateControlV2(), map[string]rules.Citation{
		"doc.cor_cos_on_board":     ka + "Sch-IX Form A item 13, r.114",
		"doc.log_book":             ka + "r.14 (Form-5)",
		"doc.operating_permission": ka + "Sch-X (Permission and Operation)",
		"doc.route_approval":       ka + "Sch-IX Form A item 13, r.144, Sch-VIII",
		"doc.inspection_report":    ka + "Sch-IX Form A (report retained two years)",
		"crew.manning":             ka + "Form-18 (e), r.124",
		"crew.coc":                 ka + "Form-18 (e), r.29",
		"ops.within_zone":          ka + "Sch-I Form-4A/4B (zone of operation), r.43",
		"ops.no_dangerous_goods":   ka + "Form-18 (i)",
	})
	// r.98 asks a Certificate of Fitness only of special category vessels:
	// version 2 asked every vessel, and a "no" (01008, detainable)
	// proposed detaining a vessel that needs none.
	items = narrow(items, map[string]*Fit{"doc.special_category_cof": onlySpecialCategory})
	return append(
		items,
		it(
			"ops.wreck_salvage",
			rules.CodeWreckSalvageChapter,
			"Operation",
			ka+"Form-18 (g)",
			"No contravention of the Act's Chapter X (wreck and salvage)",
		),
		it(
			"ops.no_unapproved_alteration",
			rules.CodeUnapprovedAlteration,
			"Operation",
			ka+"Sch-X (Permission and Operation), r.7",
			"Structure, machinery and equipment not altered without the Registering Authority's permission",
		).
			rec([]string{"alteration", "approval_reference"}),
	)
}

// markingMechanisedV2 narrows the SPL suffix (r.98(3)) to special
// category vessels; version 1 asked it of every mechanised vessel.
func markingMechanisedV2() []Item {
	return narrow(
		markingMechanised(),
		map[string]*Fit{"mm.spl_suffix": {SpecialCategory: true, Rule: "Karnataka 2025, r.98(3)"}},
	)
}

func schedule6AV3() []Item {
	// Version 2 asked these of every Category C vessel: a 5 m boat
	// answered "no" to the fire pump was fined under Sch-IV row 9.
	return narrow(schedule6AV3Items(), map[string]*Fit{
		"a.fire_pump": onlyOver6m, "a.torch_hook_line": onlyOver6m, "a.no_fog": onlyUnder10m,
	})
}

func schedule6AV3Items() []Item {
	const a = "Karnataka 2025, Sch-VI "
	items := cited(schedule6AV2(), map[string]rules.Citation{
		"a.bulkheads":       a + "1.3.2",
		"a.deck_hatches":    a + "1.3.3",
		"a.freeboard":       a + "1.4.2",
		"a.guard_rails":     a + "1.7",
		"a.fuel_tank":       a + "2.2",
		"a.batteries":       a + "2.6.2",
		"a.bilge":           a + "2.7",
		"a.steering":        a + "2.8",
		"a.anchor":          a + "2.11",
		"a.towline":         a + "2.12",
		"a.electrical":      a + "2.13-2.14",
		"a.liferafts":       a + "3.3",
		"a.lifejackets":     a + "3.9",
		"a.whistle":         a + "3.4",
		"a.first_aid":       a + "3.5",
		"a.flare":           a + "3.6",
		"a.paddle":          a + "3.7",
		"a.torch":           a + "3.8",
		"a.retro":           a + "3.2",
		"a.fire_pump":       a + "4.2",
		"a.extinguisher":    a + "4.3",
		"a.fire_bucket":     a + "4.4",
		"a.sand_box":        a + "4.5",
		"a.compass":         a + "5.2",
		"a.nav_light":       a + "5.3",
		"a.mobile":          a + "5.4",
		"a.sound":           a + "5.5",
		"a.torch_hook_line": a + "5.6",
		"a.stability":       a + "6.5.1",
		"a.buoyancy":        a + "6.9",
	})
	return append(
		items,
		it(
			"a.machinery_inclination",
			rules.CodeMachineryInclination,
			"Machinery",
			a+"2.1.3",
			"Machinery operates properly at 10° list and 5° trim (trial record or demonstration)",
		).
			rec([]string{"evidence"}),
		it(
			"a.speed",
			rules.CodeSpeedBelowMinimum,
			"Machinery",
			a+"2.8.1",
			"Speed at least 15 km/h in calm water (trial record or measured run)",
		).
			rec([]string{"speed_km_h", "evidence"}),
	)
}

func schedule6BV3() []Item {
	const b, ka = "Karnataka 2025, Sch-VI Section B ", "Karnataka 2025, "
	items := cited(schedule6BV2(), map[string]rules.Citation{
		"b.floor":                  b + "1.8",
		"b.freeboard":              b + "1(d)(ii)",
		"b.guard_rails":            b + "1.7",
		"b.bilge":                  b + "2.3, r.122, r.109(1)(d)",
		"b.steering":               b + "2.4",
		"b.anchor":                 b + "2.6",
		"b.towline":                b + "2.7",
		"b.caboose":                ka + "r.109(1)(f)",
		"b.liferafts":              b + "3.3",
		"b.lifejackets":            b + "3.9",
		"b.whistle":                b + "3.4",
		"b.first_aid":              b + "3.5",
		"b.flare":                  b + "3.6",
		"b.paddles":                b + "3.7",
		"b.torch":                  b + "3.8",
		"b.hand_pump":              b + "Chapter 4",
		"b.fire_bucket":            b + "Chapter 4",
		"b.compass":                b + "5.2",
		"b.night_presence":         b + "5.3",
		"b.mobile":                 b + "5.4",
		"b.sound":                  b + "5.5",
		"b.torch_hook_line":        b + "5.6",
		"b.stability":              b + "6.5.1",
		"b.buoyancy":               b + "6.9",
		"b.coamings":               b + "1(a)(iii), 1(c), 1(e)",
		"pic.dry_clean":            ka + "r.126(2)",
		"pic.registration_painted": ka + "r.126(3), r.103(2)",
		"pic.cor_carried":          ka + "r.126(4), r.114",
		"pic.load_line":            ka + "r.126(6), r.107(1)",
		"pic.max_passengers":       ka + "r.126(9)",
		"pol.oily_waste":           ka + "r.145(8)(b)",
		"pol.bio_digester":         ka + "r.145(8)(c)",
		"pol.placards":             ka + "r.145(7)(b)",
		"pol.oil_records":          ka + "r.145(8)(a)",
		"pol.antifouling":          ka + "r.145(9)",
	})
	// r.126(6)-(7) are the cargo boat's: version 2 asked a passenger boat
	// whether its load line was submerged (03015: detainable, Rs 10,000).
	items = narrow(items, map[string]*Fit{"pic.load_line": onlyCargoBoats, "pic.not_submerged": onlyCargoBoats})
	return append(
		items,
		it(
			"b.heel_test",
			rules.CodeStabilityInfoMissing,
			"Stability",
			b+"6.5.2-6.5.3",
			"Heel test to 10° ± 1° and return recorded; GM at least 0.00 overloaded",
		),
		it(
			"b.no_unpermitted_alteration",
			rules.CodeBoatAlteredUnpermitted,
			"Person in charge (r.126)",
			ka+"Sch-X (Permission and Operation)",
			"Structure and equipment not altered without the Registering Authority's permission",
		).
			rec([]string{"alteration", "permission_reference"}),
	)
}

func paradipV3() []Item {
	const pd = "Paradip 1967, "
	// Form A licenses each capacity separately for fine and rough weather
	// (r.4(2)); the registry holds the fine-weather numbers, so the
	// inspector checks the rough-weather ones against the licence.
	rough := []string{"weather", "licensed_rough_weather", "carried"}
	// r.10(3), r.29: the harbour craft rules give no detention, so the
	// tindal's certificate is 02013 (stopped before plying), not
	// Karnataka's detainable 02002 as in version 2.
	items := each(paradipV2(), map[string]rules.Code{"pd.tindal_certificated": rules.CodeHarbourCraftCertInvalid},
		func(it *Item, c rules.Code) { it.Code = c })
	return append(
		items,
		it(
			"pd.rough_weather_passengers",
			rules.CodeParadipPassengersExcess,
			"Loading (r.13)",
			pd+"r.4(2) Form A, r.13(1), r.19",
			"In rough weather: passengers within the licence's rough-weather number (n/a in fine weather)",
		).rec(rough),
		it(
			"pd.rough_weather_cargo",
			rules.CodeParadipCargoExcess,
			"Loading (r.13)",
			pd+"r.4(2) Form A, r.13(1), r.19",
			"In rough weather: cargo within the licence's rough-weather quantity (n/a in fine weather)",
		).rec(rough),
	)
}

// specialCategoryWooden is Sch-V-2 A: the construction and bilge pumping
// of a special category vessel with a wooden hull (the Certificate of
// Fitness itself is ka-state-control's doc.special_category_cof).
func specialCategoryWooden() []Item {
	const s = "Karnataka 2025, Sch-V-2 A"
	return []Item{
		record(
			"sc.hull_material",
			"Hull",
			s,
			"Hull, deck and superstructure material (the items below apply to wooden construction; answer n/a for others)",
			"material",
		),
		it(
			"sc.timber_durability",
			rules.CodeHullTimberNotCompliant,
			"Hull",
			s+" 1 (Table 2.1)",
			"Timber of durability class 1 or 2; a veneer of a lower class only if resin-penetrated or FRP-sheathed",
		).
			rec([]string{"durability_class", "evidence"}),
		it(
			"sc.scantlings",
			rules.CodeHullTimberNotCompliant,
			"Hull",
			s+" 3",
			"Design loads and scantlings to ISO 12215-5 Category C",
		).rec([]string{"evidence"}),
		it(
			"sc.bilge_pump",
			rules.CodeBilgePumping,
			"Bilge pumping",
			s+" 5",
			"Fixed motor-driven bilge pump of sufficient capacity (about 120 L/min for a "+
				"10 m vessel), pipeline with non-return valves",
		).
			rec([]string{"capacity_l_min", "length_m", "non_return_valves"}),
	}
}

// harbourCraftPassage is r.15: a harbour craft registered under the
// Karnataka Harbour Craft Rules, 1963 is endorsed by the DA every time it
// passes through or operates in the inland waterways, and pays the State's
// fee when it works commercially there. Without it a Karnataka harbour
// craft had no template and every inspection start was refused.
func harbourCraftPassage() []Item {
	const ka = "Karnataka 2025, "
	return []Item{
		record(
			"hc.licence",
			"Harbour craft",
			ka+"r.15(1)",
			"Licence under the Karnataka Harbour Craft Rules, 1963",
			"licence_number",
			"port",
		),
		it(
			"hc.endorsed",
			rules.CodeHarbourCraftNotEndorsed,
			"Harbour craft",
			ka+"r.15(1)",
			"Endorsed by the Designated Authority for this passage or operation in the inland waterways",
		).
			rec([]string{"endorsement_reference"}),
		it(
			"hc.fee_paid",
			rules.CodeHarbourCraftFeeUnpaid,
			"Harbour craft",
			ka+"r.15(2)",
			"Engaged in commercial activity in the inland waterways: the State's fee paid (n/a if not commercial)",
		).
			rec([]string{"receipt_reference"}),
	}
}

// kandlaV2 asks s.31(2) with the harbour craft codes: version 1 raised
// Karnataka's detainable 02001/02002, and Kandla 1955 gives no detention.
func kandlaV2() []Item {
	return each(kandla(), map[string]rules.Code{
		"kd.officers_on_board":  rules.CodeHarbourCraftOfficersShort,
		"kd.certificate_grades": rules.CodeHarbourCraftCertInvalid,
	}, func(it *Item, c rules.Code) { it.Code = c })
}
