package demo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
)

// Entity types as the registry logs them.
const (
	entityJurisdiction = "jurisdiction"
	entityOwner        = "owner"
	entityVessel       = "vessel"
	entityCrewMember   = "crew_member"
	entityVesselCrew   = "vessel_crew"
	entityCertificate  = "certificate"
)

func ownerID(n int) uuid.UUID       { return idOf(entityOwner, fmt.Sprintf("owner%d", n)) }
func ownerEmail(n int) string       { return fmt.Sprintf("owner%d@demo.tindal", n) }
func vesselID(reg string) uuid.UUID { return idOf(entityVessel, reg) }
func crewID(indivc string) uuid.UUID {
	return idOf(entityCrewMember, indivc)
}

// seedJurisdictions adopts a live jurisdiction with the same code, so that
// seeding a database that already has Karwar does not trip over its code.
func (s *seeder) seedJurisdictions(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, j := range jurisdictions {
			id, err := ensureJurisdiction(tx, j)
			if err != nil {
				return err
			}
			s.jur[j.Code] = id
		}
		return nil
	})
}

func ensureJurisdiction(tx *storage.Tx, j jurisdictionSeed) (uuid.UUID, error) {
	var existing models.Jurisdiction
	err := tx.DB.Where("code = ?", j.Code).Take(&existing).Error
	if err == nil {
		return existing.ID, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return uuid.Nil, fmt.Errorf("find jurisdiction %s: %w", j.Code, err)
	}
	row := models.Jurisdiction{ID: idOf(entityJurisdiction, j.Code), Code: j.Code, Name: j.Name,
		Regime: j.Regime, State: j.State, Office: j.Office, UPIPayee: j.Payee, Synced: synced()}
	return row.ID, insert(tx, entityJurisdiction, row.ID, &row, storage.ScopeReference)
}

func (s *seeder) jurisdictionIDs() []uuid.UUID {
	ids := make([]uuid.UUID, 0, len(s.jur))
	for _, id := range s.jur {
		ids = append(ids, id)
	}
	return ids
}

func (s *seeder) seedOwners(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, o := range owners {
			row := models.Owner{ID: ownerID(o.N), Kind: o.Kind, Name: o.Name, Email: ownerEmail(o.N),
				Phone: o.Phone, Address: o.Address, PreferredLanguage: o.Lang,
				JurisdictionID: s.jur[o.Jur], Synced: synced()}
			if models.IsMobile(o.Phone) { // where the demo's SMS go (make run: TINDAL_SMS_URL=local)
				row.Mobile = o.Phone
			}
			keys := []string{storage.ScopeJurisdiction(row.JurisdictionID), storage.ScopeOwner(row.ID)}
			if err := insert(tx, entityOwner, row.ID, &row, keys...); err != nil {
				return err
			}
		}
		return nil
	})
}

func ownerIDs() []uuid.UUID {
	ids := make([]uuid.UUID, len(owners))
	for i, o := range owners {
		ids[i] = ownerID(o.N)
	}
	return ids
}

func (s *seeder) seedVessels(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, v := range vessels {
			row := s.vesselRow(v)
			if err := registry.ValidateVessel(row); err != nil {
				return fmt.Errorf("vessel %s: %w", v.Reg, err)
			}
			if err := insert(tx, entityVessel, row.ID, &row, vesselKeys(row.JurisdictionID, row.OwnerID)...); err != nil {
				return err
			}
		}
		return nil
	})
}

func vesselKeys(jurisdiction, owner uuid.UUID) []string {
	return []string{storage.ScopeJurisdiction(jurisdiction), storage.ScopeOwner(owner)}
}

