package jobs

import "testing"

// TestParseSchedulesReadsNamePairsAndRefusesUnknownJobs: TINDAL_JOB_SCHEDULES
// takes name=spec pairs (5 fields, or 6 with seconds), and names the job
// or the spec it refuses.
func TestParseSchedulesReadsNamePairsAndRefusesUnknownJobs(t *testing.T) {
	got, err := ParseSchedules(" certificate-expiry=*/3 * * * * * ; notify-dispatch = 0 6 * * * ;")
	if err != nil || got["certificate-expiry"] != "*/3 * * * * *" || got["notify-dispatch"] != "0 6 * * *" || len(got) != 2 {
		t.Fatalf("got %v, %v", got, err)
	}
	if got, err := ParseSchedules(""); err != nil || len(got) != 0 {
		t.Errorf("empty: %v, %v", got, err)
	}
	for _, bad := range []string{"no-such-job=* * * * *", "housekeeping", "housekeeping=every day", "=* * * * *"} {
		if _, err := ParseSchedules(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}
