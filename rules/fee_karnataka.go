package rules

import "fmt"

// kaSurveyBands is Karnataka 2025, Sch-IV Annexure-1 Part A ("Table of survey
// fees", column "Category A or as per Classification Society"). Each row is
// "exceeding the previous bound but does not exceed upTo"; row 1 is "up to
// 10 tonnes". Row 7's lower bound is missing in the print and read as
// "exceeding 100" (docs/LAW.md §11 Q11); there is no row 11.
var kaSurveyBands = []tonnageBand{
	{10, 1000, "Sl.1"},
	{20, 1500, "Sl.2"},
	{30, 2000, "Sl.3"},
	{50, 3000, "Sl.4"},
	{75, 4000, "Sl.5"},
	{100, 6000, "Sl.6"},
	{300, 10000, "Sl.7"},
	{600, 13000, "Sl.8"},
	{900, 16000, "Sl.9"},
	{1200, 30000, "Sl.10"},
}

// kaRegistrationBands is Karnataka 2025, Sch-IV Part B item 1. The printed
// bands overlap (0-10, 10-20, 20-40); a shared edge goes to the lower band
// (docs/LAW.md §6.2, Q12).
var kaRegistrationBands = []tonnageBand{
	{10, 2000, "band A"},
	{20, 3000, "band B"},
	{40, 4000, "band C"},
}

func init() {
	const partB = "Karnataka 2025, Sch-IV Part B"
	const hc = "Karnataka 2025, Sch-IV harbour craft fees"
	const det = "Karnataka 2025, Sch-IV detention charges (IV Act s.85(2), s.85(4))"
	const noc = "Karnataka 2025, Sch-IV NOC table"
	register(RegimeKarnataka2025, map[FeeKind]func(FeeRequest, *FeeQuote) error{
		FeeKASurvey:              quoteKASurvey,
		FeeKARegistrationInitial: quoteKARegistration,
		FeeKARegistrationMSA: perGRTMin(
			"registration of a vessel registered under the Merchant Shipping Act",
			50,
			6000,
			partB+" item 2",
		),
		FeeKARegistrationAlteration: perGRTMin("registration of alteration", 50, 5000, partB+" item 3"),
		FeeKADuplicateCertificate:   flat("duplicate certificate", 1000, partB+" item 4"),
		FeeKATransferOfRegistry:     flat("registration on transfer of registry from another State", 5000, partB+" item 5"),
		FeeKATransferOfOwnership:    flat("registration on transfer of ownership within the State", 5000, partB+" item 6"),
		FeeKAProvisionalCertificate: flat("issue of provisional certificate", 1000, partB+" item 7"),
		FeeKAAppeal: flat(
			"appeal against a decision of the Registering Authority (not refundable)",
			5000,
			"Karnataka 2025, Sch-IV Part C",
		),
		FeeKAHCInitialSurvey: perGRTMin("harbour craft initial survey, measurement and licence", 10, 2000, hc+" (a)"),
		FeeKAHCAnnualInspection: perGRTMin(
			"harbour craft annual inspection and renewal of licence",
			10,
			1500,
			hc+" (b)",
		),
		FeeKAHCCasualtyInspection: perGRTMin(
			"harbour craft inspection for casualty or change in carrying capacity",
			10,
			1500,
			hc+" (c)",
		),
		FeeKAHCUnseaworthy:           quoteKAHCUnseaworthy,
		FeeKAHCDuplicateLicence:      flat("harbour craft duplicate licence", 500, hc+" (e)"),
		FeeKAHCTindalChange:          flat("endorsing change of tindal or driver", 500, hc+" (f)"),
		FeeKAHCCompetencyCertificate: flat("serang or engine driver competency certificate", 1000, hc+" (g)"),
		FeeKAHCChangeOfOwnership:     flat("harbour craft change of ownership", 500, hc+" (h)"),
		FeeKAHCMarineEngineerSurvey:  quoteKAHCMarineEngineer,
		FeeKAHCAmendLicence:          flat("amending a harbour craft licence", 300, hc+" Note 2(1)"),
		FeeKADetentionVisit:          perUnit("survey or detention, per visit", 5000, det+" item 1"),
		FeeKADetentionHolding: withActuals(
			perUnit("terminal or holding place during detention, per day", 1000, det+" item 2"),
			"towing charges at actuals",
			det+" item 2",
		),
		FeeKADetentionGuard: perUnit(
			"detention security and safety guard, per shift of 8 hours",
			1000,
			det+" item 3",
		),
		FeeKAForfeitureCustody:    perUnit("safe custody during forfeiture, per day", 1500, det+" item 4"),
		FeeKANOC:                  flat("no objection certificate", 1000, noc),
		FeeKAMortgageEndorsement:  flat("endorsement of lease or mortgage agreement", 1000, noc),
		FeeKAMortgageCancellation: flat("cancellation of lease or mortgage agreement", 500, noc),
		FeeKAAssessor: withActuals(
			perUnit("assessor, per day or meeting each", 10000, "Karnataka 2025, Sch-IV assessors (IV Act s.76(2))"),
			"TA/DA at actuals (Level 12, GoI)",
			"Karnataka 2025, Sch-IV assessors (IV Act s.76(2))",
		),
	})
}

