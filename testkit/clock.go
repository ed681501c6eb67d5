package testkit

import (
	"fmt"
	"os"
	stdsync "sync"
	"time"
)

// ClockEnv names the variable that sets the tests' wall clock to a time of
// day in India: TINDAL_TEST_CLOCK=00:30 runs every harness that takes its
// time from Now as if the suite had started at 00:30 India time today (and
// runs on from there). `make test-hours` runs the suite at 00:30 and 23:30,
// where a test that takes "today" to be the same date in UTC and in India,
// or an assignment starting "today" to cover work captured hours ago,
// breaks.
const ClockEnv = "TINDAL_TEST_CLOCK"

var (
	offsetOnce stdsync.Once
	offset     time.Duration
	offsetErr  error
)

// Now is the tests' clock: time.Now, shifted as ClockEnv says.
func Now() time.Time {
	offsetOnce.Do(func() { offset, offsetErr = clockOffset(os.Getenv(ClockEnv), time.Now()) })
	if offsetErr != nil {
		panic(offsetErr)
	}
	return time.Now().Add(offset)
}

// clockOffset is how far to shift now so that India's wall clock reads
// hhmm on now's date in India; zero when hhmm is empty.
func clockOffset(hhmm string, now time.Time) (time.Duration, error) {
	if hhmm == "" {
		return 0, nil
	}
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: want HH:MM (India time)", ClockEnv, hhmm)
	}
	ist := time.FixedZone("IST", 5*3600+1800)
	n := now.In(ist)
	want := time.Date(n.Year(), n.Month(), n.Day(), t.Hour(), t.Minute(), 0, 0, ist)
	return want.Sub(now), nil
}
