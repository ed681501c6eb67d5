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

// Decisions on a proposed rise of a served penalty.
const (
	RiseConfirm = "confirm"
	RiseReject  = "reject"
)

// RiseDecision is a supervisor's decision on a proposed rise.
type RiseDecision struct {
	Decision string // RiseConfirm | RiseReject
	Reason   string
}

// DecideRise confirms or rejects a proposed rise of a penalty whose notice
// was served (chain.go adjust: a served challan rises only by an officer's
// act). Confirmed, the penalty takes the new amount, the notice is revised
// (a paid line then shows the difference due) and the owner is told;
// rejected, the penalty keeps its amount. Only a supervisor of the
// penalty's jurisdiction (or an admin) decides; others get 404. The same
// decision again answers the decided adjustment; the other, 409
// already_decided. Audited. Errors: KindInvalid (decision, reason),
// KindNotFound, KindConflict (already_decided, superseded).
func (s *Service) DecideRise(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	in RiseDecision,
) (models.PenaltyAdjustment, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Decision != RiseConfirm && in.Decision != RiseReject {
		return models.PenaltyAdjustment{}, models.InvalidField("decision", "enum", "must be confirm or reject")
	}
	if in.Reason == "" || len(in.Reason) > 2000 {
		return models.PenaltyAdjustment{}, models.InvalidField(
			"reason",
			"required",
			"the officer's reason is required (at most 2000 characters)",
		)
	}
	var out models.PenaltyAdjustment
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		adj, pen, err := lockRise(ctx, tx, sc, id)
		if err != nil {
			return err
		}
		out = adj
		if adj.State != "proposed" {
			return alreadyDecided(adj, in.Decision)
		}
		if pen.ProposedAmount == nil || *pen.ProposedAmount != adj.NewAmount {
			return models.Errorf(
				models.KindConflict,
				"superseded",
				"the chain has since proposed another amount for this penalty: decide the latest proposal",
			)
		}
		out, err = s.applyRise(ctx, tx, sc, adj, pen, in)
		return err
	})
	return out, err
}

// alreadyDecided answers a decision on an adjustment no longer proposed.
func alreadyDecided(adj models.PenaltyAdjustment, decision string) error {
	same := (decision == RiseConfirm && adj.State == "confirmed") || (decision == RiseReject && adj.State == "declined")
	if same {
		return nil
	}
	return models.Errorf(models.KindConflict, "already_decided", "the adjustment is %s", adj.State)
}

// lockRise locks, in the chain's lock order (party, then penalty), the
// liable party, the adjustment and its penalty, in the caller's scope.
func lockRise(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	id uuid.UUID,
) (models.PenaltyAdjustment, models.Penalty, error) {
	db := tx.DB.WithContext(ctx)
	var adj models.PenaltyAdjustment
	err := storage.Scoped(db, sc, storage.OfficialsByJurisdiction).Where("id = ?", id).Take(&adj).Error
	if err != nil {
		return adj, models.Penalty{}, models.NotFound("penalty adjustment")
	}
	var pen models.Penalty
	if err := db.Where("id = ?", adj.PenaltyID).Take(&pen).Error; err != nil {
		return adj, pen, fmt.Errorf("load penalty: %w", err)
	}
	if err := db.Exec("SELECT id FROM liable_parties WHERE id = ? FOR NO KEY UPDATE", pen.PartyID).Error; err != nil {
		return adj, pen, fmt.Errorf("lock liable party: %w", err)
	}
	if err := db.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&adj).Error; err != nil {
		return adj, pen, fmt.Errorf("lock adjustment: %w", err)
	}
	if err := db.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", adj.PenaltyID).Take(&pen).Error; err != nil {
		return adj, pen, fmt.Errorf("lock penalty: %w", err)
	}
	return adj, pen, nil
}