// quoteKASurvey prices a survey by GRT band; above 1,200 GRT it is Rs 100
// per GRT, printed without "or part thereof" but charged on ceil(GRT) like
// every other per-GRT fee (docs/LAW.md §8.5, Q18). The jump 16,000 → 30,000
// and the discontinuity at 1,200 are as printed (Q11).
func quoteKASurvey(r FeeRequest, q *FeeQuote) error {
	if err := needTonnage(r.Tonnage); err != nil {
		return err
	}
	const cite = "Karnataka 2025, Sch-IV Annexure-1 Part A"
	if b, ok := findBand(kaSurveyBands, r.Tonnage); ok {
		q.add(
			fmt.Sprintf("survey fee, %v GRT (%s, not exceeding %v)", r.Tonnage, b.row, b.upTo),
			b.fee,
			Citation(cite+" "+b.row),
		)
		return nil
	}
	q.add(
		fmt.Sprintf("survey fee, %v GRT exceeding 1,200: Rs 100 × %d GRT", r.Tonnage, ceilTons(r.Tonnage)),
		100*Rupees(ceilTons(r.Tonnage)),
		cite+" Sl.12",
	)
	return nil
}

// quoteKARegistration prices initial registration by band; band D's base is
// blank in the print and read as 4,000 + Rs 50 per GRT or part above 40
// (docs/LAW.md §6.2, Q12).
func quoteKARegistration(r FeeRequest, q *FeeQuote) error {
	if err := needTonnage(r.Tonnage); err != nil {
		return err
	}
	const cite = "Karnataka 2025, Sch-IV Part B item 1"
	if b, ok := findBand(kaRegistrationBands, r.Tonnage); ok {
		q.add(fmt.Sprintf("initial registration, %v GRT (%s)", r.Tonnage, b.row), b.fee, Citation(cite+" "+b.row))
		return nil
	}
	extra := ceilTons(r.Tonnage - 40)
	q.add(
		fmt.Sprintf("initial registration, %v GRT (band D): 4,000 + Rs 50 × %d GRT above 40", r.Tonnage, extra),
		4000+50*Rupees(extra),
		cite+" band D",
	)
	return nil
}

// perGRTMin returns a quote function for "Rs rate per GRT (or ton) or part
// thereof, subject to a minimum of Rs min".
func perGRTMin(desc string, rate, min Rupees, cite Citation) func(FeeRequest, *FeeQuote) error {
	return func(r FeeRequest, q *FeeQuote) error {
		if err := needTonnage(r.Tonnage); err != nil {
			return err
		}
		fee, floored := perTonWithMinimum(rate, r.Tonnage, min)
		how := fmt.Sprintf("Rs %d × %d", rate, ceilTons(r.Tonnage))
		if floored {
			how = fmt.Sprintf("minimum Rs %d (Rs %d × %d is less)", min, rate, ceilTons(r.Tonnage))
		}
		q.add(fmt.Sprintf("%s, %v t: %s", desc, r.Tonnage, how), fee, cite)
		return nil
	}
}

// quoteKAHCUnseaworthy is 50 % of the fee at (c) on each occasion a harbour
// craft is found unseaworthy. The (c) fee is a multiple of Rs 10, so half is
// whole rupees.
func quoteKAHCUnseaworthy(r FeeRequest, q *FeeQuote) error {
	if err := needTonnage(r.Tonnage); err != nil {
		return err
	}
	c, _ := perTonWithMinimum(10, r.Tonnage, 1500)
	q.add(
		fmt.Sprintf("harbour craft found unseaworthy: 50%% of the (c) fee Rs %d", c),
		c/2,
		"Karnataka 2025, Sch-IV harbour craft fees (d)",
	)
	return nil
}

// quoteKAHCMarineEngineer is the Note 1 fee for the Marine Engineer's survey
// of a mechanically propelled harbour craft, not levied for a mechanised
// fishing vessel that only gets a running test (docs/LAW.md §11 Q13 reading).
func quoteKAHCMarineEngineer(r FeeRequest, q *FeeQuote) error {
	const cite = "Karnataka 2025, Sch-IV harbour craft fees Note 1"
	if r.RunningTestOnly {
		q.add("marine engineer survey not levied: fishing vessel with running test only (docs/LAW.md §11 Q13)", 0, cite)
		return nil
	}
	q.add("survey by the Marine Engineer (initial licence or annual renewal)", 2000, cite)
	return nil
}

// withActuals adds an optional line billed at actuals to a quote function.
func withActuals(base func(FeeRequest, *FeeQuote) error, desc string, cite Citation) func(FeeRequest, *FeeQuote) error {
	return func(r FeeRequest, q *FeeQuote) error {
		if err := needActuals(r.Actuals); err != nil {
			return err
		}
		if err := base(r, q); err != nil {
			return err
		}
		if r.Actuals > 0 {
			q.add(desc, r.Actuals, cite)
		}
		return nil
	}
}

// formatUnits explains a per-unit amount in a trace step.
func formatUnits(n int, each Rupees) string { return fmt.Sprintf(" (%d × Rs %d)", n, each) }
