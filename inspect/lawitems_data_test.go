package inspect

// LawItem is one checkable item of docs/LAW.md §4 (the law's forms, detention
// criteria and equipment lists), with how the server covers it: by
// template items (whose codes, citations and vessels come from the
// templates), derived by the server, or honestly not covered (issue 15).
type LawItem struct {
	ID      string // docs/LAW.md section and item, e.g. "4.5.F2"
	Section string // docs/LAW.md subsection, e.g. "4.5"
	Text    string
	Cite    string
	// Templates are the current template items that ask the item.
	Templates []TemplateRef
	// DerivedBy names what the server derives the item from ("registry",
	// "manning", "passengers carried", "cargo carried", "evaluation",
	// "supervisor"), with How; may accompany Templates.
	DerivedBy, How string
	// Uncovered says why no code checks the item; NotApplicable why it is no
	// vessel check at all.
	Uncovered, NotApplicable string
}

// TemplateRef names one item of a current template.
type TemplateRef struct{ Key, Item string }

// Kind is how the item is covered: template, derived, uncovered or n/a.
func (l LawItem) Kind() string {
	switch {
	case len(l.Templates) > 0:
		return "template"
	case l.DerivedBy != "":
		return "derived"
	case l.Uncovered != "":
		return "uncovered"
	default:
		return "n/a"
	}
}

type lawOpt func(*LawItem)

func asks(key string, items ...string) lawOpt {
	return func(l *LawItem) {
		for _, it := range items {
			l.Templates = append(l.Templates, TemplateRef{key, it})
		}
	}
}

func derived(by, how string) lawOpt {
	return func(l *LawItem) { l.DerivedBy, l.How = by, how }
}

func notApplicable(why string) lawOpt { return func(l *LawItem) { l.NotApplicable = why } }

func law(id, text, cite string, opts ...lawOpt) LawItem {
	sec := id
	// The section is the id up to its last dot ("4.9.2.bulkheads" → "4.9.2").
	for i := len(id) - 1; i >= 0; i-- {
		if id[i] == '.' {
			sec = id[:i]
			break
		}
	}
	l := LawItem{ID: id, Section: sec, Text: text, Cite: cite}
	for _, o := range opts {
		o(&l)
	}
	return l
}

const (
	tDet   = "ka-detention-criteria"
	tAnnex = "ka-form2-annex"
	tMM    = "ka-marking-mechanised"
	tNM    = "ka-marking-non-mechanised"
	tA     = "ka-sch6-cat-c"
	tB     = "ka-sch6-non-mechanised"
	tSC    = "ka-state-control"
	tZ1    = "ka-zone1-equipment"
	tKd    = "kandla-motor-boat"
	tPd    = "paradip-harbour-craft"
	tSCW   = "ka-special-category-wooden"
	tHC    = "ka-harbour-craft-passage"
)

// LawItems is the register of docs/LAW.md §4 items (and the few rules outside
// §4 that a template item checks), in docs/LAW.md order.
func LawItems() []LawItem {
	var out []LawItem
	out = append(out, lawItems11()...)
	out = append(out, lawItems42()...)
	out = append(out, lawItems43()...)
	out = append(out, lawItems45()...)
	out = append(out, lawItems46to48()...)
	out = append(out, lawItems49()...)
	return out
}

// lawItems11 are the docs/LAW.md §1.1 regime rules a template asks.
func lawItems11() []LawItem {
	return []LawItem{
		law("1.1.hc_endorsed", "Harbour craft (Karnataka Harbour Craft Rules, 1963) endorsed by the DA every time it passes through or operates in the inland waterways (docs/LAW.md §1.1)", "Karnataka 2025, r.15(1)",
			asks(tHC, "hc.licence", "hc.endorsed"), asks(tSC, "doc.harbour_craft_endorsed")),
		law("1.1.hc_fee", "Harbour craft engaged in commercial activity there pays the Sch-IV fee (docs/LAW.md §1.1)", "Karnataka 2025, r.15(2)", asks(tHC, "hc.fee_paid")),
	}
}

