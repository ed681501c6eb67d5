package rules

import "time"

// Day counting. A period "of N days/months/years" from a date D ends on the
// date N days/months/years after D (Date.AddDays, AddMonths, AddYears;
// month ends clamp, so 31 January + 1 month is the last day of February and
// 29 February + 1 year is 28 February). The returned date is the last day
// on which the certificate is valid or the act is in time: on it a
// certificate still counts; the day after, it has lapsed. Days are civil
// days in Asia/Kolkata (Date).

// ProvisionalExpiry is the last day of a provisional Certificate of Survey
// or endorsement: at most 3 months from issue (Karnataka 2025, r.10(2),
// r.150, Sch-X).
func ProvisionalExpiry(issued Date) Date { return issued.AddMonths(3) }

// DeclarationOfSurveyExpiry is the last day of a Declaration of Survey:
// 60 days from its date (Karnataka 2025, Form-2).
func DeclarationOfSurveyExpiry(declared Date) Date { return declared.AddDays(60) }

// NonMechSurveyExpiry is the expiry of a non-mechanised boat's Certificate
// of Survey: 1 year from issue or renewal (Karnataka 2025, r.113(1)).
func NonMechSurveyExpiry(issued Date) Date { return issued.AddYears(1) }

// LateRenewalDeadline is the last day a non-mechanised boat's CoS renewal
// may be applied for without a fine: 60 days after expiry (Karnataka 2025,
// r.113(2); the fine amount is not in Sch-IV, docs/LAW.md §11 Q9).
func LateRenewalDeadline(expiry Date) Date { return expiry.AddDays(60) }

// RegistrationLapseDate is the day a non-mechanised boat has been without a
// valid survey for 2 years, after which its registration number is liable
// to cancellation (Karnataka 2025, r.106(b)); lastValidExpiry is the expiry
// of the last valid Certificate of Survey.
func RegistrationLapseDate(lastValidExpiry Date) Date { return lastValidExpiry.AddYears(2) }

// BottomInspectionDue is the next bottom inspection of a non-mechanised
// boat: every 5 years, earlier if the surveyor is not satisfied with the
// internal inspection (Karnataka 2025, r.109(1)(g)).
func BottomInspectionDue(last Date) Date { return last.AddYears(5) }

// PollutionCertificateMaxExpiry is the latest expiry of a Certificate of
// Compliance of Prevention and Containment of Pollution: 5 years from
// issue (Karnataka 2025, r.52).
func PollutionCertificateMaxExpiry(issued Date) Date { return issued.AddYears(5) }

// PollutionInspectionDue is the next pollution inspection and survey of a
// mechanised vessel: once every 12 months (Karnataka 2025, r.63; Q33).
func PollutionInspectionDue(last Date) Date { return last.AddMonths(12) }

// CompetencyRevalidationDue is the date a Certificate of Competency must be
// revalidated: 5 years after issue and every 5 years thereafter, counted
// from the last revalidation if any (Karnataka 2025, Sch-XV F).
func CompetencyRevalidationDue(issued, lastRevalidated Date) Date {
	base := issued
	if lastRevalidated.After(base) {
		base = lastRevalidated
	}
	return base.AddYears(5)
}

// LegacyCoCExpiry is the last day a pre-Act certificate counts without
// revalidation: the legacy deadline (6 June 2027 if zero) or the validity
// endorsed on it, whichever is earlier (Karnataka 2025, r.32(2), r.34(3),
// Sch-XV paras 2 and G; docs/LAW.md §11 Q4).
func LegacyCoCExpiry(endorsed, deadline Date) Date {
	deadline = LegacyDeadlineOrDefault(deadline)
	if !endorsed.IsZero() && endorsed.Before(deadline) {
		return endorsed
	}
	return deadline
}

// LicenceYearEnd is the 31 March that ends the financial year containing
// on, the expiry of every Paradip licence (Paradip 1967, r.4(4)).
func LicenceYearEnd(on Date) Date {
	if on.Month <= time.March {
		return Date{on.Year, time.March, 31}
	}
	return Date{on.Year + 1, time.March, 31}
}

// ParadipLicenceLapse is the last day a Paradip licence stays in force
// after a transfer of ownership, or after a mortgage or placing under
// another's control not endorsed by the Deputy Conservator: 6 days
// (Paradip 1967, r.8).
func ParadipLicenceLapse(transferred Date) Date { return transferred.AddDays(6) }

// SurveyWindow is the window for a non-mechanised boat's annual survey in
// a year: the anniversary (day and month of the first survey, fixed) ± 3
// months (Karnataka 2025, r.102(1)(n), r.109(2); docs/LAW.md §3.2 proposal,
// Q7). A 29 February anniversary falls on 28 February in other years.
func SurveyWindow(anniversary Date, year int) (from, to Date) {
	a := AnniversaryIn(anniversary, year)
	return a.AddMonths(-3), a.AddMonths(3)
}

// AnniversaryIn is the anniversary of first in year, clamped to the end of
// the month (29 February → 28 February in a common year).
func AnniversaryIn(first Date, year int) Date { return first.AddYears(year - first.Year) }

// DetentionReportDue is the moment by which the detaining officer must send
// the report and a copy of the detention notice: 48 hours after detention,
// a time rather than a date (Karnataka 2025, Sch-IX para 1.3).
func DetentionReportDue(detained time.Time) time.Time { return detained.Add(48 * time.Hour) }
