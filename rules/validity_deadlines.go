package rules

import (
	"sort"
	"time"
)

// DeadlineKind names a kind of deadline, stable for jobs and calendar feeds.
type DeadlineKind string

// Deadline kinds.
const (
	DeadlineCertificateExpiry    DeadlineKind = "certificate_expiry"
	DeadlineSurveyWindowOpens    DeadlineKind = "survey_window_opens"
	DeadlineSurveyAnniversary    DeadlineKind = "survey_anniversary"
	DeadlineSurveyWindowCloses   DeadlineKind = "survey_window_closes"
	DeadlineLateRenewalFine      DeadlineKind = "late_renewal_fine"
	DeadlineRegistrationLapse    DeadlineKind = "registration_lapse"
	DeadlineBottomInspection     DeadlineKind = "bottom_inspection"
	DeadlinePollutionInspection  DeadlineKind = "pollution_inspection"
	DeadlineLicenceLapse         DeadlineKind = "licence_lapse"
	DeadlineTindalVerification   DeadlineKind = "tindal_verification"
	DeadlineCompetencyRevalidate DeadlineKind = "competency_revalidation"
	DeadlineLegacyCertificate    DeadlineKind = "legacy_certificate"
)

// Deadline is one dated obligation of a vessel or a crew member. Due is the
// last day to act (or the last day of validity). Scheduled jobs and the
// calendar feed consume it.
type Deadline struct {
	Kind     DeadlineKind `json:"kind"`
	Subject  string       `json:"subject"`            // vessel or crew member id
	Document string       `json:"document,omitempty"` // certificate kind or grade concerned
	Due      Date         `json:"due"`
	Citation Citation     `json:"citation"`
	Note     string       `json:"note,omitempty"`
}

// VesselParticulars are the registry facts that schedule a vessel's deadlines.
type VesselParticulars struct {
	ID           string              `json:"id"`
	Regime       Regime              `json:"regime"`
	Kind         VesselKind          `json:"kind"`
	Certificates []CertificateRecord `json:"certificates"`
	// FirstSurvey fixes the anniversary of a non-mechanised boat's annual
	// survey (Karnataka 2025, r.102(1)(n)); it changes only after a major
	// repair or a re-survey following cancellation of the CoR.
	FirstSurvey             Date `json:"first_survey,omitempty"`
	LastBottomInspection    Date `json:"last_bottom_inspection,omitempty"`
	LastPollutionInspection Date `json:"last_pollution_inspection,omitempty"`
	OwnershipTransferredOn  Date `json:"ownership_transferred_on,omitempty"` // Paradip 1967 r.8
	// ControlChangedOn is a mortgage or placing under another's control;
	// the licence lapses 6 days later unless ControlChangeEndorsed.
	ControlChangedOn      Date `json:"control_changed_on,omitempty"`
	ControlChangeEndorsed bool `json:"control_change_endorsed,omitempty"`
}

// Deadlines lists every deadline of a vessel and its crew that can be
// derived from their certificates and particulars, sorted by due date. from
// picks the survey window and the March tindal verification to report (the
// first not yet past on from); everything else is listed whatever its date,
// so overdue items remain visible.
func Deadlines(v VesselParticulars, crew []CrewOnBoard, from, legacyDeadline Date) []Deadline {
	ds := VesselDeadlines(v, from)
	ds = append(ds, CrewDeadlines(crew, v.Regime, legacyDeadline)...)
	SortDeadlines(ds)
	return ds
}

// SortDeadlines orders deadlines by due date, then kind, subject and document.
func SortDeadlines(ds []Deadline) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if c := a.Due.Compare(b.Due); c != 0 {
			return c < 0
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Subject != b.Subject {
			return a.Subject < b.Subject
		}
		return a.Document < b.Document
	})
}

// VesselDeadlines lists a vessel's deadlines (see Deadlines).
func VesselDeadlines(v VesselParticulars, from Date) []Deadline {
	ds := []Deadline{}
	for _, c := range v.Certificates {
		ds = append(ds, certificateDeadlines(v, c)...)
	}
	ds = append(ds, surveyWindowDeadlines(v, from)...)
	ds = append(ds, inspectionDeadlines(v)...)
	ds = append(ds, paradipDeadlines(v, from)...)
	return ds
}

// certificateRegime is the regime whose rule sets a kind's validity
// (certificateMax); the other kinds' validity is what is endorsed.
var certificateRegime = map[CertificateKind]Regime{
	CertNonMechSurvey:       RegimeKarnataka2025,
	CertProvisionalSurvey:   RegimeKarnataka2025,
	CertDeclarationOfSurvey: RegimeKarnataka2025,
	CertPollution:           RegimeKarnataka2025,
	CertParadipLicence:      RegimeParadip1967,
}

// certificateDeadlines is a certificate's expiry and, for a non-mechanised
// CoS, the late-renewal fine and registration lapse that follow it.
func certificateDeadlines(v VesselParticulars, c CertificateRecord) []Deadline {
	exp, cite, ok := CertificateExpiry(c)
	if r, own := certificateRegime[c.Kind]; own && v.Regime != "" && r != v.Regime {
		// Another regime's rule says nothing of this vessel's certificate:
		// only the date endorsed on it stands, and none of that rule's
		// consequences (a Paradip craft is never told Karnataka's r.52).
		exp, cite, ok = c.ExpiresOn, CitationEndorsed, !c.ExpiresOn.IsZero()
	}
	if !ok {
		return nil
	}
	doc := string(c.Kind)
	ds := []Deadline{
		{Kind: DeadlineCertificateExpiry, Subject: v.ID, Document: doc, Due: exp, Citation: cite, Note: c.Number},
	}
	if c.Kind == CertNonMechSurvey && (v.Regime == "" || v.Regime == RegimeKarnataka2025) {
		ds = append(
			ds,
			Deadline{
				Kind:     DeadlineLateRenewalFine,
				Subject:  v.ID,
				Document: doc,
				Due:      LateRenewalDeadline(exp),
				Citation: "Karnataka 2025, r.113(2)",
				Note:     "renewal applied for after this day attracts a fine",
			},
			Deadline{
				Kind:     DeadlineRegistrationLapse,
				Subject:  v.ID,
				Document: doc,
				Due:      RegistrationLapseDate(exp),
				Citation: "Karnataka 2025, r.106(b)",
				Note:     "2 years without a valid survey: registration liable to cancellation",
			},
		)
	}
	return ds
}

