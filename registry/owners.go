package registry

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

const entityOwner = "owner"

func ownerScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, "id = ?")
}

// ListOwners lists the live owners the caller may see.
func (r *Service) ListOwners(
	ctx context.Context,
	s models.Scope,
	jurisdiction *uuid.UUID,
	query string,
	opt ListOptions,
) (Page[models.Owner], error) {
	q := ownerScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.Owner{}))
	if jurisdiction != nil {
		q = q.Where("jurisdiction_id = ?", *jurisdiction)
	}
	if query = searchText(query); query != "" {
		q = q.Where("name ILIKE ?", "%"+escapeLike(query)+"%")
	}
	return page(q, opt, func(o models.Owner) uuid.UUID { return o.ID })
}

// GetOwner returns a live owner in scope.
func (r *Service) GetOwner(ctx context.Context, s models.Scope, id uuid.UUID) (models.Owner, error) {
	return getOne[models.Owner](ctx, r, ownerScope(s), entityOwner, id)
}

// CreateOwner registers an owner in a jurisdiction.
func (r *Service) CreateOwner(ctx context.Context, s models.Scope, in models.Owner) (models.Owner, bool, error) {
	in.ID = newID(&in.ID)
	if !s.CanJurisdiction(in.JurisdictionID) {
		return in, false, forbidden(entityOwner)
	}
	return create(ctx, r, s, entityOwner, in.ID, r.GetOwner, &in, func(tx *storage.Tx) error {
		if _, err := loadJurisdiction(tx.DB, in.JurisdictionID, "jurisdiction_id"); err != nil {
			return err
		}
		normaliseOwner(&in)
		if err := validateContact(in.Email, &in.Mobile); err != nil {
			return err
		}
		in.Version = 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityOwner)
		}
		tx.Changed(entityOwner, in.ID, ownerKeys(in)...)
		return tx.Audit("create", entityOwner, in.ID, nil, in)
	})
}

// OwnerPatch lists what may change; nil means keep.
type OwnerPatch struct {
	Name, Email, Phone, Mobile, Address, PreferredLanguage *string
	JurisdictionID                                         *uuid.UUID
}

// UpdateOwner applies a patch against the version the caller saw.
func (r *Service) UpdateOwner(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p OwnerPatch,
) (models.Owner, error) {
	return update(
		ctx,
		r,
		s,
		entityOwner,
		id,
		version,
		ownerScope(s),
		ownerKeys,
		func(tx *storage.Tx, o *models.Owner) error {
			set(&o.Name, p.Name)
			set(&o.Email, p.Email)
			set(&o.Phone, p.Phone)
			set(&o.Mobile, p.Mobile)
			set(&o.Address, p.Address)
			set(&o.PreferredLanguage, p.PreferredLanguage)
			if err := r.moveTo(tx, s, entityOwner, &o.JurisdictionID, p.JurisdictionID); err != nil {
				return err
			}
			normaliseOwner(o)
			return validateContact(o.Email, &o.Mobile)
		},
		nil,
	)
}

// DeleteOwner tombstones an owner who has no live vessels.
func (r *Service) DeleteOwner(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return tombstone(ctx, r, s, entityOwner, id, version, ownerScope(s), ownerKeys, ownerHasNoVessels)
}

// ownerHasNoVessels refuses to delete an owner who still has live vessels.
func ownerHasNoVessels(tx *storage.Tx, o models.Owner) error {
	var n int64
	if err := tx.DB.Model(&models.Vessel{}).Where("owner_id = ?", o.ID).Count(&n).Error; err != nil {
		return fmt.Errorf("count vessels: %w", err)
	}
	if n > 0 {
		return models.Errorf(
			models.KindConflict,
			"owner_has_vessels",
			"the owner still has %d vessel(s); transfer or delete them first",
			n,
		)
	}
	return nil
}

func ownerKeys(o models.Owner) []string {
	return []string{storage.ScopeJurisdiction(o.JurisdictionID), storage.ScopeOwner(o.ID)}
}

func normaliseOwner(o *models.Owner) {
	o.Name = strings.TrimSpace(o.Name)
	o.Email = strings.ToLower(strings.TrimSpace(o.Email))
	if o.PreferredLanguage == "" {
		o.PreferredLanguage = "en"
	}
}

// validateContact checks the email and normalises the mobile number to
// E.164 in place (models.NormaliseMobile).
func validateContact(email string, mobile *string) error {
	if email != "" && (!strings.Contains(email, "@") || strings.ContainsAny(email, " \t\r\n")) {
		return models.Invalid(models.FieldError{Field: "email", Code: "invalid", Message: "not an email address"})
	}
	m, err := models.NormaliseMobile("mobile", *mobile)
	*mobile = m
	return err
}
