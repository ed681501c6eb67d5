package rules

import (
	"testing"
	"time"
)

func TestDueDates(t *testing.T) {
	tests := []struct {
		name string
		got  Date
		want Date
	}{
		{"Karnataka 2025 r.10(2), r.150, Sch-X: provisional CoS 3 months", ProvisionalExpiry(D(2026, 1, 15)), D(2026, 4, 15)},
		{"Karnataka 2025 Sch-X: provisional CoS from 30 Nov ends 28 Feb (month end)", ProvisionalExpiry(D(2026, 11, 30)), D(2027, 2, 28)},
		{"Karnataka 2025 Sch-X: provisional CoS from 30 Nov 2027 ends 29 Feb 2028 (leap year)", ProvisionalExpiry(D(2027, 11, 30)), D(2028, 2, 29)},
		{"Karnataka 2025 Sch-X: provisional CoS from 31 Dec ends 31 Mar", ProvisionalExpiry(D(2026, 12, 31)), D(2027, 3, 31)},
		{"Karnataka 2025 Form-2: declaration of survey 60 days", DeclarationOfSurveyExpiry(D(2026, 1, 1)), D(2026, 3, 2)},
		{"Karnataka 2025 Form-2: declaration of survey 60 days across 29 Feb", DeclarationOfSurveyExpiry(D(2028, 1, 1)), D(2028, 3, 1)},
		{"Karnataka 2025 r.113(1): non-mechanised CoS 1 year", NonMechSurveyExpiry(D(2026, 5, 10)), D(2027, 5, 10)},
		{"Karnataka 2025 r.113(1): CoS issued 29 Feb 2028 expires 28 Feb 2029", NonMechSurveyExpiry(D(2028, 2, 29)), D(2029, 2, 28)},
		{"Karnataka 2025 r.113(2): late renewal deadline 60 days after expiry", LateRenewalDeadline(D(2027, 1, 1)), D(2027, 3, 2)},
		{"Karnataka 2025 r.113(2): late renewal deadline across 29 Feb", LateRenewalDeadline(D(2028, 1, 1)), D(2028, 3, 1)},
		{"Karnataka 2025 r.106(b): registration lapse 2 years after CoS expiry", RegistrationLapseDate(D(2026, 7, 1)), D(2028, 7, 1)},
		{"Karnataka 2025 r.106(b): lapse from 29 Feb 2028 is 28 Feb 2030", RegistrationLapseDate(D(2028, 2, 29)), D(2030, 2, 28)},
		{"Karnataka 2025 r.109(1)(g): bottom inspection 5 years", BottomInspectionDue(D(2026, 8, 1)), D(2031, 8, 1)},
		{"Karnataka 2025 r.52: pollution certificate at most 5 years", PollutionCertificateMaxExpiry(D(2026, 4, 1)), D(2031, 4, 1)},
		{"Karnataka 2025 r.63: pollution inspection every 12 months", PollutionInspectionDue(D(2026, 4, 1)), D(2027, 4, 1)},
		{"Karnataka 2025 r.63: pollution inspection from 29 Feb 2028", PollutionInspectionDue(D(2028, 2, 29)), D(2029, 2, 28)},
		{"Karnataka 2025 Sch-XV F: CoC revalidation 5 years after issue", CompetencyRevalidationDue(D(2024, 2, 29), Date{}), D(2029, 2, 28)},
		{"Karnataka 2025 Sch-XV F: then every 5 years from the last revalidation", CompetencyRevalidationDue(D(2020, 1, 1), D(2024, 6, 30)), D(2029, 6, 30)},
		{"Karnataka 2025 r.32(2): legacy CoC default deadline 2027-06-06", LegacyCoCExpiry(Date{}, Date{}), D(2027, 6, 6)},
		{"Karnataka 2025 r.32(2): earlier endorsed validity governs", LegacyCoCExpiry(D(2027, 6, 5), Date{}), D(2027, 6, 5)},
		{"Karnataka 2025 r.32(2): later endorsed validity is cut to the deadline", LegacyCoCExpiry(D(2030, 1, 1), Date{}), D(2027, 6, 6)},
		{"Karnataka 2025 r.32(2): deadline moved by the Centre", LegacyCoCExpiry(D(2030, 1, 1), D(2028, 6, 6)), D(2028, 6, 6)},
		{"Paradip 1967 r.4(4): licence issued 1 April ends 31 March next year", LicenceYearEnd(D(2026, 4, 1)), D(2027, 3, 31)},
		{"Paradip 1967 r.4(4): licence issued 31 March ends the same day", LicenceYearEnd(D(2026, 3, 31)), D(2026, 3, 31)},
		{"Paradip 1967 r.4(4): licence issued 29 Feb 2028 ends 31 March 2028", LicenceYearEnd(D(2028, 2, 29)), D(2028, 3, 31)},
		{"Paradip 1967 r.4(4): licence issued 31 December ends 31 March", LicenceYearEnd(D(2026, 12, 31)), D(2027, 3, 31)},
		{"Paradip 1967 r.8: licence lapses 6 days after transfer", ParadipLicenceLapse(D(2026, 3, 28)), D(2026, 4, 3)},
		{"Paradip 1967 r.8: 6 days across 29 Feb", ParadipLicenceLapse(D(2028, 2, 26)), D(2028, 3, 3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %s, want %s", tt.got, tt.want)
			}
		})
	}
}

