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

// vesselCertsSQL selects the vessel certificates that may be expiring or
// expired on $1 (the horizon, today + 60 days): the current certificate of
// each vessel and kind (no newer live one of the same kind), of a live
// vessel, whose endorsed expiry is by the horizon, or that has none, or
// whose statutory maximum (counted from issue) may end by then. It is a
// superset: rules.CertificateExpiry decides each row. Set-based: one scan,
// an anti-join, streamed.
const vesselCertsSQL = `
SELECT c.id, c.kind, c.number, c.issued_on, c.expires_on, c.vessel_id, v.jurisdiction_id,
       v.kind, v.name, v.registration_number, v.owner_id, o.name, o.email, o.preferred_language
FROM certificates c
JOIN vessels v ON v.id = c.vessel_id AND v.deleted_at IS NULL AND v.status <> 'cancelled'
JOIN owners o ON o.id = v.owner_id
WHERE c.subject_type = 'vessel' AND c.deleted_at IS NULL AND c.status = 'valid' AND c.kind <> 'registration'
  AND (c.expires_on IS NULL OR c.expires_on <= $1
       OR (c.kind = 'provisional_survey' AND c.issued_on <= $2)
       OR (c.kind = 'survey' AND v.kind = 'non_mechanised' AND c.issued_on <= $3)
       OR (c.kind = 'pollution' AND c.issued_on <= $4))
  AND NOT EXISTS (SELECT 1 FROM certificates n
                  WHERE n.vessel_id = c.vessel_id AND n.kind = c.kind AND n.deleted_at IS NULL AND n.status = 'valid'
                    AND (n.issued_on, n.id) > (c.issued_on, c.id))`

type vesselCert struct {
	id                        uuid.UUID
	kind, number              string
	issued                    time.Time
	expires                   *time.Time
	vesselID, jurID           uuid.UUID
	vesselKind, name, reg     string
	ownerID                   uuid.UUID
	ownerName, email, ownLang string
	// flaggedExpiring and flaggedExpired are the due dates of the flags
	// this certificate already has, so unchanged ones are not rewritten.
	flaggedExpiring, flaggedExpired *time.Time
}

// issueBounds are generous bounds on the issue dates whose statutory
// maximum validity (3 months, 1 year, 5 years) can end by the horizon;
// 5 days of slack cover month-end clamping.
func issueBounds(h rules.Date) (prov, nonmech, pollution time.Time) {
	return dbDate(h.AddMonths(-3).AddDays(5)), dbDate(h.AddYears(-1).AddDays(5)), dbDate(h.AddYears(-5).AddDays(5))
}

// certificateExpiry is the certificate-expiry job: vessel and crew
// certificates (other than competency, which coc-2027 handles) reaching
// 60/30/7/1 days before expiry and expired → flags and owner reminders,
// then the fit-to-ply status of vessels whose certificate just expired.
func (s *Service) certificateExpiry(ctx context.Context, r *Run) error {
	lapsed := map[uuid.UUID]rules.Date{}
	if err := s.vesselCertificates(ctx, r, lapsed); err != nil {
		return err
	}
	if err := s.crewCertificates(ctx, r, false); err != nil {
		return err
	}
	if err := s.resolveRenewed(ctx, r); err != nil {
		return err
	}
	if r.Counts()["flags"] > 10000 {
		// Keep the planner's picture of flags current after a big first run.
		if _, err := s.d.DB.Pool.Exec(ctx, `ANALYZE flags`); err != nil {
			return fmt.Errorf("analyze flags: %w", err)
		}
	}
	return s.fitToPly(ctx, r, lapsed)
}

// vesselCertificates streams the candidates and handles them in chunks,
// each in its own transaction.
func (s *Service) vesselCertificates(ctx context.Context, r *Run, lapsed map[uuid.UUID]rules.Date) error {
	h := r.Today.AddDays(rules.ExpiringWithinDays)
	prov, nonmech, poll := issueBounds(h)
	scan := func(rows pgx.Rows, c *vesselCert) error {
		return rows.Scan(&c.id, &c.kind, &c.number, &c.issued, &c.expires, &c.vesselID, &c.jurID, &c.vesselKind,
			&c.name, &c.reg, &c.ownerID, &c.ownerName, &c.email, &c.ownLang)
	}
	return streamChunks(ctx, s, r, streamed{"vessel certificates", "vessel certificate", "certificates_scanned"},
		vesselCertsSQL, []any{dbDate(h), prov, nonmech, poll}, scan,
		func(chunk []vesselCert) error { return s.vesselChunk(ctx, r, chunk, lapsed) })
}

