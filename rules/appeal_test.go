package rules

import "testing"

func TestAppealWindows(t *testing.T) {
	received := D(2026, 1, 31)
	cases := []struct {
		name   string
		regime Regime
		filed  Date
		want   bool
	}{
		{"Karnataka 2025, Sch-XVI para 1: day 29 of 30 is in time", RegimeKarnataka2025, D(2026, 3, 1), true},
		{"Karnataka 2025, Sch-XVI para 1: day 30, the last day, is in time", RegimeKarnataka2025, D(2026, 3, 2), true},
		{"Karnataka 2025, Sch-XVI para 1: day 31 is late", RegimeKarnataka2025, D(2026, 3, 3), false},
		{"Karnataka 2025, Sch-XVI para 1: the day of receipt is in time", RegimeKarnataka2025, received, true},
		{"Paradip 1967, r.27: day 6 of 7 is in time", RegimeParadip1967, D(2026, 2, 6), true},
		{"Paradip 1967, r.27: day 7, the last day, is in time", RegimeParadip1967, D(2026, 2, 7), true},
		{"Paradip 1967, r.27: day 8 is late", RegimeParadip1967, D(2026, 2, 8), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, ok := AppealRouteFor(c.regime)
			if !ok {
				t.Fatal("no route")
			}
			if got := r.InTime(received, c.filed); got != c.want {
				t.Errorf("filed %s (window closes %s): in time %v, want %v", c.filed, r.ClosesOn(received), got, c.want)
			}
		})
	}
	if r, _ := AppealRouteFor(RegimeKarnataka2025); r.Level != AppealState {
		t.Error("Karnataka 2025, Sch-XVI para 2: the Appellant authority is the Secretary (State Government)")
	}
	if _, ok := AppealRouteFor(RegimeKandla1955); ok {
		t.Error("Kandla 1955: no appeal route is in the sources")
	}
}
