package checklist

import "github.com/tindal/tindal/rules"

// q builds an item that fails when answered "no" (the question is phrased
// so that "yes" means compliant).
func q(id string, code rules.Code, group, text string) Item {
	return Item{ID: id, Code: code, FailWhen: rules.AnswerNo, Group: group, Text: text}
}

// tpl builds version 1 of a template, fitting the vessels its key fits.
func tpl(key string, regime rules.Regime, title, source string, items ...Item) Template {
	return tplv(key, 1, regime, title, source, items...)
}

// tplv builds version v of a template.
func tplv(key string, v int, regime rules.Regime, title, source string, items ...Item) Template {
	return Template{
		ID:      TemplateID(key, v),
		Key:     key,
		Version: v,
		Regime:  regime,
		Title:   title,
		Source:  source,
		Fit:     templateFits[key],
		Items:   items,
	}
}

// builtinTemplates are every version of every checklist of docs/LAW.md §4.
func builtinTemplates() []Template {
	return append(append(templatesV1(), templatesV2()...), templatesV3()...)
}

// templatesV1 are the checklists as first issued. They are frozen: item ids
// are stable forever, and a changed question is a new item id in a new
// version (templates_v2.go), so inspections started with them keep them.
func templatesV1() []Template {
	ka, pd := rules.RegimeKarnataka2025, rules.RegimeParadip1967
	return []Template{
		tpl("ka-form2-annex", ka, "Record of Equipment and Vessel Information (Annex to Form-2)", "Karnataka 2025, Sch-I, Annex to Form-2; docs/LAW.md §4.5", form2Annex()...),
		tpl("ka-state-control", ka, "State Control Inspection: documents (Form A and Form B)", "Karnataka 2025, Sch-IX Forms A and B; docs/LAW.md §4.3", stateControl()...),
		tpl("ka-detention-criteria", ka, "Detention criteria (Sch-IX para 2.1 and 2.2)", "Karnataka 2025, Sch-IX para 2; docs/LAW.md §4.2", detentionCriteria()...),
		tpl("ka-display-board", ka, "Marking and display board (r.20, r.103, r.107)", "Karnataka 2025, r.20, r.103(2), r.107(2); docs/LAW.md §4.9.4", displayBoard()...),
		tpl("ka-zone1-equipment", ka, "Zone-1 mechanised vessel equipment (r.46)", "Karnataka 2025, r.46; docs/LAW.md §4.9.1", zone1()...),
		tpl("ka-sch6-cat-c", ka, "Category C mechanised vessel (Sch-VI Section A)", "Karnataka 2025, Sch-VI Section A; docs/LAW.md §4.9.2", schedule6A()...),
		tpl("ka-sch6-non-mechanised", ka, "Non-mechanised boat (Sch-VI Section B, r.126, r.145)", "Karnataka 2025, Sch-VI Section B, r.126, r.145; docs/LAW.md §4.9.3-4.9.4", schedule6B()...),
		tpl("paradip-harbour-craft", pd, "Paradip harbour craft conditions", "Paradip 1967, r.6, r.7, r.10, r.13-r.18, r.30; docs/LAW.md §4.9.6", paradip()...),
	}
}

