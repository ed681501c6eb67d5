package rules

// Areas 03 (overloading, stability, structure), 07 (fire) and 10
// (navigation): docs/LAW.md §4.9.1-§4.9.6, §5.1, §8.2; Karnataka 2025 r.43,
// r.46, r.49, r.102(1)(a), r.107, r.109, r.120, r.123, r.126, r.144, Sch-VI
// Sections A and B, Sch-V-2 A, Form-18; Paradip 1967 r.13-r.22, r.30.

func stabilityLawCases() []lawCase {
	return []lawCase{
		{name: "Karnataka 2025 Form-18 (c), Sch-IV row 5: passengers beyond the permitted capacity is Karnataka's overloading, detained, fine on the owner", code: CodeOverloadPassengers,
			cite: "Karnataka 2025, Sch-IV row 5", notCite: "Paradip 1967, r.13(1)", ground: "Karnataka 2025, Form-18 (c)", row: PenaltyOverloading, party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 r.126(8): a non-mechanised boat carries no more persons than registered", code: CodeOverloadPassengers,
			cite: "Karnataka 2025, r.126(8)", ground: "Karnataka 2025, Sch-IX para 2.2", row: PenaltyOverloading, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 Sch-IV row 5, r.120, r.126(7), Sch-IX para 2.2: cargo overloading; not a Form-18 ground ((c) is passengers), detained for stability", code: CodeOverloadCargo,
			cite: "Karnataka 2025, r.120", notCite: "Karnataka 2025, Form-18 (c)", ground: "Karnataka 2025, Sch-IX para 2.2", row: PenaltyOverloading, party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 r.107(1), r.126(6): the load line cut into the hull of a boat over 10 t (docs/LAW.md §11 Q14 PROPOSAL)", code: CodeLoadLineNotMarked,
			cite: "Karnataka 2025, r.107(1)", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.4.2: the assigned freeboard is a design requirement, not overloading", code: CodeFreeboardInsufficient,
			cite: "Karnataka 2025, Sch-VI 1.4.2", notCite: "Karnataka 2025, Sch-IV row 5", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI para 4.2, 6.5-6.8: existing vessels have stability information and a freeboard calculation within two years", code: CodeStabilityInfoMissing,
			cite: "Karnataka 2025, Sch-VI 4.2", row: "", party: PartyOwner, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 r.147(1): existing boats' inclining, underwater and reserve buoyancy tests within two years", code: CodeStabilityInfoMissing,
			cite: "Karnataka 2025, r.147(1)", row: "", detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.3, 1.5: watertight bulkheads, decks and coamings before it plies; losing integrity is the officer's Sch-IX para 2.2 criterion (30013)", code: CodeWatertightIntegrity,
			cite: "Karnataka 2025, Sch-VI 1.3", row: "", party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.7: gunwale, bulwark or railing at least 900 mm", code: CodeGuardRails,
			cite: "Karnataka 2025, Sch-VI 1.7", row: "", party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Paradip 1967 r.18(2), r.18(3): no tindal permits animals without sand ballast or straw floor, or with other cargo or passengers, so before starting (04)", code: CodeAnimalsCarriage,
			cite: "Paradip 1967, r.18(2)", notCite: "Paradip 1967, r.18", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Paradip 1967 r.18(4): passengers with cargo only in a mechanically or electrically propelled craft, so before starting (04)", code: CodePassengersWithCargo,
			cite: "Paradip 1967, r.18(4)", notCite: "Paradip 1967, r.18", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Paradip 1967 r.13(3): a passenger craft fitted with seating, awnings and weather screens", code: CodePassengerSeating,
			cite: "Paradip 1967, r.13(3)", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regPD},
		{name: "Karnataka 2025 r.126(2): the person in charge keeps the boat dry and clean", code: CodeBoatNotDryClean,
			cite: "Karnataka 2025, r.126(2)", row: "", party: PartyMaster, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI Section B 1.8: flush, contrasting, anti-skid floor (non-mechanised)", code: CodeDeckFloorNotAntiSkid,
			cite: "Karnataka 2025, Sch-VI Section B 1.8", row: "", detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 6.9: 110 % reserve buoyancy and buoyant material under 0.35 t/m³, a design matter", code: CodeBuoyancyInsufficient,
			cite: "Karnataka 2025, Sch-VI 6.9", row: "", party: PartyOwner, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.3.3: a decked vessel has at least two deck hatches", code: CodeDeckHatchesInsufficient,
			cite: "Karnataka 2025, Sch-VI 1.3.3", row: "", party: PartyOwner, detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 r.120, r.126(7), Sch-IV row 5: loaded below the assigned freeboard is overloading", code: CodeLoadedFreeboardInsufficient,
			cite: "Karnataka 2025, r.120", ground: "Karnataka 2025, Sch-IX para 2.2", row: PenaltyOverloading, party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Karnataka 2025 r.126(7): the load water line mark submerged", code: CodeLoadedFreeboardInsufficient,
			cite: "Karnataka 2025, r.126(7)", ground: "Karnataka 2025, Sch-IX para 2.2", row: PenaltyOverloading, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		{name: "Paradip 1967 r.19: excess passengers put off before starting (04); no fine and no detention in Paradip", code: CodeParadipPassengersExcess,
			cite: "Paradip 1967, r.19", notCite: "Karnataka 2025, Sch-IV row 5", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Paradip 1967 r.13(1), r.19: excess cargo removed before starting (04); no fine and no detention in Paradip", code: CodeParadipCargoExcess,
			cite: "Paradip 1967, r.13(1)", notCite: "Karnataka 2025, Sch-IV row 5", row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD},
		{name: "Karnataka 2025 Sch-VI 1.8: a mechanised passenger vessel's floor flush or highlighted", code: CodeFloorFittingsNotFlush,
			cite: "Karnataka 2025, Sch-VI 1.8", notCite: "Karnataka 2025, Sch-VI Section B", row: "", detainable: false, def: Action05, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.3.1: hull openings watertight, side scuttles below deck non-opening", code: CodeHullOpeningsNotWatertight,
			cite: "Karnataka 2025, Sch-VI 1.3.1", row: "", detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-V-2 A para 1 and 3: a wooden special category hull's timber and scantlings, a design matter", code: CodeHullTimberNotCompliant,
			cite: "Karnataka 2025, Sch-V-2 A", notCite: "Karnataka 2025, Sch-IV row 9", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, forbids: lcNo06, regimes: regKA},
	}
}

func fireLawCases() []lawCase {
	return []lawCase{
		{name: "Karnataka 2025 r.49, Sch-IV row 9: fire-fighting appliances not maintained in order, fine on the owner", code: CodeFFANotMaintained,
			cite: "Karnataka 2025, r.49", row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 4.2, Sch-IV row 9: a fire pump on a vessel over 6 m (Section B: a hand pump)", code: CodeFirePumpMissing,
			cite: "Karnataka 2025, Sch-VI 4.2", row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 4.3, Sch-IV row 9: one portable fire extinguisher", code: CodeExtinguisherMissing,
			cite: "Karnataka 2025, Sch-VI 4.3", row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKAPD},
		{name: "Paradip 1967 r.30(1): a motor boat's approved patent fire extinguisher", code: CodeExtinguisherMissing,
			cite: "Paradip 1967, r.30(1)", notCite: "Paradip 1967, r.30", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKAPD},
		{name: "Karnataka 2025 Sch-VI 4.4, Sch-IV row 9: a fire bucket with a lanyard (Paradip r.30 asks none)", code: CodeFireBucketMissing,
			cite: "Karnataka 2025, Sch-VI 4.4", row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 4.5, Sch-IV row 9: a sand box with scoop of at least 0.050 m³", code: CodeSandBoxMissing,
			cite: "Karnataka 2025, Sch-VI 4.5", row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKAPD},
		{name: "Paradip 1967 r.30(1): a motor boat's sand box", code: CodeSandBoxMissing,
			cite: "Paradip 1967, r.30(1)", notCite: "Paradip 1967, r.30", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKAPD},
		{name: "Paradip 1967 r.30(1): the owner keeps a motor boat free of oil refuse", code: CodeOilRefuse,
			cite: "Paradip 1967, r.30(1)", notCite: "Paradip 1967, r.30", row: "", party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regPD},
		{name: "Karnataka 2025 r.109(1)(f): a caboose or fire place in a suitable position", code: CodeCabooseUnsafe,
			cite: "Karnataka 2025, r.109(1)(f)", row: "", party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
	}
}

func navigationLawCases() []lawCase {
	r46 := func(clause Citation, what string, code Code) lawCase {
		return lawCase{name: "Karnataka 2025 " + string(clause[len("Karnataka 2025, "):]) + ", Sch-IV row 9: Zone-1 " + what, code: code,
			cite: clause, row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA}
	}
	// Sch-VI chapter 5 is navigation and communication equipment, which r.49
	// inspects with the LSA and FFA: "other safety equipment" of row 9.
	nav := func(clause Citation, what string, code Code) lawCase {
		return lawCase{name: "Karnataka 2025 " + string(clause[len("Karnataka 2025, "):]) + ", r.49, Sch-IV row 9: " + what, code: code,
			cite: clause, row: PenaltySafetyEquip, party: PartyOwner, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA}
	}
	conductKA := func(name string, code Code, cite Citation, row PenaltyRowID, party Party) lawCase {
		return lawCase{name: name, code: code, cite: cite, row: row, party: party, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA}
	}
	conductPD := func(name string, code Code, cite, notCite Citation) lawCase {
		return lawCase{name: name, code: code, cite: cite, notCite: notCite, row: "", party: PartyMaster, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regPD}
	}
	return []lawCase{
		r46("Karnataka 2025, r.46(a)", "VHF radio", CodeVHFMissing),
		r46("Karnataka 2025, r.46(b)", "Class B AIS with display", CodeAISMissing),
		r46("Karnataka 2025, r.46(c)", "GPS navigator", CodeGPSMissing),
		r46("Karnataka 2025, r.46(d)", "binocular", CodeBinocularMissing),
		{name: "Karnataka 2025 r.46(d), Sch-IV row 9: Zone-1 Aldis lamp or searchlight", code: CodeSearchlightMissing,
			cite: "Karnataka 2025, r.46(d)", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 r.46(d), Sch-IV row 9: Zone-1 rudder angle indicator", code: CodeRudderIndicatorMissing,
			cite: "Karnataka 2025, r.46(d)", row: PenaltySafetyEquip, detainable: false, def: Action04, forbids: lcNo06, regimes: regKA},
		nav("Karnataka 2025, Sch-VI 5.2", "an efficient magnetic compass, suitably adjusted", CodeCompassMissing),
		nav("Karnataka 2025, Sch-VI Section B 5.2", "a boat's compass, adjusted or with a deviation card", CodeCompassMissing),
		nav("Karnataka 2025, Sch-VI 5.3", "a combined navigation light or white mast light (none if operating only sunrise to sunset)", CodeNavLightsMissing),
		nav("Karnataka 2025, Sch-VI 5.4", "a crew member with a mobile phone", CodeMobilePhoneMissing),
		nav("Karnataka 2025, Sch-VI 5.5", "sound signal equipment (under 10 m, another efficient means with approval)", CodeSoundSignalMissing),
		nav("Karnataka 2025, Sch-VI 5.6", "water-resistant torch, boat hook and 10 m heaving line (over 6 m)", CodeTorchHookLineMissing),
		nav("Karnataka 2025, Sch-VI Section B 5.6", "a boat's torch, boat hook and heaving line, whatever its length", CodeTorchHookLineMissing),
		nav("Karnataka 2025, Sch-VI Section B 5.3", "suitable means to show a boat's presence at night", CodeNightPresenceMissing),
		conductKA("Karnataka 2025 Sch-VI 5.6, Section B 5.6: putting out in fog is the person in charge's conduct, stopped (01) or before departure (04)", CodePlyingInFog,
			"Karnataka 2025, Sch-VI Section B 5.6", "", PartyMaster),
		conductKA("Karnataka 2025 Sch-IV row 8, r.102(1)(a): operating outside the region in the CoR (a boat: Zone 3 only), fine on the owner", CodeOutsideOperatingRegion,
			"Karnataka 2025, r.102(1)(a)", PenaltyRegion, PartyOwner),
		{name: "Karnataka 2025 r.43, r.6: navigating outside the zone the CoS certifies (Form-4A/4B); Sch-IV row 8 is the CoR's region", code: CodeOutsideCertifiedZone,
			cite: "Karnataka 2025, r.43", notCite: "Karnataka 2025, Sch-IV row 8", row: "", party: PartyOwner, detainable: false, def: Action04, allows: lcPlying, forbids: lcDeferred, regimes: regKA},
		conductKA("Karnataka 2025 r.144, Sch-VIII: a boat operates only on a State-approved route", CodeUnapprovedRoute,
			"Karnataka 2025, r.144", "", PartyOwner),
		{name: "Karnataka 2025 Annex to Form-2 (Navigation): shapes and nautical publications recorded on survey", code: CodeNavigationEquipment,
			cite: "Karnataka 2025, Sch-I Annex to Form-2 (Navigation)", row: "", party: PartyOwner, detainable: false, def: Action03, forbids: lcNo06, regimes: regKA},
		{name: "Karnataka 2025 Form-18 (f), r.13: the Act's Chapter VIII (navigation safety and signals) not complied with is a challan ground", code: CodeNavigationSafetyChapter,
			cite: "Karnataka 2025, r.13", ground: "Karnataka 2025, Form-18 (f)", row: "", party: PartyOwner, detainable: true, def: Action06, allows: lcDetain, forbids: lcNotDetain, regimes: regKA},
		conductPD("Paradip 1967 r.17(a)(i): no plying in the outer roads 6 P.M. to 6 A.M. without permission", CodeNightPlying,
			"Paradip 1967, r.17(a)(i)", "Paradip 1967, r.17"),
		conductPD("Paradip 1967 r.17(a)(ii), r.17(b): no plying in the outer roads under a storm signal; return at once", CodeStormSignalPlying,
			"Paradip 1967, r.17(a)(ii)", "Paradip 1967, r.17"),
		conductPD("Paradip 1967 r.15: the collision regulations 1965 when under way", CodeCollisionRegulations,
			"Paradip 1967, r.15", ""),
		conductPD("Paradip 1967 r.14: no tindal lets his craft obstruct port traffic", CodeTrafficObstruction,
			"Paradip 1967, r.14", ""),
		conductPD("Paradip 1967 r.22(1), r.22(3): a fishing boat within ten yards of a licensed cargo boat plying ship to shore", CodeFishingBoatTooClose,
			"Paradip 1967, r.22(3)", ""),
		conductPD("Paradip 1967 r.22(2), r.22(3): a fishing boat alongside a vessel working cargo; the sanctions are r.22(3)'s (r.22(4) is the owner employing a barred tindal)", CodeFishingBoatAlongside,
			"Paradip 1967, r.22(3)", "Paradip 1967, r.22(4)"),
		conductPD("Paradip 1967 r.21: not made fast to a buoy or alongside a vessel before she has anchored or moored", CodePrematureMooring,
			"Paradip 1967, r.21", ""),
	}
}
