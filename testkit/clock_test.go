package testkit

import (
	"testing"
	"time"
)

func TestClockOffsetReadsIndiaWallTime(t *testing.T) {
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC) // 01:30 on 2 Dec in India
	for _, tc := range []struct {
		hhmm string
		want string // the shifted time in India
	}{
		{"00:30", "2026-12-02 00:30"},
		{"23:30", "2026-12-02 23:30"},
		{"", "2026-12-02 01:30"},
	} {
		d, err := clockOffset(tc.hhmm, now)
		if err != nil {
			t.Fatal(err)
		}
		got := now.Add(d).In(time.FixedZone("IST", 19800)).Format("2006-01-02 15:04")
		if got != tc.want {
			t.Errorf("%q: %s, want %s", tc.hhmm, got, tc.want)
		}
	}
	if _, err := clockOffset("25:00", now); err == nil {
		t.Error("25:00 accepted")
	}
}
