package registry

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

const entityCertificate = "certificate"

// crewCertificateKinds are held by a crew member; every other kind by a vessel.
var crewCertificateKinds = map[string]bool{"competency": true, "gp_rating": true}

// certificateScope: officials their jurisdictions' certificates, owners
// their vessels' and their crew's.
func certificateScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return jurisdictionScope(
		s,
		`owner_id = ? OR EXISTS (SELECT 1 FROM vessel_crew vc WHERE vc.crew_member_id = certificates.crew_member_id
		AND vc.owner_id = ? AND vc.deleted_at IS NULL)`,
	)
}

// CertificateFilter narrows a certificate list.
type CertificateFilter struct {
	VesselID, CrewMemberID *uuid.UUID
	Kind                   string
	ExpiresBefore          *time.Time
}

// ListCertificates lists the live certificates the caller may see.
func (r *Service) ListCertificates(
	ctx context.Context,
	s models.Scope,
	f CertificateFilter,
	opt ListOptions,
) (Page[models.Certificate], error) {
	q := certificateScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.Certificate{}))
	if f.VesselID != nil {
		q = q.Where("vessel_id = ?", *f.VesselID)
	}
	if f.CrewMemberID != nil {
		q = q.Where("crew_member_id = ?", *f.CrewMemberID)
	}
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if f.ExpiresBefore != nil {
		q = q.Where("expires_on <= ?", *datePtr(f.ExpiresBefore))
	}
	return page(q, opt, func(c models.Certificate) uuid.UUID { return c.ID })
}

// GetCertificate returns a live certificate in scope.
func (r *Service) GetCertificate(ctx context.Context, s models.Scope, id uuid.UUID) (models.Certificate, error) {
	return getOne[models.Certificate](ctx, r, certificateScope(s), entityCertificate, id)
}

// CreateCertificate records a certificate of a vessel or a crew member; its
// scope keys are its subject's.
func (r *Service) CreateCertificate(
	ctx context.Context,
	s models.Scope,
	in models.Certificate,
) (models.Certificate, bool, error) {
	in.ID = newID(&in.ID)
	return create(ctx, r, s, entityCertificate, in.ID, r.GetCertificate, &in, func(tx *storage.Tx) error {
		if err := r.placeCertificate(tx.DB, s, &in); err != nil {
			return err
		}
		normaliseCertificate(&in)
		if err := ValidateCertificate(in); err != nil {
			return err
		}
		in.Status, in.Version = "valid", 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityCertificate)
		}
		tx.Changed(entityCertificate, in.ID, certificateKeys(in)...)
		if err := logCrewCertificateForOwners(tx, in); err != nil {
			return err
		}
		return tx.Audit("create", entityCertificate, in.ID, nil, in)
	})
}

// placeCertificate checks the subject and copies its scope keys.
func (r *Service) placeCertificate(db *gorm.DB, s models.Scope, c *models.Certificate) error {
	var f models.FieldErrors
	switch {
	case (c.VesselID == nil) == (c.CrewMemberID == nil):
		f.Add("vessel_id", "one_subject", "give exactly one of vessel_id and crew_member_id")
		return f.Err()
	case c.VesselID != nil:
		var v models.Vessel
		if err := referenceInScope(db, vesselScope(s), &v, *c.VesselID, "vessel_id", "vessel"); err != nil {
			return err
		}
		c.SubjectType, c.JurisdictionID = "vessel", v.JurisdictionID
		owner := v.OwnerID
		c.OwnerID = &owner
	default:
		var m models.CrewMember
		if err := referenceInScope(db, crewScope(s), &m, *c.CrewMemberID, "crew_member_id", "crew member"); err != nil {
			return err
		}
		c.SubjectType, c.JurisdictionID, c.OwnerID = "crew_member", m.JurisdictionID, nil
	}
	if !s.CanJurisdiction(c.JurisdictionID) {
		return forbidden(entityCertificate)
	}
	return nil
}

