package rules

import "sort"

// PenaltyRowID names a row of the Karnataka 2025 Schedule-IV fines table in
// the style of docs/LAW.md §5.1 ("KA-F05" = Sl. 5).
type PenaltyRowID string

// The Schedule-IV rows (Karnataka 2025, Sch-IV; docs/LAW.md §5.1), plus the
// s.8 maximum of the Sch-IV s.87 table.
const (
	PenaltyInsurance    PenaltyRowID = "KA-F01" // Sch-IV row 1: no valid insurance cover
	PenaltyManning      PenaltyRowID = "KA-F02" // Sch-IV row 2: without proper manning
	PenaltyRegistration PenaltyRowID = "KA-F03" // Sch-IV row 3: no valid Certificate of Registration
	PenaltySurvey       PenaltyRowID = "KA-F04" // Sch-IV row 4: no valid Certificate of Survey
	PenaltyOverloading  PenaltyRowID = "KA-F05" // Sch-IV row 5: overloading cargo or passengers
	PenaltyMarking      PenaltyRowID = "KA-F06" // Sch-IV row 6: tampering with official hull marking
	PenaltyIntoxicated  PenaltyRowID = "KA-F07" // Sch-IV row 7: under influence of alcohol/narcotics, per crew
	PenaltyRegion       PenaltyRowID = "KA-F08" // Sch-IV row 8: outside designated operating region
	PenaltySafetyEquip  PenaltyRowID = "KA-F09" // Sch-IV row 9: LSA/FFA and other safety equipment not in order
	PenaltyLifejacket   PenaltyRowID = "KA-F10" // Sch-IV row 10: not wearing lifejacket, per passenger
	// Sch-IV s.87 table: s.8 contravention, fine up to 10,000 per non-compliance
	PenaltyAlteration PenaltyRowID = "KA-S8"
)

// Multiplier is what a Schedule-IV amount is multiplied by.
type Multiplier string

// Multipliers the law states.
const (
	PerOffence   Multiplier = "offence"   // one amount per offence
	PerCrew      Multiplier = "crew"      // "per crew" (Sch-IV row 7)
	PerPassenger Multiplier = "passenger" // "per pax" (Sch-IV row 10)
)

// PenaltyRow is one row of the Schedule-IV table as printed.
type PenaltyRow struct {
	ID          PenaltyRowID `json:"id"`
	Sl          int          `json:"sl"` // serial number as printed; 0 for the s.8 row
	Offence     string       `json:"offence"`
	LiableParty Party        `json:"liable_party"`
	Multiplier  Multiplier   `json:"multiplier"`
	// Maximum marks a row whose amount is a ceiling ("may extend to"), not
	// a fixed fine: the officer sets the amount.
	Maximum  bool     `json:"maximum"`
	Citation Citation `json:"citation"`
}

// penaltyRows is the Schedule-IV table (Karnataka 2025, Sch-IV; docs/LAW.md
// §5.1). Amounts live in the RuleSet's Fines so that a revised tariff is a
// new rule set version (r.131(2), Sch-IV para 4).
var penaltyRows = []PenaltyRow{
	{
		PenaltyInsurance,
		1,
		"Operating the boat without a valid insurance cover",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 1",
	},
	{
		PenaltyManning,
		2,
		"Operating the boat without proper manning",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 2",
	},
	{
		PenaltyRegistration,
		3,
		"Operating the boat without a valid Certificate of Registration",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 3",
	},
	{
		PenaltySurvey,
		4,
		"Operating the boat without a valid Certificate of Survey",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 4",
	},
	{
		PenaltyOverloading,
		5,
		"Overloading cargo or passengers",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 5",
	},
	{
		PenaltyMarking,
		6,
		"Tampering with the official marking on boat's hull",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 6",
	},
	{
		PenaltyIntoxicated,
		7,
		"Operating the boat under the influence of alcohol or other narcotic substance",
		PartyCrewMember,
		PerCrew,
		false,
		"Karnataka 2025, Sch-IV row 7",
	},
	{
		PenaltyRegion,
		8,
		"Operating the boat outside its designated operating region as mentioned in CoR",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 8",
	},
	{
		PenaltySafetyEquip,
		9,
		"Not maintaining the LSA/FFA and other safety equipment in order",
		PartyOwner,
		PerOffence,
		false,
		"Karnataka 2025, Sch-IV row 9",
	},
	{
		PenaltyLifejacket,
		10,
		"Not wearing the lifejacket",
		PartyPassenger,
		PerPassenger,
		false,
		"Karnataka 2025, Sch-IV row 10",
	},
	{
		PenaltyAlteration,
		0,
		"Construction, alteration or modification in contravention of s.8 of the Act",
		PartyOwner,
		PerOffence,
		true,
		"Karnataka 2025, Sch-IV (s.87 table), IV Act s.8",
	},
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

// PenaltyRows returns the Schedule-IV rows in table order.
func PenaltyRows() []PenaltyRow {
	out := append([]PenaltyRow(nil), penaltyRows...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// PenaltyRowByID returns the row with the given ID.
func PenaltyRowByID(id PenaltyRowID) (PenaltyRow, bool) {
	for _, r := range penaltyRows {
		if r.ID == id {
			return r, true
		}
	}
	return PenaltyRow{}, false
}

// FirstOffence is the first-offence fine of row under rs for the given number
// of persons (crew for row 7, passengers for row 10; ignored otherwise; < 1
// counts as 1). ok is false if rs has no amount for the row or the row is a
// maximum the officer must set.
func FirstOffence(rs *RuleSet, id PenaltyRowID, persons int) (amount Rupees, ok bool) {
	row, known := PenaltyRowByID(id)
	base, priced := rs.Fines[id]
	if !known || !priced || row.Maximum {
		return 0, false
	}
	return base * Rupees(penaltyUnits(row, persons)), true
}

// penaltyUnits is the multiplier of an amount: persons for per-person rows.
func penaltyUnits(row PenaltyRow, persons int) int {
	if row.Multiplier == PerOffence || persons < 1 {
		return 1
	}
	return persons
}
