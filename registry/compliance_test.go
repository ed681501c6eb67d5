package registry_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// countryBoat is a Karnataka non-mechanised passenger boat (Category B,
// Zone 3, 5 GRT) with its registration, survey and insurance, and two GP
// ratings signed on from 1 January 2026.
type countryBoat struct {
	reg       *registry.Service
	admin     models.Scope
	vessel    models.Vessel
	insurance models.Certificate
}

func newCountryBoat(t *testing.T) countryBoat {
	t.Helper()
	ctx := context.Background()
	reg := registry.New(testkit.NewDB(t), time.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "KARWAR", Name: "Karwar", Regime: "KA-IV-2025"})
	must(err)
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Ravi", PreferredLanguage: "kn", JurisdictionID: j.ID})
	must(err)
	cat, zone, pax, grt, anniversary := "B", 3, 8, 5.0, cbDay(2025, 9, 1)
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-KWR-NM-12", Name: "Nada Doni", Kind: "non_mechanised",
		Category: &cat, Zone: &zone, Passengers: &pax, GRT: &grt, Use: "passenger", OwnerID: o.ID, JurisdictionID: j.ID,
		SurveyAnniversary: &anniversary})
	must(err)
	cert := func(c models.Certificate) models.Certificate {
		t.Helper()
		out, _, err := reg.CreateCertificate(ctx, admin, c)
		must(err)
		return out
	}
	insExpiry := cbDay(2026, 8, 31)
	cert(models.Certificate{VesselID: &v.ID, Kind: "registration", Number: "KWR-NM-12", IssuedOn: cbDay(2023, 1, 1)})
	cert(models.Certificate{VesselID: &v.ID, Kind: "survey", Number: "NM-COS-12", IssuedOn: cbDay(2025, 9, 1)})
	ins := cert(models.Certificate{VesselID: &v.ID, Kind: "insurance", Number: "INS-12", IssuedOn: cbDay(2025, 9, 1), ExpiresOn: &insExpiry})
	for _, n := range []string{"KA-GP-0001", "KA-GP-0002"} {
		m, _, err := reg.CreateCrewMember(ctx, admin, models.CrewMember{IndivcNumber: n, Name: "Crew " + n, PreferredLanguage: "kn", JurisdictionID: j.ID})
		must(err)
		cert(models.Certificate{CrewMemberID: &m.ID, Kind: "gp_rating", Grade: "gp_rating", Number: "GP-" + n, IssuedOn: cbDay(2025, 1, 1)})
		_, _, err = reg.AddVesselCrew(ctx, admin, models.VesselCrew{VesselID: v.ID, CrewMemberID: m.ID, Role: "gp_rating", SignedOn: cbDay(2026, 1, 1)})
		must(err)
	}
	return countryBoat{reg: reg, admin: admin, vessel: v, insurance: ins}
}

