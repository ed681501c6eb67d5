package registry

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// crewGradeOfKind is the grade a crew certificate of a kind carries when no
// grade is written on it: the kind itself names the qualification. A GP
// rating certificate (Karnataka 2025, r.125) is the qualification for every
// r.124 post; a Central Government permit is the one Kandla 1955 s.31(2) and
// Paradip 1967 r.29(2) accept.
var crewGradeOfKind = map[string]rules.CertificateGrade{
	"gp_rating": rules.GradeGPRating,
	"permit":    rules.GradePermit,
}

// manningKinds are the crew certificate kinds that qualify a person for a
// post on board; the others (fitness) do not.
var manningKinds = map[string]bool{"competency": true, "gp_rating": true, "permit": true}

// CrewCertificate is a registry crew certificate as the manning rules read
// it, and whether it qualifies its holder for any post at all: only a
// certificate in force (status valid) of a qualifying kind, with its grade
// or, where the kind names it, the kind's grade. It is the one reading of a
// crew certificate: vessel compliance, the inspection recompute, the jobs
// and the public page all decide who is qualified for what through it.
func CrewCertificate(c models.Certificate) (rules.CrewCertificate, bool) {
	grade := rules.CertificateGrade(c.Grade)
	if grade == "" {
		grade = crewGradeOfKind[c.Kind]
	}
	cc := rules.CrewCertificate{Grade: grade, Legacy: c.Legacy, IssuedOn: dateOf(&c.IssuedOn),
		ExpiresOn: dateOf(c.ExpiresOn), RevalidatedOn: dateOf(c.RevalidatedOn)}
	return cc, c.Status == "valid" && grade != "" && manningKinds[c.Kind]
}

// CrewOnBoardFacts is the crew signed on to a vessel on a date, with every
// certificate of each (in force or not, for display).
type CrewOnBoardFacts struct {
	Posts []models.VesselCrew
	Certs map[uuid.UUID][]models.Certificate
}

// LoadCrewOnBoard reads the crew signed on to vessel vesselID on date on:
// signed on that day or before and not signed off before the end of the
// previous day (a person signed off on a day is no longer on board that
// day), with their certificates, through db (a transaction or not).
func LoadCrewOnBoard(ctx context.Context, db *gorm.DB, vesselID uuid.UUID, on rules.Date) (CrewOnBoardFacts, error) {
	f := CrewOnBoardFacts{Certs: map[uuid.UUID][]models.Certificate{}}
	db = db.WithContext(ctx)
	day := time.Date(on.Year, on.Month, on.Day, 0, 0, 0, 0, time.UTC)
	err := db.Where("vessel_id = ? AND signed_on <= ? AND (signed_off IS NULL OR signed_off > ?)", vesselID, day, day).
		Order("signed_on, id").Find(&f.Posts).Error
	if err != nil {
		return f, fmt.Errorf("vessel crew: %w", err)
	}
	if len(f.Posts) == 0 {
		return f, nil // nobody on board: no certificates to read (a round trip less)
	}
	ids := make([]uuid.UUID, len(f.Posts))
	for i, c := range f.Posts {
		ids[i] = c.CrewMemberID
	}
	var certs []models.Certificate
	if err := db.Where("crew_member_id IN ?", nonEmpty(ids)).Order("issued_on, id").Find(&certs).Error; err != nil {
		return f, fmt.Errorf("crew certificates: %w", err)
	}
	for _, c := range certs {
		f.Certs[*c.CrewMemberID] = append(f.Certs[*c.CrewMemberID], c)
	}
	return f, nil
}

// Crew is the crew on board as the manning rules read it: each person with
// the certificates that qualify them (CrewCertificate).
func (f CrewOnBoardFacts) Crew() []rules.CrewOnBoard {
	out := []rules.CrewOnBoard{}
	for _, p := range f.Posts {
		m := rules.CrewOnBoard{ID: p.CrewMemberID.String(), Role: p.Role, Certificates: []rules.CrewCertificate{}}
		for _, c := range f.Certs[p.CrewMemberID] {
			if cc, ok := CrewCertificate(c); ok {
				m.Certificates = append(m.Certificates, cc)
			}
		}
		out = append(out, m)
	}
	return out
}

// CrewOnBoard is LoadCrewOnBoard(...).Crew(): who is on board vesselID on
// the date and what each is qualified for.
func CrewOnBoard(ctx context.Context, db *gorm.DB, vesselID uuid.UUID, on rules.Date) ([]rules.CrewOnBoard, error) {
	f, err := LoadCrewOnBoard(ctx, db, vesselID, on)
	if err != nil {
		return nil, err
	}
	return f.Crew(), nil
}

// InspectedVessel is the vessel's registered particulars as the law reads
// them; nothing is carried, so no overloading is found. The inspection
// recompute starts from it and adds what the inspector counted.
func InspectedVessel(v models.Vessel) rules.InspectedVessel {
	return rules.InspectedVessel{ID: v.ID.String(), OwnerID: v.OwnerID.String(), Regime: rules.Regime(v.Regime),
		Kind: rules.VesselKind(v.Kind), Category: rules.Category(val(v.Category)), Zone: rules.Zone(val(v.Zone)),
		EnginePower: val(v.EnginePower), PowerUnit: rules.PowerUnit(val(v.PowerUnit)), LengthM: val(v.LengthM),
		Use: rules.Use(v.Use), PassengersCertified: val(v.Passengers), CargoPermitted: val(v.CargoTonnes),
		SpecialCategory: v.SpecialCategory, DangerousGoods: v.DangerousGoods}
}
