package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// crewCertsSQL selects the current crew certificates ($1: competency only,
// for coc-2027; otherwise those with an endorsed expiry by $2, the only
// ones whose deadline can be a plain certificate expiry).
const crewCertsSQL = `
SELECT c.id, c.kind, c.grade, c.legacy, c.number, c.issued_on, c.expires_on, c.revalidated_on,
       c.crew_member_id, m.jurisdiction_id, j.regime, m.name, m.email, m.preferred_language
FROM certificates c
JOIN crew_members m ON m.id = c.crew_member_id AND m.deleted_at IS NULL
JOIN jurisdictions j ON j.id = m.jurisdiction_id
WHERE c.subject_type = 'crew_member' AND c.deleted_at IS NULL AND c.status = 'valid'
  AND (($1 AND c.kind = 'competency') OR (NOT $1 AND c.expires_on <= $2))
  AND NOT EXISTS (SELECT 1 FROM certificates n
                  WHERE n.crew_member_id = c.crew_member_id AND n.kind = c.kind AND n.grade = c.grade
                    AND n.deleted_at IS NULL AND n.status = 'valid' AND (n.issued_on, n.id) > (c.issued_on, c.id))`

type crewCert struct {
	id                       uuid.UUID
	kind, grade              string
	legacy                   bool
	number                   string
	issued                   time.Time
	expires, revalidated     *time.Time
	crewID, jurID            uuid.UUID
	regime, name, email, lng string
}

func (c crewCert) rule() rules.CrewCertificate {
	return rules.CrewCertificate{Grade: rules.CertificateGrade(c.grade), Legacy: c.legacy, IssuedOn: ruleDate(c.issued),
		ExpiresOn: ruleDatePtr(c.expires), RevalidatedOn: ruleDatePtr(c.revalidated)}
}

// service is a vessel a crew member is signed on to, and its owner.
type service struct {
	vesselID, jurID uuid.UUID
	label           string
	owner           notify.Recipient
}

// crewCertificates handles crew certificates: for coc-2027 (coc) the
// legacy deadline and 5-yearly revalidation; otherwise endorsed expiries.
// Passed CoC deadlines are collected by vessel for the manning check.
func (s *Service) crewCertificates(ctx context.Context, r *Run, coc bool) error {
	_, err := s.crewScan(ctx, r, coc)
	return err
}

// crewScan streams the crew certificates in chunks and returns, for
// coc-2027, the vessels served by holders whose CoC no longer counts, with
// the first day it stopped counting.
func (s *Service) crewScan(ctx context.Context, r *Run, coc bool) (map[uuid.UUID]rules.Date, error) {
	passed := map[uuid.UUID]rules.Date{}
	scan := func(rows pgx.Rows, c *crewCert) error {
		return rows.Scan(&c.id, &c.kind, &c.grade, &c.legacy, &c.number, &c.issued, &c.expires, &c.revalidated,
			&c.crewID, &c.jurID, &c.regime, &c.name, &c.email, &c.lng)
	}
	err := streamChunks(ctx, s, r, streamed{"crew certificates", "crew certificate", "crew_certificates_scanned"},
		crewCertsSQL, []any{coc, dbDate(r.Today.AddDays(rules.ExpiringWithinDays))}, scan,
		func(chunk []crewCert) error { return s.crewChunk(ctx, r, coc, chunk, passed) })
	if err != nil {
		return nil, err
	}
	return passed, nil
}

// crewDeadline is the deadline of one crew certificate by the law, if it
// belongs to this job.
func (s *Service) crewDeadline(r *Run, c crewCert, coc bool) (rules.Deadline, bool) {
	ds := rules.CrewDeadlines(
		[]rules.CrewOnBoard{{ID: c.crewID.String(), Certificates: []rules.CrewCertificate{c.rule()}}},
		rules.Regime(c.regime),
		s.legacyDeadline(r.Today),
	)
	if len(ds) != 1 {
		return rules.Deadline{}, false
	}
	isCoC := ds[0].Kind == rules.DeadlineLegacyCertificate || ds[0].Kind == rules.DeadlineCompetencyRevalidate
	return ds[0], isCoC == coc
}

func (s *Service) crewChunk(
	ctx context.Context,
	r *Run,
	coc bool,
	chunk []crewCert,
	passed map[uuid.UUID]rules.Date,
) error {
	if len(chunk) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(chunk))
	for i, c := range chunk {
		ids[i] = c.crewID
	}
	served, err := s.servedBy(ctx, ids, r.Today)
	if err != nil {
		return err
	}
	var flags []Flag
	var notices []notify.Notice
	for _, c := range chunk {
		d, ok := s.crewDeadline(r, c, coc)
		if !ok {
			continue
		}
		f, ns, late := crewEvent(r, c, d, served[c.crewID])
		if f != nil {
			flags = append(flags, *f)
		}
		notices = append(notices, ns...)
		if late && coc {
			for _, sv := range served[c.crewID] {
				if first, ok := passed[sv.vesselID]; !ok || d.Due.AddDays(1).Before(first) {
					passed[sv.vesselID] = d.Due.AddDays(1)
				}
			}
		}
	}
	return s.inTx(ctx, func(tx *gorm.DB) error {
		if _, err := s.raise(ctx, tx, r, flags); err != nil {
			return err
		}
		if err := s.resolveExpiring(ctx, tx, r, flags); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, r, notices)
	})
}