func cbDay(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func reasonCodes(c registry.Compliance) []string {
	var out []string
	for _, r := range c.Reasons {
		out = append(out, r.Code)
	}
	return out
}

func certStatus(c registry.Compliance, kind string) string {
	for _, s := range c.Certificates {
		if s.Certificate.Kind == kind {
			return s.Status
		}
	}
	return ""
}

func TestComplianceCountryBoat(t *testing.T) {
	b := newCountryBoat(t)
	ctx := context.Background()
	t.Run("Karnataka 2025 r.113(1), r.124: certificates in force and two GP ratings on board: fit to ply", func(t *testing.T) {
		c, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, rules.D(2026, 5, 15))
		if err != nil {
			t.Fatal(err)
		}
		if !c.FitToPly || len(c.Reasons) != 0 || !c.Manning.Assessed || !c.Manning.Compliant {
			t.Fatalf("want fit and manned, got fit=%t reasons=%v manning=%+v deficiencies=%+v", c.FitToPly, c.Reasons, c.Manning, c.Deficiencies)
		}
		if c.RuleSet != "KA-IV-2025-draft.1" || len(c.Crew) != 2 || len(c.Crew[0].Certificates) != 1 || len(c.OpenDeficiencies) != 0 {
			t.Fatalf("rule set %s, crew %d, open %d", c.RuleSet, len(c.Crew), len(c.OpenDeficiencies))
		}
		if got := certStatus(c, "survey"); got != string(rules.StatusValid) {
			t.Fatalf("survey status %s", got)
		}
		if len(c.FeesDue) != 1 || c.FeesDue[0].Quote.Total != 1000 || c.FeesDue[0].Due != rules.D(2026, 9, 1) {
			t.Fatalf("Sch-IV Ann-1 Sl.1 survey fee for 5 GRT due at the CoS expiry: %+v", c.FeesDue)
		}
		if len(c.Deadlines) == 0 || len(c.Trace.Steps) == 0 {
			t.Fatal("no deadlines or no trace")
		}
	})
	t.Run("Karnataka 2025 r.113(1): CoS lapsed after a year: not fit", func(t *testing.T) {
		c, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, rules.D(2026, 10, 15))
		if err != nil {
			t.Fatal(err)
		}
		if c.FitToPly || !cbHas(reasonCodes(c), string(rules.CodeSurveyCertExpired)) || certStatus(c, "survey") != string(rules.StatusExpired) {
			t.Fatalf("want 01003 and not fit: %v", c.Reasons)
		}
	})
	t.Run("Karnataka 2025 r.124: crew not yet signed on: not manned", func(t *testing.T) {
		c, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, rules.D(2025, 12, 20))
		if err != nil {
			t.Fatal(err)
		}
		if c.FitToPly || c.Manning.Compliant || len(c.Crew) != 0 || !cbHas(reasonCodes(c), string(rules.CodeManningShortfall)) {
			t.Fatalf("want 02001 and not fit: %v", c.Reasons)
		}
	})
	t.Run("a suspended insurance is withdrawn", func(t *testing.T) {
		status := "suspended"
		if _, err := b.reg.UpdateCertificate(ctx, b.admin, b.insurance.ID, b.insurance.Version, registry.CertificatePatch{Status: &status}); err != nil {
			t.Fatal(err)
		}
		c, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, rules.D(2026, 5, 15))
		if err != nil {
			t.Fatal(err)
		}
		if c.FitToPly || certStatus(c, "insurance") != registry.StatusWithdrawn || !cbHas(reasonCodes(c), string(rules.CodeInsuranceInvalid)) {
			t.Fatalf("want 01006 and withdrawn: %v", c.Reasons)
		}
	})
	t.Run("out of scope is not found", func(t *testing.T) {
		other := models.Scope{Access: models.AccessJurisdiction, UserID: uuid.New(), Jurisdictions: []uuid.UUID{uuid.New()}}
		_, err := b.reg.Compliance(ctx, other, b.vessel.ID, rules.D(2026, 5, 15))
		if models.KindOf(err) != models.KindNotFound {
			t.Fatalf("got %v, want not found", err)
		}
	})
	t.Run("no rule set in force yet", func(t *testing.T) {
		_, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, rules.D(2020, 1, 1))
		if models.KindOf(err) != models.KindInvalid {
			t.Fatalf("got %v, want invalid", err)
		}
	})
}

func cbHas(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestComplianceListsTheRenewedCertificateOnly: once an insurance is
// renewed, the vessel's certificates list the new policy alone (the owner
// has nothing to renew), while a day the old policy covered still lists
// it.
func TestComplianceListsTheRenewedCertificateOnly(t *testing.T) {
	b := newCountryBoat(t)
	ctx := context.Background()
	expires := cbDay(2027, 8, 31)
	renewed, _, err := b.reg.CreateCertificate(ctx, b.admin, models.Certificate{VesselID: &b.vessel.ID, Kind: "insurance",
		Number: "INS-12-R", IssuedOn: cbDay(2026, 9, 1), ExpiresOn: &expires})
	if err != nil {
		t.Fatal(err)
	}
	numbers := func(on rules.Date) []string {
		c, err := b.reg.Compliance(ctx, b.admin, b.vessel.ID, on)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range c.Certificates {
			if s.Certificate.Kind == "insurance" {
				out = append(out, s.Certificate.Number)
			}
		}
		return out
	}
	if got := numbers(rules.D(2026, 10, 1)); len(got) != 1 || got[0] != renewed.Number {
		t.Errorf("insurance after the renewal: %v, want only %s", got, renewed.Number)
	}
	if got := numbers(rules.D(2026, 3, 1)); !slices.Contains(got, b.insurance.Number) {
		t.Errorf("insurance before the renewal: %v, want %s among them", got, b.insurance.Number)
	}
}