// ValidateCertificate checks a certificate against docs/LAW.md §2.
func ValidateCertificate(c models.Certificate) error {
	var f models.FieldErrors
	crewKind := crewCertificateKinds[c.Kind]
	if crewKind && c.SubjectType != "crew_member" {
		f.Add("kind", "crew_certificate", "a %s certificate belongs to a crew member (docs/LAW.md §2.3)", c.Kind)
	}
	if !crewKind && c.SubjectType == "crew_member" {
		f.Add("kind", "vessel_certificate", "a %s certificate belongs to a vessel (docs/LAW.md §2.1)", c.Kind)
	}
	if c.Legacy && c.Kind != "competency" {
		f.Add("legacy", "competency_only", "only Certificates of Competency can be legacy (Karnataka 2025, r.32(2))")
	}
	if c.ExpiresOn != nil && c.ExpiresOn.Before(c.IssuedOn) {
		f.Add("expires_on", "before_issue", "expiry date is before the issue date")
	}
	if c.RevalidatedOn != nil && c.RevalidatedOn.Before(c.IssuedOn) {
		f.Add("revalidated_on", "before_issue", "revalidation date is before the issue date")
	}
	if c.Kind == "provisional_survey" {
		// Karnataka 2025, r.10(2), r.150, Sch-X: a provisional certificate
		// lasts at most 3 months, counted as the rules count months (30
		// November + 3 months = 28 February, never 2 March).
		limit := rules.ProvisionalExpiry(dateOf(&c.IssuedOn))
		if c.ExpiresOn == nil || dateOf(c.ExpiresOn).After(limit) {
			f.Add(
				"expires_on",
				"provisional_max_3_months",
				"a provisional certificate of survey expires at most 3 months after issue, by %s (Karnataka 2025, r.10(2), Sch-X)",
				limit,
			)
		}
	}
	return f.Err()
}

// CertificatePatch lists what may change; nil means keep.
type CertificatePatch struct {
	Grade, Number, Issuer, Status      *string
	IssuedOn, ExpiresOn, RevalidatedOn *time.Time
}

// UpdateCertificate applies a patch against the version the caller saw.
func (r *Service) UpdateCertificate(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p CertificatePatch,
) (models.Certificate, error) {
	return update(
		ctx,
		r,
		s,
		entityCertificate,
		id,
		version,
		certificateScope(s),
		certificateKeys,
		func(tx *storage.Tx, c *models.Certificate) error {
			set(&c.Grade, p.Grade)
			set(&c.Number, p.Number)
			set(&c.Issuer, p.Issuer)
			set(&c.Status, p.Status)
			set(&c.IssuedOn, p.IssuedOn)
			setPtr(&c.ExpiresOn, p.ExpiresOn)
			setPtr(&c.RevalidatedOn, p.RevalidatedOn)
			normaliseCertificate(c)
			if err := ValidateCertificate(*c); err != nil {
				return err
			}
			return logCrewCertificateForOwners(tx, *c)
		},
		nil,
	)
}

// DeleteCertificate tombstones a certificate recorded in error.
func (r *Service) DeleteCertificate(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error {
	return tombstone(
		ctx,
		r,
		s,
		entityCertificate,
		id,
		version,
		certificateScope(s),
		certificateKeys,
		logCrewCertificateForOwners,
	)
}

// logCrewCertificateForOwners logs a crew member's certificate under the
// owner keys of the vessels the crew member serves on.
func logCrewCertificateForOwners(tx *storage.Tx, c models.Certificate) error {
	if c.CrewMemberID == nil {
		return nil
	}
	keys, err := crewOwnerKeys(tx, *c.CrewMemberID)
	if err == nil && len(keys) > 0 {
		tx.Changed(entityCertificate, c.ID, keys...)
	}
	return err
}

func certificateKeys(c models.Certificate) []string {
	keys := []string{storage.ScopeJurisdiction(c.JurisdictionID)}
	if c.OwnerID != nil {
		keys = append(keys, storage.ScopeOwner(*c.OwnerID))
	}
	return keys
}

func normaliseCertificate(c *models.Certificate) {
	c.Number = strings.TrimSpace(c.Number)
	c.IssuedOn = *datePtr(&c.IssuedOn)
	c.ExpiresOn = datePtr(c.ExpiresOn)
	c.RevalidatedOn = datePtr(c.RevalidatedOn)
}
