package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// FlagFindingOverdue is raised for a finding whose due date lapsed
// unrectified. Its subject is the vessel and its document names the
// finding ("finding:<id>"), so one finding raises one flag per due date.
const FlagFindingOverdue = "finding_overdue"

// JobFindingOverdue is the name of the overdue-findings job.
const JobFindingOverdue = "finding-overdue"

// FindingDocument is the flag document of a finding.
func FindingDocument(id uuid.UUID) string { return "finding:" + id.String() }

// overdueFindingsSQL lists open findings of submitted or approved
// inspections whose due date is before the run's day.
const overdueFindingsSQL = `SELECT f.id, f.code, f.action, f.due_date, f.penalty_row, f.jurisdiction_id,
	f.owner_id, i.vessel_id,
	v.name, v.registration_number, o.name, o.email, o.preferred_language
FROM findings f JOIN inspections i ON i.id = f.inspection_id JOIN vessels v ON v.id = i.vessel_id JOIN owners o
ON o.id = f.owner_id
WHERE f.deleted_at IS NULL AND NOT f.rectified AND f.due_date IS NOT NULL AND f.due_date < $1
  AND i.status IN ('submitted', 'approved') AND i.deleted_at IS NULL
ORDER BY f.id`

type overdueFinding struct {
	vesselRow
	findingID    uuid.UUID
	code, action string
	due          time.Time
	penaltyRow   string
}

// findingOverdue escalates lapsed due dates (Karnataka 2025, Sch-IX
// Form B action codes 03: 14 days, 05: 3 months): a flag per finding with
// the penalty proposal the law provides (rules.OverdueProposal: r.13,
// Form-18; Schedule-IV has no fine for the lapse itself), the owner told
// in their language (email and feed), the jurisdiction's supervisors in
// their feed. A rerun at the same now adds nothing.
func (s *Service) findingOverdue(ctx context.Context, r *Run) error {
	sups, err := s.supervisors(ctx, r.Today)
	if err != nil {
		return err
	}
	rows, err := s.d.DB.Pool.Query(ctx, overdueFindingsSQL, dbDate(r.Today))
	if err != nil {
		return fmt.Errorf("select overdue findings: %w", err)
	}
	defer rows.Close()
	var all []overdueFinding
	for rows.Next() {
		var f overdueFinding
		if err := rows.Scan(&f.findingID, &f.code, &f.action, &f.due, &f.penaltyRow, &f.JurisdictionID, &f.OwnerID, &f.ID,
			&f.Name, &f.RegistrationNumber, &f.OwnerName, &f.Email, &f.PreferredLanguage); err != nil {
			return fmt.Errorf("read overdue finding: %w", err)
		}
		all = append(all, f)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("stream overdue findings: %w", err)
	}
	r.Add("findings_overdue", len(all))
	for len(all) > 0 {
		k := min(len(all), chunkRows)
		if err := s.findingOverdueChunk(ctx, r, all[:k], sups); err != nil {
			return err
		}
		all = all[k:]
	}
	return nil
}

func (s *Service) findingOverdueChunk(
	ctx context.Context,
	r *Run,
	chunk []overdueFinding,
	sups map[uuid.UUID][]notify.Recipient,
) error {
	flags := make([]Flag, 0, len(chunk))
	byDoc := map[string]overdueFinding{}
	for _, f := range chunk {
		vid, oid := f.ID, f.OwnerID
		p := rules.OverdueProposal(rules.PenaltyRowID(f.penaltyRow))
		flags = append(
			flags,
			Flag{
				Kind:        FlagFindingOverdue,
				SubjectType: subjectVessel,
				SubjectID:   f.ID,
				Document:    FindingDocument(f.findingID),
				Due: ruleDate(
					f.due,
				),
				JurisdictionID: f.JurisdictionID,
				OwnerID:        &oid,
				VesselID:       &vid,
				Citation:       overdueCitation(f.action),
				Detail:         overdueDetail(f, p),
			},
		)
		byDoc[FindingDocument(f.findingID)] = f
	}
	return s.inTx(ctx, func(tx *gorm.DB) error {
		added, err := s.raise(ctx, tx, r, flags)
		if err != nil {
			return err
		}
		var notices []notify.Notice
		for _, fl := range added {
			f := byDoc[fl.Document]
			data := notify.Data{
				Vessel:   f.label(),
				Doc:      f.code,
				Due:      f.due,
				Days:     r.Today.DaysUntil(fl.Due),
				Citation: fl.Citation,
				Detail:   fl.Detail,
			}
			key := fmt.Sprintf("finding_overdue:%s:%s", f.findingID, fl.Due)
			notices = append(
				notices,
				notify.Notice{Template: notify.TplFindingOverdue, DedupeKey: key, Recipient: f.recipient(), Data: data},
			)
			for _, sup := range sups[f.JurisdictionID] {
				sup.Email = "" // supervisors read these in the app
				notices = append(
					notices,
					notify.Notice{Template: notify.TplFindingOverdue, DedupeKey: key, Recipient: sup, Data: data},
				)
			}
		}
		return s.enqueue(ctx, tx, r, notices)
	})
}

// overdueCitation cites the action code whose due date lapsed, and r.13.
func overdueCitation(action string) string {
	return fmt.Sprintf(
		"Karnataka 2025, Sch-IX Form B action code %s (%s); r.13",
		action,
		rules.ActionTitles[rules.ActionCode(action)],
	)
}

func overdueDetail(f overdueFinding, p rules.OverduePenalty) string {
	row := "no Schedule-IV row for this deficiency"
	if p.PenaltyRow != "" {
		row = "Schedule-IV row " + p.PenaltyRow + " on the challan"
	}
	return fmt.Sprintf(
		"deficiency %s not rectified by %s; penalty proposal (%s): %s; %s",
		f.code,
		f.due.Format(time.DateOnly),
		p.Citation,
		p.Sanction,
		row,
	)
}
