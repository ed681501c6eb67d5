package registry

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

const entityVessel = "vessel"

// VesselFilter narrows a vessel list.
type VesselFilter struct {
	JurisdictionID  *uuid.UUID
	OwnerID         *uuid.UUID
	Kind            string
	Status          string
	SpecialCategory *bool
	Query           string
}

func vesselScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(s, "owner_id = ?")
}

// ListVessels lists the live vessels the caller may see.
func (r *Service) ListVessels(
	ctx context.Context,
	s models.Scope,
	f VesselFilter,
	opt ListOptions,
) (Page[models.Vessel], error) {
	q := vesselScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.Vessel{}))
	if f.JurisdictionID != nil {
		q = q.Where("jurisdiction_id = ?", *f.JurisdictionID)
	}
	if f.OwnerID != nil {
		q = q.Where("owner_id = ?", *f.OwnerID)
	}
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.SpecialCategory != nil {
		q = q.Where("special_category = ?", *f.SpecialCategory)
	}
	q = whereVesselMatches(q, f.Query)
	return page(q, opt, func(v models.Vessel) uuid.UUID { return v.ID })
}

// GetVessel returns a live vessel in scope.
func (r *Service) GetVessel(ctx context.Context, s models.Scope, id uuid.UUID) (models.Vessel, error) {
	return getOne[models.Vessel](ctx, r, vesselScope(s), entityVessel, id)
}

// CreateVessel registers a vessel. Its regime is the regime of its
// jurisdiction (server-owned). A repeated create with the same id by the
// same caller returns the existing vessel with created=false.
func (r *Service) CreateVessel(ctx context.Context, s models.Scope, in models.Vessel) (models.Vessel, bool, error) {
	in.ID = newID(&in.ID)
	if !s.CanJurisdiction(in.JurisdictionID) {
		return in, false, forbidden(entityVessel)
	}
	return create(ctx, r, s, entityVessel, in.ID, r.GetVessel, &in, func(tx *storage.Tx) error {
		j, err := loadJurisdiction(tx.DB, in.JurisdictionID, "jurisdiction_id")
		if err != nil {
			return err
		}
		if err := ownerInScope(tx.DB, s, in.OwnerID); err != nil {
			return err
		}
		in.Regime = j.Regime
		in.Status = "active"
		in.Version = 1
		normaliseVessel(&in)
		if err := ValidateVessel(in); err != nil {
			return err
		}
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityVessel)
		}
		tx.Changed(entityVessel, in.ID, vesselKeys(in)...)
		return tx.Audit("create", entityVessel, in.ID, nil, in)
	})
}

// VesselPatch lists the particulars a registrar may change; nil means keep.
type VesselPatch struct {
	RegistrationNumber *string
	SpecialCategory    *bool
	DangerousGoods     *bool
	Name               *string
	Category           *string
	Zone               *int
	EnginePower        *float64
	PowerUnit          *string
	LengthM            *float64
	BreadthM           *float64
	DepthM             *float64
	GRT                *float64
	NRT                *float64
	Passengers         *int
	CargoTonnes        *float64
	Use                *string
	OwnerID            *uuid.UUID
	JurisdictionID     *uuid.UUID
	Status             *string
	SurveyAnniversary  *time.Time
}

// UpdateVessel applies a patch against the version the caller saw. A move
// to another owner or jurisdiction moves the scope keys of the vessel's
// certificates and crew with it, logged under the old and new keys.
func (r *Service) UpdateVessel(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p VesselPatch,
) (models.Vessel, error) {
	return update(
		ctx,
		r,
		s,
		entityVessel,
		id,
		version,
		vesselScope(s),
		vesselKeys,
		r.patchVessel(s, p),
		r.moveVesselDependents,
	)
}

