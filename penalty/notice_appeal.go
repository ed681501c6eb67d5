package penalty

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Appeal states and decisions.
const (
	AppealPending   = "pending"
	AppealUpheld    = "upheld"
	AppealDismissed = "dismissed"
)

// FileAppeal files an appeal against one penalty of a notice, today, if
// the window of the notice's regime is still open (rules.AppealRouteFor:
// 30 days from receipt in Karnataka, Sch-XVI para 1; 7 days from the
// written communication at Paradip, r.27). The notice's served_on is its
// receipt: it is served on the owner when issued. Errors: not_found,
// invalid (window closed — the `filed_on` field error carries the date it
// closed —, no appeal route, penalty not on the notice or not charged,
// grounds missing), conflict (an appeal of the penalty already pending or
// decided: the decision is final, Paradip 1967 r.27). photos are the
// caller's verified photos of the notice's inspection to attach
// (checkAppealPhotos); a photo refused is the `photo_ids` field error and
// nothing is written.
func (s *Service) FileAppeal(
	ctx context.Context,
	sc models.Scope,
	notice, penalty uuid.UUID,
	grounds string,
	photos []uuid.UUID,
) (models.PenaltyAppeal, error) {
	var out models.PenaltyAppeal
	grounds = strings.TrimSpace(grounds)
	if grounds == "" {
		return out, models.InvalidField("grounds", "required", "say why the penalty should be set aside")
	}
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		n, err := lockNotice(ctx, tx, sc, notice)
		if err != nil {
			return err
		}
		v, err := loadNotice(ctx, tx, sc, notice)
		if err != nil {
			return err
		}
		if err := s.checkAppeal(v, penalty); err != nil {
			return err
		}
		ids, err := checkAppealPhotos(ctx, tx, sc, n, photos)
		if err != nil {
			return err
		}
		today := rules.DateOf(s.clock())
		out = models.PenaltyAppeal{
			ID:             uuid.Must(uuid.NewV7()),
			PenaltyID:      penalty,
			NoticeID:       n.ID,
			FiledOn:        civil(today),
			WindowClosesOn: civil(v.AppealBy),
			Authority:      v.Appeal.Authority,
			Grounds:        grounds,
			FiledBy:        sc.UserID,
			State:          AppealPending,
			JurisdictionID: n.JurisdictionID,
			OwnerID:        n.OwnerID,
			Version:        1,
			CreatedAt:      time.Now().UTC(),
			UpdatedAt:      time.Now().UTC(),
			PhotoIDs:       ids,
		}
		if out.PhotoIDs == nil {
			out.PhotoIDs = []uuid.UUID{}
		}
		if err := tx.DB.WithContext(ctx).Create(&out).Error; err != nil {
			return storage.MapError(fmt.Errorf("insert appeal: %w", err), "appeal")
		}
		if err := attachAppealPhotos(ctx, tx, out.ID, ids); err != nil {
			return err
		}
		return tx.Audit("penalty_appeal.file", "penalty_appeal", out.ID, nil, out)
	})
	if err == nil {
		s.counters.appealsFiled.WithLabelValues(out.JurisdictionID.String()).Inc()
	}
	return out, err
}

// checkAppeal refuses an appeal out of time, of a penalty not charged on
// the notice, or of a penalty already appealed.
func (s *Service) checkAppeal(v NoticeView, penalty uuid.UUID) error {
	if v.Appeal == nil {
		return models.Errorf(
			models.KindInvalid,
			"no_appeal_route",
			"the %s texts name no appeal against a penalty",
			v.Notice.Regime,
		)
	}
	today := rules.DateOf(s.clock())
	if !v.Appeal.InTime(servedDate(v.Notice), today) {
		e := models.Invalid(models.FieldError{Field: "filed_on", Code: "window_closed", Message: v.AppealBy.String()})
		e.Code = "appeal_window_closed"
		e.Message = fmt.Sprintf(
			"the appeal window closed on %s: %d days from the notice of %s (%s)",
			v.AppealBy,
			v.Appeal.Days,
			servedDate(v.Notice),
			v.Appeal.Citation,
		)
		return e
	}
	l, ok := v.lineOf(penalty)
	if !ok || l.Status != string(rules.OffenceCharged) {
		return models.InvalidField(
			"penalty_id",
			"not_charged",
			"penalty %s is not charged on notice %s",
			penalty,
			v.Notice.Number,
		)
	}
	for _, a := range v.Appeals {
		if a.PenaltyID == penalty {
			return models.Errorf(
				models.KindConflict,
				"already_appealed",
				"penalty %s was appealed on %s (%s)",
				penalty,
				a.FiledOn.Format("2006-01-02"),
				a.State,
			)
		}
	}
	return nil
}

