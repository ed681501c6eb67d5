package sync

import (
	"time"

	"github.com/tindal/tindal/models"
)

// Time flags a corrected capture time can carry (docs/SYNC.md §5).
const (
	FlagSkewCorrected      = "skew_corrected"      // raw phone time corrected by the skew measured at this push
	FlagClockSkew          = "clock_skew"          // that skew exceeded 2 minutes
	FlagUncorrected        = "uncorrected"         // raw phone time, no X-Device-Time to correct it
	FlagNoCaptureTime      = "no_capture_time"     // neither time sent: the receipt time is used
	FlagFutureClamped      = "future_clamped"      // after receipt: clamped to receipt
	FlagBeforeRegistration = "before_registration" // before the device was registered
	FlagStale              = "stale"               // more than 60 days before receipt
)

// Thresholds of the time rules.
const (
	skewFlagAbove = 2 * time.Minute
	staleAfter    = 60 * 24 * time.Hour
)

// Capture is a mutation's corrected capture time, the phone's raw time kept
// as evidence, and the flags the correction raised.
type Capture struct {
	At    time.Time
	Raw   *time.Time
	Flags []string
}

// CorrectTime turns what the phone sent into the time the server believes:
// the server-anchored time when present, else the raw phone time corrected
// by the skew measured at this push (skew = device time − receipt). Times
// after receipt are clamped to it; times before the device's registration
// or more than 60 days old are flagged (they may not change anyone else's
// penalty until a supervisor confirms them).
func CorrectTime(m Mutation, received time.Time, skew *time.Duration, registered time.Time) (Capture, error) {
	var c Capture
	raw, err := parseTime(m.CapturedRaw, "captured_raw")
	if err != nil {
		return c, err
	}
	anchored, err := parseTime(m.CapturedAt, "captured_at")
	if err != nil {
		return c, err
	}
	c.Raw = raw
	switch {
	case anchored != nil:
		c.At = *anchored
	case raw != nil && skew != nil:
		c.At = raw.Add(-*skew)
		c.Flags = append(c.Flags, FlagSkewCorrected)
		if *skew > skewFlagAbove || *skew < -skewFlagAbove {
			c.Flags = append(c.Flags, FlagClockSkew)
		}
	case raw != nil:
		c.At, c.Flags = *raw, append(c.Flags, FlagUncorrected)
	default:
		c.At, c.Flags = received, append(c.Flags, FlagNoCaptureTime)
	}
	return clamp(c, received, registered), nil
}

// clamp applies the receipt, registration and age rules.
func clamp(c Capture, received, registered time.Time) Capture {
	if c.At.After(received) {
		c.At, c.Flags = received, append(c.Flags, FlagFutureClamped)
	}
	if c.At.Before(registered) {
		c.Flags = append(c.Flags, FlagBeforeRegistration)
	}
	if c.At.Before(received.Add(-staleAfter)) {
		c.Flags = append(c.Flags, FlagStale)
	}
	c.At = c.At.UTC().Truncate(time.Microsecond)
	return c
}

func parseTime(s *string, field string) (*time.Time, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, *s)
	if err != nil {
		return nil, models.Invalid(models.FieldError{Field: field, Code: "format", Message: "must be an RFC 3339 time"})
	}
	t = t.UTC()
	return &t, nil
}
