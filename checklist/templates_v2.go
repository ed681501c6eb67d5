package checklist

import "github.com/tindal/tindal/rules"

// it builds an item that fails when answered "no", citing the rule it
// checks.
func it(id string, code rules.Code, group string, ref rules.Citation, text string) Item {
	return Item{ID: id, Code: code, FailWhen: rules.AnswerNo, Group: group, Ref: ref, Text: text}
}

// record builds an item that only records (no deficiency code).
func record(id, group string, ref rules.Citation, text string, fields ...string) Item {
	return Item{ID: id, Group: group, Ref: ref, Text: text, Record: fields}
}

// only narrows an item to some of the template's vessels.
func (i Item) only(f *Fit) Item { i.Only = f; return i }

// rec names what the form records besides the answer.
func (i Item) rec(fields []string) Item { i.Record = fields; return i }

// withRecord sets the record fields of every item of a group.
// mechanisedOnly narrows items a non-mechanised boat has no use for
// (machinery, electrical plant) to mechanised vessels.
func mechanisedOnly(items []Item) []Item {
	for k := range items {
		if items[k].Only == nil {
			items[k].Only = onlyMechanised
		}
	}
	return items
}

func withRecord(fields []string, items ...Item) []Item {
	for k := range items {
		items[k].Record = fields
	}
	return items
}

// templatesV2 are the versions that replace version 1 (every item
// against docs/LAW.md §4–§5), and the templates first issued with them.
func templatesV2() []Template {
	ka, pd, kd := rules.RegimeKarnataka2025, rules.RegimeParadip1967, rules.RegimeKandla1955
	return []Template{
		tplv("ka-form2-annex", 2, ka, "Record of Equipment and Vessel Information (Annex to Form-2)", "Karnataka 2025, Sch-I, Annex to Form-2; docs/LAW.md §4.5", form2AnnexV2()...),
		tplv("ka-state-control", 2, ka, "State Control Inspection: documents (Form A, Form B, Form-18)", "Karnataka 2025, Sch-IX Forms A and B, Form-18; docs/LAW.md §4.3-§4.4", stateControlV2()...),
		tpl("ka-marking-mechanised", ka, "Marking and display board, mechanised vessel (r.20)", "Karnataka 2025, r.20, r.98(3), Form-18 (d); docs/LAW.md §4.9.4", markingMechanised()...),
		tpl("ka-marking-non-mechanised", ka, "Marking, load line and display board, non-mechanised boat (r.103, r.107, r.123, r.126)", "Karnataka 2025, r.103(2), r.107, r.123(5), r.126; docs/LAW.md §4.9.4, §8.2", markingNonMechanised()...),
		tplv("ka-sch6-cat-c", 2, ka, "Category C mechanised vessel (Sch-VI Section A)", "Karnataka 2025, Sch-VI Section A; docs/LAW.md §4.9.2", schedule6AV2()...),
		tplv("ka-sch6-non-mechanised", 2, ka, "Non-mechanised boat (Sch-VI Section B, r.126, r.145)", "Karnataka 2025, Sch-VI Section B, r.109, r.126, r.145; docs/LAW.md §4.9.3-4.9.4", schedule6BV2()...),
		tplv("paradip-harbour-craft", 2, pd, "Paradip harbour craft conditions", "Paradip 1967, r.6, r.7, r.10, r.13-r.24, r.30; docs/LAW.md §4.9.6", paradipV2()...),
		tpl("kandla-motor-boat", kd, "Kandla motor boat: certificated officers (s.31(2))", "Kandla 1955, s.31(2); docs/LAW.md §7.1", kandla()...),
	}
}

