package jobs

import "github.com/tindal/tindal/rules"

// CandidateQuery is the raw SQL certificate-expiry streams on a date, with
// its arguments, for the benchmark's comparison.
func CandidateQuery(today rules.Date) (string, []any) {
	h := today.AddDays(rules.ExpiringWithinDays)
	prov, nonmech, poll := issueBounds(h)
	return vesselCertsSQL, []any{dbDate(h), prov, nonmech, poll}
}