func form2Annex() []Item {
	return []Item{
		q("fire.plan", rules.CodeFFANotMaintained, "Fire fighting", "Fire fighting plan available"),
		q("fire.pump_mech", rules.CodeFirePumpMissing, "Fire fighting", "Mechanical fire pump fitted and working"),
		q("fire.extinguishers", rules.CodeExtinguisherMissing, "Fire fighting", "Portable extinguishers present, charged and in date"),
		q("fire.fixed_system", rules.CodeFFANotMaintained, "Fire fighting", "Fixed extinguishing system in order"),
		q("fire.buckets", rules.CodeFireBucketMissing, "Fire fighting", "Fire buckets present"),
		q("fire.sand_boxes", rules.CodeSandBoxMissing, "Fire fighting", "Sand boxes with scoop present"),
		q("fire.hoses", rules.CodeFFANotMaintained, "Fire fighting", "Hydrants, hoses, fittings and nozzles in order"),
		q("equip.anchors", rules.CodeGroundTackle, "Equipment", "Anchors and cables or chains serviceable"),
		q("equip.bilge_pumps", rules.CodeBilgePumping, "Equipment", "Bilge pumps working"),
		q("equip.towing", rules.CodeTowline, "Equipment", "Towing equipment and lines present"),
		q("equip.first_aid", rules.CodeFirstAidKitMissing, "Equipment", "First aid kit present"),
		q("equip.binoculars", rules.CodeBinocularMissing, "Equipment", "Binoculars present"),
		q("equip.heaving_line", rules.CodeTorchHookLineMissing, "Equipment", "Heaving line, boat hook and torch present"),
		q("nav.lights", rules.CodeNavLightsMissing, "Navigation", "Navigation lights working"),
		q("nav.sound", rules.CodeSoundSignalMissing, "Navigation", "Sound signals working"),
		q("nav.compass", rules.CodeCompassMissing, "Navigation", "Magnetic compass adjusted"),
		q("nav.ais", rules.CodeAISMissing, "Navigation", "Class B AIS fitted"),
		q("nav.comms", rules.CodeVHFMissing, "Navigation", "Communication equipment working"),
		q("lsa.lifejackets", rules.CodeLifejacketsInsufficient, "Life-saving", "Lifejackets for 110 % of capacity"),
		q("lsa.liferafts", rules.CodeLiferaftsInsufficient, "Life-saving", "Life rafts or buoyant apparatus for 110 % of capacity"),
		q("lsa.lifebuoys", rules.CodeLifebuoysInsufficient, "Life-saving", "Lifebuoys present"),
		q("lsa.flares", rules.CodeHandFlareMissing, "Life-saving", "Hand-held flares in date"),
		q("lsa.general", rules.CodeLSANotMaintained, "Life-saving", "Life-saving appliances maintained and ready for use"),
		q("mach.steering", rules.CodeSteeringGear, "Machinery/Electrical", "Main and auxiliary steering gear working"),
		q("mach.batteries", rules.CodeStartingBatteries, "Machinery/Electrical", "Batteries secured and in order"),
		q("mach.switchboard", rules.CodeElectricalProtection, "Machinery/Electrical", "Switchboard and protection in order"),
		q("acc.guard_rails", rules.CodeGuardRails, "Accommodation/Safety", "Guard rails at least 900 mm"),
		q("acc.non_slip", rules.CodeDeckFloorNotAntiSkid, "Accommodation/Safety", "Non-slip surfaces"),
		q("freeboard.marked", rules.CodeLoadLineNotMarked, "Freeboard", "Load line or freeboard marks placed"),
		q("freeboard.sufficient", rules.CodeFreeboardInsufficient, "Freeboard", "Minimum freeboard kept"),
	}
}

func stateControl() []Item {
	return []Item{
		q("doc.cor_cos_on_board", rules.CodeCertificatesNotProduced, "Documents", "Certificates of Registration and Survey carried and produced"),
		q("doc.log_book", rules.CodeLogBookNotMaintained, "Documents", "Official log book (Form-5) maintained"),
		q("doc.operating_permission", rules.CodeOperatingPermissionMissing, "Documents", "Valid permission for operation"),
		q("doc.route_approval", rules.CodeRouteApprovalMissing, "Documents", "Route approved"),
		q("doc.inspection_report", rules.CodeInspectionReportNotKept, "Documents", "Last inspection report kept on board (two years)"),
		q("crew.manning", rules.CodeManningShortfall, "Crew", "Crew as required for safe manning"),
		q("crew.coc", rules.CodeCoCInvalid, "Crew", "Crew certificates of competency valid"),
		q("ops.within_zone", rules.CodeOutsideCertifiedZone, "Operation", "Operating within the certified zone"),
		q("ops.no_dangerous_goods", rules.CodeDangerousGoods, "Operation", "No dangerous or prohibited goods carried"),
	}
}

func detentionCriteria() []Item {
	return []Item{
		q("det.documentation", rules.CodeDetainDocumentation, "Para 2.1", "Complies with the Act and has valid documentation"),
		q("det.safe_manning", rules.CodeDetainSafeManning, "Para 2.1", "Has the crew required for safe manning"),
		q("det.no_accident", rules.CodeDetainAccident, "Para 2.1", "Not involved in an accident causing injury, loss of life or pollution"),
		q("det.no_order", rules.CodeDetainOrder, "Para 2.1", "No order of detention or removal"),
		q("det.navigate", rules.CodeDetainNavigation, "Para 2.2", "Can navigate safely"),
		q("det.cargo", rules.CodeDetainCargo, "Para 2.2", "Can safely handle, carry and monitor the cargo"),
		q("det.engine_room", rules.CodeDetainEngineRoom, "Para 2.2", "Can operate the engine-room safely"),
		q("det.propulsion", rules.CodeDetainPropulsion, "Para 2.2", "Maintains proper propulsion and steering"),
		q("det.fire", rules.CodeDetainFireFighting, "Para 2.2", "Can fight fire effectively"),
		q("det.abandon", rules.CodeDetainAbandonShip, "Para 2.2", "Can abandon ship speedily and safely"),
		q("det.pollution", rules.CodeDetainPollution, "Para 2.2", "Can prevent pollution"),
		q("det.stability", rules.CodeDetainStability, "Para 2.2", "Maintains adequate stability"),
		q("det.watertight", rules.CodeDetainWatertight, "Para 2.2", "Maintains adequate watertight integrity"),
		q("det.distress", rules.CodeDetainDistressComms, "Para 2.2", "Can communicate in distress"),
		q("det.health", rules.CodeDetainHealthConditions, "Para 2.2", "Safe and healthy conditions on board"),
		q("det.passengers", rules.CodeDetainPassengerSafety, "Para 2.2", "Safely carries passengers as per registered capacity"),
	}
}

func displayBoard() []Item {
	return []Item{
		q("mark.registration_number", rules.CodeRegistrationNumberNotMarked, "Marking", "Registration number painted on both sides, at least 15 cm high"),
		q("mark.intact", rules.CodeMarkingTampered, "Marking", "Official hull marking intact (not tampered with)"),
		q("mark.language", rules.CodeHullMarkingLanguage, "Marking", "Hull marking in Kannada and Hindi or English"),
		q("mark.spl_suffix", rules.CodeSPLSuffixMissing, "Marking", "SPL suffix shown (special category vessels)"),
		q("board.present", rules.CodeDisplayBoardMissing, "Display board", "Display board with the five particulars"),
		q("board.languages", rules.CodeDisplayBoardLanguages, "Display board", "Display board in Hindi, Kannada and English"),
		q("board.capacity_embarkation", rules.CodeCapacityNotDisplayed, "Display board", "Certified capacity displayed at embarkation and disembarkation"),
		q("board.max_passengers", rules.CodeMaxPassengersNotDisplayed, "Display board", "Maximum passengers written prominently"),
	}
}

func zone1() []Item {
	return []Item{
		q("z1.vhf", rules.CodeVHFMissing, "r.46", "VHF radio (BIS/ISO approved)"),
		q("z1.ais", rules.CodeAISMissing, "r.46", "Class B AIS with display"),
		q("z1.gps", rules.CodeGPSMissing, "r.46", "GPS navigator"),
		q("z1.binocular", rules.CodeBinocularMissing, "r.46", "Binocular"),
		q("z1.searchlight", rules.CodeSearchlightMissing, "r.46", "Aldis lamp or searchlight"),
		q("z1.rudder_indicator", rules.CodeRudderIndicatorMissing, "r.46", "Rudder angle indicator"),
	}
}