// flagged fills in the due dates of the flags the chunk's certificates
// already have, in one indexed lookup planned per chunk (a subquery in the
// streaming scan would be planned while flags was still empty).
func (s *Service) flagged(ctx context.Context, chunk []vesselCert) error {
	ids := make([][16]byte, len(chunk)) // encoded directly (uuid.UUID detours through text)
	at := make(map[uuid.UUID]int, len(chunk))
	for i, c := range chunk {
		ids[i], at[c.id] = c.id, i
	}
	tx, err := s.d.DB.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("flags of certificates: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }() //nolint:errcheck // after Commit: ErrTxClosed
	// flags grows during the run faster than autovacuum analyzes it; a plan
	// made on an "empty" table would scan it whole for every chunk.
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
		return fmt.Errorf("flags of certificates: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT certificate_id, kind, max(due_on) FROM flags
		WHERE certificate_id = ANY($1) AND kind IN ($2, $3) GROUP BY 1, 2`,
		ids, FlagCertificateExpiring, FlagCertificateExpired)
	if err != nil {
		return fmt.Errorf("flags of certificates: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var kind string
		var due time.Time
		if err := rows.Scan(&id, &kind, &due); err != nil {
			return err
		}
		c := &chunk[at[id]]
		if kind == FlagCertificateExpired {
			c.flaggedExpired = &due
		} else {
			c.flaggedExpiring = &due
		}
	}
	return rows.Err()
}

// sameDate reports whether a stored date is the rules date d.
func sameDate(t *time.Time, d rules.Date) bool { return t != nil && ruleDate(*t) == d }

// ruleKind is the law's kind of a registry certificate (as the compliance
// view reads it): a survey of a non-mechanised boat is the 1-year CoS; a
// licence is the Paradip licence.
func ruleKind(kind, vesselKind string) rules.CertificateKind {
	switch {
	case kind == "survey" && vesselKind == string(rules.KindNonMechanised):
		return rules.CertNonMechSurvey
	case kind == "licence":
		return rules.CertParadipLicence
	}
	return rules.CertificateKind(kind)
}

// vesselChunk decides each certificate of the chunk by the law and writes
// its flags and reminders in one transaction.
func (s *Service) vesselChunk(ctx context.Context, r *Run, chunk []vesselCert, lapsed map[uuid.UUID]rules.Date) error {
	if len(chunk) == 0 {
		return nil
	}
	if err := s.flagged(ctx, chunk); err != nil {
		return err
	}
	var flags, lapsedFlags []Flag
	var notices []notify.Notice
	for _, c := range chunk {
		d := decideCert(r, c, lapsed)
		if d.flag == nil {
			continue
		}
		if d.lapsed {
			lapsedFlags = append(lapsedFlags, *d.flag)
		}
		if d.notice != nil {
			notices = append(notices, *d.notice)
		}
		flags = append(flags, *d.flag)
	}
	if len(flags) == 0 && len(notices) == 0 {
		return nil
	}
	return s.inTx(ctx, func(tx *gorm.DB) error {
		if _, err := s.raise(ctx, tx, r, flags); err != nil {
			return err
		}
		if err := s.resolveExpiring(ctx, tx, r, lapsedFlags); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, r, notices)
	})
}

// certDecision is what one certificate adds to its chunk's writes.
type certDecision struct {
	flag   *Flag          // raised or kept; nil: nothing to write
	lapsed bool           // flag is "expired" and replaces an "expiring" one
	notice *notify.Notice // a reminder or the expiry notice, if one is due
}

// decideCert decides one certificate by the law: its flag, and the notice
// due today if any. A certificate that expired yesterday moves the
// vessel's first lapsed day in lapsed.
func decideCert(r *Run, c vesselCert, lapsed map[uuid.UUID]rules.Date) certDecision {
	rec := rules.CertificateRecord{
		Kind:      ruleKind(c.kind, c.vesselKind),
		Number:    c.number,
		IssuedOn:  ruleDate(c.issued),
		ExpiresOn: ruleDatePtr(c.expires),
	}
	exp, cite, ok := rules.CertificateExpiry(rec)
	if !ok || r.Today.DaysUntil(exp) > rules.ExpiringWithinDays {
		return certDecision{}
	}
	vid, oid, cid := c.vesselID, c.ownerID, c.id
	f := Flag{
		Kind:           FlagCertificateExpiring,
		SubjectType:    subjectVessel,
		SubjectID:      c.vesselID,
		Document:       c.kind,
		Due:            exp,
		JurisdictionID: c.jurID,
		OwnerID:        &oid,
		VesselID:       &vid,
		CertificateID:  &cid,
		Citation:       string(cite),
		Detail:         "no. " + c.number,
	}
	n := notify.Notice{
		Recipient: notify.Owner(c.ownerID, c.ownerName, c.email, c.ownLang),
		Data: notify.Data{
			Vessel:   vesselLabel(c.name, c.reg),
			Doc:      c.kind,
			Number:   c.number,
			Due:      dbDate(exp),
			Days:     r.Today.DaysUntil(exp),
			Citation: string(cite),
		},
	}
	if !exp.Before(r.Today) {
		if o, ok := threshold(exp, r.Today, rules.CertificateReminderOffsets()); ok {
			n.Template, n.DedupeKey = notify.TplCertificateExpiring, fmt.Sprintf("cert-expiring:%s:%s:%d", c.id, exp, o)
			return certDecision{flag: &f, notice: &n}
		}
		if sameDate(c.flaggedExpiring, exp) {
			return certDecision{}
		}
		return certDecision{flag: &f}
	}
	f.Kind = FlagCertificateExpired
	if sameDate(c.flaggedExpired, exp) && !justPassed(exp, r.Today) {
		return certDecision{} // flagged on an earlier run, nothing more to say
	}
	d := certDecision{flag: &f, lapsed: sameDate(c.flaggedExpiring, exp)}
	if justPassed(exp, r.Today) {
		n.Template, n.DedupeKey = notify.TplCertificateExpired, fmt.Sprintf("cert-expired:%s:%s", c.id, exp)
		d.notice = &n
		if first, ok := lapsed[c.vesselID]; !ok || exp.AddDays(1).Before(first) {
			lapsed[c.vesselID] = exp.AddDays(1)
		}
	}
	return d
}

// resolveExpiring resolves the "expiring" flag of every certificate the
// chunk found expired (those known to have one, for vessels), by its full
// unique key (an exact index lookup).
func (s *Service) resolveExpiring(ctx context.Context, tx *gorm.DB, r *Run, flags []Flag) error {
	var ids, docs []string
	var dues []time.Time
	for _, f := range flags {
		if f.Kind == FlagCertificateExpired {
			ids, docs, dues = append(ids, f.SubjectID.String()), append(docs, f.Document), append(dues, dbDate(f.Due))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	// Index lookups by full key, whatever the (possibly stale) statistics
	// of a table this run is filling say.
	if err := tx.WithContext(ctx).Exec(`SET LOCAL enable_seqscan = off`).Error; err != nil {
		return fmt.Errorf("resolve expiring flags: %w", err)
	}
	res := tx.WithContext(ctx).
		Exec(`UPDATE flags SET status = 'resolved', resolved_at = now(), updated_at = now(), resolution = $1
		WHERE status = 'open' AND kind = $2 AND subject_type IN ('vessel', 'crew_member')
		  AND (subject_id, document, due_on) IN (SELECT * FROM unnest($3::uuid[], $4::text[], $5::date[]))`,
			resolvedByJobPrefix+r.Job+": "+flagReasonExpired, FlagCertificateExpiring, ids, docs, dues)
	if res.Error != nil {
		return fmt.Errorf("resolve expiring flags: %w", res.Error)
	}
	r.Add("flags_resolved", int(res.RowsAffected))
	return nil
}

// resolveRenewed resolves, in one set-based statement after the scan,
// certificate flags whose certificate is no longer
// the current one of its kind (renewed), or was withdrawn or deleted.
func (s *Service) resolveRenewed(ctx context.Context, r *Run) error {
	return s.inTx(ctx, func(tx *gorm.DB) error {
		return s.resolveWhere(ctx, tx, r, flagReasonRenewed, `kind IN (?, ?) AND certificate_id IS NOT NULL AND EXISTS (
			SELECT 1 FROM certificates c WHERE c.id = flags.certificate_id AND (c.deleted_at IS NOT NULL OR c.status <> 'valid'
				OR EXISTS (SELECT 1 FROM certificates n WHERE c.vessel_id IS NOT NULL AND n.vessel_id = c.vessel_id
				  AND n.kind = c.kind AND n.grade = c.grade AND n.deleted_at IS NULL AND n.status = 'valid'
				  AND (n.issued_on, n.id) > (c.issued_on, c.id))
				OR EXISTS (SELECT 1 FROM certificates n WHERE c.crew_member_id IS NOT NULL
				  AND n.crew_member_id = c.crew_member_id AND n.kind = c.kind
				  AND n.grade = c.grade AND n.deleted_at IS NULL AND n.status = 'valid'
				  AND (n.issued_on, n.id) > (c.issued_on, c.id))))`,
			FlagCertificateExpiring, FlagCertificateExpired)
	})
}
