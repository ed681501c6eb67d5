package rules

import (
	"fmt"
	"time"
)

// IST is Indian Standard Time. India has kept UTC+05:30 without daylight
// saving since 1945, so a fixed zone is exact and needs no tzdata.
var IST = time.FixedZone("Asia/Kolkata", 5*3600+1800)

// Date is a civil date in Asia/Kolkata, the calendar in which the law counts
// days (docs/ARCHITECTURE.md). The zero Date is invalid; use IsZero to test for it.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// D builds a Date; it normalises out-of-range days like time.Date does.
func D(year int, month time.Month, day int) Date {
	return DateOf(time.Date(year, month, day, 12, 0, 0, 0, IST))
}

// DateOf is the calendar date of t in Asia/Kolkata.
func DateOf(t time.Time) Date {
	y, m, d := t.In(IST).Date()
	return Date{y, m, d}
}

// ParseDate parses YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.ParseInLocation("2006-01-02", s, IST)
	if err != nil {
		return Date{}, fmt.Errorf("parse date %q: want YYYY-MM-DD", s)
	}
	return DateOf(t), nil
}

// Time is the start of the date (00:00) in Asia/Kolkata.
func (d Date) Time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, IST) }

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String formats d as YYYY-MM-DD.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// AddDays returns d moved by n calendar days.
func (d Date) AddDays(n int) Date { return D(d.Year, d.Month, d.Day+n) }

// AddMonths returns d moved by n calendar months, clamped to the end of the
// target month: 30 November + 3 months = 28 February (29 in a leap year),
// 31 January + 1 month = 28 or 29 February, 31 March + 1 month = 30 April.
// This is how a period "of N months" from a date is read where the law
// counts months (Karnataka 2025, r.10(2), Sch-X: a provisional CoS lasts
// at most 3 months; docs/LAW.md §9), where time.AddDate would run on into the
// next month (30 February → 2 March).
//
// It is the one function for "N months (or years) after" a legal date:
// AddYears is AddMonths(12n), and a test (date_scan_test.go) fails if
// AddDate with a month or year component is used anywhere else in the
// repository outside its allow-list.
func (d Date) AddMonths(n int) Date {
	months := int(d.Month) - 1 + n
	year := d.Year + floorDiv(months, 12)
	month := time.Month(months - 12*floorDiv(months, 12) + 1)
	return Date{year, month, min(d.Day, daysIn(year, month))}
}

// AddYears returns d moved by n years; 29 February becomes 28 February in a
// year that has none.
func (d Date) AddYears(n int) Date { return d.AddMonths(12 * n) }

// daysIn is the number of days of a month: day 0 of the next month is the
// last day of this one.
func daysIn(year int, month time.Month) int {
	return time.Date(year, month+1, 0, 12, 0, 0, 0, time.UTC).Day()
}

// floorDiv is a/b rounded towards minus infinity (b > 0).
func floorDiv(a, b int) int {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

// Before reports whether d is strictly before e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports whether d is strictly after e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmpInt(d.Year, e.Year)
	case d.Month != e.Month:
		return cmpInt(int(d.Month), int(e.Month))
	default:
		return cmpInt(d.Day, e.Day)
	}
}

// DaysUntil is the number of calendar days from d to e (negative if e is earlier).
func (d Date) DaysUntil(e Date) int {
	return int(e.Time().Sub(d.Time()).Hours() / 24)
}

// MarshalText encodes d as YYYY-MM-DD.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText decodes YYYY-MM-DD.
func (d *Date) UnmarshalText(b []byte) error {
	p, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = p
	return nil
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