func schedule6A() []Item {
	return []Item{
		q("a.bulkheads", rules.CodeWatertightIntegrity, "Structure", "At least 3 watertight bulkheads"),
		q("a.deck_hatches", rules.CodeDeckHatchesInsufficient, "Structure", "Decked vessel: at least two deck hatches"),
		q("a.freeboard", rules.CodeFreeboardInsufficient, "Structure", "Freeboard at least 150 mm cargo / 300 mm passenger"),
		q("a.guard_rails", rules.CodeGuardRails, "Structure", "Guard rails or bulwark at least 900 mm"),
		q("a.fuel_tank", rules.CodeFuelTank, "Machinery", "Petrol tank not integral to the hull"),
		q("a.batteries", rules.CodeStartingBatteries, "Machinery", "Duplicate starting batteries with change-over switch"),
		q("a.bilge", rules.CodeBilgePumping, "Machinery", "Bilge pumping as required"),
		q("a.steering", rules.CodeSteeringGear, "Machinery", "Steering gear and secondary means"),
		q("a.anchor", rules.CodeGroundTackle, "Equipment", "Anchor at least kedge type"),
		q("a.towline", rules.CodeTowline, "Equipment", "Towline at least anchor cable length and diameter"),
		q("a.electrical", rules.CodeElectricalProtection, "Machinery", "Short-circuit protection and flame-retardant cables"),
		q("a.liferafts", rules.CodeLiferaftsInsufficient, "LSA", "Liferafts or buoyant apparatus for 110 %"),
		q("a.lifejackets", rules.CodeLifejacketsInsufficient, "LSA", "Lifejackets for 110 % including children"),
		q("a.whistle", rules.CodeWhistleMissing, "LSA", "Whistle"),
		q("a.first_aid", rules.CodeFirstAidKitMissing, "LSA", "Waterproof first-aid kit"),
		q("a.flare", rules.CodeHandFlareMissing, "LSA", "Red hand flare"),
		q("a.paddle", rules.CodeBuoyantPaddleMissing, "LSA", "Buoyant paddle"),
		q("a.torch", rules.CodeLSATorchMissing, "LSA", "Waterproof torch or searchlight"),
		q("a.retro", rules.CodeRetroReflectiveMissing, "LSA", "Retro-reflective material"),
		q("a.fire_pump", rules.CodeFirePumpMissing, "FFA", "Fire pump (length over 6 m)"),
		q("a.extinguisher", rules.CodeExtinguisherMissing, "FFA", "Portable extinguisher"),
		q("a.fire_bucket", rules.CodeFireBucketMissing, "FFA", "Fire bucket with lanyard"),
		q("a.sand_box", rules.CodeSandBoxMissing, "FFA", "Sand box with scoop (0.050 m³)"),
		q("a.compass", rules.CodeCompassMissing, "Navigation", "Adjusted magnetic compass"),
		q("a.nav_light", rules.CodeNavLightsMissing, "Navigation", "Navigation or mast light"),
		q("a.mobile", rules.CodeMobilePhoneMissing, "Navigation", "A crew member with a mobile phone"),
		q("a.sound", rules.CodeSoundSignalMissing, "Navigation", "Sound signal"),
		q("a.torch_hook_line", rules.CodeTorchHookLineMissing, "Navigation", "Torch, boat hook and 10 m heaving line (over 6 m)"),
		q("a.stability", rules.CodeStabilityInfoMissing, "Stability", "Stability information (GM at least 0.35 m)"),
		q("a.buoyancy", rules.CodeBuoyancyInsufficient, "Stability", "110 % reserve buoyancy"),
	}
}