// patchVessel applies a patch to a locked vessel and validates the result:
// the one path every change of particulars takes.
func (r *Service) patchVessel(s models.Scope, p VesselPatch) func(*storage.Tx, *models.Vessel) error {
	return func(tx *storage.Tx, v *models.Vessel) error {
		if err := detentionStatusGuard(v.Status, p.Status); err != nil {
			return err
		}
		if p.OwnerID != nil && *p.OwnerID != v.OwnerID {
			if err := ownerInScope(tx.DB, s, *p.OwnerID); err != nil {
				return err
			}
		}
		regime := v.Regime
		if p.JurisdictionID != nil && *p.JurisdictionID != v.JurisdictionID {
			if err := r.moveTo(tx, s, entityVessel, &v.JurisdictionID, p.JurisdictionID); err != nil {
				return err
			}
			j, err := loadJurisdiction(tx.DB, v.JurisdictionID, "jurisdiction_id")
			if err != nil {
				return err
			}
			v.Regime = j.Regime
		}
		applyVesselPatch(v, p)
		normaliseVessel(v)
		return validateVessel(*v, v.Regime != regime)
	}
}

// DeleteVessel tombstones a vessel; its rows stay for devices that hold it.
func (r *Service) DeleteVessel(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return tombstone(ctx, r, s, entityVessel, id, version, vesselScope(s), vesselKeys, nil)
}

// moveVesselDependents keeps the scope columns of certificates, crew
// placements and observations in step with their vessel (docs/SYNC.md
// §6.8).
func (r *Service) moveVesselDependents(tx *storage.Tx, before, after models.Vessel) error {
	if before.JurisdictionID == after.JurisdictionID && before.OwnerID == after.OwnerID {
		return nil
	}
	for _, table := range []string{"certificates", "vessel_crew", "vessel_observations"} {
		var ids []uuid.UUID
		err := tx.DB.Raw(fmt.Sprintf(`UPDATE %s SET jurisdiction_id = ?, owner_id = ?, version = version + 1,
			updated_at = now()
			WHERE vessel_id = ? AND deleted_at IS NULL RETURNING id`, table),
			after.JurisdictionID, after.OwnerID, after.ID).Scan(&ids).Error
		if err != nil {
			return fmt.Errorf("move %s with vessel: %w", table, err)
		}
		entity := map[string]string{
			"certificates": entityCertificate, "vessel_crew": entityVesselCrew, "vessel_observations": entityObservation,
		}[table]
		for _, id := range ids {
			tx.Changed(entity, id, append(vesselKeys(before), vesselKeys(after)...)...)
		}
	}
	return moveOpenFindings(tx, before, after)
}

// moveOpenFindings moves the vessel's open findings, and the photos that
// are their evidence, to the vessel's new jurisdiction and owner
// (docs/SYNC.md §6.8): an open deficiency
// belongs to the vessel, so the authority and the owner who must see it
// rectified are the vessel's now. Each is logged under the old keys (the
// old scope gets remove_from_scope), the new ones, and its inspector's own
// key (whose copy gets the new version).
//
// What stays: the inspections themselves, rectified findings, offences,
// penalties and their adjustments, reviews and amendment requests. They
// are the record of what an authority did and decided in its
// jurisdiction, and a penalty is the liability of the party charged then
// (Karnataka 2025, Sch-IV: the offender, not the vessel), which a change
// of owner must not hand to the new one.
//
// Lock order (docs/SYNC.md): the vessel is locked by the caller; the
// inspections holding the findings are locked next, in id order, before
// any finding row, as every push locks its inspection first.
func moveOpenFindings(tx *storage.Tx, before, after models.Vessel) error {
	var locked []uuid.UUID
	err := tx.DB.Raw(`SELECT i.id FROM inspections i WHERE i.vessel_id = ? AND EXISTS (
			SELECT 1 FROM findings f WHERE f.inspection_id = i.id AND f.deleted_at IS NULL AND NOT f.rectified)
		ORDER BY i.id FOR UPDATE OF i`, after.ID).Scan(&locked).Error
	if err != nil || len(locked) == 0 {
		return wrapMove(err, "inspections")
	}
	type moved struct {
		ID          uuid.UUID
		InspectorID uuid.UUID
	}
	var findings, photos []moved
	err = tx.DB.Raw(`UPDATE findings SET jurisdiction_id = ?, owner_id = ?, version = version + 1, updated_at = now()
		WHERE inspection_id IN ? AND deleted_at IS NULL AND NOT rectified
		  AND (jurisdiction_id, owner_id) IS DISTINCT FROM (?::uuid, ?::uuid)
		RETURNING id, inspector_id`,
		after.JurisdictionID, after.OwnerID, locked, after.JurisdictionID, after.OwnerID).Scan(&findings).Error
	if err != nil || len(findings) == 0 {
		return wrapMove(err, "findings")
	}
	ids := make([]uuid.UUID, len(findings))
	for i, f := range findings {
		ids[i] = f.ID
	}
	err = tx.DB.Raw(`UPDATE photos SET jurisdiction_id = ?, owner_id = ?, version = version + 1, updated_at = now()
		WHERE finding_id IN ? AND deleted_at IS NULL RETURNING id, inspector_id`,
		after.JurisdictionID, after.OwnerID, ids).Scan(&photos).Error
	if err != nil {
		return wrapMove(err, "photos")
	}
	keys := append(vesselKeys(before), vesselKeys(after)...)
	for _, f := range findings {
		tx.Changed("finding", f.ID, append(slices.Clip(keys), storage.ScopeUser(f.InspectorID))...)
	}
	for _, p := range photos {
		tx.Changed("photo", p.ID, append(slices.Clip(keys), storage.ScopeUser(p.InspectorID))...)
	}
	return nil
}