// TestAppealDeadline checks the one appeal window in force, AppealRouteFor's
// (its ClosesOn), on the dates the retired second window was tested with.
func TestAppealDeadline(t *testing.T) {
	tests := []struct {
		name   string
		regime Regime
		recv   Date
		want   Date
	}{
		{"Karnataka 2025 Sch-IX para 6.1: appeal 30 days from receipt", RegimeKarnataka2025, D(2026, 1, 31), D(2026, 3, 2)},
		{"Karnataka 2025 Sch-XVI: appeal 30 days across 29 Feb", RegimeKarnataka2025, D(2028, 2, 1), D(2028, 3, 2)},
		{"Paradip 1967 r.27: appeal 7 days from communication", RegimeParadip1967, D(2026, 3, 28), D(2026, 4, 4)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			route, ok := AppealRouteFor(tt.regime)
			if got := route.ClosesOn(tt.recv); !ok || got != tt.want || route.Citation == "" {
				t.Errorf("got %s %q %v, want %s", got, route.Citation, ok, tt.want)
			}
		})
	}
	if _, ok := AppealRouteFor(RegimeKandla1955); ok {
		t.Error("Kandla 1955: only s.31(2) is available; no appeal rule")
	}
}

func TestDetentionReportDue(t *testing.T) {
	at := time.Date(2026, 2, 28, 23, 30, 0, 0, IST)
	want := time.Date(2026, 3, 2, 23, 30, 0, 0, IST)
	t.Run("Karnataka 2025 Sch-IX para 1.3: detention report within 48 hours, a time", func(t *testing.T) {
		if got := DetentionReportDue(at); !got.Equal(want) {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

func TestSurveyWindow(t *testing.T) {
	tests := []struct {
		name     string
		first    Date
		year     int
		from, to Date
	}{
		{"Karnataka 2025 r.102(1)(n), r.109(2) (Q7): anniversary ± 3 months", D(2024, 5, 15), 2026, D(2026, 2, 15), D(2026, 8, 15)},
		{"Karnataka 2025 r.102(1)(n): 29 Feb anniversary in a common year is 28 Feb", D(2024, 2, 29), 2026, D(2025, 11, 28), D(2026, 5, 28)},
		{"Karnataka 2025 r.102(1)(n): 29 Feb anniversary in a leap year", D(2024, 2, 29), 2028, D(2027, 11, 29), D(2028, 5, 29)},
		{"Karnataka 2025 r.109(2): 31 May anniversary opens 28 Feb (month end)", D(2023, 5, 31), 2026, D(2026, 2, 28), D(2026, 8, 31)},
		{"Karnataka 2025 r.109(2): 30 November anniversary closes 29 Feb in a leap year", D(2023, 11, 30), 2027, D(2027, 8, 30), D(2028, 2, 29)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, to := SurveyWindow(tt.first, tt.year)
			if from != tt.from || to != tt.to {
				t.Errorf("got %s..%s, want %s..%s", from, to, tt.from, tt.to)
			}
		})
	}
}

func TestCertificateStatus(t *testing.T) {
	cos := CertificateRecord{Kind: CertNonMechSurvey, IssuedOn: D(2026, 6, 1)}
	tests := []struct {
		name   string
		c      CertificateRecord
		on     Date
		status CertStatus
		days   int
	}{
		{"Karnataka 2025 r.113(1): valid 61 days before expiry", cos, D(2027, 4, 1), StatusValid, 61},
		{"Karnataka 2025 r.113(1), docs/OPERATIONS.md: expiring at 60 days", cos, D(2027, 4, 2), StatusExpiring, 60},
		{"Karnataka 2025 r.113(1): still valid on the expiry day", cos, D(2027, 6, 1), StatusExpiring, 0},
		{"Karnataka 2025 r.113(1): expired the day after", cos, D(2027, 6, 2), StatusExpired, -1},
		{"Karnataka 2025 Sch-X: provisional endorsed beyond 3 months is capped", CertificateRecord{Kind: CertProvisionalSurvey, IssuedOn: D(2026, 1, 1), ExpiresOn: D(2026, 12, 1)}, D(2026, 4, 2), StatusExpired, -1},
		{"Karnataka 2025 r.52: pollution certificate endorsed for 3 years keeps 3 years", CertificateRecord{Kind: CertPollution, IssuedOn: D(2026, 1, 1), ExpiresOn: D(2029, 1, 1)}, D(2029, 1, 2), StatusExpired, -1},
		{"Paradip 1967 r.4(4): licence expires 31 March", CertificateRecord{Kind: CertParadipLicence, IssuedOn: D(2026, 4, 10)}, D(2027, 4, 1), StatusExpired, -1},
		{"Karnataka 2025 r.16: registration has no expiry", CertificateRecord{Kind: CertRegistration, IssuedOn: D(2020, 1, 1)}, D(2030, 1, 1), StatusNoExpiry, 0},
		{"Karnataka 2025 (Q1): mechanised CoS without an endorsed date is undefined", CertificateRecord{Kind: CertSurvey, IssuedOn: D(2026, 1, 1)}, D(2026, 2, 1), StatusUndefined, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, d := CertificateStatus(tt.c, tt.on)
			if s != tt.status || d != tt.days {
				t.Errorf("got %s %d, want %s %d", s, d, tt.status, tt.days)
			}
		})
	}
	legacy := CrewCertificate{Grade: GradeSerang, Legacy: true}
	t.Run("Karnataka 2025 r.32(2): legacy CoC expiring on 2027-06-06, expired 2027-06-07", func(t *testing.T) {
		if s, d := CrewCertificateStatus(legacy, RegimeKarnataka2025, D(2027, 6, 6), Date{}); s != StatusExpiring || d != 0 {
			t.Errorf("on deadline: %s %d", s, d)
		}
		if s, d := CrewCertificateStatus(legacy, RegimeKarnataka2025, D(2027, 6, 7), Date{}); s != StatusExpired || d != -1 {
			t.Errorf("day after: %s %d", s, d)
		}
	})
}

func TestDeadlines(t *testing.T) {
	boat := VesselParticulars{
		ID: "KA-NM-1", Regime: RegimeKarnataka2025, Kind: KindNonMechanised,
		Certificates:         []CertificateRecord{{Kind: CertNonMechSurvey, Number: "S1", IssuedOn: D(2026, 5, 15)}, {Kind: CertRegistration}},
		FirstSurvey:          D(2024, 5, 15),
		LastBottomInspection: D(2024, 5, 15),
	}
	crew := []CrewOnBoard{{ID: "c1", Certificates: []CrewCertificate{{Grade: GradeSerang, Legacy: true}, {Grade: GradeMasterClass3, IssuedOn: D(2025, 1, 1)}}}}
	ds := Deadlines(boat, crew, D(2026, 9, 1), Date{})
	want := map[DeadlineKind]Date{
		DeadlineCertificateExpiry:    D(2027, 5, 15),
		DeadlineLateRenewalFine:      D(2027, 7, 14),
		DeadlineRegistrationLapse:    D(2029, 5, 15),
		DeadlineSurveyWindowOpens:    D(2027, 2, 15),
		DeadlineSurveyAnniversary:    D(2027, 5, 15),
		DeadlineSurveyWindowCloses:   D(2027, 8, 15),
		DeadlineBottomInspection:     D(2029, 5, 15),
		DeadlineLegacyCertificate:    D(2027, 6, 6),
		DeadlineCompetencyRevalidate: D(2030, 1, 1),
	}
	t.Run("Karnataka 2025 r.113, r.106(b), r.109, r.32(2), Sch-XV F: a boat's and crew's deadlines", func(t *testing.T) {
		got := map[DeadlineKind]Date{}
		for i, d := range ds {
			got[d.Kind] = d.Due
			if d.Citation == "" {
				t.Errorf("deadline %+v has no citation", d)
			}
			if i > 0 && d.Due.Before(ds[i-1].Due) {
				t.Errorf("not sorted at %d", i)
			}
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s = %s, want %s", k, got[k], w)
			}
		}
	})
	paradip := VesselParticulars{ID: "PDP-9", Regime: RegimeParadip1967, Kind: KindMotor,
		Certificates: []CertificateRecord{{Kind: CertParadipLicence, IssuedOn: D(2026, 4, 2)}}, OwnershipTransferredOn: D(2026, 9, 28),
		ControlChangedOn: D(2026, 10, 1), ControlChangeEndorsed: true}
	t.Run("Paradip 1967 r.4(4), r.8, r.10(2): licence, lapse, tindal verification", func(t *testing.T) {
		got := VesselDeadlines(paradip, D(2026, 10, 1))
		if len(got) != 3 {
			t.Fatalf("got %+v", got)
		}
		for _, d := range got {
			if d.Due != D(2027, 3, 31) && d.Due != D(2026, 10, 4) {
				t.Errorf("unexpected %+v", d)
			}
		}
	})
}
