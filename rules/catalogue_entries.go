package rules

// catalogueEntries is the deficiency catalogue: the one place where a code's
// meaning, citations, liable party, Sch-IV row and actions are defined.
// Sources: docs/LAW.md §2 (documents), §4.2 (Sch-IX criteria), §4.9
// (equipment), §5.1 (Sch-IV rows), §7 (manning).
func catalogueEntries() []Entry {
	var out []Entry
	for _, part := range [][]Entry{
		documentEntries(), manningEntries(), stabilityEntries(), fireEntries(),
		navigationEntries(), lifeSavingEntries(), pollutionEntries(),
		machineryEntries(), markingEntries(), detentionEntries(), otherEntries(),
	} {
		out = append(out, part...)
	}
	return out
}

// documentEntries: area 01, docs/LAW.md §2.1, §2.2, §2.4.
func documentEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodeRegistrationInvalid, Title: "No valid Certificate of Registration", Party: PartyOwner, Fine: PenaltyRegistration, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 3", "Karnataka 2025, r.16", "Karnataka 2025, r.103(1)", "Karnataka 2025, r.104", "Karnataka 2025, Form-18 (a)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodeCertificatesNotProduced, Title: "Certificate of Registration or Survey not carried on board or not produced on demand", Party: PartyMaster, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.114", "Karnataka 2025, r.115(1)"}}),
		catDef(def{Code: CodeSurveyCertExpired, Title: "No valid Certificate of Survey (expired, missing, suspended or cancelled)", Party: PartyOwner, Fine: PenaltySurvey, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 4", "Karnataka 2025, r.9", "Karnataka 2025, r.113", "Karnataka 2025, Form-18 (b)", "Karnataka 2025, Sch-IX para 2.1"}}),
		// Sch-X: the provisional CoS has the effect of a CoS for at most three
		// months; lapsed, the vessel plies without a valid CoS (Form-18 (b)).
		catDef(def{Code: CodeProvisionalSurveyExpired, Title: "Provisional Certificate of Survey lapsed (over 3 months) and no full certificate", Party: PartyOwner, Fine: PenaltySurvey, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 4", "Karnataka 2025, r.10(2)", "Karnataka 2025, Sch-X", "Karnataka 2025, Form-18 (b)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodeSurveyRenewalLate, Title: "Certificate of Survey renewal not applied for within 60 days of expiry", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.113(2)", "Karnataka 2025, r.131"}}),
		catDef(def{Code: CodeInsuranceInvalid, Title: "No valid insurance cover for liability, passengers and crew", Party: PartyOwner, Fine: PenaltyInsurance, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 1", "Karnataka 2025, r.81", "Karnataka 2025, r.143", "Karnataka 2025, Form-18 (h)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodePollutionCertInvalid, Title: "No valid Certificate of Compliance of Prevention and Containment of Pollution, or not displayed", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.52"}}),
		// Not a Form-18 ground: detainable as the vessel lacks the valid
		// documentation the Act requires (Sch-IX para 2.1, para 3).
		catDef(def{Code: CodeFitnessCertInvalid, Title: "Special category vessel without a valid Certificate of Fitness", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.98", "Karnataka 2025, r.99", "Karnataka 2025, Sch-V-2", "Karnataka 2025, Sch-IX para 2.1", "Karnataka 2025, Sch-IX para 3"}}),
		catDef(def{Code: CodeLogBookNotMaintained, Title: "Official Log Book (Form-5) not kept or not written up", Party: PartyMaster, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.14", "Karnataka 2025, Form-5"}}),
		catDef(def{Code: CodeOperatingPermissionMissing, Title: "No permission for operation from the CEO, KMB or District Magistrate", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-X (Permission and Operation)", "Karnataka 2025, Sch-IX para 2.1"}}),
		// Sch-VIII: the route is approved in addition to the CoS before the
		// vessel operates on it.
		beforePlying(def{Code: CodeRouteApprovalMissing, Title: "Passenger or tourist vessel plying without route approval", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VIII", "Karnataka 2025, r.144"}}),
		catDef(def{Code: CodeInspectionReportNotKept, Title: "Previous State Control Inspection Report not retained on board for two years", Party: PartyMaster, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IX Form A"}}),
		// r.15(2): the Sch-IV fee of a harbour craft working commercially in
		// the inland waterways; its amount is not set (docs/LAW.md §6, Q).
		catDef(def{Code: CodeHarbourCraftFeeUnpaid, Title: "Harbour craft engaged in commercial activity in the inland waterways without paying the State's fee", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.15(2)"}}),
		// r.15(1): endorsed "every time they undertake a passage".
		beforePlying(def{Code: CodeHarbourCraftNotEndorsed, Title: "Harbour craft in inland waterways without the Designated Authority's endorsement", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.15(1)"}}),
		// Paradip 1967 gives no power to detain: an unlicensed craft may not
		// be used (r.3) or ply (r.9(c)) until licensed, and the sanction is
		// the owner's licences (r.26). So 04, not 06.
		beforePlying(def{Code: CodeLicenceInvalid, Title: "Harbour craft plying without a licence in force (expired, lapsed after transfer, or cancelled)", Party: PartyOwner, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.3", "Paradip 1967, r.4(4)", "Paradip 1967, r.8", "Paradip 1967, r.9(c)", "Paradip 1967, r.26"}}),
		catDef(def{Code: CodeLicenceNotOnBoard, Title: "Licence not on board in the tindal's keeping", Party: PartyMaster, Action: Action04, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.6(1)"}}),
		catDef(def{Code: CodeRulesCopyNotOnBoard, Title: "Copy of the rules and the Deputy Conservator's directions not on board", Party: PartyOwner, Action: Action03, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.6(2)"}}),
	}
}

// manningEntries: area 02, docs/LAW.md §7.
func manningEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodeManningShortfall, Title: "Crew required for safe manning not on board", Party: PartyOwner, Fine: PenaltyManning, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 2", "Karnataka 2025, r.29", "Karnataka 2025, r.124", "Karnataka 2025, Form-18 (e)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodeCoCInvalid, Title: "Crew member in a certificated post without a valid certificate of competency", Party: PartyOwner, Fine: PenaltyManning, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 2", "Karnataka 2025, r.29", "Karnataka 2025, r.32(1)", "Karnataka 2025, Form-18 (e)", "Karnataka 2025, Sch-IX para 2.1"}}),
		// The harbour craft rules give no power to detain and state no fine
		// (Paradip 1967; Kandla 1955 s.31(2) only): a craft without the
		// certificated officers its engines require does not ply until they
		// are on board (04). Karnataka's 02001/02002 are detainable under
		// Form-18 (e), which these regimes do not have.
		beforePlying(def{Code: CodeHarbourCraftOfficersShort, Title: "Harbour craft without the certificated officers (master, engineer or engine-driver) its engine power requires", Party: PartyOwner, Regimes: regPDKD, Refs: []Citation{"Paradip 1967, r.29", "Kandla 1955, s.31(2)"}}),
		beforePlying(def{Code: CodeHarbourCraftCertInvalid, Title: "Tindal, master, engineer or engine-driver of a harbour craft without the certificate of the grade the rules require", Party: PartyOwner, Regimes: regPDKD, Refs: []Citation{"Paradip 1967, r.10(3)", "Paradip 1967, r.29", "Kandla 1955, s.31(2)"}}),
		catDef(def{Code: CodeCoCRevalidationOverdue, Title: "Certificate of competency not revalidated within 5 years of issue", Party: PartyCrewMember, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-XV F", "Karnataka 2025, r.34(3)"}}),
		catDef(def{Code: CodeLegacyCoCExpired, Title: "Pre-Act certificate of competency past the transition deadline or its endorsed validity", Party: PartyOwner, Fine: PenaltyManning, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.32(2)", "Karnataka 2025, r.34(3)", "Karnataka 2025, Sch-XV G", "Karnataka 2025, Sch-IV row 2", "Karnataka 2025, Form-18 (e)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodeGPRatingMissing, Title: "Crew member serving as GP rating or Boat in-Charge without a GP rating certificate", Party: PartyOwner, Fine: PenaltyManning, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.124", "Karnataka 2025, r.125", "Karnataka 2025, r.117", "Karnataka 2025, r.29", "Karnataka 2025, Sch-XV G", "Karnataka 2025, Sch-IV row 2", "Karnataka 2025, Form-18 (e)", "Karnataka 2025, Sch-IX para 2.1"}}),
		// r.117: no boat "shall be allowed to ply unless it is in charge of a
		// Qualified GP Rating registered by the Boat Surveyor".
		beforePlying(def{Code: CodeBoatInChargeNotEndorsed, Title: "Boat in-Charge not endorsed on the Certificate of Survey", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.117"}}),
		// r.13(1): the tindal has on board neither more nor fewer crew than
		// licensed for the weather.
		beforePlying(def{Code: CodeCrewNotAsLicensed, Title: "Crew on board differs from the number licensed for the weather", Party: PartyOwner, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.13(1)", "Paradip 1967, r.13(4)"}}),
		// r.9(b): after a change of tindal the craft does not ply until the
		// tindal is produced and the register amended.
		beforePlying(def{Code: CodeTindalNotRegistered, Title: "Tindal not entered in the register of tindals", Party: PartyOwner, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.10(1)", "Paradip 1967, r.9(b)", "Paradip 1967, Form B"}}),
		catDef(def{Code: CodeTindalVerificationMissed, Title: "Tindal not produced for the annual verification in March", Party: PartyOwner, Action: Action03, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.10(2)"}}),
		catDef(def{Code: CodeSpecialCategoryEndorsement, Title: "Crew of a special category vessel without the required course endorsement", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.35", "Karnataka 2025, Sch-V-3", "Karnataka 2025, Sch-XV H"}}),
		catDef(def{Code: CodeBasicSafetyCoursesMissing, Title: "Crew member without the five basic safety courses", Party: PartyCrewMember, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-XV A(2)", "Karnataka 2025, Sch-XV B", "Karnataka 2025, r.125"}}),
	}
}

// stabilityEntries: area 03, docs/LAW.md §4.9.2-§4.9.4, §4.9.6, §8.2.
func stabilityEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodeOverloadPassengers, Title: "Passengers carried beyond the certified capacity", Party: PartyOwner, Fine: PenaltyOverloading, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 5", "Karnataka 2025, Form-18 (c)", "Karnataka 2025, r.126(8)", "Karnataka 2025, Sch-IX para 2.2"}}),
		catDef(def{Code: CodeOverloadCargo, Title: "Cargo carried beyond the permitted load, or load line submerged", Party: PartyOwner, Fine: PenaltyOverloading, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 5", "Karnataka 2025, r.126(7)", "Karnataka 2025, r.120", "Karnataka 2025, Sch-IX para 2.2"}}),
		// Paradip 1967 has no detention and no fine: the tindal must, before
		// starting, send off the excess passengers or cargo (r.19), so the
		// remedy is 04 and the owner's licence is at stake (r.26).
		conduct(def{Code: CodeParadipPassengersExcess, Title: "Passengers carried beyond the number entered in the licence", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.13(1)", "Paradip 1967, r.19"}}),
		conduct(def{Code: CodeParadipCargoExcess, Title: "Cargo carried beyond the quantity entered in the licence", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.13(1)", "Paradip 1967, r.19"}}),
		catDef(def{Code: CodeLoadLineNotMarked, Title: "Load line not clearly marked", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.107(1)", "Karnataka 2025, r.126(6)"}}),
		// The assigned freeboard is a design requirement (Sch-VI 1.4.2 and
		// Section B): not overloading, so no Sch-IV row and no detention.
		catDef(def{Code: CodeFreeboardInsufficient, Title: "Assigned freeboard below the Schedule-VI minimum (150 mm cargo, 300 mm passenger)", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.4.2", "Karnataka 2025, Sch-VI Section B"}}),
		// Loaded below the assigned freeboard is overloading (Sch-IV row 5).
		catDef(def{Code: CodeLoadedFreeboardInsufficient, Title: "Loaded freeboard below the assigned freeboard, or the load line or freeboard mark submerged", Party: PartyOwner, Fine: PenaltyOverloading, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 5", "Karnataka 2025, r.120", "Karnataka 2025, r.126(7)", "Karnataka 2025, Sch-I Annex to Form-2 (Freeboard)", "Karnataka 2025, Sch-IX para 2.2"}}),
		catDef(def{Code: CodeStabilityInfoMissing, Title: "Stability information or freeboard calculation not available", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 4.2", "Karnataka 2025, Sch-VI 6.5-6.8", "Karnataka 2025, r.147(1)"}}),
		catDef(def{Code: CodeWatertightIntegrity, Title: "Watertight bulkheads, coamings or closures defective", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.3", "Karnataka 2025, Sch-VI 1.5", "Karnataka 2025, Sch-VI Section B"}}),
		catDef(def{Code: CodeGuardRails, Title: "Guard rails or bulwarks missing or under 900 mm", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.7", "Karnataka 2025, Sch-I Annex to Form-2 (Accommodation/Safety)"}}),
		// r.18: loading conditions the tindal keeps before starting, as for
		// excess passengers and cargo (r.19): "No tindal ... shall permit".
		beforePlying(def{Code: CodeAnimalsCarriage, Title: "Animals carried without sand ballast or straw floor, or with other cargo or passengers", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.18(2)", "Paradip 1967, r.18(3)"}}),
		beforePlying(def{Code: CodePassengersWithCargo, Title: "Passengers and cargo carried together in a craft not mechanically propelled", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.18(4)"}}),
		catDef(def{Code: CodePassengerSeating, Title: "Passenger craft without seating for each passenger or needed awnings and screens", Party: PartyOwner, Action: Action03, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.13(3)"}}),
		catDef(def{Code: CodeBoatNotDryClean, Title: "Boat not kept dry and clean", Party: PartyMaster, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.126(2)"}}),
		catDef(def{Code: CodeDeckFloorNotAntiSkid, Title: "Floor not flush, contrasting and anti-skid", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI Section B 1.8"}}),
		// Sch-V-2 A: the special category wooden vessel's construction,
		// checked against the CoF (r.98, r.99); a design matter, not
		// detainable, with no Sch-IV row.
		catDef(def{Code: CodeHullTimberNotCompliant, Title: "Wooden hull: timber not of durability class 1 or 2 (a lower-class veneer neither resin-penetrated nor FRP-sheathed), or scantlings not to ISO 12215-5 Category C", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-V-2 A"}}),
		catDef(def{Code: CodeFloorFittingsNotFlush, Title: "Passenger vessel: floor with fittings not flush, or a raised area not highlighted", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.8"}}),
		catDef(def{Code: CodeHullOpeningsNotWatertight, Title: "Hull cut-outs, openings or fittings not watertight, or side scuttles below deck opening", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.3.1"}}),
		catDef(def{Code: CodeBuoyancyInsufficient, Title: "Reserve buoyancy below 110 % or buoyant material too dense", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 6.9"}}),
		catDef(def{Code: CodeDeckHatchesInsufficient, Title: "Decked vessel with fewer than two deck hatches", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 1.3.3"}}),
	}
}

// fireEntries: area 07, docs/LAW.md §4.9.2 FFA, §4.9.3, §4.9.6 (Paradip r.30).
func fireEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodeFFANotMaintained, Title: "Fire-fighting appliances not maintained in order", Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 9", "Karnataka 2025, r.49"}}),
		catDef(def{Code: CodeFirePumpMissing, Title: "Fire pump (engine-driven, fixed or hand with overboard suction) missing or defective", Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 4.2", "Karnataka 2025, Sch-VI Section B", "Karnataka 2025, Sch-IV row 9"}}),
		catDef(def{Code: CodeExtinguisherMissing, Title: "Approved portable fire extinguisher missing or unserviceable", Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKAPD, Refs: []Citation{"Karnataka 2025, Sch-VI 4.3", "Karnataka 2025, Sch-IV row 9", "Paradip 1967, r.30(1)"}}),
		catDef(def{Code: CodeFireBucketMissing, Title: "Fire bucket with lanyard missing", Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 4.4", "Karnataka 2025, Sch-VI Section B", "Karnataka 2025, Sch-IV row 9"}}),
		catDef(def{Code: CodeSandBoxMissing, Title: "Sand box with scoop missing (at least 0.05 m³)", Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKAPD, Refs: []Citation{"Karnataka 2025, Sch-VI 4.5", "Karnataka 2025, Sch-IV row 9", "Paradip 1967, r.30(1)"}}),
		catDef(def{Code: CodeOilRefuse, Title: "Motor boat not kept free of oil refuse", Party: PartyOwner, Action: Action04, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.30(1)"}}),
		catDef(def{Code: CodeCabooseUnsafe, Title: "Caboose or fire place not suitably placed", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.109(1)(f)"}}),
	}
}

// navigationEntries: area 10, docs/LAW.md §4.9.1 (r.46), §4.9.2-§4.9.3
// navigation, §4.9.6 Paradip conduct.
func navigationEntries() []Entry {
	r46 := func(code Code, en string, clause Citation) Entry {
		return catDef(def{Code: code, Title: en, Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA,
			Refs: []Citation{clause, "Karnataka 2025, r.46", "Karnataka 2025, Sch-IV row 9"}})
	}
	// Sch-VI chapter 5 (navigation and communication equipment) is safety
	// equipment as much as the r.46 items are: r.49 has surveyors inspect
	// navigation aids and communication appliances with the LSA and FFA,
	// so not maintaining them in order is Sch-IV row 9.
	sch6nav := func(code Code, en string, refs ...Citation) Entry {
		refs = append(refs, "Karnataka 2025, r.49", "Karnataka 2025, Sch-IV row 9")
		return catDef(def{Code: code, Title: en, Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA,
			Refs: refs})
	}
	return []Entry{
		r46(CodeVHFMissing, "Zone 1: approved VHF radio missing or defective", "Karnataka 2025, r.46(a)"),
		r46(CodeAISMissing, "Zone 1: Class B AIS with display missing or defective", "Karnataka 2025, r.46(b)"),
		r46(CodeGPSMissing, "Zone 1: GPS navigator missing or defective", "Karnataka 2025, r.46(c)"),
		r46(CodeBinocularMissing, "Zone 1: binocular missing", "Karnataka 2025, r.46(d)"),
		r46(CodeSearchlightMissing, "Zone 1: Aldis lamp or searchlight missing", "Karnataka 2025, r.46(d)"),
		r46(CodeRudderIndicatorMissing, "Zone 1: rudder angle indicator missing", "Karnataka 2025, r.46(d)"),
		sch6nav(CodeCompassMissing, "Magnetic compass missing or not adjusted (no deviation card)", "Karnataka 2025, Sch-VI 5.2", "Karnataka 2025, Sch-VI Section B 5.2"),
		sch6nav(CodeNavLightsMissing, "Navigation lights missing or defective", "Karnataka 2025, Sch-VI 5.3"),
		sch6nav(CodeMobilePhoneMissing, "No crew member with a mobile phone", "Karnataka 2025, Sch-VI 5.4", "Karnataka 2025, Sch-VI Section B 5.4"),
		sch6nav(CodeSoundSignalMissing, "Sound signal appliance missing", "Karnataka 2025, Sch-VI 5.5", "Karnataka 2025, Sch-VI Section B 5.5"),
		sch6nav(CodeTorchHookLineMissing, "Water-resistant torch, boat hook or 10 m heaving line missing", "Karnataka 2025, Sch-VI 5.6", "Karnataka 2025, Sch-VI Section B 5.6"),
		conduct(def{Code: CodePlyingInFog, Title: "Vessel under 10 m, or non-mechanised boat, plying in fog", Party: PartyMaster, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 5.6", "Karnataka 2025, Sch-VI Section B 5.6"}}),
		sch6nav(CodeNightPresenceMissing, "No means to show the boat's presence at night", "Karnataka 2025, Sch-VI Section B 5.3"),
		conduct(def{Code: CodeOutsideOperatingRegion, Title: "Operating outside the designated operating region in the Certificate of Registration", Party: PartyOwner, Fine: PenaltyRegion, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 8", "Karnataka 2025, r.102(1)(a)"}}),
		conduct(def{Code: CodeOutsideCertifiedZone, Title: "Navigating in a zone the vessel is not certified for", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.43", "Karnataka 2025, r.6"}}),
		conduct(def{Code: CodeUnapprovedRoute, Title: "Boat operating off a State-approved route", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.144", "Karnataka 2025, Sch-VIII"}}),
		catDef(def{Code: CodeNavigationEquipment, Title: "Shapes or nautical publications recorded in the Annex to Form-2 missing", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-I Annex to Form-2 (Navigation)"}}),
		// Form-18 ground (f): the challan detains until rectified (r.13).
		catDef(def{Code: CodeNavigationSafetyChapter, Title: "Navigation safety and signals (Act Chapter VIII) not complied with", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Form-18 (f)", "Karnataka 2025, r.13"}}),
		conduct(def{Code: CodeNightPlying, Title: "Plying in the outer roads between 6 P.M. and 6 A.M. without permission", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.17(a)(i)"}}),
		conduct(def{Code: CodeStormSignalPlying, Title: "Plying in the outer roads while a storm signal is displayed", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.17(a)(ii)", "Paradip 1967, r.17(b)"}}),
		conduct(def{Code: CodeCollisionRegulations, Title: "Collision regulations not observed under way", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.15"}}),
		conduct(def{Code: CodeTrafficObstruction, Title: "Craft obstructing port traffic", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.14"}}),
		conduct(def{Code: CodeFishingBoatTooClose, Title: "Fishing boat allowed within ten yards of a licensed cargo boat plying ship to shore", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.22(1)", "Paradip 1967, r.22(3)"}}),
		conduct(def{Code: CodeFishingBoatAlongside, Title: "Fishing boat alongside a vessel while cargo is discharged or shipped", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.22(2)", "Paradip 1967, r.22(3)"}}),
		conduct(def{Code: CodePrematureMooring, Title: "Made fast to a buoy or alongside a vessel before it anchored or moored", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.21"}}),
	}
}

// lifeSavingEntries: area 11, docs/LAW.md §4.9.2 LSA, §4.9.3, §4.9.6, §5.1 row 10.
func lifeSavingEntries() []Entry {
	lsa := func(code Code, en string, refs ...Citation) Entry {
		refs = append(refs, "Karnataka 2025, Sch-IV row 9")
		return catDef(def{Code: code, Title: en, Party: PartyOwner, Fine: PenaltySafetyEquip, Action: Action04, Regimes: regKA,
			Refs: refs})
	}
	buoys := lsa(
		CodeLifebuoysInsufficient,
		"Lifebuoys (with buoyant line) or buoyant apparatus insufficient, unapproved or not accessible",
		"Karnataka 2025, Sch-VI 3.3",
		"Karnataka 2025, Sch-VI Section B 3.3",
		"Paradip 1967, r.13(2)",
	)
	buoys.Regimes = regKAPD
	pax := conduct(def{Code: CodePassengerNoLifejacket, Title: "Passenger not wearing a lifejacket", Party: PartyPassenger,
		Fine: PenaltyLifejacket, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 10"}})
	return []Entry{
		lsa(CodeLSANotMaintained, "Life-saving appliances not maintained in order", "Karnataka 2025, r.49"),
		lsa(CodeLifejacketsInsufficient, "Lifejackets fewer than 110 % of persons on board, or unserviceable", "Karnataka 2025, Sch-VI 3.9", "Karnataka 2025, Sch-VI Section B 3.9"),
		lsa(CodeLiferaftsInsufficient, "Liferafts or buoyant apparatus below 110 % of approved capacity", "Karnataka 2025, Sch-VI 3.3", "Karnataka 2025, Sch-VI Section B 3.3"),
		buoys,
		lsa(CodeWhistleMissing, "Whistle missing", "Karnataka 2025, Sch-VI 3.4", "Karnataka 2025, Sch-VI Section B 3.4"),
		lsa(CodeFirstAidKitMissing, "Waterproof first-aid kit missing", "Karnataka 2025, Sch-VI 3.5", "Karnataka 2025, Sch-VI Section B 3.5"),
		lsa(CodeHandFlareMissing, "Red hand flare missing or expired", "Karnataka 2025, Sch-VI 3.6", "Karnataka 2025, Sch-VI Section B 3.6"),
		lsa(CodeBuoyantPaddleMissing, "Buoyant paddle missing (one mechanised, two non-mechanised)", "Karnataka 2025, Sch-VI 3.7", "Karnataka 2025, Sch-VI Section B 3.7"),
		lsa(CodeLSATorchMissing, "Waterproof torch (Morse) or searchlight missing", "Karnataka 2025, Sch-VI 3.8", "Karnataka 2025, Sch-VI Section B 3.8"),
		lsa(CodeRetroReflectiveMissing, "Retro-reflective material missing on life-saving appliances", "Karnataka 2025, Sch-VI 3.2", "Karnataka 2025, Sch-VI Section B 3.2"),
		pax,
	}
}

// pollutionEntries: area 13, docs/LAW.md §2.1 (r.52, r.63), §4.9.3 (r.145).
func pollutionEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodePollutionInspectionOverdue, Title: "Annual pollution inspection and survey overdue (over 12 months)", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.63"}}),
		catDef(def{Code: CodeOilyWasteTankMissing, Title: "No holding tank or equivalent for oil and oily waste", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(8)(b)"}}),
		catDef(def{Code: CodeBioDigesterMissing, Title: "No bio-digester where sewage is generated", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(8)(c)"}}),
		catDef(def{Code: CodeGarbagePlacardsMissing, Title: "Garbage-disposal placards not displayed (Category A and B boats)", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(7)(b)"}}),
		catDef(def{Code: CodeOilRecordsNotKept, Title: "Oil discharge records and receipts not kept for 3 months", Party: PartyMaster, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(8)(a)"}}),
		catDef(def{Code: CodeHarmfulAntifouling, Title: "Harmful organic antifouling used", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(9)"}}),
		catDef(def{Code: CodeGarbageRecordBookMissing, Title: "Garbage Record Book or Garbage Management Plan missing (50 passengers and more)", Party: PartyMaster, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-XIII para 5"}}),
		catDef(def{Code: CodeGarbageRetentionMissing, Title: "No arrangement to retain garbage on board for discharge ashore", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(7)(a)"}}),
		catDef(def{Code: CodeWasteRecordNotKept, Title: "Boat in-Charge keeps no record of garbage, oil residue or sewage removed", Party: PartyMaster, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(10)"}}),
		conduct(def{Code: CodeUntreatedSewage, Title: "Untreated sewage discharged into inland waterways", Party: PartyMaster, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(8)(d)"}}),
		catDef(def{Code: CodePollutionNotEndorsed, Title: "Pollution arrangements not endorsed on the survey certificate", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.145(11)"}}),
	}
}

// machineryEntries: area 14, docs/LAW.md §4.9.2-§4.9.3, §4.9.6 (silencers).
func machineryEntries() []Entry {
	return []Entry{
		catDef(def{Code: CodeBilgePumping, Title: "Bilge pumping or bailing arrangements missing or defective", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.7", "Karnataka 2025, Sch-VI Section B 2.3", "Karnataka 2025, r.122", "Karnataka 2025, r.109(1)(d)", "Karnataka 2025, Sch-V-2 A"}}),
		catDef(def{Code: CodeSteeringGear, Title: "Steering gear or secondary steering defective", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.8", "Karnataka 2025, Sch-VI Section B 2.4"}}),
		catDef(def{Code: CodeStartingBatteries, Title: "Sole starting batteries not duplicated with change-over switch", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.6.2"}}),
		catDef(def{Code: CodeGroundTackle, Title: "Anchor, cable or chain missing or not serviceable", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.11", "Karnataka 2025, Sch-VI Section B 2.6", "Karnataka 2025, r.109(1)(d)"}}),
		catDef(def{Code: CodeTowline, Title: "Towline shorter or thinner than the anchor cable", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.12", "Karnataka 2025, Sch-VI Section B 2.7"}}),
		catDef(def{Code: CodeBatteriesNotInOrder, Title: "Batteries not secured, protected or in order", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-I Annex to Form-2 (Machinery/Electrical)", "Karnataka 2025, Sch-VI Section B 2.2"}}),
		catDef(def{Code: CodePaddleWheelNotMaintained, Title: "Paddle wheel not maintained and greased, or without frictional material", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI Section B 2.2"}}),
		catDef(def{Code: CodeDeckEquipment, Title: "Deck equipment recorded in the Annex to Form-2 missing or not in order", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-I Annex to Form-2 (Equipment)"}}),
		catDef(def{Code: CodeMachineryNotInOrder, Title: "Machinery or electrical installation recorded in the Annex to Form-2 not in working order", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-I Annex to Form-2 (Machinery/Electrical)"}}),
		catDef(def{Code: CodeCoREquipmentMissing, Title: "Equipment specified in the Certificate of Registration not provided or not in good condition", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.126(5)"}}),
		catDef(def{Code: CodeSilencerMissing, Title: "Noisy engine without an efficient silencer", Party: PartyOwner, Action: Action03, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.30(2)"}}),
		catDef(def{Code: CodeElectricalProtection, Title: "Electrical short-circuit protection or cables not compliant", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.13-2.14", "Karnataka 2025, Sch-VI Section B 2.2"}}),
		catDef(def{Code: CodeFuelTank, Title: "Fuel tank arrangement not compliant (petrol tank integral to hull)", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.2"}}),
		// Sch-VI 2.1.3 and 2.8.1 are design and trial conditions of a
		// Category C vessel: the surveyor's to verify again (05).
		catDef(def{Code: CodeMachineryInclination, Title: "Machinery not shown to operate properly at 10° list and 5° trim", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.1.3"}}),
		catDef(def{Code: CodeSpeedBelowMinimum, Title: "Speed in calm water below the 15 km/h minimum", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-VI 2.8.1"}}),
		// A non-mechanised boat is not an inland vessel under the Act, so
		// the s.8 penalty (CodeUnapprovedAlteration) does not reach it; the
		// CoR condition of Sch-X still forbids the alteration.
		catDef(def{Code: CodeBoatAlteredUnpermitted, Title: "Non-mechanised boat's structure or equipment altered without the Registering Authority's permission", Party: PartyOwner, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-X (Permission and Operation)"}}),
		catDef(def{Code: CodeUnapprovedAlteration, Title: "Structure, machinery or equipment altered without approval", Party: PartyOwner, Fine: PenaltyAlteration, Action: Action05, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV (s.87 table)", "Karnataka 2025, r.59", "Karnataka 2025, r.7", "Karnataka 2025, Sch-X (Permission and Operation)"}}),
	}
}

// markingEntries: area 20, docs/LAW.md §4.9.4, §4.9.6 (Paradip r.7), §1.5.
func markingEntries() []Entry {
	return []Entry{
		// Non-mechanised boats (Ch. VII): r.103(2), r.126(3); no Form-18,
		// which serves mechanised vessels under r.13 (Ch. I).
		// r.103: no person shall ply the boat "unless" the number is painted.
		beforePlying(def{Code: CodeRegistrationNumberNotMarked, Title: "Registration number not painted on both sides in white English letters at least 15 cm high", Party: PartyOwner, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.103(2)", "Karnataka 2025, r.126(3)"}}),
		// Mechanised vessels: registration number not affixed is a Form-18
		// challan ground (d), detained until rectified (r.13, Form-18).
		catDef(def{Code: CodeRegistrationNumberNotAffixed, Title: "Mechanised vessel: registration number not affixed on the hull", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Form-18 (d)", "Karnataka 2025, r.20(1)", "Karnataka 2025, r.13"}}),
		// A tampered official marking no longer shows the number assigned:
		// Form-18 (d) for a mechanised vessel; for a boat, the obliterated
		// number ends its registration (r.106(d)) and Sch-IX para 2.1 applies
		// through r.131(3).
		catDef(def{Code: CodeMarkingTampered, Title: "Official marking on the hull tampered with", Party: PartyOwner, Fine: PenaltyMarking, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 6", "Karnataka 2025, r.20", "Karnataka 2025, Form-18 (d)", "Karnataka 2025, r.106(d)", "Karnataka 2025, Sch-IX para 2.1"}}),
		catDef(def{Code: CodeDisplayBoardMissing, Title: "Display board (registration, place, last survey, maximum load, insurance) missing or incomplete", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.107(2)", "Karnataka 2025, r.20(3)"}}),
		catDef(def{Code: CodeDisplayBoardLanguages, Title: "Display board not in Hindi, Kannada and English", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.107(2)"}}),
		catDef(def{Code: CodeCapacityNotDisplayed, Title: "Certified capacity not displayed at the embarkation and disembarkation points", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-X (Permission and Operation)"}}),
		catDef(def{Code: CodeMaxPassengersNotDisplayed, Title: "Maximum number of passengers not written prominently on the boat", Party: PartyOwner, Action: Action04, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.126(9)"}}),
		catDef(def{Code: CodeCraftNumberNotPainted, Title: "Craft number not painted in English and Hindi figures at least 6 inches long", Party: PartyOwner, Action: Action03, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.7(1)"}}),
		catDef(def{Code: CodeSPLSuffixMissing, Title: "Special category vessel's registration number without the SPL suffix", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.98(3)"}}),
		catDef(def{Code: CodeFreeboardMarkMissing, Title: "Freeboard mark (2.5 cm by 15 cm amidships on both sides) not marked", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.123(5)"}}),
		catDef(def{Code: CodeHullMarkingLanguage, Title: "Hull marking not in Kannada and Hindi or English", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, r.20(2)"}}),
	}
}

// detentionEntries: area 30, one per question of Karnataka 2025, Sch-IX
// para 2.1 and 2.2 (docs/LAW.md §4.2), answered "no", plus para 2.3.
func detentionEntries() []Entry {
	crit := func(code Code, en string, para Citation) Entry {
		return catDef(def{Code: code, Title: en, Party: PartyOwner, Detainable: true, Regimes: regKA,
			Refs: []Citation{para, "Karnataka 2025, Sch-IX para 4"}})
	}
	return []Entry{
		crit(CodeDetainDocumentation, "Vessel does not comply with the Act or lacks relevant valid documentation", "Karnataka 2025, Sch-IX para 2.1"),
		crit(CodeDetainSafeManning, "Vessel lacks the crew required for safe manning", "Karnataka 2025, Sch-IX para 2.1"),
		crit(CodeDetainAccident, "Vessel involved in an accident causing injury, loss of life or pollution", "Karnataka 2025, Sch-IX para 2.1"),
		crit(CodeDetainOrder, "Order of detention or removal from a court or investigating authority", "Karnataka 2025, Sch-IX para 2.1"),
		crit(CodeDetainNavigation, "Vessel or crew cannot navigate safely", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainCargo, "Cannot safely handle, carry and monitor the cargo", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainEngineRoom, "Cannot operate the engine-room safely", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainPropulsion, "Cannot maintain proper propulsion and steering", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainFireFighting, "Cannot fight fire effectively in any part of the vessel", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainAbandonShip, "Cannot abandon ship speedily and safely or effect rescue", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainPollution, "Cannot prevent pollution of the environment", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainStability, "Cannot maintain adequate stability", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainWatertight, "Cannot maintain adequate watertight integrity", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainDistressComms, "Cannot communicate in distress situations", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainHealthConditions, "Cannot provide safe and healthy conditions on board", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainPassengerSafety, "Cannot safely carry passengers as per the registered capacity", "Karnataka 2025, Sch-IX para 2.2"),
		crit(CodeDetainCombination, "Combination of less serious deficiencies warrants detention", "Karnataka 2025, Sch-IX para 2.3"),
	}
}

// otherEntries: area 99.
func otherEntries() []Entry {
	other := catDef(def{Code: CodeOther, Title: "Other (specify)", Party: PartyOwner, Action: Action99, Regimes: regAll,
		Refs: []Citation{"Karnataka 2025, Sch-IX Form B"}})
	return []Entry{
		conduct(def{Code: CodeCrewIntoxicated, Title: "Crew member operating under the influence of alcohol or a narcotic substance", Party: PartyCrewMember, Fine: PenaltyIntoxicated, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-IV row 7"}}),
		catDef(def{Code: CodeDangerousGoods, Title: "Dangerous or prohibited goods carried contrary to s.81 of the Act", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Form-18 (i)", "Karnataka 2025, Sch-IX para 2.2"}}),
		// Form-18 ground (g): the challan detains until rectified (r.13),
		// as for grounds (f) and (i).
		catDef(def{Code: CodeWreckSalvageChapter, Title: "Wreck and salvage (Act Chapter X) contravened", Party: PartyOwner, Action: Action06, Detainable: true, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Form-18 (g)", "Karnataka 2025, r.13"}}),
		catDef(def{Code: CodeAccommodationNotInOrder, Title: "Accommodation or safety arrangement recorded in the Annex to Form-2 not in order", Party: PartyOwner, Action: Action03, Regimes: regKA, Refs: []Citation{"Karnataka 2025, Sch-I Annex to Form-2 (Accommodation/Safety)"}}),
		conduct(def{Code: CodeFareExcess, Title: "Hire above the sanctioned rate, or gratuity demanded from a passenger", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.24"}}),
		conduct(def{Code: CodeUnappointedLanding, Title: "Passengers or goods landed or shipped at a place not appointed by the Conservator", Party: PartyMaster, Regimes: regPD, Refs: []Citation{"Paradip 1967, r.23"}}),
		other,
	}
}
