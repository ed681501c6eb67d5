package rules

import (
	"fmt"
	"math"
)

// kTable is the coefficient table of Karnataka 2025, r.123(4): GT = K × V.
var kTable = []struct{ v, k float64 }{
	{10, 0.2200}, {20, 0.2260}, {30, 0.2295}, {40, 0.2320}, {50, 0.2340},
	{60, 0.2356}, {70, 0.2369}, {80, 0.2381}, {90, 0.2391}, {100, 0.2400},
	{200, 0.2460}, {300, 0.2495}, {400, 0.2520}, {500, 0.2540}, {600, 0.2556},
	{700, 0.2569}, {800, 0.2581}, {900, 0.2591}, {1000, 0.2600},
}

// TonnageResult is a gross tonnage with the coefficient used.
type TonnageResult struct {
	GT    float64 `json:"gt"` // rounded to 2 decimals (docs/LAW.md §11 Q18)
	K     float64 `json:"k"`
	Trace Trace   `json:"trace"`
}

// TonnageCoefficient is K for a volume in m³: linear interpolation in the
// r.123(4) table between 10 and 1,000 m³; outside it K = 0.2 + 0.02·log10(V),
// the formula the table follows to 4 decimals (docs/LAW.md §8.1, Q18).
func TonnageCoefficient(v float64) (float64, string) {
	if v < kTable[0].v || v > kTable[len(kTable)-1].v {
		return 0.2 + 0.02*math.Log10(v), "K = 0.2 + 0.02·log10(V) outside the table (docs/LAW.md §11 Q18)"
	}
	for i := 1; i < len(kTable); i++ {
		lo, hi := kTable[i-1], kTable[i]
		if v <= hi.v {
			k := lo.k + (hi.k-lo.k)*(v-lo.v)/(hi.v-lo.v)
			return k, fmt.Sprintf("interpolated between V=%v (K=%.4f) and V=%v (K=%.4f)", lo.v, lo.k, hi.v, hi.k)
		}
	}
	return kTable[len(kTable)-1].k, "table end"
}

// GrossTonnage is GT = K × V of a non-mechanised boat, V the volume of the
// enclosed ("earning" in the print) spaces in m³ (Karnataka 2025, r.123(4)).
func GrossTonnage(volumeM3 float64) (TonnageResult, error) {
	if !positive(volumeM3) {
		return TonnageResult{}, fieldErr("volume_m3", "must be a finite number greater than zero, got %v", volumeM3)
	}
	k, how := TonnageCoefficient(volumeM3)
	gt := round2(k * volumeM3)
	r := TonnageResult{GT: gt, K: k, Trace: Trace{RuleSet: string(RegimeKarnataka2025)}}
	r.Trace.Add("formula.gross_tonnage", "Karnataka 2025, r.123(4)", "V=%v m³, K=%.6f (%s), GT=%.2f", volumeM3, k, how, gt)
	return r, nil
}

// RequiredFreeboardMM is the minimum freeboard of a non-mechanised boat in
// mm: 25 cm per metre of depth (Karnataka 2025, r.123(5)) but not less than
// 300 mm for a passenger boat or 150 mm for a cargo boat (Sch-VI Section B);
// the larger governs (docs/LAW.md §11 Q14). A boat carrying passengers and cargo
// is measured and marked as a cargo boat (r.123(6)), so passengerOnly is
// true only for a boat registered for passengers alone.
func RequiredFreeboardMM(depthM float64, passengerOnly bool) (float64, Trace, error) {
	tr := Trace{RuleSet: string(RegimeKarnataka2025)}
	if !positive(depthM) {
		return 0, tr, fieldErr("depth_m", "must be a finite number greater than zero, got %v", depthM)
	}
	byDepth, floor := 250*depthM, 150.0
	if passengerOnly {
		floor = 300
	}
	req := math.Max(byDepth, floor)
	tr.Add(
		"formula.freeboard",
		"Karnataka 2025, r.123(5); Sch-VI Section B",
		"depth %.3f m → %.1f mm; floor %.0f mm; required %.1f mm",
		depthM,
		byDepth,
		floor,
		req,
	)
	return req, tr, nil
}

// LoadLineMarkRequired reports whether a non-mechanised boat must carry a
// load line mark: boats exceeding 10 tons (Karnataka 2025, r.107(1),
// r.123(5); docs/LAW.md §11 Q14).
func LoadLineMarkRequired(gt float64) bool { return gt > 10 }

// positive reports whether x is finite and greater than zero.
func positive(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) && x > 0 }

// round2 rounds to 2 decimals, half away from zero.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
