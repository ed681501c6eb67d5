package rules

// This file is a table of the law, one row a line (excluded from golines
// and lll in .golangci.yml).

// penaltyRows is the Schedule-IV table (Karnataka 2025, Sch-IV; docs/LAW.md
// §5.1). Amounts live in the RuleSet's Fines so that a revised tariff is a
// new rule set version (r.131(2), Sch-IV para 4).
var penaltyRows = []PenaltyRow{
	{ID: PenaltyInsurance, Sl: 1, Offence: "Operating the boat without a valid insurance cover", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 1"},
	{ID: PenaltyManning, Sl: 2, Offence: "Operating the boat without proper manning", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 2"},
	{ID: PenaltyRegistration, Sl: 3, Offence: "Operating the boat without a valid Certificate of Registration", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 3"},
	{ID: PenaltySurvey, Sl: 4, Offence: "Operating the boat without a valid Certificate of Survey", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 4"},
	{ID: PenaltyOverloading, Sl: 5, Offence: "Overloading cargo or passengers", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 5"},
	{ID: PenaltyMarking, Sl: 6, Offence: "Tampering with the official marking on boat's hull", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 6"},
	{ID: PenaltyIntoxicated, Sl: 7, Offence: "Operating the boat under the influence of alcohol or other narcotic substance", LiableParty: PartyCrewMember, Multiplier: PerCrew, Citation: "Karnataka 2025, Sch-IV row 7"},
	{ID: PenaltyRegion, Sl: 8, Offence: "Operating the boat outside its designated operating region as mentioned in CoR", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 8"},
	{ID: PenaltySafetyEquip, Sl: 9, Offence: "Not maintaining the LSA/FFA and other safety equipment in order", LiableParty: PartyOwner, Multiplier: PerOffence, Citation: "Karnataka 2025, Sch-IV row 9"},
	{ID: PenaltyLifejacket, Sl: 10, Offence: "Not wearing the lifejacket", LiableParty: PartyPassenger, Multiplier: PerPassenger, Citation: "Karnataka 2025, Sch-IV row 10"},
	{ID: PenaltyAlteration, Sl: 0, Offence: "Construction, alteration or modification in contravention of s.8 of the Act", LiableParty: PartyOwner, Multiplier: PerOffence, Maximum: true, Citation: "Karnataka 2025, Sch-IV (s.87 table), IV Act s.8"},
}

// karnatakaScheduleIV is the first-offence tariff of the draft as printed
// (docs/LAW.md §5.1). The s.8 row holds its maximum.
func karnatakaScheduleIV() map[PenaltyRowID]Rupees {
	return map[PenaltyRowID]Rupees{
		PenaltyInsurance:    5000,  // Sch-IV row 1
		PenaltyManning:      5000,  // Sch-IV row 2
		PenaltyRegistration: 8000,  // Sch-IV row 3
		PenaltySurvey:       5000,  // Sch-IV row 4
		PenaltyOverloading:  10000, // Sch-IV row 5
		PenaltyMarking:      20000, // Sch-IV row 6
		PenaltyIntoxicated:  20000, // Sch-IV row 7, per crew
		PenaltyRegion:       5000,  // Sch-IV row 8
		PenaltySafetyEquip:  5000,  // Sch-IV row 9
		PenaltyLifejacket:   1000,  // Sch-IV row 10, per pax
		PenaltyAlteration:   10000, // s.8: "may extend to ten thousand rupees for every non-compliance"
	}
}
