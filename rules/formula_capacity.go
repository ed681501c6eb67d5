package rules

import "math"

// CapacityInput describes the spaces of a non-mechanised passenger boat.
type CapacityInput struct {
	FloorAreaM2 float64 `json:"floor_area_m2,omitempty"` // floor space available for passengers
	SeatingM    float64 `json:"seating_m,omitempty"`     // running metres of benches or thwarts
}

// CapacityResult is a passenger capacity and how it was found.
type CapacityResult struct {
	Passengers int    `json:"passengers"`
	Method     string `json:"method"` // "seating" or "area"
	Trace      Trace  `json:"trace"`
}

// PassengerCapacity is the number of passengers a non-mechanised boat may
// carry: 2 per running metre of seating where seats are provided, else 1.8
// per m² of floor space, rounded down (Karnataka 2025, r.123(7); docs/LAW.md
// §11 Q15: seating governs when it exists).
func PassengerCapacity(in CapacityInput) (CapacityResult, error) {
	r := CapacityResult{Trace: Trace{RuleSet: string(RegimeKarnataka2025)}}
	switch {
	case in.SeatingM < 0 || math.IsNaN(in.SeatingM) || math.IsInf(in.SeatingM, 0):
		return r, fieldErr("seating_m", "must be a finite number not below zero, got %v", in.SeatingM)
	case in.SeatingM > 0:
		r.Passengers, r.Method = floorCount(2*in.SeatingM), "seating"
		r.Trace.Add(
			"formula.capacity.seating",
			"Karnataka 2025, r.123(7)",
			"2 × %.3f m of seating = %d",
			in.SeatingM,
			r.Passengers,
		)
	case positive(in.FloorAreaM2):
		r.Passengers, r.Method = floorCount(1.8*in.FloorAreaM2), "area"
		r.Trace.Add("formula.capacity.area", "Karnataka 2025, r.123(7)", "1.8 × %.3f m² = %d", in.FloorAreaM2, r.Passengers)
	default:
		return r, fieldErr("floor_area_m2", "must be greater than zero when there is no seating, got %v", in.FloorAreaM2)
	}
	return r, nil
}

// floorCount rounds a head count down, absorbing float noise (1.8 × 5 is
// 9, not 8.999…).
func floorCount(x float64) int { return int(math.Floor(x + 1e-9)) }

// PersonsCarried counts persons for an overload check: two children under
// 12 count as one person and every 50 kg of luggage as one person
// (Karnataka 2025, r.123(9)); part of a pair or of 50 kg counts as a whole
// person (docs/LAW.md §8.3 proposal, Q15).
func PersonsCarried(adults, childrenUnder12 int, luggageKg float64) (int, error) {
	switch {
	case adults < 0:
		return 0, fieldErr("adults", "must not be negative, got %d", adults)
	case childrenUnder12 < 0:
		return 0, fieldErr("children_under_12", "must not be negative, got %d", childrenUnder12)
	case luggageKg < 0 || math.IsNaN(luggageKg) || math.IsInf(luggageKg, 0):
		return 0, fieldErr("luggage_kg", "must be a finite number not below zero, got %v", luggageKg)
	}
	return adults + (childrenUnder12+1)/2 + int(math.Ceil(luggageKg/50-1e-9)), nil
}

// LifejacketsRequired is 110 % of crew plus passengers (children and
// infants included), rounded up (Karnataka 2025, Sch-VI 3.3, 3.9). Integer
// arithmetic avoids 1.1 × 10 = 11.000000000000002 rounding up to 12.
func LifejacketsRequired(crew, passengers int) int {
	n := crew + passengers
	if n <= 0 {
		return 0
	}
	return (11*n + 9) / 10
}