// surveyWindowDeadlines is the first non-mechanised survey window that has
// not closed on from.
func surveyWindowDeadlines(v VesselParticulars, from Date) []Deadline {
	if v.Kind != KindNonMechanised || v.FirstSurvey.IsZero() {
		return nil
	}
	year := from.Year - 1
	open, closes := SurveyWindow(v.FirstSurvey, year)
	for closes.Before(from) {
		year++
		open, closes = SurveyWindow(v.FirstSurvey, year)
	}
	const cite = "Karnataka 2025, r.102(1)(n), r.109(2)"
	return []Deadline{
		{Kind: DeadlineSurveyWindowOpens, Subject: v.ID, Document: string(CertNonMechSurvey), Due: open, Citation: cite},
		{
			Kind:     DeadlineSurveyAnniversary,
			Subject:  v.ID,
			Document: string(CertNonMechSurvey),
			Due:      AnniversaryIn(v.FirstSurvey, year),
			Citation: cite,
		},
		{Kind: DeadlineSurveyWindowCloses, Subject: v.ID, Document: string(CertNonMechSurvey), Due: closes, Citation: cite},
	}
}

// inspectionDeadlines are the periodic inspections counted from the last one.
func inspectionDeadlines(v VesselParticulars) []Deadline {
	ds := []Deadline{}
	if !v.LastBottomInspection.IsZero() {
		ds = append(
			ds,
			Deadline{
				Kind:     DeadlineBottomInspection,
				Subject:  v.ID,
				Due:      BottomInspectionDue(v.LastBottomInspection),
				Citation: "Karnataka 2025, r.109(1)(g)",
			},
		)
	}
	if !v.LastPollutionInspection.IsZero() {
		ds = append(
			ds,
			Deadline{
				Kind:     DeadlinePollutionInspection,
				Subject:  v.ID,
				Due:      PollutionInspectionDue(v.LastPollutionInspection),
				Citation: "Karnataka 2025, r.63",
			},
		)
	}
	return ds
}

// paradipDeadlines are the licence lapses after a change of owner or
// control and the March verification of tindals.
func paradipDeadlines(v VesselParticulars, from Date) []Deadline {
	if v.Regime != RegimeParadip1967 {
		return nil
	}
	ds := []Deadline{
		{
			Kind:     DeadlineTindalVerification,
			Subject:  v.ID,
			Due:      Date{LicenceYearEnd(from).Year, time.March, 31},
			Citation: "Paradip 1967, r.10(2)",
			Note:     "on the day in March fixed by the Deputy Conservator; within 24 hours of return if away",
		},
	}
	if !v.OwnershipTransferredOn.IsZero() {
		ds = append(
			ds,
			Deadline{
				Kind:     DeadlineLicenceLapse,
				Subject:  v.ID,
				Document: string(CertParadipLicence),
				Due:      ParadipLicenceLapse(v.OwnershipTransferredOn),
				Citation: "Paradip 1967, r.8",
				Note:     "licence ceases after transfer of ownership",
			},
		)
	}
	if !v.ControlChangedOn.IsZero() && !v.ControlChangeEndorsed {
		ds = append(
			ds,
			Deadline{
				Kind:     DeadlineLicenceLapse,
				Subject:  v.ID,
				Document: string(CertParadipLicence),
				Due:      ParadipLicenceLapse(v.ControlChangedOn),
				Citation: "Paradip 1967, r.8",
				Note:     "licence ceases unless the mortgage or change of control is endorsed",
			},
		)
	}
	return ds
}

// CrewDeadlines lists the last day each crew certificate counts: the
// legacy deadline (or earlier endorsed expiry), the next revalidation of a
// CoC, or the endorsed expiry.
func CrewDeadlines(crew []CrewOnBoard, regime Regime, legacyDeadline Date) []Deadline {
	ds := []Deadline{}
	for _, m := range crew {
		for _, c := range m.Certificates {
			if d, ok := crewDeadline(m.ID, c, regime, legacyDeadline); ok {
				ds = append(ds, d)
			}
		}
	}
	return ds
}

// crewDeadline is one crew certificate's deadline.
func crewDeadline(id string, c CrewCertificate, regime Regime, legacyDeadline Date) (Deadline, bool) {
	end, cite, ok := CrewCertificateEnd(c, regime, legacyDeadline)
	if !ok {
		return Deadline{}, false
	}
	kind := DeadlineCertificateExpiry
	switch {
	case regime == RegimeKarnataka2025 && IsLegacyCertificate(c) && c.RevalidatedOn.IsZero():
		kind = DeadlineLegacyCertificate
	case cite == "Karnataka 2025, Sch-XV F" || cite == "Karnataka 2025, Sch-XV E, F":
		kind = DeadlineCompetencyRevalidate
	}
	return Deadline{Kind: kind, Subject: id, Document: string(c.Grade), Due: end, Citation: cite}, true
}
