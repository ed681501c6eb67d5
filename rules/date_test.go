package rules

import "testing"

func TestDateAddMonthsClampsToMonthEnd(t *testing.T) {
	tests := []struct {
		name string
		from Date
		n    int
		want Date
	}{
		{"Karnataka 2025 r.10(2), Sch-X: 30 Nov 2026 + 3 months = 28 Feb 2027", D(2026, 11, 30), 3, D(2027, 2, 28)},
		{"Karnataka 2025 r.10(2), Sch-X: 30 Nov 2027 + 3 months = 29 Feb 2028 (leap year)", D(2027, 11, 30), 3, D(2028, 2, 29)},
		{"docs/LAW.md §9: 31 Jan 2027 + 1 month = 28 Feb 2027", D(2027, 1, 31), 1, D(2027, 2, 28)},
		{"docs/LAW.md §9: 31 Jan 2028 + 1 month = 29 Feb 2028 (leap year)", D(2028, 1, 31), 1, D(2028, 2, 29)},
		{"docs/LAW.md §9: 31 Mar + 1 month = 30 Apr", D(2027, 3, 31), 1, D(2027, 4, 30)},
		{"Sch-IX code 05: 15 Jan + 3 months = 15 Apr (no clamping needed)", D(2027, 1, 15), 3, D(2027, 4, 15)},
		{"Sch-XVI para 5: 31 Dec + 2 months = 28 Feb, across the year end", D(2026, 12, 31), 2, D(2027, 2, 28)},
		{"r.63: 31 Aug + 12 months = 31 Aug next year", D(2026, 8, 31), 12, D(2027, 8, 31)},
		{"r.146(3): 6 Jun 2027 + 18 months = 6 Dec 2028", D(2027, 6, 6), 18, D(2028, 12, 6)},
		{"backwards: 31 Mar - 1 month = 28 Feb", D(2027, 3, 31), -1, D(2027, 2, 28)},
		{"backwards across years: 31 Jan 2027 - 13 months = 31 Dec 2025", D(2027, 1, 31), -13, D(2025, 12, 31)},
		{"backwards 24 months from 29 Feb 2028 = 28 Feb 2026", D(2028, 2, 29), -24, D(2026, 2, 28)},
		{"zero months is the same date", D(2027, 2, 28), 0, D(2027, 2, 28)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.from.AddMonths(tc.n); got != tc.want {
				t.Errorf("%s.AddMonths(%d) = %s, want %s", tc.from, tc.n, got, tc.want)
			}
		})
	}
}

func TestDateAddYearsLeapDay(t *testing.T) {
	// Sch-IV note "within a year": 29 Feb 2028 + 1 year is 28 Feb 2029, not
	// 1 March (docs/LAW.md §5.2 "same date next year", clamped).
	if got := D(2028, 2, 29).AddYears(1); got != D(2029, 2, 28) {
		t.Errorf("29 Feb 2028 + 1 year = %s, want 2029-02-28", got)
	}
	if got := D(2028, 2, 29).AddYears(4); got != D(2032, 2, 29) {
		t.Errorf("29 Feb 2028 + 4 years = %s, want 2032-02-29", got)
	}
}
