package rules

import (
	"fmt"
	"math"
)

// BilgeInput describes a vessel for the bilge water holding tank rule.
type BilgeInput struct {
	GT      float64 `json:"gt"`
	PowerKW float64 `json:"power_kw"` // main engine rating
	// Impracticable: for a vessel under 150 GT where a 1 m³ tank is
	// impracticable for lack of space, the CEO KMB has allowed the reduced
	// capacity of the proviso.
	Impracticable bool `json:"impracticable,omitempty"`
}

// BilgeResult is the required holding tank capacity in m³.
type BilgeResult struct {
	CapacityM3 float64 `json:"capacity_m3"`
	Trace      Trace   `json:"trace"`
}

// BilgeHoldingTank is the minimum bilge water holding tank capacity
// (Karnataka 2025, Sch-VII Part II). The table has a GT column and a power
// column joined by "or"; both are evaluated and the larger governs; a value
// exactly on a printed GT edge (150, 400, 3,000) goes to the higher row and
// 20,000 kW to the last formula; the formula rows selected by GT are
// floored at the row below (docs/LAW.md §8.4, Q38). Slopes are as printed.
func BilgeHoldingTank(in BilgeInput) (BilgeResult, error) {
	r := BilgeResult{Trace: Trace{RuleSet: string(RegimeKarnataka2025)}}
	if !positive(in.GT) {
		return r, fieldErr("gt", "must be a finite number greater than zero, got %v", in.GT)
	}
	if !positive(in.PowerKW) {
		return r, fieldErr("power_kw", "must be a finite number greater than zero, got %v", in.PowerKW)
	}
	const cite = "Karnataka 2025, Sch-VII Part II"
	if in.Impracticable && in.GT < 150 && in.PowerKW <= 750 {
		r.CapacityM3 = 0.5
		if in.PowerKW < 250 {
			r.CapacityM3 = 0.25
		}
		r.Trace.Add(
			"formula.bilge.proviso",
			cite+" proviso",
			"under 150 GT, 1 m³ impracticable, %.1f kW: %.2f m³ allowed by CEO KMB",
			in.PowerKW,
			r.CapacityM3,
		)
		return r, nil
	}
	byGT, gtRow := bilgeByGT(in.GT, in.PowerKW)
	byP, pRow := bilgeByPower(in.PowerKW)
	r.CapacityM3 = math.Max(byGT, byP)
	r.Trace.Add(
		"formula.bilge",
		cite,
		"by GT %s: %.3f m³; by power %s: %.3f m³; required %.3f m³",
		gtRow,
		byGT,
		pRow,
		byP,
		r.CapacityM3,
	)
	return r, nil
}

// bilgeLow and bilgeHigh are the two printed formulas in P (kW).
func bilgeLow(p float64) float64  { return 1.5 + (p-1000)/1500 }
func bilgeHigh(p float64) float64 { return 14.2 + 0.2*(p-20000)/1500 }

// bilgeByGT is the capacity of the GT column.
func bilgeByGT(gt, p float64) (float64, string) {
	switch {
	case gt < 150:
		return 1.0, "< 150 GT"
	case gt < 400:
		return 1.5, "150-400 GT"
	case gt < 3000:
		return math.Max(bilgeLow(p), 1.5), "400-3000 GT, floored at 1.5"
	}
	return math.Max(bilgeHigh(p), 14.2), "≥ 3000 GT, floored at 14.2"
}

// bilgeByPower is the capacity of the power column.
func bilgeByPower(p float64) (float64, string) {
	switch {
	case p <= 750:
		return 1.0, "≤ 750 kW"
	case p <= 1000:
		return 1.5, "≤ 1000 kW"
	case p < 20000:
		return bilgeLow(p), fmt.Sprintf("1.5 + (%.0f − 1000)/1500", p)
	}
	return bilgeHigh(p), fmt.Sprintf("14.2 + 0.2 × (%.0f − 20000)/1500", p)
}

// IsMajorConversion reports whether a change of gross tonnage is a major
// conversion: a change of more than 10 % (Karnataka 2025, r.3(1)(e)).
func IsMajorConversion(oldGT, newGT float64) bool {
	return oldGT > 0 && math.Abs(newGT-oldGT) > 0.10*oldGT+1e-9
}

// NOxStricterLimitsMayApply reports whether the State may apply stricter
// NOx limits in ecologically sensitive areas: marine diesel engines of
// 130 kW and above (Karnataka 2025, r.57).
func NOxStricterLimitsMayApply(kw float64) bool { return kw >= 130 }

// GarbagePlanRequired reports whether a Garbage Record Book and Garbage
// Management Plan are required: vessels with 50 passengers and more
// (Karnataka 2025, Sch-XIII para 5).
func GarbagePlanRequired(passengers int) bool { return passengers >= 50 }