func schedule6B() []Item {
	return []Item{
		q("b.floor", rules.CodeDeckFloorNotAntiSkid, "Structure", "Flush floor with anti-skid material"),
		q("b.freeboard", rules.CodeFreeboardInsufficient, "Structure", "Freeboard at least 150 mm cargo / 300 mm passenger"),
		q("b.guard_rails", rules.CodeGuardRails, "Structure", "Guard rails at least 900 mm"),
		q("b.bilge", rules.CodeBilgePumping, "Equipment", "Hand pump, bailer or bucket"),
		q("b.steering", rules.CodeSteeringGear, "Equipment", "Reliable steering"),
		q("b.anchor", rules.CodeGroundTackle, "Equipment", "Kedge anchor with 10 m chain if rope"),
		q("b.towline", rules.CodeTowline, "Equipment", "Towline"),
		q("b.caboose", rules.CodeCabooseUnsafe, "Equipment", "Caboose or fire place suitably placed"),
		q("b.liferafts", rules.CodeLiferaftsInsufficient, "LSA", "Liferafts, buoyant apparatus or lifebuoys for 110 %"),
		q("b.lifejackets", rules.CodeLifejacketsInsufficient, "LSA", "Lifejackets for 110 %"),
		q("b.whistle", rules.CodeWhistleMissing, "LSA", "Whistle"),
		q("b.first_aid", rules.CodeFirstAidKitMissing, "LSA", "Waterproof first-aid kit"),
		q("b.flare", rules.CodeHandFlareMissing, "LSA", "Red hand flare"),
		q("b.paddles", rules.CodeBuoyantPaddleMissing, "LSA", "Two buoyant paddles"),
		q("b.torch", rules.CodeLSATorchMissing, "LSA", "Torch or searchlight"),
		q("b.hand_pump", rules.CodeFirePumpMissing, "FFA", "Hand pump with overboard suction"),
		q("b.fire_bucket", rules.CodeFireBucketMissing, "FFA", "Fire bucket with lanyard"),
		q("b.compass", rules.CodeCompassMissing, "Navigation", "Compass"),
		q("b.night_presence", rules.CodeNightPresenceMissing, "Navigation", "Means to show presence at night"),
		q("b.mobile", rules.CodeMobilePhoneMissing, "Navigation", "Mobile phone"),
		q("b.sound", rules.CodeSoundSignalMissing, "Navigation", "Sound signal"),
		q("b.torch_hook_line", rules.CodeTorchHookLineMissing, "Navigation", "Torch, boat hook and 10 m heaving line"),
		q("b.stability", rules.CodeStabilityInfoMissing, "Stability", "Stability (GM at least 0.35 m)"),
		q("b.buoyancy", rules.CodeBuoyancyInsufficient, "Stability", "110 % buoyancy"),
		q("pic.dry_clean", rules.CodeBoatNotDryClean, "Person in charge (r.126)", "Boat dry and clean"),
		q("pic.registration_painted", rules.CodeRegistrationNumberNotMarked, "Person in charge (r.126)", "Registration number clearly painted"),
		q("pic.cor_carried", rules.CodeCertificatesNotProduced, "Person in charge (r.126)", "Certificate of Registration carried"),
		q("pic.load_line", rules.CodeLoadLineNotMarked, "Person in charge (r.126)", "Load line clearly marked (cargo boat)"),
		q("pic.max_passengers", rules.CodeMaxPassengersNotDisplayed, "Person in charge (r.126)", "Maximum passengers written prominently"),
		q("pol.oily_waste", rules.CodeOilyWasteTankMissing, "Pollution (r.145)", "Holding tank for oil and oily waste"),
		q("pol.bio_digester", rules.CodeBioDigesterMissing, "Pollution (r.145)", "Bio-digester where sewage is generated"),
		q("pol.placards", rules.CodeGarbagePlacardsMissing, "Pollution (r.145)", "Garbage placards (Category A and B)"),
		q("pol.oil_records", rules.CodeOilRecordsNotKept, "Pollution (r.145)", "Oil discharge records kept 3 months"),
		q("pol.antifouling", rules.CodeHarmfulAntifouling, "Pollution (r.145)", "No harmful antifouling"),
	}
}

func paradip() []Item {
	return []Item{
		q("pd.licence_on_board", rules.CodeLicenceNotOnBoard, "Licence", "Licence on board with the tindal (r.6)"),
		q("pd.tindal_registered", rules.CodeTindalNotRegistered, "Crew", "Registered tindal in charge (r.10(3))"),
		q("pd.crew_as_licensed", rules.CodeCrewNotAsLicensed, "Crew", "Crew as licensed for the weather"),
		q("pd.number_painted", rules.CodeCraftNumberNotPainted, "Marking", "Number painted in English and Hindi, at least 6 inches (r.7)"),
		q("pd.passengers", rules.CodeOverloadPassengers, "Loading (r.13)", "Passengers within the licensed number"),
		q("pd.cargo", rules.CodeOverloadCargo, "Loading (r.13)", "Cargo within the licensed weight"),
		q("pd.seating", rules.CodePassengerSeating, "Loading (r.13)", "Seating, awnings and weather screens for passengers"),
		q("pd.animals", rules.CodeAnimalsCarriage, "Loading (r.18)", "Animals carried only as allowed"),
		q("pd.passengers_cargo", rules.CodePassengersWithCargo, "Loading (r.18)", "Passengers with cargo only in propelled craft"),
		q("pd.sand_box", rules.CodeSandBoxMissing, "Motor boats (r.30)", "Sand box"),
		q("pd.extinguisher", rules.CodeExtinguisherMissing, "Motor boats (r.30)", "Approved fire extinguisher"),
		q("pd.oil_refuse", rules.CodeOilRefuse, "Motor boats (r.30)", "Free of oil refuse"),
		q("pd.silencer", rules.CodeSilencerMissing, "Motor boats (r.30)", "Efficient silencer"),
	}
}