// vesselRow maps a seed to the model; zero values in the seed are absent
// particulars.
func (s *seeder) vesselRow(v vesselSeed) models.Vessel {
	anniversary := s.periodicExpiry(v)
	return models.Vessel{
		ID: vesselID(v.Reg), RegistrationNumber: v.Reg, SpecialCategory: v.Special, Name: v.Name,
		Regime: regimeOf(v.Jur), Kind: v.Kind, Category: orNil(v.Cat), Zone: orNil(v.Zone),
		EnginePower: orNil(v.Power), PowerUnit: orNil(v.Unit),
		LengthM: orNil(v.Dim[0]), BreadthM: orNil(v.Dim[1]), DepthM: orNil(v.Dim[2]),
		GRT: orNil(v.GRT), NRT: orNil(v.NRT), Passengers: orNil(v.Pax), CargoTonnes: orNil(v.Cargo),
		Use: v.Use, JurisdictionID: s.jur[v.Jur], OwnerID: ownerID(v.Owner), Status: "active",
		SurveyAnniversary: &anniversary, Synced: synced(),
	}
}

// periodicExpiry is when the vessel's periodic certificate runs out: the
// certificate of survey in Karnataka, the harbour craft licence at Paradip
// (Paradip 1967, r.4(2): the financial year ending 31 March).
func (s *seeder) periodicExpiry(v vesselSeed) time.Time {
	if v.Jur == paradip {
		_, end := licenceYear(s.today)
		return end
	}
	return s.day(v.Survey)
}

// licenceYear is the licence year (1 April to 31 March) containing day.
func licenceYear(day time.Time) (start, end time.Time) {
	y := day.Year()
	if day.Month() < time.April {
		y--
	}
	start = time.Date(y, time.April, 1, 0, 0, 0, 0, time.UTC)
	return start, time.Date(y+1, time.March, 31, 0, 0, 0, 0, time.UTC)
}

func orNil[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

func regimeOf(code string) string {
	for _, j := range jurisdictions {
		if j.Code == code {
			return j.Regime
		}
	}
	return ""
}

func authorityOf(code string) string {
	for _, j := range jurisdictions {
		if j.Code == code {
			return j.Authority
		}
	}
	return ""
}

func vesselIDs() []uuid.UUID {
	ids := make([]uuid.UUID, len(vessels))
	for i, v := range vessels {
		ids[i] = vesselID(v.Reg)
	}
	return ids
}

func vesselByReg(reg string) (vesselSeed, bool) {
	for _, v := range vessels {
		if v.Reg == reg {
			return v, true
		}
	}
	return vesselSeed{}, false
}

// seedCrew writes the crew members and signs them on their vessels.
func (s *seeder) seedCrew(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, c := range crew {
			if err := s.insertCrewMember(tx, c); err != nil {
				return err
			}
		}
		for _, p := range posts {
			if err := s.insertPost(tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *seeder) insertCrewMember(tx *storage.Tx, c crewSeed) error {
	born, err := time.Parse(time.DateOnly, c.Born)
	if err != nil {
		return fmt.Errorf("crew %s: date of birth: %w", c.Indivc, err)
	}
	row := models.CrewMember{ID: crewID(c.Indivc), IndivcNumber: c.Indivc, Name: c.Name, DateOfBirth: &born,
		Phone: c.Phone, PreferredLanguage: c.Lang, JurisdictionID: s.jur[c.Jur], Synced: synced()}
	return insert(tx, entityCrewMember, row.ID, &row, storage.ScopeJurisdiction(row.JurisdictionID))
}

func (s *seeder) insertPost(tx *storage.Tx, p postSeed) error {
	v, ok := vesselByReg(p.Reg)
	if !ok {
		return fmt.Errorf("post %s on %s: no such demo vessel", p.Indivc, p.Reg)
	}
	row := models.VesselCrew{ID: idOf(entityVesselCrew, p.Reg+"/"+p.Indivc+"/"+p.Role),
		VesselID: vesselID(p.Reg), CrewMemberID: crewID(p.Indivc), Role: p.Role, SignedOn: s.day(-p.Since),
		JurisdictionID: s.jur[v.Jur], OwnerID: ownerID(v.Owner), Synced: synced()}
	return insert(tx, entityVesselCrew, row.ID, &row, vesselKeys(row.JurisdictionID, row.OwnerID)...)
}

func crewIDs() []uuid.UUID {
	ids := make([]uuid.UUID, len(crew))
	for i, c := range crew {
		ids[i] = crewID(c.Indivc)
	}
	return ids
}

func crewJurisdiction(indivc string) string {
	for _, c := range crew {
		if c.Indivc == indivc {
			return c.Jur
		}
	}
	return ""
}