func lawItems42() []LawItem {
	p21, p22 := "Karnataka 2025, Sch-IX para 2.1", "Karnataka 2025, Sch-IX para 2.2"
	return []LawItem{
		law("4.2.1", "Vessel complies with the Act (especially s.85) and has relevant, valid documentation", p21, asks(tDet, "det.documentation"),
			derived("registry", "CoR, CoS, insurance, pollution certificate, CoF as of the inspection date")),
		law("4.2.2", "Vessel has the crew required for safe manning", p21, asks(tDet, "det.safe_manning"), derived("manning", "CheckManning on the crew on board")),
		law("4.2.3", "Not involved in an accident causing personal injury, loss of life or environmental pollution", p21, asks(tDet, "det.no_accident")),
		law("4.2.4", "No order of detention/removal from a court, investigation authority or investigating officer", p21, asks(tDet, "det.no_order")),
		law("4.2.5", "Navigate safely", p22, asks(tDet, "det.navigate")),
		law("4.2.6", "Safely handle, carry and monitor the condition of the cargo", p22, asks(tDet, "det.cargo")),
		law("4.2.7", "Operate the engine-room safely", p22, asks(tDet, "det.engine_room")),
		law("4.2.8", "Maintain proper propulsion and steering", p22, asks(tDet, "det.propulsion")),
		law("4.2.9", "Fight fire effectively in any part of the ship if necessary", p22, asks(tDet, "det.fire")),
		law("4.2.10", "Abandon ship speedily and safely and effect rescue if necessary", p22, asks(tDet, "det.abandon")),
		law("4.2.11", "Prevent pollution of the environment", p22, asks(tDet, "det.pollution")),
		law("4.2.12", "Maintain adequate stability", p22, asks(tDet, "det.stability")),
		law("4.2.13", "Maintain adequate watertight integrity", p22, asks(tDet, "det.watertight")),
		law("4.2.14", "Communicate in distress situations if necessary", p22, asks(tDet, "det.distress")),
		law("4.2.15", "Provide safe and healthy conditions on board", p22, asks(tDet, "det.health")),
		law("4.2.16", "Safely carry passengers as per the registered capacity", p22, asks(tDet, "det.passengers"),
			derived("passengers carried", "persons counted at start against the certified number")),
		law("4.2.17", "Any negative result, or a combination of less serious deficiencies, → strongly consider detention (suggest only)", "Karnataka 2025, Sch-IX para 2.3",
			derived("evaluation", "rules.Evaluate proposes detention on any 06 or failed criterion; the supervisor decides")),
		law("4.2.18", "Out-of-state vessel lacking this State's certificate may first present its case", "Karnataka 2025, Sch-IX para 3", asks(tSC, "doc.out_of_state_case")),
		law("4.2.19", "Vessels unsafe to ply shall be detained on first inspection", "Karnataka 2025, Sch-IX para 2.4",
			derived("supervisor", "the evaluation proposes detention; the supervisor orders it (docs/REVIEW.md)")),
		law("4.2.20", "Report and copy of the detention notice to the Registering Authority and the Administration within 48 hours", "Karnataka 2025, Sch-IX para 1.3",
			derived("supervisor", "an issued order raises the detention_report_due flag, due rules.DetentionReportDue (48 h), resolved by the supervisor once sent")),
	}
}

func lawItems43() []LawItem {
	fa, f18 := "Karnataka 2025, Sch-IX Form A", "Karnataka 2025, Form-18"
	return []LawItem{
		law("4.3.A1-12", "Form A items 1–12: reporting authority, vessel, State of registration, type, registration number and year, class, GT, DWT, date and place, release date, company", fa,
			derived("registry", "the inspection's vessel, inspector and dates")),
		law("4.3.A13", "Form A item 13: relevant certificates (title, issuer, issue, expiry, last survey)", fa,
			asks(tSC, "doc.cor_cos_on_board", "doc.insurance_on_board", "doc.pollution_cert_displayed", "doc.special_category_cof", "doc.harbour_craft_endorsed", "doc.route_approval"),
			derived("registry", "each certificate's status as of the inspection date")),
		law("4.3.A-footer", "Report retained on board for two years", fa, asks(tSC, "doc.inspection_report")),
		law("4.3.B5", "Form B: nature of deficiency, rule, action taken (deficiency and inspection action codes)", "Karnataka 2025, Sch-IX Form B",
			derived("evaluation", "every answer, finding and derived deficiency with its code, citation and action")),
		law("4.4.18a", "Form-18 (a): plying without valid CoR", f18, derived("registry", "CoR status")),
		law("4.4.18b", "Form-18 (b): plying without valid CoS", f18, derived("registry", "CoS status, provisional CoS, renewal")),
		law("4.4.18c", "Form-18 (c): passengers beyond permitted capacity", f18, derived("passengers carried", "persons counted at start")),
		law("4.4.18d", "Form-18 (d): registration number not affixed", f18, asks(tMM, "mm.registration_affixed")),
		law("4.4.18e", "Form-18 (e): manning requirements (IV Act Ch. VI) not met", f18, asks(tSC, "crew.manning", "crew.coc"), derived("manning", "CheckManning")),
		law("4.4.18f", "Form-18 (f): Ch. VIII navigation safety and signals not complied with", f18, asks(tSC, "ops.navigation_safety")),
		law("4.4.18g", "Form-18 (g): contravention of Ch. X (wreck and salvage)", f18, asks(tSC, "ops.wreck_salvage")),
		law("4.4.18h", "Form-18 (h): Ch. XII insurance not complied with", f18, asks(tSC, "doc.insurance_on_board"), derived("registry", "insurance validity")),
		law("4.4.18i", "Form-18 (i): dangerous or prohibited goods contrary to IV Act s.81", f18, asks(tSC, "ops.no_dangerous_goods")),
		law("4.4.r13", "Suspension notice not complied with: CoS cancelled, Form-18 challan served (pay and rectify within 15 days)", "Karnataka 2025, r.13; Sch-I Form-18",
			derived("evaluation", "rules/rectification.go proposes the r.13 sanction on an overdue rectification")),
		law("4.4.orders", "Detention order, release order, challan", "Karnataka 2025, Sch-IX Annex-1, Annex-2, Form-18",
			derived("supervisor", "supervisor decisions (docs/REVIEW.md), not a checklist")),
	}
}

