package rules

import (
	"errors"
	"math"
	"testing"
)

func TestGrossTonnage(t *testing.T) {
	tests := []struct {
		name string
		v    float64
		k    float64
		gt   float64
	}{
		{"Karnataka 2025 r.123(4): table point V=10", 10, 0.2200, 2.20},
		{"Karnataka 2025 r.123(4): table point V=100", 100, 0.2400, 24.00},
		{"Karnataka 2025 r.123(4): table point V=1000", 1000, 0.2600, 260.00},
		{"Karnataka 2025 r.123(4): interpolated V=15", 15, 0.2230, 3.35},
		{"Karnataka 2025 r.123(4): interpolated V=150", 150, 0.2430, 36.45},
		{"Karnataka 2025 r.123(4) (Q18): V=5 below the table uses 0.2+0.02·log10(V)", 5, 0.2 + 0.02*math.Log10(5), 1.07},
		{"Karnataka 2025 r.123(4) (Q18): V=2000 above the table", 2000, 0.2 + 0.02*math.Log10(2000), 532.04},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := GrossTonnage(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(r.K-tt.k) > 1e-9 || r.GT != tt.gt {
				t.Errorf("K=%v GT=%v, want %v %v", r.K, r.GT, tt.k, tt.gt)
			}
		})
	}
	var fe *FieldError
	if _, err := GrossTonnage(0); !errors.As(err, &fe) || fe.Field != "volume_m3" {
		t.Errorf("zero volume: %v", err)
	}
	t.Run("docs/LAW.md §11 Q18: the log formula matches the table to 4 decimals", func(t *testing.T) {
		for _, p := range kTable {
			if d := math.Abs(0.2 + 0.02*math.Log10(p.v) - p.k); d > 0.00006 {
				t.Errorf("V=%v: differs by %v", p.v, d)
			}
		}
	})
}

func TestRequiredFreeboard(t *testing.T) {
	tests := []struct {
		name      string
		depth     float64
		passenger bool
		want      float64
	}{
		{"Karnataka 2025 r.123(5), Sch-VI B (Q14): cargo boat depth 0.5 m, 125 mm lifted to 150", 0.5, false, 150},
		{"Karnataka 2025 r.123(5): cargo boat depth exactly 0.6 m, 150 mm", 0.6, false, 150},
		{"Karnataka 2025 r.123(5): cargo boat depth 0.8 m, 200 mm", 0.8, false, 200},
		{"Karnataka 2025 Sch-VI B: passenger boat depth exactly 1.2 m, 300 mm", 1.2, true, 300},
		{"Karnataka 2025 Sch-VI B: passenger boat depth 1.0 m, floor 300", 1.0, true, 300},
		{"Karnataka 2025 r.123(5): passenger boat depth 1.4 m, 350 mm", 1.4, true, 350},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, tr, err := RequiredFreeboardMM(tt.depth, tt.passenger)
			if err != nil || math.Abs(got-tt.want) > 1e-9 || len(tr.Steps) != 1 {
				t.Errorf("got %v %v, want %v", got, err, tt.want)
			}
		})
	}
	t.Run("Karnataka 2025 r.107(1): load line mark only exceeding 10 tons", func(t *testing.T) {
		if LoadLineMarkRequired(10) || !LoadLineMarkRequired(10.01) {
			t.Error("boundary at 10 t wrong")
		}
	})
}

func TestPassengerCapacity(t *testing.T) {
	tests := []struct {
		name   string
		in     CapacityInput
		want   int
		method string
	}{
		{"Karnataka 2025 r.123(7): area 5 m² × 1.8 = 9", CapacityInput{FloorAreaM2: 5}, 9, "area"},
		{"Karnataka 2025 r.123(7) (Q15): area 5.5 m² × 1.8 = 9.9 rounds down to 9", CapacityInput{FloorAreaM2: 5.5}, 9, "area"},
		{"Karnataka 2025 r.123(7) (Q15): seating governs when provided", CapacityInput{FloorAreaM2: 10, SeatingM: 4.75}, 9, "seating"},
		{"Karnataka 2025 r.123(7): seating exactly 5 m, 10", CapacityInput{SeatingM: 5}, 10, "seating"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := PassengerCapacity(tt.in)
			if err != nil || r.Passengers != tt.want || r.Method != tt.method {
				t.Errorf("got %+v %v, want %d by %s", r, err, tt.want, tt.method)
			}
		})
	}
	if _, err := PassengerCapacity(CapacityInput{}); err == nil {
		t.Error("no area and no seating must be an error")
	}
}

func TestPersonsCarried(t *testing.T) {
	tests := []struct {
		name     string
		adults   int
		children int
		luggage  float64
		want     int
	}{
		{"Karnataka 2025 r.123(9): two children under 12 are one person", 4, 2, 0, 5},
		{"Karnataka 2025 r.123(9) (Q15): a third child counts as a whole person", 4, 3, 0, 6},
		{"Karnataka 2025 r.123(9): exactly 50 kg of luggage is one person", 4, 0, 50, 5},
		{"Karnataka 2025 r.123(9) (Q15): 50.5 kg counts as two", 4, 0, 50.5, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := PersonsCarried(tt.adults, tt.children, tt.luggage); err != nil || got != tt.want {
				t.Errorf("got %d %v, want %d", got, err, tt.want)
			}
		})
	}
	if _, err := PersonsCarried(-1, 0, 0); err == nil {
		t.Error("negative adults must be an error")
	}
}

func TestLifejacketsRequired(t *testing.T) {
	tests := []struct {
		name            string
		crew, pax, want int
	}{
		{"Karnataka 2025 Sch-VI 3.9: 10 persons need exactly 11", 2, 8, 11},
		{"Karnataka 2025 Sch-VI 3.9: 11 persons need 13 (12.1 rounded up)", 2, 9, 13},
		{"Karnataka 2025 Sch-VI 3.9: 20 persons need 22", 2, 18, 22},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LifejacketsRequired(tt.crew, tt.pax); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}
