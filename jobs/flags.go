package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"gorm.io/gorm"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Flag kinds.
const (
	FlagCertificateExpiring   = "certificate_expiring"
	FlagCertificateExpired    = "certificate_expired"
	FlagVesselUnfit           = "vessel_unfit"
	FlagSurveyOverdue         = "survey_overdue"
	FlagLicenceLapsed         = "licence_lapsed"
	FlagPollutionOverdue      = "pollution_inspection_overdue"
	FlagLateRenewal           = "late_renewal_fine"
	FlagRegistrationLapse     = "registration_lapse"
	FlagCoCRevalidationDue    = "coc_revalidation_due"
	FlagCoCInvalid            = "coc_invalid"
	FlagManningNonCompliant   = "manning_non_compliant"
	FlagRepeatOffender        = "repeat_offender"
	FlagPenaltyChainMismatch  = "penalty_chain_mismatch"
	subjectVessel             = "vessel"
	subjectCrew               = "crew_member"
	subjectParty              = "liable_party"
	flagInsertBatch           = 1000
	resolvedByJobPrefix       = "resolved by "
	flagReasonRenewed         = "a newer certificate of the same kind is in the register"
	flagReasonExpired         = "the certificate has expired (see the certificate_expired flag)"
	flagReasonFitAgain        = "the vessel is fit to ply again"
	flagReasonManningComplete = "the vessel's minimum manning is met again"
)

// Flag is a flag a job raises.
type Flag struct {
	Kind           string
	SubjectType    string
	SubjectID      uuid.UUID
	Document       string
	Due            rules.Date
	JurisdictionID uuid.UUID
	OwnerID        *uuid.UUID
	VesselID       *uuid.UUID
	CertificateID  *uuid.UUID
	Citation       string
	Detail         string
}

func (f Flag) key() string {
	return f.Kind + "|" + f.SubjectType + "|" + f.SubjectID.String() + "|" + f.Document + "|" + f.Due.String()
}

// raise inserts flags that do not exist yet (unique per kind, subject,
// document and due date) and returns those it inserted.
func (s *Service) raise(ctx context.Context, tx *gorm.DB, r *Run, fs []Flag) ([]Flag, error) {
	var added []Flag
	for len(fs) > 0 {
		k := min(len(fs), flagInsertBatch)
		got, err := s.raiseBatch(ctx, tx, r, fs[:k])
		if err != nil {
			return added, err
		}
		added = append(added, got...)
		fs = fs[k:]
	}
	r.Add("flags", len(added))
	return added, nil
}

// raiseBatch inserts one batch set-based: each column is one array
// parameter, unnested into rows, so the statement text (and its prepared
// plan) is the same for every batch and the flags_dedupe unique index
// answers the conflict check. UUIDs are passed as [16]byte/pgtype.UUID,
// which the driver encodes directly (uuid.UUID goes through its
// driver.Valuer text round trip).
func (s *Service) raiseBatch(ctx context.Context, tx *gorm.DB, r *Run, fs []Flag) ([]Flag, error) {
	n := len(fs)
	ids, subjects, jurs := make([][16]byte, n), make([][16]byte, n), make([][16]byte, n)
	kinds, stypes, docs, cites, details := make(
		[]string,
		n,
	), make(
		[]string,
		n,
	), make(
		[]string,
		n,
	), make(
		[]string,
		n,
	), make(
		[]string,
		n,
	)
	dues := make([]time.Time, n)
	owners, vessels, certs := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	byKey := make(map[string]Flag, n)
	for i, f := range fs {
		ids[i], subjects[i], jurs[i] = uuid.Must(uuid.NewV7()), f.SubjectID, f.JurisdictionID
		kinds[i], stypes[i], docs[i], cites[i], details[i] = f.Kind, f.SubjectType, f.Document, f.Citation, f.Detail
		dues[i] = dbDate(f.Due)
		owners[i], vessels[i] = storage.UUIDParamOrNull(f.OwnerID), storage.UUIDParamOrNull(f.VesselID)
		certs[i] = storage.UUIDParamOrNull(f.CertificateID)
		byKey[f.key()] = f
	}
	rows, err := tx.WithContext(ctx).
		Raw(`INSERT INTO flags (id, kind, subject_type, subject_id, document, due_on, jurisdiction_id, owner_id, vessel_id,
		certificate_id, citation, detail, raised_by, raised_on)
		SELECT u.*, $13::text, $14::date
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::date[], $7::uuid[], $8::uuid[],
		$9::uuid[],
		            $10::uuid[], $11::text[], $12::text[]) AS u
		ON CONFLICT (kind, subject_type, subject_id, document, due_on) DO NOTHING
		RETURNING kind, subject_type, subject_id, document, due_on`,
			ids, kinds, stypes, subjects, docs, dues, jurs, owners, vessels, certs, cites, details, r.Job, dbDate(r.Today)).
		Rows()
	if err != nil {
		return nil, fmt.Errorf("raise flags: %w", err)
	}
	defer rows.Close()
	out := make([]Flag, 0, n)
	for rows.Next() {
		var kind, stype, doc string
		var subject pgtype.UUID
		var due time.Time
		if err := rows.Scan(&kind, &stype, &subject, &doc, &due); err != nil {
			return nil, fmt.Errorf("raise flags: %w", err)
		}
		k := Flag{Kind: kind, SubjectType: stype, SubjectID: subject.Bytes, Document: doc, Due: ruleDate(due)}.key()
		out = append(out, byKey[k])
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("raise flags: %w", err)
	}
	return out, nil
}

// resolveWhere resolves the open flags matching where (a SQL condition on
// flags) with a reason, and counts them.
func (s *Service) resolveWhere(ctx context.Context, tx *gorm.DB, r *Run, reason, where string, args ...any) error {
	res := tx.WithContext(ctx).
		Exec(`UPDATE flags SET status = 'resolved', resolved_at = now(), updated_at = now(), resolution = ?
		WHERE status = 'open' AND `+where, append([]any{resolvedByJobPrefix + r.Job + ": " + reason}, args...)...)
	if res.Error != nil {
		return fmt.Errorf("resolve flags: %w", res.Error)
	}
	r.Add("flags_resolved", int(res.RowsAffected))
	return nil
}