// DecideAppeal upholds or dismisses a pending appeal, by the appellate
// authority the law names: for Karnataka the Secretary, IDP & IWT (Sch-XVI
// para 2), an authority of the State Government above every port office,
// so an admin; for Paradip the Conservator of the port (r.27), above the
// Deputy Conservator whose decision is appealed, so a supervisor of the
// port other than the one who approved the inspection, or an admin. An
// upheld appeal sets the offence aside and recomputes its person's chain
// in the same transaction (chain.go): the penalty drops to nil, every later
// offence doubled because of it drops a level, the owner is told of each
// change through the penalty-adjustment notices, and every notice touched
// is revised. The same decision again answers the stored appeal. Errors:
// not_found, forbidden (not the appellate authority), invalid (decision or
// reason missing), conflict (already decided otherwise).
func (s *Service) DecideAppeal(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
) (models.PenaltyAppeal, error) {
	var a models.PenaltyAppeal
	if decision != AppealUpheld && decision != AppealDismissed {
		return a, models.InvalidField("decision", "enum", "must be upheld or dismissed")
	}
	if reason = strings.TrimSpace(reason); reason == "" {
		return a, models.InvalidField("reason", "required", "give the reasons of the decision")
	}
	decided := false // by this call, not a retry of the same decision
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		var err error
		a, decided, err = s.decideLocked(ctx, tx, sc, id, decision, reason)
		return err
	})
	if err == nil {
		as := []models.PenaltyAppeal{a}
		err = loadAppealPhotos(ctx, s.db.Gorm, as)
		a = as[0]
	}
	if err == nil && decided {
		s.counters.appealsDecided.WithLabelValues(a.JurisdictionID.String(), decision).Inc()
	}
	return a, err
}

// decideLocked locks the appeal in the caller's scope and, when it is
// pending and the caller is its appellate authority, records the decision
// (decided true). The same decision again answers the stored appeal.
func (s *Service) decideLocked(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
) (a models.PenaltyAppeal, decided bool, err error) {
	var as []models.PenaltyAppeal
	q := noticeScope(tx.DB.WithContext(ctx).Model(&models.PenaltyAppeal{}).Where("id = ?", id), sc)
	if err := q.Clauses(clause.Locking{Strength: "UPDATE"}).Find(&as).Error; err != nil {
		return a, false, fmt.Errorf("lock appeal: %w", err)
	}
	if len(as) == 0 {
		return a, false, models.NotFound("penalty appeal")
	}
	a = as[0]
	if a.State != AppealPending {
		if a.State == decision {
			return a, false, nil
		}
		return a, false, models.Errorf(models.KindConflict, "already_decided", "the appeal was %s", a.State)
	}
	if err := s.mayDecide(ctx, tx, sc, a); err != nil {
		return a, false, err
	}
	err = s.recordDecision(ctx, tx, sc, &a, decision, reason)
	return a, err == nil, err
}