// crewEvent is the flag and notices of one crew certificate's deadline on
// the run's date; late reports a deadline already passed.
func crewEvent(r *Run, c crewCert, d rules.Deadline, served []service) (*Flag, []notify.Notice, bool) {
	offsets, flagKind, tpl := rules.CertificateReminderOffsets(), FlagCertificateExpiring, notify.TplCertificateExpiring
	window := rules.ExpiringWithinDays
	switch d.Kind {
	case rules.DeadlineLegacyCertificate:
		offsets, flagKind = rules.LegacyReminderOffsets(), FlagCoCRevalidationDue
		tpl, window = notify.TplCoCLegacyDeadline, 180
	case rules.DeadlineCompetencyRevalidate:
		offsets, flagKind = rules.LegacyReminderOffsets(), FlagCoCRevalidationDue
		tpl, window = notify.TplCoCRevalidationDue, 180
	}
	days := r.Today.DaysUntil(d.Due)
	if days > window {
		return nil, nil, false
	}
	cid := c.id
	f := &Flag{Kind: flagKind, SubjectType: subjectCrew, SubjectID: c.crewID, Document: c.grade, Due: d.Due,
		JurisdictionID: c.jurID, CertificateID: &cid, Citation: string(d.Citation), Detail: c.name + ", no. " + c.number}
	doc := c.grade
	if c.kind != "competency" {
		doc = c.kind
	}
	data := notify.Data{
		Holder:   c.name,
		Doc:      doc,
		Number:   c.number,
		Due:      dbDate(d.Due),
		Days:     days,
		Citation: string(d.Citation),
	}
	late := days < 0
	var key string
	switch {
	case late:
		f.Kind = FlagCertificateExpired
		if flagKind == FlagCoCRevalidationDue {
			f.Kind = FlagCoCInvalid
		}
		if !justPassed(d.Due, r.Today) || f.Kind == FlagCoCInvalid {
			return f, nil, late // CoC lapses are told through the manning check
		}
		tpl, key = notify.TplCertificateExpired, fmt.Sprintf("crew-expired:%s:%s", c.id, d.Due)
	default:
		o, ok := threshold(d.Due, r.Today, offsets)
		if !ok {
			return f, nil, late
		}
		key = fmt.Sprintf("crew-%s:%s:%s:%d", tpl, c.id, d.Due, o)
	}
	return f, crewNotices(c, tpl, key, data, served), late
}

// crewNotices tells the holder (where contactable by email) and the owner
// of every vessel the holder serves.
func crewNotices(c crewCert, tpl, key string, data notify.Data, served []service) []notify.Notice {
	var out []notify.Notice
	holderData := data
	holderData.Vessel = "-"
	if len(served) > 0 {
		holderData.Vessel = served[0].label
	}
	if c.email != "" {
		out = append(out, notify.Notice{
			Template:  tpl,
			DedupeKey: key,
			Data:      holderData,
			Recipient: notify.Recipient{
				Type:     notify.RecipientCrewMember,
				ID:       c.crewID,
				Name:     c.name,
				Email:    c.email,
				Language: c.lng,
			},
		})
	}
	for _, sv := range served {
		d := data
		d.Vessel = sv.label
		out = append(out, notify.Notice{Template: tpl, DedupeKey: key, Recipient: sv.owner, Data: d})
	}
	return out
}

// servedBy maps crew members to the live vessels they are signed on to on
// the date, with each vessel's owner.
func (s *Service) servedBy(ctx context.Context, crew []uuid.UUID, on rules.Date) (map[uuid.UUID][]service, error) {
	var rows []struct {
		CrewMemberID, VesselID, JurisdictionID, OwnerID uuid.UUID
		Name, RegistrationNumber                        string
		OwnerName, Email, PreferredLanguage             string
	}
	day := dbDate(on)
	err := s.d.DB.Gorm.WithContext(ctx).Raw(`
		SELECT vc.crew_member_id, v.id AS vessel_id, v.jurisdiction_id, v.owner_id, v.name, v.registration_number,
		       o.name AS owner_name, o.email, o.preferred_language
		FROM vessel_crew vc JOIN vessels v ON v.id = vc.vessel_id AND v.deleted_at IS NULL
		JOIN owners o ON o.id = v.owner_id
		WHERE vc.crew_member_id IN ? AND vc.deleted_at IS NULL AND vc.signed_on <= ? AND (vc.signed_off IS NULL OR
		vc.signed_off > ?)
		ORDER BY vc.crew_member_id, v.registration_number`, crew, day, day).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("vessels served by crew: %w", err)
	}
	out := map[uuid.UUID][]service{}
	for _, x := range rows {
		out[x.CrewMemberID] = append(out[x.CrewMemberID], service{
			vesselID: x.VesselID,
			jurID:    x.JurisdictionID,
			label: vesselLabel(
				x.Name,
				x.RegistrationNumber,
			),
			owner: notify.Owner(x.OwnerID, x.OwnerName, x.Email, x.PreferredLanguage),
		})
	}
	return out, nil
}
