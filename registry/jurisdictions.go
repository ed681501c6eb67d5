package registry

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

const entityJurisdiction = "jurisdiction"

// ListJurisdictions lists live jurisdictions. They are reference data: every
// signed-in user may read them.
func (r *Service) ListJurisdictions(ctx context.Context, opt ListOptions) (Page[models.Jurisdiction], error) {
	q := r.db.Gorm.WithContext(ctx).Model(&models.Jurisdiction{})
	return page(q, opt, func(j models.Jurisdiction) uuid.UUID { return j.ID })
}

// GetJurisdiction returns a live jurisdiction.
func (r *Service) GetJurisdiction(ctx context.Context, id uuid.UUID) (models.Jurisdiction, error) {
	return loadJurisdiction(r.db.Gorm.WithContext(ctx), id, "")
}

// CreateJurisdiction adds a port or district office.
func (r *Service) CreateJurisdiction(ctx context.Context, s models.Scope, in models.Jurisdiction) (models.Jurisdiction, bool, error) {
	if s.Access != models.AccessAll {
		return in, false, forbidden(entityJurisdiction)
	}
	in.ID = newID(&in.ID)
	if again, err := r.retriedCreate(ctx, s, entityJurisdiction, in.ID); again || err != nil {
		if err != nil {
			return in, false, err
		}
		out, err := r.GetJurisdiction(ctx, in.ID)
		return out, false, err
	}
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		in.Version = 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityJurisdiction)
		}
		tx.Changed(entityJurisdiction, in.ID, storage.ScopeReference)
		return tx.Audit("create", entityJurisdiction, in.ID, nil, in)
	})
	return in, err == nil, err
}

// JurisdictionPatch lists what may change; nil means keep.
type JurisdictionPatch struct {
	Name  *string
	State *string
}

// UpdateJurisdiction renames a jurisdiction. Its code and regime are fixed:
// inspections are judged by the regime they were started under.
func (r *Service) UpdateJurisdiction(ctx context.Context, s models.Scope, id uuid.UUID, version int64, p JurisdictionPatch) (models.Jurisdiction, error) {
	var j models.Jurisdiction
	if s.Access != models.AccessAll {
		return j, forbidden(entityJurisdiction)
	}
	err := r.db.InTx(ctx, actor(s), func(tx *storage.Tx) error {
		all := func(q *gorm.DB) *gorm.DB { return q }
		if err := lockForUpdate(tx.DB, all, entityJurisdiction, id, version, &j, func(j *models.Jurisdiction) int64 { return j.Version }); err != nil {
			return err
		}
		before := j
		set(&j.Name, p.Name)
		set(&j.State, p.State)
		j.Version++
		j.UpdatedAt = r.clock().UTC()
		if err := tx.DB.Save(&j).Error; err != nil {
			return storage.MapError(err, entityJurisdiction)
		}
		tx.Changed(entityJurisdiction, j.ID, storage.ScopeReference)
		return tx.Audit("update", entityJurisdiction, j.ID, before, j)
	})
	return j, err
}

func loadJurisdiction(db *gorm.DB, id uuid.UUID, field string) (models.Jurisdiction, error) {
	var j models.Jurisdiction
	err := db.Where("id = ?", id).Take(&j).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if field != "" {
			return j, models.Invalid(models.FieldError{Field: field, Code: "not_found", Message: "no such jurisdiction"})
		}
		return j, models.NotFound(entityJurisdiction)
	}
	if err != nil {
		return j, fmt.Errorf("load jurisdiction: %w", err)
	}
	return j, nil
}

func ownerExists(db *gorm.DB, id uuid.UUID) error {
	var n int64
	if err := db.Model(&models.Owner{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return fmt.Errorf("check owner: %w", err)
	}
	if n == 0 {
		return models.Invalid(models.FieldError{Field: "owner_id", Code: "not_found", Message: "no such owner"})
	}
	return nil
}

// retriedCreate reports whether a create with this id is a retry by the
// same caller; an id taken by someone else is a conflict.
func (r *Service) retriedCreate(ctx context.Context, s models.Scope, entity string, id uuid.UUID) (bool, error) {
	mine, err := createdByCaller(ctx, r.db.Gorm, entity, id, s.UserID)
	if err != nil {
		return false, fmt.Errorf("check retry: %w", err)
	}
	return mine, nil
}
