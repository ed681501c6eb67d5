package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// insurers issue the demo vessels' insurance, by owner.
var insurers = []string{
	"The New India Assurance Co. Ltd",
	"United India Insurance Co. Ltd",
	"The Oriental Insurance Co. Ltd",
	"National Insurance Co. Ltd",
}

// numberPrefix abbreviates a certificate kind in its number.
var numberPrefix = map[string]string{
	"registration": "COR", "survey": "COS", "provisional_survey": "PCOS", "insurance": "INS",
	"pollution": "POL", "fitness": "COF", "licence": "LIC",
}

// seedCertificates writes the vessels' and the crew's certificates, each
// checked against the registry's rules first.
func (s *seeder) seedCertificates(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, c := range s.certificates() {
			if err := registry.ValidateCertificate(c); err != nil {
				return fmt.Errorf("certificate %s: %w", c.Number, err)
			}
			keys := []string{storage.ScopeJurisdiction(c.JurisdictionID)}
			if c.OwnerID != nil {
				keys = append(keys, storage.ScopeOwner(*c.OwnerID))
			}
			if err := insert(tx, entityCertificate, c.ID, &c, keys...); err != nil {
				return err
			}
		}
		return nil
	})
}

// certificates lists every demo certificate, vessels' first.
func (s *seeder) certificates() []models.Certificate {
	var out []models.Certificate
	for _, v := range vessels {
		out = append(out, s.vesselCertificates(v)...)
	}
	for _, c := range crewCerts {
		out = append(out, s.crewCertificate(c))
	}
	return out
}

func (s *seeder) certificateIDs() []uuid.UUID {
	cs := s.certificates()
	ids := make([]uuid.UUID, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}

// vesselCertificates derives a vessel's certificates from its seed: the
// documents docs/LAW.md §2 requires of its kind, dated from its columns.
func (s *seeder) vesselCertificates(v vesselSeed) []models.Certificate {
	var out []models.Certificate
	add := func(kind string, issued time.Time, expires *time.Time) {
		out = append(out, s.vesselCertificate(v, kind, issued, expires))
	}
	if v.Jur == paradip {
		start, end := licenceYear(s.today)
		if v.Lapsed {
			start, end = yearsAfter(start, -1), start.AddDate(0, 0, -1)
		}
		add("licence", start, &end)
	} else {
		// Karnataka 2025: the CoR has no expiry (r.16); the CoS is renewed yearly here.
		add("registration", yearsAfter(s.today, -v.Age).AddDate(0, 0, -30), nil)
		survey := s.day(v.Survey)
		if v.Provisional {
			// r.10(2): at most 3 months, and no 3 months are shorter than 89 days.
			add("provisional_survey", survey.AddDate(0, 0, -89), &survey)
		} else {
			add("survey", yearsAfter(survey, -1), &survey)
		}
		if v.Kind == mech {
			add("pollution", yearsAfter(survey, -1), &survey)
		}
		if v.Special {
			add("fitness", yearsAfter(survey, -1), &survey) // r.98(1)
		}
	}
	if v.Insurance != 0 {
		expires := s.day(v.Insurance)
		add("insurance", yearsAfter(expires, -1).AddDate(0, 0, 1), &expires)
	}
	return out
}

func (s *seeder) vesselCertificate(v vesselSeed, kind string, issued time.Time, expires *time.Time) models.Certificate {
	vid, owner := vesselID(v.Reg), ownerID(v.Owner)
	issuer := authorityOf(v.Jur)
	if kind == "insurance" {
		issuer = insurers[v.Owner%len(insurers)]
	}
	return models.Certificate{
		ID: idOf(entityCertificate, v.Reg+"/"+kind), SubjectType: "vessel", VesselID: &vid, Kind: kind,
		Number: fmt.Sprintf("%s/%d/%s", numberPrefix[kind], issued.Year(), v.Reg), IssuedOn: issued, ExpiresOn: expires,
		Issuer: issuer, Status: "valid", JurisdictionID: s.jur[v.Jur], OwnerID: &owner, Synced: synced(),
	}
}

func (s *seeder) crewCertificate(c crewCertSeed) models.Certificate {
	cid := crewID(c.Indivc)
	return models.Certificate{
		ID: idOf(entityCertificate, c.Indivc+"/"+c.Number), SubjectType: "crew_member", CrewMemberID: &cid,
		Kind: c.Kind, Grade: string(c.Grade), Legacy: c.Legacy, Number: c.Number, IssuedOn: s.day(c.Issued),
		ExpiresOn: s.dayOrNil(c.Expires), RevalidatedOn: s.dayOrNil(c.Revalidated), Issuer: c.Issuer,
		Status: "valid", JurisdictionID: s.jur[crewJurisdiction(c.Indivc)], Synced: synced(),
	}
}

// yearsAfter is the date column n years after t, counted as the law counts
// years (rules.Date.AddYears: 29 February + 1 year = 28 February), so demo
// certificates have the validity the rules compute for them.
func yearsAfter(t time.Time, n int) time.Time {
	d := rules.Date{Year: t.Year(), Month: t.Month(), Day: t.Day()}.AddYears(n)
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}
