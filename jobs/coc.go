package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
)

// coc2027 is the coc-2027 job: legacy Certificates of Competency not
// revalidated (valid until the legacy deadline, a setting, default 6 June
// 2027) and new CoCs due for their 5-yearly revalidation → reminders to
// the holder (where contactable) and the owners of the vessels they serve
// at 180/90/30/7/1 days; once the date has passed the certificate is
// flagged invalid, and every vessel whose minimum manning then fails
// (rules.CheckManning) is flagged non-compliant and its owner told.
func (s *Service) coc2027(ctx context.Context, r *Run) error {
	passed, err := s.crewScan(ctx, r, true)
	if err != nil {
		return err
	}
	return s.recheckOpenFlags(ctx, r, FlagManningNonCompliant, "manning", passed, s.checkManning)
}

// checkManning checks one vessel's minimum manning on the run's date.
func (s *Service) checkManning(ctx context.Context, r *Run, vesselID uuid.UUID, from rules.Date, flagged bool) error {
	in, err := s.manningInput(ctx, vesselID, r.Today)
	if err != nil {
		return err
	}
	res := rules.CheckManning(in)
	r.Add("vessels_manning_checked", 1)
	return s.inTx(ctx, func(tx *gorm.DB) error {
		if !res.Assessed || res.Compliant {
			return s.resolveWhere(
				ctx,
				tx,
				r,
				flagReasonManningComplete,
				"kind = ? AND subject_id = ?",
				FlagManningNonCompliant,
				vesselID,
			)
		}
		if flagged {
			return nil
		}
		v, err := s.vesselOwner(ctx, tx, vesselID)
		if err != nil {
			return err
		}
		lines, posts, cite := missingLines(res)
		f := Flag{
			Kind:           FlagManningNonCompliant,
			SubjectType:    subjectVessel,
			SubjectID:      vesselID,
			Due:            from,
			JurisdictionID: v.JurisdictionID,
			OwnerID:        &v.OwnerID,
			VesselID:       &vesselID,
			Citation:       cite,
			Detail:         joinReasons(lines),
		}
		added, err := s.raise(ctx, tx, r, []Flag{f})
		if err != nil || len(added) == 0 {
			return err
		}
		return s.enqueue(
			ctx,
			tx,
			r,
			[]notify.Notice{
				{
					Template:  notify.TplManningNonCompliant,
					DedupeKey: fmt.Sprintf("manning:%s:%s", vesselID, from),
					Recipient: v.recipient(),
					Data: notify.Data{
						Vessel:   v.label(),
						Due:      dbDate(from),
						Days:     r.Today.DaysUntil(from),
						Citation: cite,
						Lines:    lines,
						Posts:    posts,
					},
				},
			},
		)
	})
}

// missingLines describes the roles no valid holder fills, with the rule:
// in English for the flag, and as posts the notice writes in the owner's
// language.
func missingLines(res rules.ManningResult) ([]string, []notify.Post, string) {
	var lines []string
	var posts []notify.Post
	cite := ""
	for _, m := range res.Missing {
		grades := make([]string, len(m.Grades))
		for i, g := range m.Grades {
			grades[i] = string(g)
		}
		lines = append(lines, fmt.Sprintf("%s: no crew member with a valid certificate (%s)", m.Role, joinReasons(grades)))
		posts = append(posts, notify.Post{Role: string(m.Role), Grades: grades})
		if cite == "" {
			cite = string(m.Citation)
		}
	}
	return lines, posts, cite
}

// manningInput is the manning question for a vessel on the date, asked as
// vessel compliance and the inspection recompute ask it: the crew read by
// registry.CrewOnBoard and the vessel by rules.ManningInputFor under the
// rule set of its regime in force (the setting's legacy deadline where
// none is).
func (s *Service) manningInput(ctx context.Context, vesselID uuid.UUID, on rules.Date) (rules.ManningInput, error) {
	db := s.d.DB.Gorm.WithContext(ctx)
	var v models.Vessel
	if err := db.Where("id = ?", vesselID).Take(&v).Error; err != nil {
		return rules.ManningInput{}, fmt.Errorf("vessel %s: %w", vesselID, err)
	}
	rs, err := rules.NewRegistry(s.d.Settings).For(rules.Regime(v.Regime), on)
	if err != nil {
		rs = &rules.RuleSet{Regime: rules.Regime(v.Regime), LegacyCoCDeadline: s.legacyDeadline(on)}
	}
	crew, err := registry.CrewOnBoard(ctx, s.d.DB.Gorm, vesselID, on)
	return rules.ManningInputFor(rs, registry.InspectedVessel(v), crew, on), err
}
