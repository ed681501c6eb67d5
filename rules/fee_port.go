package rules

import (
	"fmt"
	"math"
)

// portCite is the citation of every line of the Sch-IV pilotage and tug
// table (docs/LAW.md §6.5).
const portCite Citation = "Karnataka 2025, Sch-IV (port charges)"

// sailingOtherPorts is a row pair of the sailing-vessel pilotage at ports
// other than Karwar: "exceeds 100 GRT" and "less than 100 GRT", per passage.
type sailingOtherPorts struct {
	laden    string
	over100  Rupees
	under100 Rupees
}

func init() {
	register(RegimeKarnataka2025, map[FeeKind]func(FeeRequest, *FeeQuote) error{
		FeeKAPilotageKarwarOverseas: perGRTEachWay("pilotage at Karwar, overseas steamer (excluding tug)", 10, 50000, false),
		FeeKAPilotageKarwarCoastal:  perGRTEachWay("pilotage at Karwar, coastal steamer (excluding tug)", 5, 35000, false),
		FeeKAPilotageOtherOverseas: perGRTEachWay(
			"pilotage at other ports, overseas steamer (excluding tug)",
			5,
			35000,
			false,
		),
		FeeKAPilotageOtherCoastal: perGRTEachWay(
			"pilotage at other ports, coastal steamer (excluding tug)",
			3,
			25000,
			false,
		),
		FeeKAPilotageSailingKarwar:  quoteKASailingKarwar,
		FeeKAPilotageSailingBallast: quoteKASailingOther(sailingOtherPorts{"in ballast", 1000, 800}),
		FeeKAPilotageSailingCargo:   quoteKASailingOther(sailingOtherPorts{"with cargo", 1200, 1000}),
		FeeKAPortInlandCraft: perGRTMin(
			"inland vessel, survey vessel, barge, tug, registered vessel, dredger, launch or other floating craft",
			4,
			4000,
			portCite,
		),
		FeeKATugOverseas: perGRTEachWay("tug service, overseas steamer", 25, 150000, true),
		FeeKATugCoastal:  perGRTEachWay("tug service, coastal steamer", 25, 100000, true),
	})
}

// perGRTEachWay returns a quote function for "Rs rate per GRT or part
// thereof, subject to a minimum of Rs min, each way": the minimum applies to
// each way, and Quantity is the number of ways. The tug rows are printed "per
// GRT of the ship" without "or part thereof"; docs/LAW.md §6.5 [PROPOSAL] (2)
// still charges ceil(GRT), and flagTug adds a trace step whenever that
// reading changes the amount (a fractional GRT charged above the minimum).
func perGRTEachWay(desc string, rate, min Rupees, flagTug bool) func(FeeRequest, *FeeQuote) error {
	return func(r FeeRequest, q *FeeQuote) error {
		if err := needTonnage(r.Tonnage); err != nil {
			return err
		}
		if err := needQuantity(r.Quantity); err != nil {
			return err
		}
		each, floored := perTonWithMinimum(rate, r.Tonnage, min)
		how := fmt.Sprintf("Rs %d × %d GRT", rate, ceilTons(r.Tonnage))
		if floored {
			how = fmt.Sprintf("minimum Rs %d (Rs %d × %d GRT is less)", min, rate, ceilTons(r.Tonnage))
		}
		q.add(fmt.Sprintf("%s, %v GRT: %s each way", desc, r.Tonnage, how), each*Rupees(r.Quantity), portCite)
		q.Trace.Steps[len(q.Trace.Steps)-1].Detail += formatUnits(r.Quantity, each)
		if flagTug && each > min && r.Tonnage != math.Trunc(r.Tonnage) {
			q.Trace.Add(
				"fee."+string(q.Kind)+".proposal",
				portCite,
				"Tindal's reading where the rule is silent: the tug rate is printed per GRT without "+
					"\"or part thereof\", so %v GRT is charged as %d GRT; to be reviewed by the office",
				r.Tonnage,
				ceilTons(r.Tonnage),
			)
		}
		return nil
	}
}

// quoteKASailingKarwar prices a sailing vessel's pilotage at Karwar, each
// way excluding towage: "not exceeding 100 GRT" 3,000, "exceeding 100 GRT"
// 4,000 (no gap at 100).
func quoteKASailingKarwar(r FeeRequest, q *FeeQuote) error {
	if err := needTonnage(r.Tonnage); err != nil {
		return err
	}
	if err := needQuantity(r.Quantity); err != nil {
		return err
	}
	each, band := Rupees(3000), "not exceeding 100 GRT"
	if r.Tonnage > 100 {
		each, band = 4000, "exceeding 100 GRT"
	}
	q.add(
		fmt.Sprintf("pilotage at Karwar, sailing vessel %v GRT (%s), each way excluding towage", r.Tonnage, band),
		each*Rupees(r.Quantity),
		portCite,
	)
	q.Trace.Steps[len(q.Trace.Steps)-1].Detail += formatUnits(r.Quantity, each)
	return nil
}

// quoteKASailingOther returns the quote function of a sailing vessel's
// pilotage at ports other than Karwar, per passage. The bands are "exceeds
// 100 GRT" and "less than 100 GRT", so exactly 100 GRT falls in neither;
// docs/LAW.md §6.5 [PROPOSAL] (3) applies the "less than 100" rate, the lower
// reading, and a trace step flags it.
func quoteKASailingOther(row sailingOtherPorts) func(FeeRequest, *FeeQuote) error {
	return func(r FeeRequest, q *FeeQuote) error {
		if err := needTonnage(r.Tonnage); err != nil {
			return err
		}
		if err := needQuantity(r.Quantity); err != nil {
			return err
		}
		each, band := row.under100, "less than 100 GRT"
		if r.Tonnage > 100 {
			each, band = row.over100, "exceeds 100 GRT"
		}
		q.add(
			fmt.Sprintf("pilotage at other ports, sailing vessel %s, %v GRT (%s), per passage", row.laden, r.Tonnage, band),
			each*Rupees(r.Quantity),
			portCite,
		)
		q.Trace.Steps[len(q.Trace.Steps)-1].Detail += formatUnits(r.Quantity, each)
		if r.Tonnage == 100 {
			q.Trace.Add("fee."+string(q.Kind)+".proposal", portCite,
				"Tindal's reading where the rule is silent: exactly 100 GRT is in neither printed band "+
					"(\"exceeds 100\" / \"less than 100\"), so the less-than-100 rate Rs %d %s is applied; "+
					"to be reviewed by the office", row.under100, row.laden)
		}
		return nil
	}
}
