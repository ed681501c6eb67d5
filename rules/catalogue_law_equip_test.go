package rules

// Areas 11 (life-saving), 13 (pollution), 14 (machinery), 20 (marking), 30
// (Sch-IX criteria) and 99: docs/LAW.md §2.1, §4.2, §4.9, §5.1; Karnataka 2025
// r.7, r.20, r.49, r.52, r.59, r.63, r.98, r.103, r.106-r.107, r.122-r.126,
// r.145, Form-18, Sch-IV, Sch-VI, Sch-IX, Sch-X, Sch-XIII; Paradip 1967 r.7,
// r.13, r.23, r.24, r.30.

func lifeSavingLawCases() []lawCase {
	lsa := func(clause Citation, what string, code Code) lawCase {
		return lawCase{name: "Karnataka 2025 " + string(clause[len("Karnataka 2025, "):]) + ", Sch-IV row 9: " + what, code: code,
			cite: clause, row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA}
	}
	buoys := lsa("Karnataka 2025, Sch-VI 3.3", "lifebuoys with 30 m buoyant line in place of buoyant apparatus", CodeLifebuoysInsufficient)
	buoys.regimes = regKAPD
	buoysB := lsa("Karnataka 2025, Sch-VI Section B 3.3", "a boat's lifebuoys with at least 30 m of buoyant line", CodeLifebuoysInsufficient)
	buoysB.regimes = regKAPD
	return []lawCase{
		lsa("Karnataka 2025, r.49", "life-saving appliances not maintained in order", CodeLSANotMaintained),
		lsa("Karnataka 2025, Sch-VI 3.9", "lifejackets for 110 % of crew and passengers, children and infants included", CodeLifejacketsInsufficient),
		lsa("Karnataka 2025, Sch-VI Section B 3.9", "a boat's lifejackets for 110 %", CodeLifejacketsInsufficient),
		lsa("Karnataka 2025, Sch-VI 3.3", "liferafts or buoyant apparatus for 110 % of approved capacity", CodeLiferaftsInsufficient),
		lsa("Karnataka 2025, Sch-VI Section B 3.3", "a boat's liferaft or buoyant apparatus for 110 %", CodeLiferaftsInsufficient),
		buoys, buoysB,
		{name: "Paradip 1967 r.13(2): life-buoys of the approved number and type and buoyant apparatus, readily accessible (row 9 only where Karnataka applies)", code: CodeLifebuoysInsufficient,
			cite: "Paradip 1967, r.13(2)", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKAPD},
		lsa("Karnataka 2025, Sch-VI 3.4", "one whistle or equivalent sound signal", CodeWhistleMissing),
		lsa("Karnataka 2025, Sch-VI 3.5", "one first-aid kit in a waterproof case", CodeFirstAidKitMissing),
		lsa("Karnataka 2025, Sch-VI 3.6", "one red hand flare", CodeHandFlareMissing),
		lsa("Karnataka 2025, Sch-VI 3.7", "one buoyant paddle", CodeBuoyantPaddleMissing),
		lsa("Karnataka 2025, Sch-VI Section B 3.7", "two buoyant paddles on a boat", CodeBuoyantPaddleMissing),
		lsa("Karnataka 2025, Sch-VI 3.8", "a waterproof torch for Morse signalling or a searchlight", CodeLSATorchMissing),
		{name: "Karnataka 2025 Sch-VI Section B 3.2: retro-reflective material on life-saving appliances", code: CodeRetroReflectiveMissing,
			cite: "Karnataka 2025, Sch-VI Section B 3.2", notCite: "Karnataka 2025, Sch-VI 3.9", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		lsa("Karnataka 2025, Sch-VI 3.2", "retro-reflective material (Section A)", CodeRetroReflectiveMissing),
		{name: "Karnataka 2025 Sch-IV row 10: a passenger not wearing the lifejacket, fined per passenger; conduct, stopped or before departure", code: CodePassengerNoLifejacket,
			cite: "Karnataka 2025, Sch-IV row 10", row: PenaltyLifejacket, party: PartyPassenger, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA},
	}
}

func pollutionLawCases() []lawCase {
	pol := func(clause Citation, what string, code Code, def ActionCode, party Party, notCite Citation) lawCase {
		return lawCase{name: "Karnataka 2025 " + string(clause[len("Karnataka 2025, "):]) + ": " + what, code: code,
			cite: clause, notCite: notCite, row: "", party: party, detainable: false, def: def, forbids: lcNo06, regimes: regKA}
	}
	return []lawCase{
		pol("Karnataka 2025, r.63", "the pollution inspection and survey once every twelve months (docs/LAW.md §11 Q33)", CodePollutionInspectionOverdue, Action05, PartyOwner, ""),
		pol("Karnataka 2025, r.145(8)(b)", "a holding tank or equivalent for oil and oily waste", CodeOilyWasteTankMissing, Action05, PartyOwner, "Karnataka 2025, r.145(7)"),
		pol("Karnataka 2025, r.145(8)(c)", "a bio-digester where sewage is generated", CodeBioDigesterMissing, Action05, PartyOwner, "Karnataka 2025, r.145(7)"),
		pol("Karnataka 2025, r.145(7)(b)", "garbage placards on Category A and B boats", CodeGarbagePlacardsMissing, Action03, PartyOwner, "Karnataka 2025, r.145(9)"),
		pol("Karnataka 2025, r.145(8)(a)", "a record of oil discharges ashore and the receipts kept three months", CodeOilRecordsNotKept, Action03, PartyMaster, ""),
		pol("Karnataka 2025, r.145(9)", "no environmentally harmful organic compounds in antifouling paints", CodeHarmfulAntifouling, Action05, PartyOwner, "Karnataka 2025, r.145(10)"),
		pol("Karnataka 2025, Sch-XIII para 5", "the Garbage Record Book and Management Plan of a vessel of 50 passengers and more", CodeGarbageRecordBookMissing, Action03, PartyMaster, ""),
		pol("Karnataka 2025, r.145(11)", "pollution arrangements checked at the annual inspection and endorsed on the CoS", CodePollutionNotEndorsed, Action03, PartyOwner, ""),
		pol("Karnataka 2025, r.145(7)(a)", "garbage retained on board for shore reception", CodeGarbageRetentionMissing, Action03, PartyOwner, ""),
		pol("Karnataka 2025, r.145(10)", "the Boat in-Charge's record of waste removed", CodeWasteRecordNotKept, Action03, PartyMaster, ""),
		{name: "Karnataka 2025 r.145(8)(d): discharging untreated sewage is conduct, stopped (01) or before departure (04); investigation is inspection action 15", code: CodeUntreatedSewage,
			cite: "Karnataka 2025, r.145(8)(d)", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA},
	}
}

func machineryLawCases() []lawCase {
	m := func(name string, code Code, cite Citation, def ActionCode) lawCase {
		return lawCase{name: name, code: code, cite: cite, row: "", party: PartyOwner, detainable: false, def: def, forbids: lcNo06, regimes: regKA}
	}
	return []lawCase{
		m("Karnataka 2025 Sch-VI 2.7: power and hand bilge pumps, self-priming", CodeBilgePumping, "Karnataka 2025, Sch-VI 2.7", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.3, r.122, r.109(1)(d): a boat's hand pump, bailer or bucket", CodeBilgePumping, "Karnataka 2025, Sch-VI Section B 2.3", Action04),
		m("Karnataka 2025 Sch-V-2 A para 5: the wooden vessel's fixed motor-driven bilge pump is a bilge-pumping deficiency", CodeBilgePumping, "Karnataka 2025, Sch-V-2 A", Action04),
		m("Karnataka 2025 Sch-VI 2.8: steering gear, and an independent secondary means where powered", CodeSteeringGear, "Karnataka 2025, Sch-VI 2.8", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.4: a boat's reliable steering", CodeSteeringGear, "Karnataka 2025, Sch-VI Section B 2.4", Action04),
		m("Karnataka 2025 Sch-VI 2.6.2: sole starting batteries in duplicate with a change-over switch", CodeStartingBatteries, "Karnataka 2025, Sch-VI 2.6.2", Action05),
		m("Karnataka 2025 Sch-VI 2.11: an anchor of at least the kedge type", CodeGroundTackle, "Karnataka 2025, Sch-VI 2.11", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.6, r.109(1)(d): a boat's kedge anchor with 10 m of chain if the cable is rope", CodeGroundTackle, "Karnataka 2025, Sch-VI Section B 2.6", Action04),
		m("Karnataka 2025 Sch-VI 2.12: a towline of the anchor cable's length and diameter", CodeTowline, "Karnataka 2025, Sch-VI 2.12", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.7: a boat's towline", CodeTowline, "Karnataka 2025, Sch-VI Section B 2.7", Action04),
		{name: "Paradip 1967 r.30(2): noisy engines of motor boats plying in the port fitted with efficient silencers", code: CodeSilencerMissing,
			cite: "Paradip 1967, r.30(2)", notCite: "Paradip 1967, r.30", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regPD},
		m("Karnataka 2025 Sch-VI 2.13-2.14: short-circuit protection and flame-retardant cables", CodeElectricalProtection, "Karnataka 2025, Sch-VI 2.13-2.14", Action05),
		m("Karnataka 2025 Sch-VI 2.2: no petrol tank integral to the hull", CodeFuelTank, "Karnataka 2025, Sch-VI 2.2", Action05),
		{name: "Karnataka 2025 Sch-IV s.87 table (s.8), Sch-X: a mechanised vessel altered without approval, fine up to Rs 10,000", code: CodeUnapprovedAlteration,
			cite: "Karnataka 2025, Sch-X (Permission and Operation)", row: PenaltyAlteration, party: PartyOwner, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 r.59, r.7: no change after survey, and no alteration affecting strength, stability or safety, without the DA's approval", code: CodeUnapprovedAlteration,
			cite: "Karnataka 2025, r.59", row: PenaltyAlteration, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		m("Karnataka 2025 Annex to Form-2: batteries secured and in order is not the Sch-VI 2.6.2 duplication rule", CodeBatteriesNotInOrder, "Karnataka 2025, Sch-I Annex to Form-2 (Machinery/Electrical)", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.2: a boat's battery protected against short circuit at each pole", CodeBatteriesNotInOrder, "Karnataka 2025, Sch-VI Section B 2.2", Action04),
		m("Karnataka 2025 Sch-VI Section B 2.2: paddle wheel greased and with frictional material", CodePaddleWheelNotMaintained, "Karnataka 2025, Sch-VI Section B 2.2", Action04),
		m("Karnataka 2025 Annex to Form-2 (Equipment): deck equipment recorded on survey, not safety equipment of Sch-IV row 9", CodeDeckEquipment, "Karnataka 2025, Sch-I Annex to Form-2 (Equipment)", Action03),
		m("Karnataka 2025 Annex to Form-2 (Machinery/Electrical): machinery recorded on survey in working order", CodeMachineryNotInOrder, "Karnataka 2025, Sch-I Annex to Form-2 (Machinery/Electrical)", Action04),
		m("Karnataka 2025 r.126(5): the equipment the CoR specifies provided and in good condition", CodeCoREquipmentMissing, "Karnataka 2025, r.126(5)", Action04),
		{name: "Karnataka 2025 Sch-VI 2.1.3: machinery at 10° list and 5° trim is a design condition, not detainable", code: CodeMachineryInclination,
			cite: "Karnataka 2025, Sch-VI 2.1.3", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 2.8.1: the 15 km/h calm-water speed is a design condition, not detainable", code: CodeSpeedBelowMinimum,
			cite: "Karnataka 2025, Sch-VI 2.8.1", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-X: a non-mechanised boat altered without permission has no s.8 fine (the Act's s.8 is for mechanically propelled vessels)", code: CodeBoatAlteredUnpermitted,
			cite: "Karnataka 2025, Sch-X (Permission and Operation)", notCite: "Karnataka 2025, Sch-IV (s.87 table)", row: "", party: PartyOwner, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
	}
}

func markingLawCases() []lawCase {
	mk := func(name string, code Code, cite Citation, def ActionCode, regimes []Regime) lawCase {
		return lawCase{name: name, code: code, cite: cite, row: "", party: PartyOwner, detainable: false, def: def, forbids: lcNo06, regimes: regimes}
	}
	return []lawCase{
		{name: "Karnataka 2025 r.103(2): no boat plies unless its number is painted, so before it plies (04); not a Form-18 ground", code: CodeRegistrationNumberNotMarked,
			cite: "Karnataka 2025, r.103(2)", notCite: "Karnataka 2025, Form-18 (d)", row: "", party: PartyOwner, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA},
		{name: "Karnataka 2025 Sch-IV row 6, Form-18 (d): a tampered official marking no longer shows the number assigned, detained, fine on the owner", code: CodeMarkingTampered,
			cite: "Karnataka 2025, r.20", ground: "Karnataka 2025, Form-18 (d)", row: PenaltyMarking, party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 r.106(d), Sch-IX para 2.1: a boat's obliterated number ends its registration", code: CodeMarkingTampered,
			cite: "Karnataka 2025, r.106(d)", ground: "Karnataka 2025, Sch-IX para 2.1", row: PenaltyMarking, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		mk("Karnataka 2025 r.20(3): the mechanised vessel's display board", CodeDisplayBoardMissing, "Karnataka 2025, r.20(3)", Action03, regKA),
		mk("Karnataka 2025 r.107(2): the boat's display board", CodeDisplayBoardMissing, "Karnataka 2025, r.107(2)", Action03, regKA),
		mk("Karnataka 2025 r.107(2): the boat's display board in Hindi, Kannada and English (docs/LAW.md §11 Q28)", CodeDisplayBoardLanguages, "Karnataka 2025, r.107(2)", Action03, regKA),
		mk("Karnataka 2025 Sch-X (Permission and Operation): the certified capacity displayed at embarkation and disembarkation", CodeCapacityNotDisplayed, "Karnataka 2025, Sch-X (Permission and Operation)", Action03, regKA),
		mk("Karnataka 2025 r.126(9): the maximum number of passengers written prominently", CodeMaxPassengersNotDisplayed, "Karnataka 2025, r.126(9)", Action04, regKA),
		{name: "Paradip 1967 r.7(1): the craft number in English and Hindi figures at least six inches long, on bow and quarter", code: CodeCraftNumberNotPainted,
			cite: "Paradip 1967, r.7(1)", notCite: "Paradip 1967, r.7", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regPD},
		mk("Karnataka 2025 r.98(3): a special category vessel's number suffixed SPL", CodeSPLSuffixMissing, "Karnataka 2025, r.98(3)", Action03, regKA),
		mk("Karnataka 2025 r.20(2): hull marking in Kannada and Hindi or English (docs/LAW.md §11 Q28)", CodeHullMarkingLanguage, "Karnataka 2025, r.20(2)", Action03, regKA),
		{name: "Karnataka 2025 Form-18 (d), r.13: a mechanised vessel's registration number not affixed is a challan ground", code: CodeRegistrationNumberNotAffixed,
			cite: "Karnataka 2025, r.20(1)", ground: "Karnataka 2025, Form-18 (d)", row: "", party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		mk("Karnataka 2025 r.123(5): freeboard mark 2.5 cm by 15 cm amidships on a boat over 10 t (docs/LAW.md §11 Q14)", CodeFreeboardMarkMissing, "Karnataka 2025, r.123(5)", Action03, regKA),
	}
}

func detentionLawCases() []lawCase {
	crit := func(para, what string, code Code) lawCase {
		ground := Citation("Karnataka 2025, Sch-IX para " + para)
		return lawCase{name: "Karnataka 2025 Sch-IX para " + para + ": " + what + " (para 2.3: strongly considered for detention)", code: code,
			cite: "Karnataka 2025, Sch-IX para 4", ground: ground, row: "", party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA}
	}
	combo := crit("2.3", "a combination of less serious deficiencies", CodeDetainCombination)
	combo.name = "Karnataka 2025 Sch-IX para 2.3: a combination of less serious deficiencies may warrant detention"
	return []lawCase{
		crit("2.1", "not complying with the Act or without relevant valid documentation", CodeDetainDocumentation),
		crit("2.1", "without the crew required for safe manning", CodeDetainSafeManning),
		crit("2.1", "in an accident causing injury, loss of life or pollution", CodeDetainAccident),
		crit("2.1", "under an order of detention or removal", CodeDetainOrder),
		crit("2.2", "unable to navigate safely", CodeDetainNavigation),
		crit("2.2", "unable to handle, carry and monitor the cargo", CodeDetainCargo),
		crit("2.2", "unable to operate the engine-room safely", CodeDetainEngineRoom),
		crit("2.2", "unable to maintain propulsion and steering", CodeDetainPropulsion),
		crit("2.2", "unable to fight fire in any part", CodeDetainFireFighting),
		crit("2.2", "unable to abandon ship and effect rescue", CodeDetainAbandonShip),
		crit("2.2", "unable to prevent pollution", CodeDetainPollution),
		crit("2.2", "unable to maintain stability", CodeDetainStability),
		crit("2.2", "unable to maintain watertight integrity", CodeDetainWatertight),
		crit("2.2", "unable to communicate in distress", CodeDetainDistressComms),
		crit("2.2", "unable to provide safe and healthy conditions", CodeDetainHealthConditions),
		crit("2.2", "unable to carry passengers as per the registered capacity", CodeDetainPassengerSafety),
		combo,
	}
}

func otherLawCases() []lawCase {
	return []lawCase{
		{name: "Karnataka 2025 Sch-IV row 7: a crew member operating under alcohol or narcotics, fined per crew member; conduct, stopped or before departure", code: CodeCrewIntoxicated,
			cite: "Karnataka 2025, Sch-IV row 7", row: PenaltyIntoxicated, party: PartyCrewMember, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA},
		{name: "Karnataka 2025 Form-18 (i), r.13: dangerous or prohibited goods contrary to the Act's s.81 is a challan ground", code: CodeDangerousGoods,
			cite: "Karnataka 2025, Sch-IX para 2.2", ground: "Karnataka 2025, Form-18 (i)", row: "", party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Paradip 1967 r.24: no hire above the sanctioned rate and no gratuity from a passenger; conduct", code: CodeFareExcess,
			cite: "Paradip 1967, r.24", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Paradip 1967 r.23: passengers and goods landed or shipped only where the Conservator appoints; conduct", code: CodeUnappointedLanding,
			cite: "Paradip 1967, r.23", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Karnataka 2025 Annex to Form-2 (Accommodation/Safety): escape routes, toilets, galley, lighting and the rest recorded on survey", code: CodeAccommodationNotInOrder,
			cite: "Karnataka 2025, Sch-I Annex to Form-2 (Accommodation/Safety)", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Form-18 (g), r.13: contravention of the Act's Chapter X (wreck and salvage) is a challan ground", code: CodeWreckSalvageChapter,
			cite: "Karnataka 2025, r.13", ground: "Karnataka 2025, Form-18 (g)", row: "", party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 Sch-IX Form B code 99: other (specify), in every regime, never detainable of itself (30017 is the combination)", code: CodeOther,
			cite: "Karnataka 2025, Sch-IX Form B", row: "", detainable: false, def: Action99, allows: []ActionCode{Action99}, forbids: lcNo06, regimes: regAll},
	}
}
