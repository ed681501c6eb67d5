package rules

// CertificateKind is the kind of a vessel's certificate or licence, which
// decides how its expiry is derived.
type CertificateKind string

// Vessel certificate kinds.
const (
	// mechanised CoS: expiry as endorsed (validity not in sources, Q1)
	CertSurvey              CertificateKind = "survey"
	CertNonMechSurvey       CertificateKind = "nonmech_survey"        // Karnataka 2025 r.113(1): 1 year
	CertProvisionalSurvey   CertificateKind = "provisional_survey"    // r.10(2), r.150, Sch-X: ≤ 3 months
	CertDeclarationOfSurvey CertificateKind = "declaration_of_survey" // Form-2: 60 days
	CertPollution           CertificateKind = "pollution"             // r.52: ≤ 5 years
	CertInsurance           CertificateKind = "insurance"             // r.81: policy term as endorsed
	// special category CoF: as endorsed, synchronous with CoS (Q32)
	CertFitness        CertificateKind = "fitness"
	CertParadipLicence CertificateKind = "paradip_licence" // Paradip 1967 r.4(4): 31 March
	CertRegistration   CertificateKind = "registration"    // no expiry (r.16, r.104)
)

// CertificateRecord is a vessel certificate as held in the registry.
type CertificateRecord struct {
	Kind      CertificateKind `json:"kind"`
	Number    string          `json:"number,omitempty"`
	IssuedOn  Date            `json:"issued_on,omitempty"`
	ExpiresOn Date            `json:"expires_on,omitempty"` // as endorsed; zero = derive from the rule
}

// CitationEndorsed is the citation of a validity the law leaves to the
// certificate: its expiry as endorsed on it.
const CitationEndorsed Citation = "endorsed on the certificate"

// CitationTindalReading is the citation of a step the law does not decide
// (how a repeat is counted where Sch-IV's note is silent, what becomes of
// an unanswered checklist item or an unknown code): Tindal's own reading,
// said in words, as docs/LAW.md sets it out. A person reads it on notices
// and in traces; it names no document of ours.
const CitationTindalReading Citation = "Tindal's reading where the rule is silent"

// CertStatus is the state of a certificate on a date.
type CertStatus string

// Certificate states. Expiring means within ExpiringWithinDays of expiry.
const (
	StatusValid     CertStatus = "valid"
	StatusExpiring  CertStatus = "expiring"
	StatusExpired   CertStatus = "expired"
	StatusNoExpiry  CertStatus = "no_expiry" // e.g. a Certificate of Registration
	StatusUndefined CertStatus = "undefined" // the expiry can be neither read nor derived
)

// ExpiringWithinDays is the first reminder threshold for certificates
// (docs/OPERATIONS.md: 60/30/7/1 days before expiry); from then on a certificate is
// "expiring".
const ExpiringWithinDays = 60

// CertificateReminderOffsets are the days before expiry at which owners are
// reminded (docs/OPERATIONS.md).
func CertificateReminderOffsets() []int { return []int{60, 30, 7, 1} }

// LegacyReminderOffsets are the days before the legacy-CoC deadline at
// which holders are reminded (docs/OPERATIONS.md).
func LegacyReminderOffsets() []int { return []int{180, 90, 30, 7, 1} }

// certificateMax is the statutory longest validity of a kind, if any.
func certificateMax(c CertificateRecord) (Date, Citation, bool) {
	if c.IssuedOn.IsZero() {
		return Date{}, "", false
	}
	switch c.Kind {
	case CertNonMechSurvey:
		return NonMechSurveyExpiry(c.IssuedOn), "Karnataka 2025, r.113(1)", true
	case CertProvisionalSurvey:
		return ProvisionalExpiry(c.IssuedOn), "Karnataka 2025, r.10(2), r.150, Sch-X", true
	case CertDeclarationOfSurvey:
		return DeclarationOfSurveyExpiry(c.IssuedOn), "Karnataka 2025, Form-2", true
	case CertPollution:
		return PollutionCertificateMaxExpiry(c.IssuedOn), "Karnataka 2025, r.52", true
	case CertParadipLicence:
		return LicenceYearEnd(c.IssuedOn), "Paradip 1967, r.4(4)", true
	}
	return Date{}, "", false
}

// CertificateExpiry is the last day a vessel certificate is valid: the
// endorsed expiry, capped at the statutory maximum where the law sets one,
// or the statutory period when none is endorsed. A Paradip licence with an
// endorsed date (Form A "Extended to") uses that date. The bool is false
// for a certificate without expiry or whose expiry is unknown.
func CertificateExpiry(c CertificateRecord) (Date, Citation, bool) {
	if c.Kind == CertRegistration {
		return Date{}, "Karnataka 2025, r.16, r.104", false
	}
	max, cite, hasMax := certificateMax(c)
	switch {
	case c.ExpiresOn.IsZero():
		return max, cite, hasMax
	case hasMax && c.Kind != CertParadipLicence && c.ExpiresOn.After(max):
		return max, cite, true
	case hasMax:
		return c.ExpiresOn, cite, true
	}
	return c.ExpiresOn, CitationEndorsed, true
}

// CertificateStatus is the state of a vessel certificate on a date and the
// days from on to its expiry (negative once expired; 0 on the last valid day).
func CertificateStatus(c CertificateRecord, on Date) (CertStatus, int) {
	exp, _, ok := CertificateExpiry(c)
	if !ok {
		if c.Kind == CertRegistration {
			return StatusNoExpiry, 0
		}
		return StatusUndefined, 0
	}
	return statusFor(exp, on)
}

// CrewCertificateEnd is the last day a crew certificate counts under the
// regime, by the rules of CertificateCounts: endorsed expiry; in Karnataka
// 2025 also the legacy deadline or the 5-yearly revalidation. The bool is
// false if no end can be derived.
func CrewCertificateEnd(c CrewCertificate, regime Regime, legacyDeadline Date) (Date, Citation, bool) {
	if regime == RegimeKarnataka2025 && IsLegacyCertificate(c) {
		if !c.RevalidatedOn.IsZero() {
			return c.RevalidatedOn.AddYears(5), "Karnataka 2025, Sch-XV E, F", true
		}
		return LegacyCoCExpiry(c.ExpiresOn, legacyDeadline), "Karnataka 2025, r.32(2), Sch-XV G", true
	}
	end, cite, ok := c.ExpiresOn, CitationEndorsed, !c.ExpiresOn.IsZero()
	if regime == RegimeKarnataka2025 && karnatakaCoCGrades[c.Grade] && !(c.IssuedOn.IsZero() && c.RevalidatedOn.IsZero()) {
		due := CompetencyRevalidationDue(c.IssuedOn, c.RevalidatedOn)
		if !ok || due.Before(end) {
			end, cite, ok = due, "Karnataka 2025, Sch-XV F", true
		}
	}
	return end, cite, ok
}

// CrewCertificateStatus is the state of a crew certificate on a date.
func CrewCertificateStatus(c CrewCertificate, regime Regime, on, legacyDeadline Date) (CertStatus, int) {
	end, _, ok := CrewCertificateEnd(c, regime, legacyDeadline)
	if !ok {
		return StatusUndefined, 0
	}
	return statusFor(end, on)
}

// statusFor classifies on against the last valid day exp.
func statusFor(exp, on Date) (CertStatus, int) {
	days := on.DaysUntil(exp)
	switch {
	case days < 0:
		return StatusExpired, days
	case days <= ExpiringWithinDays:
		return StatusExpiring, days
	}
	return StatusValid, days
}
