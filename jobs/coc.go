package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
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
	var open []uuid.UUID
	err = s.d.DB.Gorm.WithContext(ctx).Raw(`SELECT DISTINCT subject_id FROM flags WHERE kind = ? AND status = 'open'`, FlagManningNonCompliant).Scan(&open).Error
	if err != nil {
		return fmt.Errorf("open manning flags: %w", err)
	}
	recheck := map[uuid.UUID]bool{}
	for _, id := range open {
		recheck[id] = true
		if _, ok := passed[id]; !ok {
			passed[id] = r.Today
		}
	}
	for id, from := range passed {
		if err := s.checkManning(ctx, r, id, from, recheck[id]); err != nil {
			return err
		}
	}
	return nil
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
			return s.resolveWhere(ctx, tx, r, flagReasonManningComplete, "kind = ? AND subject_id = ?", FlagManningNonCompliant, vesselID)
		}
		if flagged {
			return nil
		}
		v, err := s.vesselOwner(ctx, tx, vesselID)
		if err != nil {
			return err
		}
		lines, posts, cite := missingLines(res)
		f := Flag{Kind: FlagManningNonCompliant, SubjectType: subjectVessel, SubjectID: vesselID, Due: from,
			JurisdictionID: v.JurisdictionID, OwnerID: &v.OwnerID, VesselID: &vesselID, Citation: cite, Detail: joinReasons(lines)}
		added, err := s.raise(ctx, tx, r, []Flag{f})
		if err != nil || len(added) == 0 {
			return err
		}
		return s.enqueue(ctx, tx, r, []notify.Notice{{Template: notify.TplManningNonCompliant, DedupeKey: fmt.Sprintf("manning:%s:%s", vesselID, from),
			Recipient: v.recipient(), Data: notify.Data{Vessel: v.label(), Due: dbDate(from), Days: r.Today.DaysUntil(from), Citation: cite, Lines: lines, Posts: posts}}})
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

// manningInput is a vessel with the crew signed on on the date and all
// their certificates, as rules.CheckManning reads them.
func (s *Service) manningInput(ctx context.Context, vesselID uuid.UUID, on rules.Date) (rules.ManningInput, error) {
	db := s.d.DB.Gorm.WithContext(ctx)
	var v models.Vessel
	if err := db.Where("id = ?", vesselID).Take(&v).Error; err != nil {
		return rules.ManningInput{}, fmt.Errorf("vessel %s: %w", vesselID, err)
	}
	in := rules.ManningInput{Regime: rules.Regime(v.Regime), Kind: rules.VesselKind(v.Kind), Use: rules.Use(v.Use), On: on,
		LegacyDeadline: s.legacyDeadline(on), Crew: []rules.CrewOnBoard{}}
	if v.Category != nil {
		in.Category = rules.Category(*v.Category)
	}
	if v.Zone != nil {
		in.Zone = rules.Zone(*v.Zone)
	}
	if v.EnginePower != nil && v.PowerUnit != nil {
		in.EnginePower, in.PowerUnit = *v.EnginePower, rules.PowerUnit(*v.PowerUnit)
	}
	if v.LengthM != nil {
		in.LengthM = *v.LengthM
	}
	crew, err := s.crewOnBoard(ctx, vesselID, on)
	in.Crew = append(in.Crew, crew...)
	return in, err
}

// crewOnBoard lists the crew signed on on the date with their certificates.
func (s *Service) crewOnBoard(ctx context.Context, vesselID uuid.UUID, on rules.Date) ([]rules.CrewOnBoard, error) {
	db := s.d.DB.Gorm.WithContext(ctx)
	day := dbDate(on)
	var posts []models.VesselCrew
	if err := db.Where("vessel_id = ? AND signed_on <= ? AND (signed_off IS NULL OR signed_off > ?)", vesselID, day, day).Order("signed_on, id").Find(&posts).Error; err != nil {
		return nil, fmt.Errorf("crew of %s: %w", vesselID, err)
	}
	ids := make([]uuid.UUID, len(posts))
	for i, p := range posts {
		ids[i] = p.CrewMemberID
	}
	var certs []models.Certificate
	if err := db.Where("crew_member_id IN ? AND status = 'valid'", append(ids, uuid.Nil)).Find(&certs).Error; err != nil {
		return nil, fmt.Errorf("crew certificates of %s: %w", vesselID, err)
	}
	byCrew := map[uuid.UUID][]rules.CrewCertificate{}
	for _, c := range certs {
		byCrew[*c.CrewMemberID] = append(byCrew[*c.CrewMemberID], rules.CrewCertificate{Grade: rules.CertificateGrade(c.Grade), Legacy: c.Legacy,
			IssuedOn: ruleDate(c.IssuedOn), ExpiresOn: ruleDatePtr(c.ExpiresOn), RevalidatedOn: ruleDatePtr(c.RevalidatedOn)})
	}
	out := make([]rules.CrewOnBoard, 0, len(posts))
	for _, p := range posts {
		out = append(out, rules.CrewOnBoard{ID: p.CrewMemberID.String(), Role: p.Role, Certificates: byCrew[p.CrewMemberID]})
	}
	return out, nil
}