func wrapMove(err error, what string) error {
	if err != nil {
		return fmt.Errorf("move %s with vessel: %w", what, err)
	}
	return nil
}

func vesselKeys(v models.Vessel) []string {
	return []string{storage.ScopeJurisdiction(v.JurisdictionID), storage.ScopeOwner(v.OwnerID)}
}

func applyVesselPatch(v *models.Vessel, p VesselPatch) {
	set(&v.RegistrationNumber, p.RegistrationNumber)
	set(&v.SpecialCategory, p.SpecialCategory)
	set(&v.DangerousGoods, p.DangerousGoods)
	set(&v.Name, p.Name)
	setPtr(&v.Category, p.Category)
	setPtr(&v.Zone, p.Zone)
	if p.EnginePower != nil {
		v.EnginePower, v.PowerUnit = p.EnginePower, p.PowerUnit
	}
	setPtr(&v.LengthM, p.LengthM)
	setPtr(&v.BreadthM, p.BreadthM)
	setPtr(&v.DepthM, p.DepthM)
	setPtr(&v.GRT, p.GRT)
	setPtr(&v.NRT, p.NRT)
	setPtr(&v.Passengers, p.Passengers)
	setPtr(&v.CargoTonnes, p.CargoTonnes)
	set(&v.Use, p.Use)
	set(&v.OwnerID, p.OwnerID)
	set(&v.Status, p.Status)
	if p.SurveyAnniversary != nil {
		v.SurveyAnniversary = datePtr(p.SurveyAnniversary)
	}
}

func normaliseVessel(v *models.Vessel) {
	v.RegistrationNumber = strings.ToUpper(strings.TrimSpace(v.RegistrationNumber))
	v.Name = strings.TrimSpace(v.Name)
	v.SurveyAnniversary = datePtr(v.SurveyAnniversary)
	deriveCategory(v)
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func setPtr[T any](dst **T, v *T) {
	if v != nil {
		c := *v
		*dst = &c
	}
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// detentionStatusGuard keeps "detained" the work of detention and release
// orders (Karnataka 2025, Sch-IX Annex-1 and Annex-2; package inspect): a
// registry edit neither detains a vessel nor lifts a detention.
func detentionStatusGuard(current string, to *string) error {
	if to == nil || *to == current || (*to != "detained" && current != "detained") {
		return nil
	}
	return models.Errorf(
		models.KindConflict,
		"detention_by_order",
		"a vessel is detained and released only by a detention or release order (Karnataka 2025, Sch-IX Annex-1, Annex-2)",
	)
}
