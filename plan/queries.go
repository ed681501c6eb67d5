package plan

// The plan's reads that join or aggregate, in one file (docs/ARCHITECTURE.md,
// the database rule).

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// vessels is the scoped query of the vessels in the plan.
func (s *Service) vessels(ctx context.Context, sc models.Scope, f Filter) *gorm.DB {
	q := storage.Scoped(s.db.Gorm.WithContext(ctx).Table("vessels"), sc, storage.ByJurisdiction).
		Where("deleted_at IS NULL AND status <> 'cancelled'")
	if f.JurisdictionID != nil {
		q = q.Where("jurisdiction_id = ?", *f.JurisdictionID)
	}
	return q
}

type vesselRow struct {
	ID                 uuid.UUID
	RegistrationNumber string
	Name               string
	Kind               string
	Use                string
	Regime             string
	Status             string
	Passengers         *int
	JurisdictionID     uuid.UUID
	CreatedAt          time.Time
}

// read is the facts of every vessel in scope: the vessels, then their last
// inspections, certificates, open findings, detentions and repeat
// offences, each one query over the same scoped set of vessels.
func (s *Service) read(ctx context.Context, sc models.Scope, f Filter, today rules.Date) ([]Facts, error) {
	var rows []vesselRow
	err := s.vessels(ctx, sc, f).
		Select("id, registration_number, name, kind, use, regime, status, passengers, jurisdiction_id, created_at").
		Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("plan vessels: %w", err)
	}
	facts := make([]Facts, len(rows))
	byID := make(map[uuid.UUID]*Facts, len(rows))
	for i, r := range rows {
		facts[i] = Facts{ID: r.ID, RegistrationNumber: r.RegistrationNumber, Name: r.Name, Kind: r.Kind, Use: r.Use,
			Regime: r.Regime, Status: r.Status, Passengers: r.Passengers, JurisdictionID: r.JurisdictionID,
			RegisteredOn: rules.DateOf(r.CreatedAt)}
		byID[r.ID] = &facts[i]
	}
	if len(rows) == 0 {
		return facts, nil
	}
	since := today.AddMonths(-LookBackMonths).Time()
	for _, read := range []func(context.Context, *gorm.DB, time.Time, map[uuid.UUID]*Facts) error{
		s.lastInspections, s.certificates, s.openFindings, s.detentions, s.repeatOffences,
	} {
		if err := read(ctx, s.vessels(ctx, sc, f).Select("id"), since, byID); err != nil {
			return nil, err
		}
	}
	return facts, nil
}

func (s *Service) lastInspections(ctx context.Context, ids *gorm.DB, _ time.Time, by map[uuid.UUID]*Facts) error {
	var rows []struct {
		VesselID uuid.UUID
		Last     time.Time
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT vessel_id, max(started_at) AS last FROM inspections
		WHERE vessel_id IN (?) AND status IN ('submitted', 'approved') AND deleted_at IS NULL
		GROUP BY vessel_id`, ids).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("plan inspections: %w", err)
	}
	for _, r := range rows {
		by[r.VesselID].LastInspection = rules.DateOf(r.Last)
	}
	return nil
}

// certificates reads the latest certificate in force of each kind that
// has an expiry (a Certificate of Registration has none).
func (s *Service) certificates(ctx context.Context, ids *gorm.DB, _ time.Time, by map[uuid.UUID]*Facts) error {
	var rows []struct {
		VesselID  uuid.UUID
		Kind      string
		Number    string
		IssuedOn  time.Time
		ExpiresOn *time.Time
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT DISTINCT ON (vessel_id, kind)
		       vessel_id, kind, number, issued_on, expires_on
		FROM certificates
		WHERE vessel_id IN (?) AND status = 'valid' AND deleted_at IS NULL AND kind <> 'registration'
		ORDER BY vessel_id, kind, issued_on DESC, id DESC`, ids).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("plan certificates: %w", err)
	}
	for _, r := range rows {
		v := by[r.VesselID]
		rec := rules.CertificateRecord{Kind: ruleKind(r.Kind, v.Kind), Number: r.Number, IssuedOn: civil(r.IssuedOn)}
		if r.ExpiresOn != nil {
			rec.ExpiresOn = civil(*r.ExpiresOn)
		}
		v.Certificates = append(v.Certificates, rec)
	}
	return nil
}

func (s *Service) openFindings(ctx context.Context, ids *gorm.DB, _ time.Time, by map[uuid.UUID]*Facts) error {
	var rows []struct {
		VesselID uuid.UUID
		Code     string
		DueDate  *time.Time
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT i.vessel_id, f.code, f.due_date
		FROM findings f JOIN inspections i ON i.id = f.inspection_id
		WHERE i.vessel_id IN (?) AND NOT f.rectified AND f.deleted_at IS NULL
		  AND i.status IN ('submitted', 'approved') AND i.deleted_at IS NULL
		ORDER BY f.code, f.id`, ids).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("plan findings: %w", err)
	}
	for _, r := range rows {
		f := Finding{Code: r.Code}
		if r.DueDate != nil {
			f.Due = civil(*r.DueDate)
		}
		by[r.VesselID].Findings = append(by[r.VesselID].Findings, f)
	}
	return nil
}

func (s *Service) detentions(ctx context.Context, ids *gorm.DB, since time.Time, by map[uuid.UUID]*Facts) error {
	var rows []struct {
		VesselID  uuid.UUID
		OrderedAt time.Time
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT vessel_id, ordered_at FROM detention_orders
		WHERE vessel_id IN (?) AND ordered_at >= ? AND deleted_at IS NULL`, ids, since).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("plan detentions: %w", err)
	}
	for _, r := range rows {
		by[r.VesselID].Detentions = append(by[r.VesselID].Detentions, rules.DateOf(r.OrderedAt))
	}
	return nil
}

// repeatOffences reads the vessel's live offences penalised above the
// first level: a repeat within the chain's window (Karnataka 2025, Sch-IV).
func (s *Service) repeatOffences(ctx context.Context, ids *gorm.DB, since time.Time, by map[uuid.UUID]*Facts) error {
	var rows []struct {
		VesselID   uuid.UUID
		OccurredAt time.Time
	}
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT o.vessel_id, o.occurred_at
		FROM penalties p JOIN offences o ON o.id = p.offence_id
		WHERE o.vessel_id IN (?) AND o.occurred_at >= ? AND o.deleted_at IS NULL AND o.status <> 'set_aside'
		  AND p.deleted_at IS NULL AND p.level >= 2`, ids, since).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("plan offences: %w", err)
	}
	for _, r := range rows {
		by[r.VesselID].RepeatOffences = append(by[r.VesselID].RepeatOffences, rules.DateOf(r.OccurredAt))
	}
	return nil
}