func lawItems45() []LawItem {
	an := "Karnataka 2025, Sch-I Annex to Form-2"
	a := func(id, text string, items ...string) LawItem {
		return law("4.5."+id, text, an, asks(tAnnex, items...))
	}
	return []LawItem{
		law("4.5.H", "Header: vessel, type, category, passengers, official number, hull, builder, build, propulsion, BHP, engine date, dimensions, GRT, NRT", an,
			derived("registry", "the inspection's vessel particulars")),
		a("F1", "Fire fighting plan", "fire.plan"), a("F2", "Fire pumps (mech)", "fire.pump_mech"), a("F3", "Fire pumps (hand)", "fire.pump_hand"),
		a("F4", "Portable extinguishers", "fire.extinguishers"), a("F5", "Fixed extinguishing system", "fire.fixed_system"), a("F6", "Fire buckets", "fire.buckets"),
		a("F7", "Sand boxes", "fire.sand_boxes"), a("F8", "Hydrants", "fire.hydrants"), a("F9", "Hoses, fittings and nozzles", "fire.hose_fittings"),
		a("E1", "Anchors", "equip.anchors"), a("E2", "Anchor cables or chains", "equip.anchors"), a("E3", "Bilge pumps", "equip.bilge_pumps"),
		a("E4", "Winches", "equip.winches"), a("E5", "Cranes", "equip.cranes"), a("E6", "Derricks", "equip.derricks"), a("E7", "Towing equipment", "equip.towing"),
		a("E8", "Ropes and lines", "equip.ropes"), a("E9", "Collision mat", "equip.collision_mat"), a("E10", "Gangway", "equip.gangway"), a("E11", "Fenders", "equip.fenders"),
		a("E12", "Boat hook", "equip.boat_hook"), a("E13", "First aid kit", "equip.first_aid"), a("E14", "Binoculars", "equip.binoculars"),
		a("E15", "Waste containers", "equip.waste_containers"), a("E16", "Heaving line", "equip.heaving_line_only"), a("E17", "Axe", "equip.axe"), a("E18", "Torch", "equip.torch"),
		a("N1", "Navigation lights", "nav.lights"), a("N2", "Sound signals", "nav.sound"), a("N3", "Shapes", "nav.shapes"), a("N4", "Magnetic compass", "nav.compass"),
		a("N5", "Class B AIS", "nav.ais"), a("N6", "Communication equipment", "nav.comms"), a("N7", "Nautical publications", "nav.publications"),
		law("4.5.P1", "Passenger distribution: deck or space → maximum number of passengers (maximum loaded condition)", an, asks(tAnnex, "pax.distribution")),
		law("4.5.B1", "Freeboard: minimum freeboard, number of passengers, cargo (tonnes)", an, asks(tAnnex, "freeboard.marked", "freeboard.loaded"),
			derived("passengers carried", "persons and cargo counted at start")),
		a("L1", "Lifejackets", "lsa.lifejackets"), a("L2", "Life rafts", "lsa.liferafts"), a("L3", "Launching arrangements", "lsa.launching"),
		a("L4", "Flotation devices", "lsa.flotation"), a("L5", "Lifebuoys", "lsa.lifebuoys"), a("L6", "Flares – parachute", "lsa.flares_parachute"),
		a("L7", "Flares – hand-held", "lsa.flares"), a("L8", "Smoke signals", "lsa.smoke"), a("L9", "Life raft equipment", "lsa.raft_equipment"),
		a("L10", "Emergency communications", "lsa.emergency_comms"),
		law("4.5.L-cond", "Life-saving group: type or condition of each appliance (the template asks maintained and ready, r.49)", an+"; r.49", asks(tAnnex, "lsa.general")),
		a("M1", "Main machinery", "mach.main"), a("M2", "Main generator", "mach.main_generator"), a("M3", "Emergency generator", "mach.emergency_generator"),
		a("M4", "Main steering gear", "mach.steering"), a("M5", "Auxiliary steering gear", "mach.steering"), a("M6", "Switchboard", "mach.switchboard"),
		a("M7", "Shore connection", "mach.shore_connection"), a("M8", "Batteries", "mach.batteries_in_order"), a("M9", "Signal light switches", "mach.signal_switches"),
		a("A1", "Escape routes", "acc.escape_routes"), a("A2", "Washrooms", "acc.washrooms"), a("A3", "Toilets", "acc.toilets"), a("A4", "Galley", "acc.galley"),
		a("A5", "Mess room", "acc.mess"), a("A6", "Water tanks", "acc.water_tanks"), a("A7", "Heating/cooling/ventilation", "acc.ventilation"),
		a("A8", "Berth or locker", "acc.berths"), a("A9", "Access to accommodation", "acc.access"), a("A10", "Lighting", "acc.lighting"),
		a("A11", "Machinery guards", "acc.machinery_guards"), a("A12", "Guard rails", "acc.guard_rails_in_order"), a("A13", "Non-slip surfaces", "acc.non_slip_surfaces"),
		a("A14", "Ladders or companionways", "acc.ladders"), a("A15", "Noise insulation/protection/notices", "acc.noise"),
		a("A16", "Foam flotation material: density", "acc.foam_density"),
	}
}

func lawItems46to48() []LawItem {
	cos := "Karnataka 2025, Sch-I Form-4A/4B"
	return []LawItem{
		law("4.6.zone", "Zone of operation; plying limits", cos, asks(tSC, "ops.within_zone")),
		law("4.6.freeboard", "Freeboard assigned (mm)", cos, derived("registry", "the vessel's assigned freeboard and the freeboard formula (rules.Freeboard)")),
		law("4.6.marks", "Loading marks placed on the vessel's side", cos, asks(tNM, "nm.freeboard_mark", "nm.load_line")),
		law("4.6.crew", "Master and engineer or engine driver with CoC grade, number, place", cos, derived("manning", "crew on board and their certificates")),
		law("4.6.max", "Maximum permissible cargo and/or passengers with crew", cos, derived("passengers carried", "persons and cargo counted at start")),
		law("4.6.equipment", "Safety equipment: boats, buoyant apparatus or life rafts, lifebuoys, lifejackets, extinguishers, anchors", cos,
			asks(tB, "pic.equipment_in_cor")),
		law("4.7.form5", "Form-5 Official Log Book maintained", "Karnataka 2025, r.14", asks(tSC, "doc.log_book")),
		law("4.7.reports", "Sch-XI accident report, Form-17 wreck report, TRMNL waste reception forms", "Karnataka 2025, Sch-XI, r.77, Sch-XIII, Sch-XIV",
			notApplicable("reports filed after an event, not items of an inspection")),
		law("4.8.A", "Paradip Form A licence: period, passengers, cargo, crew", "Paradip 1967, r.4(2)",
			derived("registry", "the licence in force and its licensed numbers")),
		law("4.8.A-weather", "Paradip Form A: each capacity separately for fine and rough weather", "Paradip 1967, r.4(2)",
			asks(tPd, "pd.crew_as_licensed", "pd.rough_weather_passengers", "pd.rough_weather_cargo"),
			derived("passengers carried", "the registry holds the licence's fine-weather numbers; persons and cargo counted at start are checked against them")),
		law("4.8.B", "Paradip Form B register of tindals", "Paradip 1967, r.10", asks(tPd, "pd.tindal_in_register")),
	}
}

