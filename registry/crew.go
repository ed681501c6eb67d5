package registry

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

const (
	entityCrewMember = "crew_member"
	entityVesselCrew = "vessel_crew"
)

// An owner sees the crew who serve, or served, on the owner's vessels.
const crewOfOwner = "EXISTS (SELECT 1 FROM vessel_crew vc WHERE vc.crew_member_id = " +
	"crew_members.id AND vc.owner_id = ? AND vc.deleted_at IS NULL)"

func crewScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, crewOfOwner)
}

func vesselCrewScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, "owner_id = ?")
}

// ListCrewMembers lists the live crew members the caller may see.
func (r *Service) ListCrewMembers(
	ctx context.Context,
	s models.Scope,
	jurisdiction *uuid.UUID,
	query string,
	opt ListOptions,
) (Page[models.CrewMember], error) {
	q := crewScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.CrewMember{}))
	if jurisdiction != nil {
		q = q.Where("jurisdiction_id = ?", *jurisdiction)
	}
	if query = searchText(query); query != "" {
		like := "%" + escapeLike(query) + "%"
		q = q.Where("(name ILIKE ? OR indivc_number ILIKE ?)", like, like)
	}
	return page(q, opt, func(c models.CrewMember) uuid.UUID { return c.ID })
}

// GetCrewMember returns a live crew member in scope.
func (r *Service) GetCrewMember(ctx context.Context, s models.Scope, id uuid.UUID) (models.CrewMember, error) {
	return getOne[models.CrewMember](ctx, r, crewScope(s), entityCrewMember, id)
}

// CreateCrewMember registers a crew member by INDIVC number.
func (r *Service) CreateCrewMember(
	ctx context.Context,
	s models.Scope,
	in models.CrewMember,
) (models.CrewMember, bool, error) {
	in.ID = newID(&in.ID)
	if !s.CanJurisdiction(in.JurisdictionID) {
		return in, false, forbidden(entityCrewMember)
	}
	return create(ctx, r, s, entityCrewMember, in.ID, r.GetCrewMember, &in, func(tx *storage.Tx) error {
		if _, err := loadJurisdiction(tx.DB, in.JurisdictionID, "jurisdiction_id"); err != nil {
			return err
		}
		normaliseCrew(&in)
		if err := validateCrew(&in, r.clock()); err != nil {
			return err
		}
		in.Version = 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityCrewMember)
		}
		tx.Changed(entityCrewMember, in.ID, storage.ScopeJurisdiction(in.JurisdictionID))
		return tx.Audit("create", entityCrewMember, in.ID, nil, in)
	})
}

// CrewMemberPatch lists what may change; nil means keep.
type CrewMemberPatch struct {
	Name, Email, Phone, Mobile, PreferredLanguage *string
	DateOfBirth                                   *time.Time
	JurisdictionID                                *uuid.UUID
}

// UpdateCrewMember applies a patch against the version the caller saw.
func (r *Service) UpdateCrewMember(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p CrewMemberPatch,
) (models.CrewMember, error) {
	return update(
		ctx,
		r,
		s,
		entityCrewMember,
		id,
		version,
		crewScope(s),
		crewMemberKeys,
		func(tx *storage.Tx, c *models.CrewMember) error {
			set(&c.Name, p.Name)
			set(&c.Email, p.Email)
			set(&c.Phone, p.Phone)
			set(&c.Mobile, p.Mobile)
			set(&c.PreferredLanguage, p.PreferredLanguage)
			if p.DateOfBirth != nil {
				c.DateOfBirth = datePtr(p.DateOfBirth)
			}
			if err := r.moveTo(tx, s, entityCrewMember, &c.JurisdictionID, p.JurisdictionID); err != nil {
				return err
			}
			normaliseCrew(c)
			if err := validateCrew(c, r.clock()); err != nil {
				return err
			}
			return logCrewForOwners(tx, c.ID)
		},
		nil,
	)
}

// DeleteCrewMember tombstones a crew member.
func (r *Service) DeleteCrewMember(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return tombstone(
		ctx,
		r,
		s,
		entityCrewMember,
		id,
		version,
		crewScope(s),
		crewMemberKeys,
		func(tx *storage.Tx, c models.CrewMember) error {
			return logCrewForOwners(tx, c.ID)
		},
	)
}

func (r *Service) getVesselCrew(ctx context.Context, s models.Scope, id uuid.UUID) (models.VesselCrew, error) {
	return getOne[models.VesselCrew](ctx, r, vesselCrewScope(s), entityVesselCrew, id)
}

// ListVesselCrew lists the crew placements of a vessel in scope.
func (r *Service) ListVesselCrew(
	ctx context.Context,
	s models.Scope,
	vesselID uuid.UUID,
	includeSignedOff bool,
) ([]models.VesselCrew, error) {
	if _, err := r.GetVessel(ctx, s, vesselID); err != nil {
		return nil, err
	}
	q := r.db.Gorm.WithContext(ctx).Where("vessel_id = ?", vesselID)
	if !includeSignedOff {
		q = q.Where("signed_off IS NULL")
	}
	var out []models.VesselCrew
	return out, q.Order("signed_on, id").Find(&out).Error
}

// AddVesselCrew signs a crew member on to a vessel.
func (r *Service) AddVesselCrew(
	ctx context.Context,
	s models.Scope,
	in models.VesselCrew,
) (models.VesselCrew, bool, error) {
	in.ID = newID(&in.ID)
	return create(ctx, r, s, entityVesselCrew, in.ID, r.getVesselCrew, &in, func(tx *storage.Tx) error {
		var v models.Vessel
		if err := vesselScope(s)(tx.DB).Where("id = ?", in.VesselID).Take(&v).Error; err != nil {
			return models.NotFound(entityVessel)
		}
		if !s.CanJurisdiction(v.JurisdictionID) {
			return forbidden(entityVesselCrew)
		}
		var m models.CrewMember
		if err := referenceInScope(tx.DB, crewScope(s), &m, in.CrewMemberID, "crew_member_id", "crew member"); err != nil {
			return err
		}
		in.JurisdictionID, in.OwnerID, in.Version = v.JurisdictionID, v.OwnerID, 1
		in.SignedOn = *datePtr(&in.SignedOn)
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityVesselCrew)
		}
		tx.Changed(entityVesselCrew, in.ID, vesselKeys(v)...)
		if err := logCrewForOwners(tx, in.CrewMemberID); err != nil {
			return err
		}
		return tx.Audit("create", entityVesselCrew, in.ID, nil, in)
	})
}

// VesselCrewPatch changes a placement's role or signs the member off.
type VesselCrewPatch struct {
	Role      *string
	SignedOff *time.Time
}

// UpdateVesselCrew applies a patch against the version the caller saw.
func (r *Service) UpdateVesselCrew(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p VesselCrewPatch,
) (models.VesselCrew, error) {
	return update(
		ctx,
		r,
		s,
		entityVesselCrew,
		id,
		version,
		vesselCrewScope(s),
		vesselCrewKeys,
		func(_ *storage.Tx, c *models.VesselCrew) error {
			set(&c.Role, p.Role)
			if p.SignedOff != nil {
				c.SignedOff = datePtr(p.SignedOff)
				if c.SignedOff.Before(c.SignedOn) {
					return models.Invalid(
						models.FieldError{Field: "signed_off", Code: "before_signed_on", Message: "cannot sign off before signing on"},
					)
				}
			}
			return nil
		},
		nil,
	)
}

// DeleteVesselCrew tombstones a placement recorded in error.
func (r *Service) DeleteVesselCrew(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return tombstone(
		ctx,
		r,
		s,
		entityVesselCrew,
		id,
		version,
		vesselCrewScope(s),
		vesselCrewKeys,
		func(tx *storage.Tx, c models.VesselCrew) error {
			return logCrewForOwners(tx, c.CrewMemberID) // the placement is still live here, so its owner is included
		},
	)
}

// crewOwnerKeys are the owner scope keys of a crew member's live
// placements: an owner sees the crew of their vessels and its certificates.
func crewOwnerKeys(tx *storage.Tx, crewID uuid.UUID) ([]string, error) {
	var owners []uuid.UUID
	err := tx.DB.Model(&models.VesselCrew{}).
		Distinct("owner_id").
		Where("crew_member_id = ?", crewID).
		Pluck("owner_id", &owners).
		Error
	if err != nil {
		return nil, fmt.Errorf("find owners of crew member: %w", err)
	}
	keys := make([]string, len(owners))
	for i, o := range owners {
		keys[i] = storage.ScopeOwner(o)
	}
	return keys, nil
}

// logCrewForOwners logs a crew member and its live certificates under the
// owner keys of its placements, so that owners' devices hear of changes
// to the crew they see (and of crew they gain or lose).
func logCrewForOwners(tx *storage.Tx, crewID uuid.UUID) error {
	keys, err := crewOwnerKeys(tx, crewID)
	if err != nil || len(keys) == 0 {
		return err
	}
	tx.Changed(entityCrewMember, crewID, keys...)
	var certs []uuid.UUID
	if err := tx.DB.Model(&models.Certificate{}).
		Where("crew_member_id = ?", crewID).
		Pluck("id", &certs).
		Error; err != nil {
		return fmt.Errorf("find crew certificates: %w", err)
	}
	for _, c := range certs {
		tx.Changed(entityCertificate, c, keys...)
	}
	return nil
}

func crewMemberKeys(c models.CrewMember) []string {
	return []string{storage.ScopeJurisdiction(c.JurisdictionID)}
}

func vesselCrewKeys(c models.VesselCrew) []string {
	return []string{storage.ScopeJurisdiction(c.JurisdictionID), storage.ScopeOwner(c.OwnerID)}
}

func normaliseCrew(c *models.CrewMember) {
	c.Name = strings.TrimSpace(c.Name)
	c.IndivcNumber = strings.ToUpper(strings.TrimSpace(c.IndivcNumber))
	c.Email = strings.ToLower(strings.TrimSpace(c.Email))
	c.DateOfBirth = datePtr(c.DateOfBirth)
	if c.PreferredLanguage == "" {
		c.PreferredLanguage = "en"
	}
}

func validateCrew(c *models.CrewMember, now time.Time) error {
	if c.DateOfBirth != nil && c.DateOfBirth.After(now) {
		return models.Invalid(
			models.FieldError{Field: "date_of_birth", Code: "in_future", Message: "date of birth is in the future"},
		)
	}
	return validateContact(c.Email, &c.Mobile)
}
