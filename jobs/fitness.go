package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// fitToPly reads the fit-to-ply status (the compliance view's) of vessels
// whose certificate just lapsed, and of vessels flagged unfit: a vessel
// newly unfit gets a flag and its owner a notice; one fit again has its
// flag resolved.
func (s *Service) fitToPly(ctx context.Context, r *Run, lapsed map[uuid.UUID]rules.Date) error {
	if s.d.Fitness == nil {
		r.Add("fitness_not_configured", 1)
		return nil
	}
	return s.recheckOpenFlags(ctx, r, FlagVesselUnfit, "unfit", lapsed, s.checkFit)
}

func (s *Service) checkFit(ctx context.Context, r *Run, vesselID uuid.UUID, from rules.Date, flagged bool) error {
	fit, reasons, err := s.d.Fitness.FitToPly(ctx, vesselID, r.Today)
	if err != nil {
		return fmt.Errorf("fit to ply %s: %w", vesselID, err)
	}
	r.Add("vessels_checked_fit", 1)
	return s.inTx(ctx, func(tx *gorm.DB) error {
		if fit {
			return s.resolveWhere(ctx, tx, r, flagReasonFitAgain, "kind = ? AND subject_id = ?", FlagVesselUnfit, vesselID)
		}
		if flagged {
			return nil
		}
		v, err := s.vesselOwner(ctx, tx, vesselID)
		if err != nil {
			return err
		}
		const cite = "Karnataka 2025, Sch-IX action codes 04, 06"
		f := Flag{
			Kind:           FlagVesselUnfit,
			SubjectType:    subjectVessel,
			SubjectID:      vesselID,
			Due:            from,
			JurisdictionID: v.JurisdictionID,
			OwnerID:        &v.OwnerID,
			VesselID:       &vesselID,
			Citation:       cite,
			Detail:         joinReasons(unfitMessages(reasons)),
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
					Template:  notify.TplVesselUnfit,
					DedupeKey: fmt.Sprintf("unfit:%s:%s", vesselID, from),
					Recipient: v.recipient(),
					Data: notify.Data{
						Vessel:   v.label(),
						Due:      dbDate(from),
						Days:     r.Today.DaysUntil(from),
						Citation: cite,
						Reasons:  unfitReasons(reasons),
					},
				},
			},
		)
	})
}

// unfitMessages are the reasons in English, for the flag.
func unfitMessages(rs []UnfitReason) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Message
	}
	return out
}

// unfitReasons are the reasons as the notice writes them, in the owner's
// language, from their codes.
func unfitReasons(rs []UnfitReason) []notify.Reason {
	out := make([]notify.Reason, len(rs))
	for i, r := range rs {
		out[i] = notify.Reason{Code: r.Code, Status: r.Status}
	}
	return out
}

func joinReasons(rs []string) string {
	out := ""
	for i, r := range rs {
		if i > 0 {
			out += "; "
		}
		out += r
	}
	return out
}

// vesselRow is a vessel with its owner, for notices.
type vesselRow struct {
	ID, JurisdictionID, OwnerID         uuid.UUID
	Name, RegistrationNumber            string
	OwnerName, Email, PreferredLanguage string
}

func (v vesselRow) label() string { return vesselLabel(v.Name, v.RegistrationNumber) }

func (v vesselRow) recipient() notify.Recipient {
	return notify.Owner(v.OwnerID, v.OwnerName, v.Email, v.PreferredLanguage)
}

func (s *Service) vesselOwner(ctx context.Context, tx *gorm.DB, id uuid.UUID) (vesselRow, error) {
	var v vesselRow
	err := tx.WithContext(ctx).Raw(`SELECT v.id, v.jurisdiction_id, v.owner_id, v.name, v.registration_number,
		o.name AS owner_name, o.email, o.preferred_language FROM vessels v JOIN owners o ON o.id = v.owner_id WHERE
		v.id = ?`, id).Scan(&v).Error
	if err != nil {
		return v, fmt.Errorf("vessel %s: %w", id, err)
	}
	return v, nil
}