func lawItems49() []LawItem {
	s6 := func(p string) string { return "Karnataka 2025, Sch-VI " + p }
	sb := func(p string) string { return "Karnataka 2025, Sch-VI Section B " + p }
	r := func(p string) string { return "Karnataka 2025, " + p }
	pd := func(p string) string { return "Paradip 1967, " + p }
	return []LawItem{
		// 4.9.1 Zone 1 (r.46)
		law("4.9.1.a", "VHF radio", r("r.46(a)"), asks(tZ1, "z1.vhf"), asks(tAnnex, "nav.comms")),
		law("4.9.1.b", "Class B AIS with display", r("r.46(b)"), asks(tZ1, "z1.ais")),
		law("4.9.1.c", "GPS navigator", r("r.46(c)"), asks(tZ1, "z1.gps")),
		law("4.9.1.d1", "Binocular", r("r.46(d)"), asks(tZ1, "z1.binocular")),
		law("4.9.1.d2", "Aldis lamp or searchlight", r("r.46(d)"), asks(tZ1, "z1.searchlight")),
		law("4.9.1.d3", "Rudder angle indicator", r("r.46(d)"), asks(tZ1, "z1.rudder_indicator")),
		law("4.9.1.z23", "Zones 2 and 3: as decided by the DA from time to time", r("r.47"), notApplicable("no list in the law to check against")),
		// 4.9.2 Section A, Category C
		law("4.9.2.bulkheads", "At least 3 watertight bulkheads", s6("1.3.2"), asks(tA, "a.bulkheads")),
		law("4.9.2.hatches", "Decked vessels: minimum two deck hatches", s6("1.3.3"), asks(tA, "a.deck_hatches")),
		law("4.9.2.freeboard", "Assigned freeboard ≥ 150 mm cargo, ≥ 300 mm passenger", s6("1.4.2"), asks(tA, "a.freeboard")),
		law("4.9.2.cargo_coaming", "Cargo hatch coaming ≥ 300 mm Zones 1 & 2, ≥ 200 mm Zone 3", s6("1.5.1"), asks(tA, "a.cargo_coaming")),
		law("4.9.2.vent_coaming", "Hatch/ventilator coaming above the load waterline, with or without weathertight closing, by zone", s6("1.5.2"), asks(tA, "a.vent_coaming")),
		law("4.9.2.rails", "Guard rail / bulwark ≥ 900 mm", s6("1.7"), asks(tA, "a.guard_rails")),
		law("4.9.2.floor", "Passenger areas: floor with fittings flush (Sch-VI 1.8; not in docs/LAW.md's table)", s6("1.8"), asks(tA, "a.floor")),
		law("4.9.2.scuttles", "Side scuttles below deck non-opening", s6("1.3.1"), asks(tA, "a.hull_openings")),
		law("4.9.2.inclination", "Machinery operates at list 10°, trim 5°", s6("2.1.3"), asks(tA, "a.machinery_inclination")),
		law("4.9.2.fuel", "Petrol tank not integral to the hull (< 5 hp integrated tank accepted)", s6("2.2"), asks(tA, "a.fuel_tank")),
		law("4.9.2.batteries", "Sole-means starting batteries duplicated with change-over switch", s6("2.6.2"), asks(tA, "a.batteries")),
		law("4.9.2.bilge", "Bilge pumping per compartment and deck type", s6("2.7"), asks(tA, "a.bilge")),
		law("4.9.2.speed", "Minimum 15 km/h in calm water", s6("2.8.1"), asks(tA, "a.speed")),
		law("4.9.2.steering", "Steering gear; independent secondary means; rudder rates (3° per turn, 4°/s, 35°–35°)", s6("2.8"), asks(tA, "a.steering")),
		law("4.9.2.anchor", "Anchor at least kedge type", s6("2.11"), asks(tA, "a.anchor")),
		law("4.9.2.towline", "Towline ≥ anchor cable length and diameter", s6("2.12"), asks(tA, "a.towline")),
		law("4.9.2.electrical", "Short-circuit protection ≥ 2× rated motor current; flame-retardant cables", s6("2.13-2.14"), asks(tA, "a.electrical")),
		law("4.9.2.liferafts", "Liferafts or buoyant apparatus for 110 % of capacity", s6("3.3"), asks(tA, "a.liferafts")),
		law("4.9.2.lifebuoys", "…replaceable by equivalent lifebuoys, with 30 m buoyant lines", s6("3.3"), asks(tA, "a.lifebuoys")),
		law("4.9.2.whistle", "1 whistle", s6("3.4"), asks(tA, "a.whistle")),
		law("4.9.2.first_aid", "1 waterproof first-aid kit", s6("3.5"), asks(tA, "a.first_aid")),
		law("4.9.2.flare", "1 red hand flare", s6("3.6"), asks(tA, "a.flare")),
		law("4.9.2.paddle", "1 buoyant paddle", s6("3.7"), asks(tA, "a.paddle")),
		law("4.9.2.torch", "1 waterproof torch or searchlight", s6("3.8"), asks(tA, "a.torch")),
		law("4.9.2.lifejackets", "Lifejackets 110 % of capacity incl. children and infants", s6("3.9"), asks(tA, "a.lifejackets")),
		law("4.9.2.retro", "Retro-reflective material", s6("3.2"), asks(tA, "a.retro")),
		law("4.9.2.fire_pump", "Length > 6 m: fire pump, or hand pump with overboard suction", s6("4.2"), asks(tA, "a.fire_pump")),
		law("4.9.2.extinguisher", "1 portable extinguisher", s6("4.3"), asks(tA, "a.extinguisher")),
		law("4.9.2.bucket", "≥ 1 fire bucket with lanyard", s6("4.4"), asks(tA, "a.fire_bucket")),
		law("4.9.2.sandbox", "≥ 1 sandbox with scoop, ≥ 0.050 m³", s6("4.5"), asks(tA, "a.sand_box")),
		law("4.9.2.compass", "Adjusted magnetic compass", s6("5.2"), asks(tA, "a.compass")),
		law("4.9.2.light", "Combined navigation light or white mast light", s6("5.3"), asks(tA, "a.nav_light")),
		law("4.9.2.mobile", "≥ 1 crew with mobile phone", s6("5.4"), asks(tA, "a.mobile")),
		law("4.9.2.sound", "Sound signal", s6("5.5"), asks(tA, "a.sound")),
		law("4.9.2.fog", "Vessels < 10 m must not put to sea in fog", s6("5.6"), asks(tA, "a.no_fog")),
		law("4.9.2.torch_hook_line", "Vessels > 6 m: torch, boat hook, heaving line ≥ 10 m", s6("5.6"), asks(tA, "a.torch_hook_line")),
		law("4.9.2.gm", "GM ≥ 0.35 at full load", s6("6.5.1"), asks(tA, "a.stability")),
		law("4.9.2.heel", "GM ≥ 0.00 overloaded; heel test 10° ± 1° and return", s6("6.5-6.8"), asks(tA, "a.heel_test")),
		law("4.9.2.buoyancy", "110 % flotation / reserve buoyancy", s6("6.9"), asks(tA, "a.buoyancy")),
		law("4.9.2.density", "Buoyant material density < 0.35 t/m³", s6("6.9"), asks(tA, "a.buoyant_density")),
		// 4.9.3 Section B, non-mechanised
		law("4.9.3.freeboard", "Assigned freeboard ≥ 150 mm cargo / ≥ 300 mm passenger", sb("1(d)(ii)"), asks(tB, "b.freeboard")),
		law("4.9.3.coamings", "Hull openings, hatches and coamings as Section A", sb("1(a)(iii), 1(c), 1(e)"), asks(tB, "b.coamings")),
		law("4.9.3.rails", "Guard rails 900 mm", sb("1.7"), asks(tB, "b.guard_rails")),
		law("4.9.3.floor", "Flush floor in contrasting colour with anti-skid material", sb("1.8"), asks(tB, "b.floor")),
		law("4.9.3.paddle_wheel", "Paddle wheels maintained and greased with frictional material", sb("2.2"), asks(tB, "b.paddle_wheel")),
		law("4.9.3.bilge", "≥ 1 hand pump or bailer or bucket; bailing to the Boat Surveyor's satisfaction", sb("2.3")+"; r.122, r.109(1)(d)", asks(tB, "b.bilge")),
		law("4.9.3.steering", "Reliable steering; Cat C hand tiller acceptable", sb("2.4"), asks(tB, "b.steering")),
		law("4.9.3.anchor", "Kedge anchor; if rope, ≥ 10 m chain, rope ≥ 32 mm", sb("2.6"), asks(tB, "b.anchor")),
		law("4.9.3.towline", "Towline ≥ anchor cable", sb("2.7"), asks(tB, "b.towline")),
		law("4.9.3.liferafts", "Liferaft/buoyant apparatus 110 %, or lifebuoys with 30 m line", sb("3.3"), asks(tB, "b.liferafts")),
		law("4.9.3.whistle", "1 whistle", sb("3.4"), asks(tB, "b.whistle")),
		law("4.9.3.first_aid", "1 waterproof first-aid kit", sb("3.5"), asks(tB, "b.first_aid")),
		law("4.9.3.flare", "1 red hand flare", sb("3.6"), asks(tB, "b.flare")),
		law("4.9.3.paddles", "2 buoyant paddles", sb("3.7"), asks(tB, "b.paddles")),
		law("4.9.3.torch", "1 torch/searchlight", sb("3.8"), asks(tB, "b.torch")),
		law("4.9.3.lifejackets", "Lifejackets 110 %", sb("3.9"), asks(tB, "b.lifejackets")),
		law("4.9.3.retro", "Retro-reflective material on life-saving appliances", sb("3.2"), asks(tB, "b.retro")),
		law("4.9.3.hand_pump", "≥ 1 hand pump with overboard suction", sb("Chapter 4"), asks(tB, "b.hand_pump")),
		law("4.9.3.bucket", "≥ 1 fire bucket with lanyard", sb("Chapter 4"), asks(tB, "b.fire_bucket")),
		law("4.9.3.compass", "Compass (adjusted or with deviation card)", sb("5.2"), asks(tB, "b.compass")),
		law("4.9.3.night", "Means to show presence at night", sb("5.3"), asks(tB, "b.night_presence")),
		law("4.9.3.mobile", "Mobile phone", sb("5.4"), asks(tB, "b.mobile")),
		law("4.9.3.sound", "Sound signal (< 10 m: other efficient means with DA approval)", sb("5.5"), asks(tB, "b.sound")),
		law("4.9.3.fog", "Must not ply in fog", sb("5.6"), asks(tB, "b.no_fog")),
		law("4.9.3.torch_hook_line", "Torch, boat hook, heaving line ≥ 10 m (every boat)", sb("5.6"), asks(tB, "b.torch_hook_line")),
		law("4.9.3.stability", "GM ≥ 0.35 (full) / ≥ 0.00 (overloaded), heel 10° ± 1°", sb("6.5"), asks(tB, "b.stability", "b.heel_test")),
		law("4.9.3.buoyancy", "110 % buoyancy", sb("6.9"), asks(tB, "b.buoyancy")),
		law("4.9.3.battery", "Short-circuit protection per pole next to the battery compartment", sb("2.2"), asks(tB, "b.battery_protection")),
		law("4.9.3.cables", "Flame-retardant cables", sb("2.9.1"), asks(tB, "b.cables")),
		law("4.9.3.electrical_alt", "Electrical alternatives: < 50 V per ISO 10133/13297/25197, > 50 V per HSC rules", sb("2.8.4-2.8.6"),
			notApplicable("alternative standards a surveyor accepts, not a requirement to check")),
		law("4.9.3.caboose", "Caboose or fire place suitably placed", r("r.109(1)(f)"), asks(tB, "b.caboose")),
		law("4.9.3.oily_waste", "Holding tank or equivalent for oil/oily waste", r("r.145(8)(b)"), asks(tB, "pol.oily_waste")),
		law("4.9.3.bio_digester", "Bio-digester where sewage is generated", r("r.145(8)(c)"), asks(tB, "pol.bio_digester")),
		law("4.9.3.placards", "Category A and B boats display garbage placards", r("r.145(7)(b)"), asks(tB, "pol.placards")),
		law("4.9.3.oil_records", "Oil discharge records and receipts kept ≥ 3 months", r("r.145(8)(a)"), asks(tB, "pol.oil_records")),
		law("4.9.3.antifouling", "No harmful organic antifouling", r("r.145(9)"), asks(tB, "pol.antifouling")),
		law("4.9.3.garbage", "Garbage retained on board for shore reception", r("r.145(7)(a)"), asks(tB, "pol.garbage_retention")),
		law("4.9.3.sewage", "No untreated sewage discharged", r("r.145(8)(d)"), asks(tB, "pol.no_raw_sewage")),
		law("4.9.3.waste_record", "Record of garbage, oil residue and sewage removed", r("r.145(10)"), asks(tB, "pol.waste_record")),
		law("4.9.3.endorsed", "Pollution arrangements endorsed on the survey certificate", r("r.145(11)"), asks(tB, "pol.endorsed")),
		// 4.9.4 person-in-charge (r.126), marking and boards
		law("4.9.4.1", "Crew as required", r("r.126(1)"), asks(tB, "pic.crew"), derived("manning", "CheckManning (r.124)")),
		law("4.9.4.2", "Boat dry and clean", r("r.126(2)"), asks(tB, "pic.dry_clean")),
		law("4.9.4.3", "Registration number clearly painted", r("r.126(3), r.103(2)"), asks(tB, "pic.registration_painted")),
		law("4.9.4.4", "CoR carried", r("r.126(4), r.114"), asks(tB, "pic.cor_carried")),
		law("4.9.4.5", "Equipment in the CoR provided and in good condition", r("r.126(5)"), asks(tB, "pic.equipment_in_cor")),
		law("4.9.4.6", "Load line (cargo boat) clearly marked", r("r.126(6), r.107(1)"), asks(tB, "pic.load_line"), asks(tNM, "nm.load_line")),
		law("4.9.4.7", "Not loaded to submerge the load line", r("r.126(7)"), asks(tB, "pic.not_submerged"), derived("cargo carried", "cargo counted at start")),
		law("4.9.4.8", "Passengers not above the registered number", r("r.126(8)"), asks(tB, "pic.passengers_within"), derived("passengers carried", "persons counted at start")),
		law("4.9.4.9", "Maximum passengers written prominently", r("r.126(9)"), asks(tB, "pic.max_passengers"), asks(tNM, "nm.max_passengers")),
		law("4.9.4.board", "Display board: number, place, last survey, maximum load or passengers, insurance — Hindi, Kannada and English", r("r.107(2)"),
			asks(tNM, "nm.board", "nm.board_languages")),
		law("4.9.4.number", "Place and number painted both sides, white on contrasting background, ≥ 15 cm × 2 cm, English letters", r("r.103(2)"), asks(tNM, "nm.registration_number")),
		law("4.9.4.mech_marking", "Mechanised: marking per Central rules, Kannada and Hindi or English, on the outer hull", r("r.20(1)-(2)"), asks(tMM, "mm.registration_affixed", "mm.language")),
		law("4.9.4.mech_board", "Mechanised: the same 5-item display board", r("r.20(3)"), asks(tMM, "mm.board")),
		law("4.9.4.capacity", "Capacity certified by the Surveyor displayed at embarkation and disembarkation", r("Sch-X (Permission and Operation)"),
			asks(tMM, "mm.capacity_embarkation"), asks(tNM, "nm.capacity_embarkation")),
		law("4.9.4.alteration", "No alteration of structure, machinery or equipment without permission", r("Sch-X (Permission and Operation)"),
			asks(tSC, "ops.no_unapproved_alteration"), asks(tB, "b.no_unpermitted_alteration")),
		law("4.9.4.permission", "Valid permission for operation (CEO KMB or District Magistrate)", r("Sch-X (Permission and Operation)"), asks(tSC, "doc.operating_permission")),
		law("5.1.6", "Official hull marking not tampered with (Sch-IV row 6, docs/LAW.md §5.1)", r("Sch-IV row 6"), asks(tMM, "mm.intact"), asks(tNM, "nm.intact")),
		// 4.9.5 special category
		law("4.9.5.wood", "Wood durability class 1 or 2; scantlings per ISO 12215-5 Cat C", r("Sch-V-2 A"), asks(tSCW, "sc.hull_material", "sc.timber_durability", "sc.scantlings")),
		law("4.9.5.bilge", "Fixed motor-driven bilge pump with non-return valves (~120 L/min at 10 m)", r("Sch-V-2 A"), asks(tSCW, "sc.bilge_pump")),
		law("4.9.5.cof", "Certificate of Fitness (special category)", r("r.98, r.99"), asks(tSC, "doc.special_category_cof"), derived("registry", "CoF synchronised with the CoS")),
		law("4.9.5.spl", "SPL suffix on special category vessels (r.98(3); not in docs/LAW.md §4)", r("r.98(3)"), asks(tMM, "mm.spl_suffix")),
		// 4.9.6 Paradip
		law("4.9.6.licence", "Licence on board with the tindal", pd("r.6(1)"), asks(tPd, "pd.licence_on_board"), derived("registry", "licence in force, ends 31 March")),
		law("4.9.6.rules", "Copy of the rules and directions on board, with the tindal's declaration (r.6(2); not in docs/LAW.md §4.9.6)", pd("r.6(2)"), asks(tPd, "pd.rules_on_board")),
		law("4.9.6.tindal", "Registered tindal, certificated per r.29", pd("r.10(3)"), asks(tPd, "pd.tindal_certificated"), derived("manning", "r.29 certificates")),
		law("4.9.6.number", "Number painted in English and Hindi ≥ 6 inches, bow and quarter", pd("r.7"), asks(tPd, "pd.number_painted")),
		law("4.9.6.crew", "Crew exactly as licensed for fine/rough weather", pd("r.13(1)"), asks(tPd, "pd.crew_as_licensed")),
		law("4.9.6.pax", "No excess passengers", pd("r.13(1)"), asks(tPd, "pd.passengers_within_licence"), derived("passengers carried", "persons counted at start")),
		law("4.9.6.cargo", "No excess cargo", pd("r.13(1)"), asks(tPd, "pd.cargo_within_licence"), derived("cargo carried", "cargo counted at start")),
		law("4.9.6.lifebuoys", "Life-buoys and buoyant apparatus stowed accessible", pd("r.13(2)"), asks(tPd, "pd.lifebuoys")),
		law("4.9.6.seating", "Passenger craft: seating, awnings and weather screens", pd("r.13(3)"), asks(tPd, "pd.seating")),
		law("4.9.6.limit", "Owner without the prescribed appliances: passengers limited and licence endorsed", pd("r.13(5)"),
			derived("registry", "the licensed number is the limit the passengers carried are checked against")),
		law("4.9.6.fire", "Motor boats: sand box and approved fire extinguisher", pd("r.30(1)"), asks(tPd, "pd.sand_box", "pd.extinguisher")),
		law("4.9.6.oil", "Kept free of oil refuse", pd("r.30(1)"), asks(tPd, "pd.oil_refuse")),
		law("4.9.6.silencer", "Efficient silencers on noisy engines", pd("r.30(2)"), asks(tPd, "pd.silencer")),
		law("4.9.6.animals", "Animals only on sand ballast/straw floor, without other cargo or passengers", pd("r.18"), asks(tPd, "pd.animals")),
		law("4.9.6.pax_cargo", "Passengers with cargo only in propelled craft", pd("r.18"), asks(tPd, "pd.passengers_cargo")),
		law("4.9.6.obstruction", "No obstruction of port traffic", pd("r.14"), asks(tPd, "pd.no_obstruction")),
		law("4.9.6.collision", "Collision regulations when under way", pd("r.15"), asks(tPd, "pd.collision_regs")),
		law("4.9.6.night", "No plying in the outer roads 6 P.M.–6 A.M. without permission", pd("r.17"), asks(tPd, "pd.night_outer_roads")),
		law("4.9.6.storm", "No plying in the outer roads while a storm signal is displayed", pd("r.17"), asks(tPd, "pd.storm_signal")),
		law("4.9.6.fishing_distance", "Cargo boat ship-to-shore keeps fishing boats ten yards off", pd("r.22(1)"), asks(tPd, "pd.fishing_distance")),
		law("4.9.6.fishing_alongside", "Fishing boat not alongside a vessel working cargo", pd("r.22(2)"), asks(tPd, "pd.fishing_alongside")),
		law("4.9.6.fares", "Hire within the sanctioned rate; no gratuity", pd("r.24"), asks(tPd, "pd.fares")),
		law("4.9.6.mooring", "No making fast to a buoy or vessel before it anchored or moored", pd("r.21"), asks(tPd, "pd.mooring")),
		law("4.9.6.landing", "Passengers and goods landed or shipped only at appointed places", pd("r.23"), asks(tPd, "pd.landing_places")),
		// Kandla 1955 (docs/LAW.md §3, manning; no §4 list)
		law("3.K1", "Motor boat: engineer or engine-driver, and a master if the engines propel, as the power requires (docs/LAW.md §3)", "Kandla 1955, s.31(2)",
			asks(tKd, "kd.officers_on_board", "kd.certificate_grades"), derived("manning", "CheckManning")),
	}
}
