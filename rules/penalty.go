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