// recordDecision writes the decision on a pending appeal, audits it, and
// sets the offence aside when the appeal is upheld.
func (s *Service) recordDecision(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	a *models.PenaltyAppeal,
	decision, reason string,
) error {
	now := time.Now().UTC()
	a.State, a.DecidedBy, a.DecidedAt, a.DecisionReason = decision, &sc.UserID, &now, reason
	a.Version, a.UpdatedAt = a.Version+1, now
	err := tx.DB.WithContext(ctx).
		Model(&models.PenaltyAppeal{}).
		Where("id = ?", a.ID).
		Updates(map[string]any{
			"state":           a.State,
			"decided_by":      sc.UserID,
			"decided_at":      now,
			"decision_reason": reason,
			"version":         a.Version,
			"updated_at":      now,
		}).
		Error
	if err != nil {
		return fmt.Errorf("decide appeal: %w", err)
	}
	if err := tx.Audit("penalty_appeal."+decision, "penalty_appeal", a.ID, nil, *a); err != nil {
		return err
	}
	if decision == AppealUpheld {
		return s.setAside(ctx, tx, *a)
	}
	return nil
}

// mayDecide checks that the caller is the appellate authority of the
// appeal's regime.
func (s *Service) mayDecide(ctx context.Context, tx *storage.Tx, sc models.Scope, a models.PenaltyAppeal) error {
	if sc.Role == models.RoleAdmin {
		return nil
	}
	var n models.PenaltyNotice
	if err := tx.DB.WithContext(ctx).Where("id = ?", a.NoticeID).Take(&n).Error; err != nil {
		return fmt.Errorf("appeal notice: %w", err)
	}
	route, _ := rules.AppealRouteFor(rules.Regime(n.Regime))
	if route.Level != rules.AppealPort {
		return models.Errorf(models.KindForbidden, "not_appellate_authority",
			"the appeal lies to the %s (%s): an admin records the decision", route.Authority, route.Citation)
	}
	var approved int64
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT count(*) FROM reviews WHERE inspection_id = ? AND reviewer_id = ? AND decision = ?`,
			n.InspectionID, sc.UserID, decisionApprove).
		Scan(&approved).
		Error
	if err != nil {
		return fmt.Errorf("approving reviewer: %w", err)
	}
	if approved > 0 {
		return models.Errorf(models.KindForbidden, "decided_below",
			"you made the decision appealed against; the appeal lies to the %s (%s)", route.Authority, route.Citation)
	}
	return nil
}

// setAside marks the appealed offence set aside and recomputes its
// person's chain, then names the appeal as the reason of the revisions.
func (s *Service) setAside(ctx context.Context, tx *storage.Tx, a models.PenaltyAppeal) error {
	var o models.Offence
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT o.* FROM offences o JOIN penalties p ON p.offence_id = o.id WHERE p.id = ?`, a.PenaltyID).
		Scan(&o).
		Error
	if err != nil {
		return fmt.Errorf("appealed offence: %w", err)
	}
	err = tx.DB.WithContext(ctx).Model(&models.Offence{}).Where("id = ?", o.ID).
		Updates(map[string]any{
			"status": string(rules.OffenceSetAside), "version": o.Version + 1, "updated_at": time.Now().UTC(),
		}).Error
	if err != nil {
		return fmt.Errorf("set offence aside: %w", err)
	}
	tx.Changed(EntityOffence, o.ID, offenceKeys(o)...)
	if err := RecomputeParties(ctx, tx, s.rules, s.outbox, []uuid.UUID{o.PartyID}); err != nil {
		return err
	}
	var notices []uuid.UUID
	err = tx.DB.WithContext(ctx).
		Raw(`SELECT DISTINCT notice_id FROM penalty_notice_revisions WHERE xid = txid_current()`).
		Scan(&notices).
		Error
	if err != nil {
		return fmt.Errorf("revised notices: %w", err)
	}
	for _, n := range notices {
		why := "an earlier penalty of the same person was set aside on appeal " + a.ID.String() + ": the chain was recomputed"
		if n == a.NoticeID {
			why = "penalty set aside on appeal " + a.ID.String() + " (" + a.Authority + ")"
		}
		if err := setRevisionReason(ctx, tx, n, why); err != nil {
			return err
		}
	}
	return nil
}

// civil is a civil date as a date column holds it.
func civil(d rules.Date) time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }
