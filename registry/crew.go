package registry

import (
	"context"
	"errors"
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
const crewOfOwner = "EXISTS (SELECT 1 FROM vessel_crew vc WHERE vc.crew_member_id = crew_members.id AND vc.owner_id = ? AND vc.deleted_at IS NULL)"

func crewScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, crewOfOwner)
}

func vesselCrewScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, "owner_id = ?")
}

// ListCrewMembers lists the live crew members the caller may see.
func (r *Service) ListCrewMembers(ctx context.Context, s models.Scope, jurisdiction *uuid.UUID, query string, opt ListOptions) (Page[models.CrewMember], error) {
	q := crewScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.CrewMember{}))
	if jurisdiction != nil {
		q = q.Where("jurisdiction_id = ?", *jurisdiction)
	}
	if query != "" {
		like := "%" + escapeLike(query) + "%"
		q = q.Where("(name ILIKE ? OR indivc_number ILIKE ?)", like, like)
	}
	return page(q, opt, func(c models.CrewMember) uuid.UUID { return c.ID })
}

// GetCrewMember returns a live crew member in scope.
func (r *Service) GetCrewMember(ctx context.Context, s models.Scope, id uuid.UUID) (models.CrewMember, error) {
	var c models.CrewMember
	err := crewScope(s)(r.db.Gorm.WithContext(ctx)).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, models.NotFound(entityCrewMember)
	}
	return c, err
}

// CreateCrewMember registers a crew member by INDIVC number.
func (r *Service) CreateCrewMember(ctx context.Context, s models.Scope, in models.CrewMember) (models.CrewMember, bool, error) {
	in.ID = newID(&in.ID)
	if !s.CanJurisdiction(in.JurisdictionID) {
		return in, false, forbidden(entityCrewMember)
	}
	if again, err := r.retriedCreate(ctx, s, entityCrewMember, in.ID); again || err != nil {
		if err != nil {
			return in, false, err
		}
		out, err := r.GetCrewMember(ctx, s, in.ID)
		return out, false, err
	}
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		if _, err := loadJurisdiction(tx.DB, in.JurisdictionID, "jurisdiction_id"); err != nil {
			return err
		}
		normaliseCrew(&in)
		if err := validateCrew(in, r.clock()); err != nil {
			return err
		}
		in.Version = 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityCrewMember)
		}
		tx.Changed(entityCrewMember, in.ID, storage.ScopeJurisdiction(in.JurisdictionID))
		return tx.Audit("create", entityCrewMember, in.ID, nil, in)
	})
	return in, err == nil, err
}

// CrewMemberPatch lists what may change; nil means keep.
type CrewMemberPatch struct {
	Name, Email, Phone, PreferredLanguage *string
	DateOfBirth                           *time.Time
	JurisdictionID                        *uuid.UUID
}

// UpdateCrewMember applies a patch against the version the caller saw.
func (r *Service) UpdateCrewMember(ctx context.Context, s models.Scope, id uuid.UUID, version int64, p CrewMemberPatch) (models.CrewMember, error) {
	var c models.CrewMember
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		if err := lockForUpdate(tx.DB, crewScope(s), entityCrewMember, id, version, &c, func(c *models.CrewMember) int64 { return c.Version }); err != nil {
			return err
		}
		before := c
		set(&c.Name, p.Name)
		set(&c.Email, p.Email)
		set(&c.Phone, p.Phone)
		set(&c.PreferredLanguage, p.PreferredLanguage)
		if p.DateOfBirth != nil {
			c.DateOfBirth = datePtr(p.DateOfBirth)
		}
		if p.JurisdictionID != nil && *p.JurisdictionID != c.JurisdictionID {
			if !s.CanJurisdiction(*p.JurisdictionID) {
				return forbidden(entityCrewMember)
			}
			if _, err := loadJurisdiction(tx.DB, *p.JurisdictionID, "jurisdiction_id"); err != nil {
				return err
			}
			c.JurisdictionID = *p.JurisdictionID
		}
		normaliseCrew(&c)
		if err := validateCrew(c, r.clock()); err != nil {
			return err
		}
		c.Version++
		c.UpdatedAt = r.clock().UTC()
		if err := tx.DB.Save(&c).Error; err != nil {
			return storage.MapError(err, entityCrewMember)
		}
		tx.Changed(entityCrewMember, c.ID, storage.ScopeJurisdiction(before.JurisdictionID), storage.ScopeJurisdiction(c.JurisdictionID))
		return tx.Audit("update", entityCrewMember, c.ID, before, c)
	})
	return c, err
}

// DeleteCrewMember tombstones a crew member.
func (r *Service) DeleteCrewMember(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		var c models.CrewMember
		if err := lockForUpdate(tx.DB, crewScope(s), entityCrewMember, id, version, &c, func(c *models.CrewMember) int64 { return c.Version }); err != nil {
			return err
		}
		if err := tx.DB.Model(&c).Updates(map[string]any{"deleted_at": r.clock().UTC(), "version": c.Version + 1}).Error; err != nil {
			return fmt.Errorf("delete crew member: %w", err)
		}
		tx.Changed(entityCrewMember, c.ID, storage.ScopeJurisdiction(c.JurisdictionID))
		return tx.Audit("delete", entityCrewMember, c.ID, c, nil)
	})
}

// ListVesselCrew lists the crew placements of a vessel in scope.
func (r *Service) ListVesselCrew(ctx context.Context, s models.Scope, vesselID uuid.UUID, includeSignedOff bool) ([]models.VesselCrew, error) {
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
func (r *Service) AddVesselCrew(ctx context.Context, s models.Scope, in models.VesselCrew) (models.VesselCrew, bool, error) {
	in.ID = newID(&in.ID)
	if again, err := r.retriedCreate(ctx, s, entityVesselCrew, in.ID); again || err != nil {
		if err != nil {
			return in, false, err
		}
		var out models.VesselCrew
		err := vesselCrewScope(s)(r.db.Gorm.WithContext(ctx)).Where("id = ?", in.ID).Take(&out).Error
		return out, false, err
	}
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		var v models.Vessel
		if err := vesselScope(s)(tx.DB).Where("id = ?", in.VesselID).Take(&v).Error; err != nil {
			return models.NotFound(entityVessel)
		}
		if !s.CanJurisdiction(v.JurisdictionID) {
			return forbidden(entityVesselCrew)
		}
		var n int64
		if err := tx.DB.Model(&models.CrewMember{}).Where("id = ?", in.CrewMemberID).Count(&n).Error; err != nil || n == 0 {
			return models.Invalid(models.FieldError{Field: "crew_member_id", Code: "not_found", Message: "no such crew member"})
		}
		in.JurisdictionID, in.OwnerID, in.Version = v.JurisdictionID, v.OwnerID, 1
		in.SignedOn = *datePtr(&in.SignedOn)
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityVesselCrew)
		}
		tx.Changed(entityVesselCrew, in.ID, vesselKeys(v)...)
		return tx.Audit("create", entityVesselCrew, in.ID, nil, in)
	})
	return in, err == nil, err
}

// VesselCrewPatch changes a placement's role or signs the member off.
type VesselCrewPatch struct {
	Role      *string
	SignedOff *time.Time
}

// UpdateVesselCrew applies a patch against the version the caller saw.
func (r *Service) UpdateVesselCrew(ctx context.Context, s models.Scope, id uuid.UUID, version int64, p VesselCrewPatch) (models.VesselCrew, error) {
	var c models.VesselCrew
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		if err := lockForUpdate(tx.DB, vesselCrewScope(s), entityVesselCrew, id, version, &c, func(c *models.VesselCrew) int64 { return c.Version }); err != nil {
			return err
		}
		before := c
		set(&c.Role, p.Role)
		if p.SignedOff != nil {
			c.SignedOff = datePtr(p.SignedOff)
			if c.SignedOff.Before(c.SignedOn) {
				return models.Invalid(models.FieldError{Field: "signed_off", Code: "before_signed_on", Message: "cannot sign off before signing on"})
			}
		}
		c.Version++
		c.UpdatedAt = r.clock().UTC()
		if err := tx.DB.Save(&c).Error; err != nil {
			return storage.MapError(err, entityVesselCrew)
		}
		tx.Changed(entityVesselCrew, c.ID, storage.ScopeJurisdiction(c.JurisdictionID), storage.ScopeOwner(c.OwnerID))
		return tx.Audit("update", entityVesselCrew, c.ID, before, c)
	})
	return c, err
}

// DeleteVesselCrew tombstones a placement recorded in error.
func (r *Service) DeleteVesselCrew(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		var c models.VesselCrew
		if err := lockForUpdate(tx.DB, vesselCrewScope(s), entityVesselCrew, id, version, &c, func(c *models.VesselCrew) int64 { return c.Version }); err != nil {
			return err
		}
		if err := tx.DB.Model(&c).Updates(map[string]any{"deleted_at": r.clock().UTC(), "version": c.Version + 1}).Error; err != nil {
			return fmt.Errorf("delete vessel crew: %w", err)
		}
		tx.Changed(entityVesselCrew, c.ID, storage.ScopeJurisdiction(c.JurisdictionID), storage.ScopeOwner(c.OwnerID))
		return tx.Audit("delete", entityVesselCrew, c.ID, c, nil)
	})
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

func validateCrew(c models.CrewMember, now time.Time) error {
	if c.DateOfBirth != nil && c.DateOfBirth.After(now) {
		return models.Invalid(models.FieldError{Field: "date_of_birth", Code: "in_future", Message: "date of birth is in the future"})
	}
	return validateContact(c.Email)
}
