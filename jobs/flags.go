package jobs

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/rules"
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
	flagInsertBatch           = 300
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

func (s *Service) raiseBatch(ctx context.Context, tx *gorm.DB, r *Run, fs []Flag) ([]Flag, error) {
	var sb strings.Builder
	sb.WriteString(`INSERT INTO flags (id, kind, subject_type, subject_id, document, due_on, jurisdiction_id, owner_id, vessel_id,
		certificate_id, citation, detail, raised_by, raised_on) VALUES `)
	args := make([]any, 0, 14*len(fs))
	byKey := make(map[string]Flag, len(fs))
	for i, f := range fs {
		if i > 0 {
			sb.WriteString(",")
		}
		p := 14 * i // positional parameters: GORM's "?" rewriting is slow on big statements
		fmt.Fprintf(&sb, "($%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d)",
			p+1, p+2, p+3, p+4, p+5, p+6, p+7, p+8, p+9, p+10, p+11, p+12, p+13, p+14)
		args = append(args, uuid.Must(uuid.NewV7()), f.Kind, f.SubjectType, f.SubjectID, f.Document, dbDate(f.Due), f.JurisdictionID,
			f.OwnerID, f.VesselID, f.CertificateID, f.Citation, f.Detail, r.Job, dbDate(r.Today))
		byKey[f.key()] = f
	}
	sb.WriteString(` ON CONFLICT (kind, subject_type, subject_id, document, due_on) DO NOTHING
		RETURNING kind, subject_type, subject_id, document, due_on`)
	var rows []struct {
		Kind, SubjectType, Document string
		SubjectID                   uuid.UUID
		DueOn                       time.Time
	}
	if err := tx.WithContext(ctx).Raw(sb.String(), args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("raise flags: %w", err)
	}
	out := make([]Flag, 0, len(rows))
	for _, x := range rows {
		k := Flag{Kind: x.Kind, SubjectType: x.SubjectType, SubjectID: x.SubjectID, Document: x.Document, Due: ruleDate(x.DueOn)}.key()
		out = append(out, byKey[k])
	}
	return out, nil
}

// resolveWhere resolves the open flags matching where (a SQL condition on
// flags) with a reason, and counts them.
func (s *Service) resolveWhere(ctx context.Context, tx *gorm.DB, r *Run, reason, where string, args ...any) error {
	res := tx.WithContext(ctx).Exec(`UPDATE flags SET status = 'resolved', resolved_at = now(), updated_at = now(), resolution = ?
		WHERE status = 'open' AND `+where, append([]any{resolvedByJobPrefix + r.Job + ": " + reason}, args...)...)
	if res.Error != nil {
		return fmt.Errorf("resolve flags: %w", res.Error)
	}
	r.Add("flags_resolved", int(res.RowsAffected))
	return nil
}