// applyRise writes the decision, revises the notice and tells the owner.
func (s *Service) applyRise(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	adj models.PenaltyAdjustment,
	pen models.Penalty,
	in RiseDecision,
) (models.PenaltyAdjustment, error) {
	db := tx.DB.WithContext(ctx)
	now := time.Now().UTC()
	state, cols := "declined", map[string]any{"proposed_amount": nil, "version": pen.Version + 1, "updated_at": now}
	var ln rules.ChainLine
	if in.Decision == RiseConfirm {
		next, line, err := s.chainLineOf(ctx, tx, pen)
		if err != nil {
			return adj, err
		}
		if next.Amount != adj.NewAmount {
			return adj, models.Errorf(
				models.KindConflict,
				"superseded",
				"the chain now gives Rs %d for this penalty, not the Rs %d proposed",
				next.Amount,
				adj.NewAmount,
			)
		}
		state, ln = "confirmed", line
		cols["amount"], cols["level"], cols["unit_amount"], cols["escalated_from"] =
			next.Amount, next.Level, next.UnitAmount, next.EscalatedFrom
		cols["flags"], cols["trace"], cols["rule_set_id"] = next.Flags, string(next.Trace), next.RuleSetID
	}
	if err := db.Model(&models.Penalty{}).Where("id = ?", pen.ID).Updates(cols).Error; err != nil {
		return adj, fmt.Errorf("update penalty: %w", err)
	}
	reason := adj.Reason + "; " + state + " by the supervisor: " + in.Reason
	if err := db.Exec(
		`UPDATE penalty_adjustments SET state = ?, reason = ?, version = version + 1, updated_at = ? WHERE id = ?`,
		state,
		reason,
		now,
		adj.ID,
	).Error; err != nil {
		return adj, fmt.Errorf("update penalty adjustment: %w", err)
	}
	var o models.Offence
	if err := db.Unscoped().Where("id = ?", adj.OffenceID).Take(&o).Error; err != nil {
		return adj, fmt.Errorf("load offence: %w", err)
	}
	tx.Changed(EntityPenalty, pen.ID, offenceKeys(o)...)
	tx.Changed(EntityAdjustment, adj.ID, offenceKeys(o)...)
	if err := tx.Audit(
		"penalty_adjustment."+in.Decision,
		EntityAdjustment,
		adj.ID,
		map[string]any{"state": adj.State, "amount": pen.Amount},
		map[string]any{
			"state":  state,
			"amount": map[bool]int64{true: adj.NewAmount, false: pen.Amount}[state == "confirmed"],
			"reason": in.Reason,
		},
	); err != nil {
		return adj, err
	}
	adj.State, adj.Reason, adj.Version = state, reason, adj.Version+1
	if state != "confirmed" {
		return adj, nil
	}
	return adj, s.tellRise(ctx, tx, adj, pen, o, ln)
}

// chainLineOf prices the penalty's offence in its party's chain now, as
// RecomputeParties would: the line a confirmed rise applies.
func (s *Service) chainLineOf(
	ctx context.Context,
	tx *storage.Tx,
	pen models.Penalty,
) (models.Penalty, rules.ChainLine, error) {
	var p models.LiableParty
	if err := tx.DB.WithContext(ctx).Where("id = ?", pen.PartyID).Take(&p).Error; err != nil {
		return pen, rules.ChainLine{}, fmt.Errorf("load liable party: %w", err)
	}
	var offs []models.Offence
	if err := tx.DB.WithContext(ctx).Where("party_id = ?", p.ID).Order("occurred_at, id").Find(&offs).Error; err != nil {
		return pen, rules.ChainLine{}, fmt.Errorf("load offences of party %s: %w", p.ID, err)
	}
	lines, rsID, err := chainLines(s.rules, p, offs)
	if err != nil {
		return pen, rules.ChainLine{}, err
	}
	for _, o := range offs {
		if ln, ok := lines[o.ID.String()]; ok && o.ID == pen.OffenceID {
			return penaltyOf(o, ln, rsID), ln, nil
		}
	}
	return pen, rules.ChainLine{}, models.Errorf(
		models.KindConflict,
		"superseded",
		"the offence of this penalty is no longer charged",
	)
}

// tellRise revises the served notice and tells the owner of a confirmed
// rise, once (the adjustment's dedupe key), with the doubling trace.
func (s *Service) tellRise(
	ctx context.Context,
	tx *storage.Tx,
	adj models.PenaltyAdjustment,
	pen models.Penalty,
	o models.Offence,
	ln rules.ChainLine,
) error {
	var ns []models.PenaltyNotice
	if err := tx.DB.WithContext(ctx).
		Raw(`SELECT * FROM penalty_notices WHERE inspection_id = ? ORDER BY id FOR UPDATE`, pen.InspectionID).
		Scan(&ns).
		Error; err != nil {
		return fmt.Errorf("lock penalty notices: %w", err)
	}
	for i := range ns {
		if _, err := reviseNotice(ctx, tx, &ns[i], "a rise confirmed by the supervisor"); err != nil {
			return err
		}
	}
	told := adj
	told.State = "applied" // what the owner is told: the amount now due
	before := pen          // as served: the level and amount before the rise
	var p models.LiableParty
	if err := tx.DB.WithContext(ctx).Where("id = ?", pen.PartyID).Take(&p).Error; err != nil {
		return fmt.Errorf("load liable party: %w", err)
	}
	return noticeChanges(ctx, tx, s.outbox, p, []penaltyChange{changeOf(told, o, &before, ln)})
}