func form2AnnexV2() []Item {
	const annex = "Karnataka 2025, Sch-I Annex to Form-2"
	fire := withRecord(
		recordEquipment,
		it("fire.plan", rules.CodeFFANotMaintained, "Fire fighting", annex, "Fire fighting plan available"),
		it("fire.pump_mech", rules.CodeFirePumpMissing, "Fire fighting", annex, "Mechanical fire pump fitted and working").only(onlyMechanised),
		it("fire.pump_hand", rules.CodeFirePumpMissing, "Fire fighting", annex, "Hand fire pump fitted and working"),
		it("fire.extinguishers", rules.CodeExtinguisherMissing, "Fire fighting", annex, "Portable extinguishers present, charged and in date"),
		it("fire.fixed_system", rules.CodeFFANotMaintained, "Fire fighting", annex, "Fixed extinguishing system in order").only(onlyMechanised),
		it("fire.buckets", rules.CodeFireBucketMissing, "Fire fighting", annex, "Fire buckets present"),
		it("fire.sand_boxes", rules.CodeSandBoxMissing, "Fire fighting", annex, "Sand boxes with scoop present"),
		it("fire.hydrants", rules.CodeFFANotMaintained, "Fire fighting", annex, "Hydrants in order").only(onlyMechanised),
		it("fire.hose_fittings", rules.CodeFFANotMaintained, "Fire fighting", annex, "Hoses, fittings and nozzles in order"),
	)
	equip := withRecord(
		recordEquipment,
		it("equip.anchors", rules.CodeGroundTackle, "Equipment", annex, "Anchors and cables or chains serviceable"),
		it("equip.bilge_pumps", rules.CodeBilgePumping, "Equipment", annex, "Bilge pumps working"),
		it("equip.winches", rules.CodeDeckEquipment, "Equipment", annex, "Winches in order"),
		it("equip.cranes", rules.CodeDeckEquipment, "Equipment", annex, "Cranes in order"),
		it("equip.derricks", rules.CodeDeckEquipment, "Equipment", annex, "Derricks in order"),
		it("equip.towing", rules.CodeTowline, "Equipment", annex, "Towing equipment and lines present"),
		it("equip.ropes", rules.CodeDeckEquipment, "Equipment", annex, "Ropes and lines in order"),
		it("equip.collision_mat", rules.CodeDeckEquipment, "Equipment", annex, "Collision mat present"),
		it("equip.gangway", rules.CodeDeckEquipment, "Equipment", annex, "Gangway in order"),
		it("equip.fenders", rules.CodeDeckEquipment, "Equipment", annex, "Fenders present"),
		it("equip.boat_hook", rules.CodeTorchHookLineMissing, "Equipment", annex, "Boat hook present"),
		it("equip.first_aid", rules.CodeFirstAidKitMissing, "Equipment", annex, "First aid kit present"),
		it("equip.binoculars", rules.CodeBinocularMissing, "Equipment", "Karnataka 2025, r.46(d)", "Binoculars present").only(onlyZone1),
		it("equip.waste_containers", rules.CodeDeckEquipment, "Equipment", annex, "Waste containers present"),
		it("equip.heaving_line_only", rules.CodeTorchHookLineMissing, "Equipment", annex, "Heaving line present"),
		it("equip.axe", rules.CodeDeckEquipment, "Equipment", annex, "Axe present"),
		it("equip.torch", rules.CodeTorchHookLineMissing, "Equipment", annex, "Torch present"),
	)
	nav := withRecord(
		recordEquipment,
		it("nav.lights", rules.CodeNavLightsMissing, "Navigation", annex, "Navigation lights working"),
		it("nav.sound", rules.CodeSoundSignalMissing, "Navigation", annex, "Sound signals working"),
		it("nav.shapes", rules.CodeNavigationEquipment, "Navigation", annex, "Shapes carried"),
		it("nav.compass", rules.CodeCompassMissing, "Navigation", annex, "Magnetic compass adjusted"),
		it("nav.ais", rules.CodeAISMissing, "Navigation", "Karnataka 2025, r.46(b)", "Class B AIS fitted").only(onlyZone1),
		it("nav.comms", rules.CodeVHFMissing, "Navigation", "Karnataka 2025, r.46(a)", "Communication equipment working").only(onlyZone1),
		it("nav.publications", rules.CodeNavigationEquipment, "Navigation", annex, "Nautical publications carried"),
	)
	lsa := withRecord(
		recordEquipment,
		it("lsa.lifejackets", rules.CodeLifejacketsInsufficient, "Life-saving", annex, "Lifejackets for 110 % of capacity"),
		it("lsa.liferafts", rules.CodeLiferaftsInsufficient, "Life-saving", annex, "Life rafts or buoyant apparatus for 110 % of capacity"),
		it("lsa.launching", rules.CodeLSANotMaintained, "Life-saving", annex, "Launching arrangements in order"),
		it("lsa.flotation", rules.CodeLSANotMaintained, "Life-saving", annex, "Flotation devices in order"),
		it("lsa.lifebuoys", rules.CodeLifebuoysInsufficient, "Life-saving", annex, "Lifebuoys present"),
		it("lsa.flares_parachute", rules.CodeLSANotMaintained, "Life-saving", annex, "Parachute flares in date"),
		it("lsa.flares", rules.CodeHandFlareMissing, "Life-saving", annex, "Hand-held flares in date"),
		it("lsa.smoke", rules.CodeLSANotMaintained, "Life-saving", annex, "Smoke signals in date"),
		it("lsa.raft_equipment", rules.CodeLSANotMaintained, "Life-saving", annex, "Life raft equipment complete"),
		it("lsa.emergency_comms", rules.CodeLSANotMaintained, "Life-saving", annex, "Emergency communications in order"),
		it("lsa.general", rules.CodeLSANotMaintained, "Life-saving", "Karnataka 2025, r.49", "Life-saving appliances maintained and ready for use"),
	)
	mach := mechanisedOnly(withRecord(
		recordMachinery,
		it("mach.main", rules.CodeMachineryNotInOrder, "Machinery/Electrical", annex, "Main machinery in order"),
		it("mach.main_generator", rules.CodeMachineryNotInOrder, "Machinery/Electrical", annex, "Main generator in order"),
		it("mach.emergency_generator", rules.CodeMachineryNotInOrder, "Machinery/Electrical", annex, "Emergency generator in order"),
		it("mach.steering", rules.CodeSteeringGear, "Machinery/Electrical", annex, "Main and auxiliary steering gear working"),
		it("mach.switchboard", rules.CodeElectricalProtection, "Machinery/Electrical", annex, "Switchboard and protection in order"),
		it("mach.shore_connection", rules.CodeMachineryNotInOrder, "Machinery/Electrical", annex, "Shore connection in order"),
		it("mach.batteries_in_order", rules.CodeBatteriesNotInOrder, "Machinery/Electrical", annex, "Batteries secured and in order"),
		it("mach.signal_switches", rules.CodeMachineryNotInOrder, "Machinery/Electrical", annex, "Signal light switches in order"),
	))
	acc := withRecord(
		recordCondition,
		it("acc.escape_routes", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Escape routes clear and marked"),
		it("acc.washrooms", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Washrooms in order"),
		it("acc.toilets", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Toilets in order"),
		it("acc.galley", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Galley in order"),
		it("acc.mess", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Mess room in order"),
		it("acc.water_tanks", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Water tanks in order"),
		it("acc.ventilation", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Heating, cooling and ventilation in order"),
		it("acc.berths", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Berths or lockers in order"),
		it("acc.access", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Access to accommodation safe"),
		it("acc.lighting", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Lighting in order"),
		it("acc.machinery_guards", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Machinery guards fitted"),
		it("acc.guard_rails_in_order", rules.CodeGuardRails, "Accommodation/Safety", annex, "Guard rails in order"),
		it("acc.non_slip_surfaces", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Non-slip surfaces in order"),
		it("acc.ladders", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Ladders or companionways safe"),
		it("acc.noise", rules.CodeAccommodationNotInOrder, "Accommodation/Safety", annex, "Noise insulation, protection and notices in order"),
		it("acc.foam_density", rules.CodeBuoyancyInsufficient, "Accommodation/Safety", "Karnataka 2025, Sch-VI 6.9", "Foam flotation material below 0.35 t/m³"),
	)
	other := []Item{
		record("pax.distribution", "Passenger distribution", annex, "Maximum passengers by deck or space (maximum loaded condition)", "deck_or_space", "maximum_passengers"),
		it("freeboard.marked", rules.CodeLoadLineNotMarked, "Freeboard", annex, "Load line or freeboard marks placed"),
		it("freeboard.loaded", rules.CodeLoadedFreeboardInsufficient, "Freeboard", "Karnataka 2025, Sch-IV row 5", "Loaded freeboard at least the assigned freeboard; marks not submerged").rec([]string{"minimum_freeboard_mm", "passengers", "cargo_tonnes"}),
	}
	var out []Item
	for _, g := range [][]Item{fire, equip, nav, lsa, mach, acc, other} {
		out = append(out, g...)
	}
	return out
}

func stateControlV2() []Item {
	return append(
		stateControl(),
		it("doc.insurance_on_board", rules.CodeInsuranceInvalid, "Documents", "Karnataka 2025, r.81, r.143", "Valid insurance (liability, passengers, crew) carried on board"),
		it("doc.pollution_cert_displayed", rules.CodePollutionCertInvalid, "Documents", "Karnataka 2025, r.52", "Pollution prevention certificate valid and displayed"),
		it("doc.harbour_craft_endorsed", rules.CodeHarbourCraftNotEndorsed, "Documents", "Karnataka 2025, r.15(1)", "Harbour craft (Karnataka Harbour Craft Rules, 1963): endorsed by the DA for this passage"),
		it("doc.special_category_cof", rules.CodeFitnessCertInvalid, "Documents", "Karnataka 2025, r.98", "Special category vessel: valid Certificate of Fitness"),
		record(
			"doc.out_of_state_case",
			"Documents",
			"Karnataka 2025, Sch-IX para 3",
			"Vessel registered in another State: given the opportunity to present its "+
				"case before detention for lacking this State's certificate",
			"state_of_registration",
			"case_presented",
		),
		it("ops.navigation_safety", rules.CodeNavigationSafetyChapter, "Operation", "Karnataka 2025, Form-18 (f)", "Navigation safety and signals (Act Ch. VIII) complied with"),
	)
}

func markingMechanised() []Item {
	return []Item{
		it("mm.registration_affixed", rules.CodeRegistrationNumberNotAffixed, "Marking", "Karnataka 2025, r.20(1), Form-18 (d)", "Registration number affixed on the hull as the Central registration rules require"),
		it("mm.language", rules.CodeHullMarkingLanguage, "Marking", "Karnataka 2025, r.20(2)", "Hull marking in Kannada and Hindi or English, visible to identify"),
		it("mm.intact", rules.CodeMarkingTampered, "Marking", "Karnataka 2025, Sch-IV row 6", "Official hull marking intact (not tampered with)"),
		it("mm.spl_suffix", rules.CodeSPLSuffixMissing, "Marking", "Karnataka 2025, r.98(3)", "SPL suffix shown (special category vessels)"),
		it("mm.board", rules.CodeDisplayBoardMissing, "Display board", "Karnataka 2025, r.20(3)", "Display board with number, place of registration, last survey, maximum load or passengers, insurance validity"),
		it("mm.capacity_embarkation", rules.CodeCapacityNotDisplayed, "Display board", "Karnataka 2025, Sch-X (Permission and Operation)", "Certified capacity displayed at embarkation and disembarkation"),
	}
}

func markingNonMechanised() []Item {
	return []Item{
		it(
			"nm.registration_number",
			rules.CodeRegistrationNumberNotMarked,
			"Marking",
			"Karnataka 2025, r.103(2)",
			"Place of registration and number painted on both sides, white on a "+
				"contrasting background, English letters at least 15 cm high and 2 cm broad",
		),
		it("nm.intact", rules.CodeMarkingTampered, "Marking", "Karnataka 2025, Sch-IV row 6", "Official hull marking intact (not tampered with)"),
		it("nm.load_line", rules.CodeLoadLineNotMarked, "Load line and freeboard", "Karnataka 2025, r.107(1)", "Boat over 10 registered tons: load line cut into the hull and painted white on a contrasting background"),
		it("nm.freeboard_mark", rules.CodeFreeboardMarkMissing, "Load line and freeboard", "Karnataka 2025, r.123(5)", "Freeboard mark 2.5 cm by 15 cm amidships on both sides"),
		it("nm.board", rules.CodeDisplayBoardMissing, "Display board", "Karnataka 2025, r.107(2)", "Display board with number, place of registration, last survey, maximum load or passengers, insurance validity"),
		it("nm.board_languages", rules.CodeDisplayBoardLanguages, "Display board", "Karnataka 2025, r.107(2)", "Display board in Hindi, Kannada and English"),
		it("nm.max_passengers", rules.CodeMaxPassengersNotDisplayed, "Display board", "Karnataka 2025, r.126(9)", "Maximum passengers written prominently"),
		it("nm.capacity_embarkation", rules.CodeCapacityNotDisplayed, "Display board", "Karnataka 2025, Sch-X (Permission and Operation)", "Certified capacity displayed at embarkation and disembarkation"),
	}
}

func schedule6AV2() []Item {
	return append(
		schedule6A(),
		it("a.hull_openings", rules.CodeHullOpeningsNotWatertight, "Structure", "Karnataka 2025, Sch-VI 1.3.1", "Hull openings watertight; side scuttles below deck non-opening"),
		it("a.cargo_coaming", rules.CodeWatertightIntegrity, "Structure", "Karnataka 2025, Sch-VI 1.5.1", "Cargo hatch coaming at least 300 mm (Zones 1, 2) or 200 mm (Zone 3) above deck"),
		it("a.vent_coaming", rules.CodeWatertightIntegrity, "Structure", "Karnataka 2025, Sch-VI 1.5.2", "Hatch and ventilator coamings above the load waterline as the zone requires"),
		it("a.floor", rules.CodeFloorFittingsNotFlush, "Structure", "Karnataka 2025, Sch-VI 1.8", "Passenger areas: floor with fittings flush, raised areas highlighted"),
		it("a.lifebuoys", rules.CodeLifebuoysInsufficient, "LSA", "Karnataka 2025, Sch-VI 3.3", "Lifebuoys replacing buoyant apparatus: equivalent capacity, 30 m buoyant lines"),
		it("a.no_fog", rules.CodePlyingInFog, "Navigation", "Karnataka 2025, Sch-VI 5.6", "Vessel under 10 m not put out in fog"),
		it("a.heel_test", rules.CodeStabilityInfoMissing, "Stability", "Karnataka 2025, Sch-VI 6.5-6.8", "Heel test to 10° ± 1° and return recorded; GM at least 0.00 overloaded"),
		it("a.buoyant_density", rules.CodeBuoyancyInsufficient, "Stability", "Karnataka 2025, Sch-VI 6.9", "Buoyant material below 0.35 t/m³ and protected"),
	)
}

func schedule6BV2() []Item {
	items := schedule6B()
	for k := range items {
		if items[k].ID == "pol.placards" {
			items[k].Only = onlyCategoryAB
		}
	}
	return append(
		items,
		it("b.retro", rules.CodeRetroReflectiveMissing, "LSA", "Karnataka 2025, Sch-VI Section B 3.2", "Retro-reflective material on life-saving appliances"),
		it("b.no_fog", rules.CodePlyingInFog, "Navigation", "Karnataka 2025, Sch-VI Section B 5.6", "Not plying in fog; returns to shore when visibility falls"),
		it("b.coamings", rules.CodeWatertightIntegrity, "Structure", "Karnataka 2025, Sch-VI Section B", "Hull openings, hatches and coamings watertight as Section A"),
		it("b.paddle_wheel", rules.CodePaddleWheelNotMaintained, "Equipment", "Karnataka 2025, Sch-VI Section B 2.2", "Paddle wheel maintained, greased, with frictional material"),
		it("b.battery_protection", rules.CodeElectricalProtection, "Equipment", "Karnataka 2025, Sch-VI Section B 2.2", "Battery short-circuit protection per pole next to the battery compartment"),
		it("b.cables", rules.CodeElectricalProtection, "Equipment", "Karnataka 2025, Sch-VI Section B 2.9.1", "Cables and wiring flame-retardant"),
		it("pic.crew", rules.CodeManningShortfall, "Person in charge (r.126)", "Karnataka 2025, r.126(1)", "Crew as required (r.124)"),
		it("pic.equipment_in_cor", rules.CodeCoREquipmentMissing, "Person in charge (r.126)", "Karnataka 2025, r.126(5)", "Equipment specified in the Certificate of Registration provided and in good condition"),
		it("pic.not_submerged", rules.CodeLoadedFreeboardInsufficient, "Person in charge (r.126)", "Karnataka 2025, r.126(7)", "Cargo boat not loaded so as to submerge the load water line"),
		it("pic.passengers_within", rules.CodeOverloadPassengers, "Person in charge (r.126)", "Karnataka 2025, r.126(8)", "Passengers within the registered number"),
		it("pol.garbage_retention", rules.CodeGarbageRetentionMissing, "Pollution (r.145)", "Karnataka 2025, r.145(7)(a)", "Garbage retained on board for shore reception"),
		it("pol.no_raw_sewage", rules.CodeUntreatedSewage, "Pollution (r.145)", "Karnataka 2025, r.145(8)(d)", "No untreated sewage discharged"),
		it("pol.waste_record", rules.CodeWasteRecordNotKept, "Pollution (r.145)", "Karnataka 2025, r.145(10)", "Boat in-Charge keeps a record of garbage, oil residue and sewage removed"),
		it("pol.endorsed", rules.CodePollutionNotEndorsed, "Pollution (r.145)", "Karnataka 2025, r.145(11)", "Pollution arrangements endorsed on the survey certificate"),
	)
}

func paradipV2() []Item {
	return []Item{
		it("pd.licence_on_board", rules.CodeLicenceNotOnBoard, "Licence", "Paradip 1967, r.6(1)", "Licence on board with the tindal (r.6)"),
		it("pd.rules_on_board", rules.CodeRulesCopyNotOnBoard, "Licence", "Paradip 1967, r.6(2)", "Copy of the rules and the Deputy Conservator's directions on board, with the tindal's declaration"),
		it("pd.tindal_certificated", rules.CodeCoCInvalid, "Crew", "Paradip 1967, r.10(3)", "Tindal a certificated officer qualified under r.29"),
		it("pd.tindal_in_register", rules.CodeTindalNotRegistered, "Crew", "Paradip 1967, r.10(1)", "Tindal entered in the register of tindals (Form B)"),
		it("pd.crew_as_licensed", rules.CodeCrewNotAsLicensed, "Crew", "Paradip 1967, r.13(1)", "Crew as licensed for the weather"),
		it("pd.number_painted", rules.CodeCraftNumberNotPainted, "Marking", "Paradip 1967, r.7", "Number painted in English and Hindi, at least 6 inches (r.7)"),
		it("pd.passengers_within_licence", rules.CodeParadipPassengersExcess, "Loading (r.13)", "Paradip 1967, r.13(1), r.19", "Passengers within the licensed number"),
		it("pd.cargo_within_licence", rules.CodeParadipCargoExcess, "Loading (r.13)", "Paradip 1967, r.13(1), r.19", "Cargo within the licensed quantity"),
		it("pd.lifebuoys", rules.CodeLifebuoysInsufficient, "Life-saving (r.13)", "Paradip 1967, r.13(2)", "Life-buoys of the approved number and type, and buoyant apparatus, stowed readily accessible"),
		it("pd.seating", rules.CodePassengerSeating, "Loading (r.13)", "Paradip 1967, r.13(3)", "Passenger craft: seating, awnings and weather screens"),
		it("pd.animals", rules.CodeAnimalsCarriage, "Loading (r.18)", "Paradip 1967, r.18", "Animals carried only as allowed"),
		it("pd.passengers_cargo", rules.CodePassengersWithCargo, "Loading (r.18)", "Paradip 1967, r.18", "Passengers with cargo only in propelled craft"),
		it("pd.sand_box", rules.CodeSandBoxMissing, "Motor boats (r.30)", "Paradip 1967, r.30(1)", "Sand box").only(onlyMotorBoats),
		it("pd.extinguisher", rules.CodeExtinguisherMissing, "Motor boats (r.30)", "Paradip 1967, r.30(1)", "Approved fire extinguisher").only(onlyMotorBoats),
		it("pd.oil_refuse", rules.CodeOilRefuse, "Motor boats (r.30)", "Paradip 1967, r.30(1)", "Free of oil refuse").only(onlyMotorBoats),
		it("pd.silencer", rules.CodeSilencerMissing, "Motor boats (r.30)", "Paradip 1967, r.30(2)", "Efficient silencer on a noisy engine").only(onlyMotorBoats),
		it("pd.no_obstruction", rules.CodeTrafficObstruction, "Conduct", "Paradip 1967, r.14", "Not obstructing port traffic"),
		it("pd.collision_regs", rules.CodeCollisionRegulations, "Conduct", "Paradip 1967, r.15", "Collision regulations observed under way"),
		it("pd.night_outer_roads", rules.CodeNightPlying, "Conduct", "Paradip 1967, r.17", "Not plying in the outer roads 6 P.M.–6 A.M. without permission"),
		it("pd.storm_signal", rules.CodeStormSignalPlying, "Conduct", "Paradip 1967, r.17", "Not plying in the outer roads while a storm signal is displayed"),
		it("pd.mooring", rules.CodePrematureMooring, "Conduct", "Paradip 1967, r.21", "Not made fast to a buoy or vessel before it anchored or moored"),
		it("pd.fishing_distance", rules.CodeFishingBoatTooClose, "Conduct", "Paradip 1967, r.22(1)", "Cargo boat plying ship to shore kept fishing boats ten yards off"),
		it("pd.fishing_alongside", rules.CodeFishingBoatAlongside, "Conduct", "Paradip 1967, r.22(2)", "Fishing boat not alongside a vessel working cargo"),
		it("pd.landing_places", rules.CodeUnappointedLanding, "Conduct", "Paradip 1967, r.23", "Passengers and goods landed or shipped only at appointed places"),
		it("pd.fares", rules.CodeFareExcess, "Conduct", "Paradip 1967, r.24", "Hire within the sanctioned rate; no gratuity demanded"),
	}
}

func kandla() []Item {
	return []Item{
		it("kd.officers_on_board", rules.CodeManningShortfall, "Certificated officers", "Kandla 1955, s.31(2)", "Engineer or engine-driver, and a master if the engines propel, on board as the engine power requires"),
		it("kd.certificate_grades", rules.CodeCoCInvalid, "Certificated officers", "Kandla 1955, s.31(2)", "Their certificates are of the grade the engine power requires"),
	}
}
