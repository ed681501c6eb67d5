package rules

import "fmt"

// paradipR28 is the Paradip 1967 r.28 table: service → fee per column
// (2) boats, (3) canoes and shoedhonies, (4) catamarans, (5) power-driven.
var paradipR28 = map[FeeKind]struct {
	clause string
	desc   string
	fees   [4]Rupees
}{
	FeeParadipLicence:            {"(i)", "issue of licence", [4]Rupees{2, 1, 1, 25}},
	FeeParadipLicenceAmendment:   {"(ii)", "amendment or transfer of licence", [4]Rupees{1, 1, 1, 1}},
	FeeParadipDuplicateLicence:   {"(iii)", "duplicate licence", [4]Rupees{2, 1, 1, 2}},
	FeeParadipTindalRegistration: {"(iv)", "registration of tindal", [4]Rupees{1, 1, 1, 1}},
	FeeParadipTindalAmendment:    {"(v)", "amendment to registration of tindal", [4]Rupees{1, 1, 1, 1}},
	FeeParadipSurveyMeasurement:  {"(vi)", "survey and measurement", [4]Rupees{5, 2, 2, 50}},
	FeeParadipAnnualInspection:   {"(vii)", "annual inspection", [4]Rupees{3, 1, 1, 50}},
	FeeParadipSpecialInspection:  {"(viii)", "special inspection", [4]Rupees{3, 1, 1, 50}},
}

// paradipColumns maps a craft class to its r.28 column index.
var paradipColumns = map[ParadipCraftClass]int{CraftBoat: 0, CraftCanoe: 1, CraftCatamaran: 2, CraftPowerDriven: 3}

// paradipRepairBands is the Paradip 1967 r.12(3) major-repair scale:
// "gross tonnage does not exceed 25", then "exceeds X but does not exceed Y".
var paradipRepairBands = []tonnageBand{
	{25, 60, "(i)"},
	{50, 75, "(ii)"},
	{75, 90, "(iii)"},
	{100, 105, "(iv)"},
	{300, 120, "(v)"},
	{600, 135, "(vi)"},
	{900, 150, "(vii)"},
	{1200, 180, "(viii)"},
}

// paradipServiceFees is the Paradip 1967 r.29(3) fee for a certificate
// granted on 2 years' service as on 1 April 1966.
var paradipServiceFees = map[CertificateGrade]Rupees{
	GradeFirstClassMaster:             16,
	GradeSecondClassMaster:            6,
	GradeSerang:                       4,
	GradeSecondClassEngineDriver:      4,
	GradeSecondClassMotorEngineDriver: 4,
	GradeFirstClassEngineDriver:       10,
	GradeFirstClassMotorEngineDriver:  10,
	GradeEngineer:                     12,
	GradeMotorEngineer:                12,
}

func init() {
	fns := map[FeeKind]func(FeeRequest, *FeeQuote) error{
		FeeParadipMajorRepair:       quoteParadipMajorRepair,
		FeeParadipServiceCompetency: quoteParadipServiceCompetency,
	}
	for k := range paradipR28 {
		fns[k] = quoteParadipR28
	}
	register(RegimeParadip1967, fns)
}

// quoteParadipR28 prices a Paradip 1967 r.28 service for the craft class.
// The amounts are the 1967 tariff (docs/LAW.md §11 Q31).
func quoteParadipR28(r FeeRequest, q *FeeQuote) error {
	col, ok := paradipColumns[r.CraftClass]
	if !ok {
		return fieldErr("craft_class", "must be one of boat, canoe, catamaran, power_driven, got %q", r.CraftClass)
	}
	row := paradipR28[r.Kind]
	q.add(fmt.Sprintf("%s, %s", row.desc, r.CraftClass), row.fees[col], Citation("Paradip 1967, r.28"+row.clause))
	return nil
}

// quoteParadipMajorRepair prices supervision of a major repair by the
// Engineer and Ship Surveyor, paid before the repair starts (r.12(2)); above
// 1,200 tons it is 180 + Rs 30 per 300 tons or part thereof in excess.
func quoteParadipMajorRepair(r FeeRequest, q *FeeQuote) error {
	if err := needTonnage(r.Tonnage); err != nil {
		return err
	}
	if b, ok := findBand(paradipRepairBands, r.Tonnage); ok {
		q.add(
			fmt.Sprintf("major-repair supervision, %v GT %s", r.Tonnage, b.row),
			b.fee,
			Citation("Paradip 1967, r.12(3)"+b.row),
		)
		return nil
	}
	blocks := ceilTons((r.Tonnage - 1200) / 300)
	q.add(
		fmt.Sprintf("major-repair supervision, %v GT (ix): 180 + Rs 30 × %d blocks of 300 t above 1,200", r.Tonnage, blocks),
		180+30*Rupees(blocks),
		"Paradip 1967, r.12(3)(ix)",
	)
	return nil
}

// quoteParadipServiceCompetency prices a service-based certificate by grade.
func quoteParadipServiceCompetency(r FeeRequest, q *FeeQuote) error {
	fee, ok := paradipServiceFees[r.Grade]
	if !ok {
		return fieldErr("grade", "no Paradip 1967 r.29(3) fee for grade %q", r.Grade)
	}
	q.add(fmt.Sprintf("service-based certificate, %s", r.Grade), fee, "Paradip 1967, r.29(3)")
	return nil
}
