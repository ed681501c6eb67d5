package penalty

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// RecomputeParties is the one function that computes penalty chains. It
// locks the parties' rows (FOR NO KEY UPDATE — exclusive among chain
// recomputations, but not against the FOR KEY SHARE that inserting an
// offence row takes through its foreign key, which would deadlock two
// pushes for one owner — in id order), reads each party's
// live offences, recomputes its chains from scratch with rules.
// RecomputeChain, and writes penalties and adjustment rows for what
// changed. Offences held for an unconfirmed time are priced in context but
// never change another offence's penalty. It never edits inspection rows,
// so it cannot form a lock cycle with the commands. A changed charged
// penalty of an owner is told to the owner through ob, in tx, once per
// adjustment (its dedupe key).
func RecomputeParties(
	ctx context.Context,
	tx *storage.Tx,
	reg *rules.Registry,
	ob notify.Outbox,
	ids []uuid.UUID,
) error {
	sort.Slice(ids, func(i, j int) bool { return ids[i].String() < ids[j].String() })
	var parties []models.LiableParty
	err := tx.DB.WithContext(ctx).
		Raw("SELECT * FROM liable_parties WHERE id IN ? ORDER BY id FOR NO KEY UPDATE", ids).
		Scan(&parties).
		Error
	if err != nil {
		return fmt.Errorf("lock liable parties: %w", err)
	}
	for _, p := range parties {
		if err := recomputeParty(ctx, tx, reg, ob, p); err != nil {
			return err
		}
	}
	return reviseNotices(ctx, tx, ids) // issued notices show every change (notice_revise.go)
}

// recomputeParty recomputes one party's chains, writes the result and the
// notices of what changed.
func recomputeParty(
	ctx context.Context,
	tx *storage.Tx,
	reg *rules.Registry,
	ob notify.Outbox,
	p models.LiableParty,
) error {
	var offs []models.Offence
	if err := tx.DB.WithContext(ctx).Where("party_id = ?", p.ID).Order("occurred_at, id").Find(&offs).Error; err != nil {
		return fmt.Errorf("load offences of party %s: %w", p.ID, err)
	}
	var pens []models.Penalty
	if err := tx.DB.WithContext(ctx).Unscoped().Where("party_id = ?", p.ID).Find(&pens).Error; err != nil {
		return fmt.Errorf("load penalties of party %s: %w", p.ID, err)
	}
	lines, rsID, err := chainLines(reg, p, offs)
	if err != nil {
		return err
	}
	byOffence := map[uuid.UUID]*models.Penalty{}
	for i := range pens {
		byOffence[pens[i].OffenceID] = &pens[i]
	}
	var fresh []models.Penalty
	var changes []penaltyChange
	first, err := tx.FirstVersion(ctx) // penalty ids derive from the offence's
	if err != nil {
		return err
	}
	for _, o := range offs {
		ln, ok := lines[o.ID.String()]
		if !ok {
			continue
		}
		if cur := byOffence[o.ID]; cur == nil {
			p := penaltyOf(o, ln, rsID)
			p.Version, p.Revision = first, 1
			fresh = append(fresh, p)
			tx.Changed(EntityPenalty, p.ID, offenceKeys(o)...)
		} else {
			ch, err := writePenalty(ctx, tx, o, ln, rsID, cur)
			if err != nil {
				return err
			}
			changes = appendChange(changes, ch)
		}
		delete(byOffence, o.ID)
	}
	if len(fresh) > 0 {
		if err := tx.DB.WithContext(ctx).Create(&fresh).Error; err != nil {
			return fmt.Errorf("insert penalties: %w", err)
		}
	}
	for _, pen := range byOffence {
		if pen.DeletedAt.Valid {
			continue
		}
		ch, err := dropPenalty(ctx, tx, pen)
		if err != nil {
			return err
		}
		changes = appendChange(changes, ch)
	}
	return noticeChanges(ctx, tx, ob, p, changes)
}

func appendChange(chs []penaltyChange, ch *penaltyChange) []penaltyChange {
	if ch == nil {
		return chs
	}
	return append(chs, *ch)
}

// chainLines prices every live offence of a party. The rule set is the one
// of the party's latest offence (the tariff and doubling settings of the
// law in force then).
func chainLines(
	reg *rules.Registry,
	p models.LiableParty,
	offs []models.Offence,
) (map[string]rules.ChainLine, string, error) {
	out := map[string]rules.ChainLine{}
	if len(offs) == 0 {
		return out, "", nil
	}
	rs, err := reg.ByID(offs[len(offs)-1].RuleSetID)
	if err != nil {
		return nil, "", fmt.Errorf("rule set for chain: %w", err)
	}
	key := rules.PartyKey{Kind: rules.Party(p.Kind), ID: p.Ref}
	if anonymous(p.Ref) {
		key.ID = ""
	}
	var base []rules.Offence
	var heldOffs []rules.Offence
	for _, o := range offs {
		if o.Held {
			heldOffs = append(heldOffs, offenceOf(o))
		} else {
			base = append(base, offenceOf(o))
		}
	}
	for _, ln := range rules.RecomputeChain(rs, key, base, nil).Lines {
		out[ln.OffenceID] = ln
	}
	for _, h := range heldOffs {
		for _, ln := range rules.RecomputeChain(rs, key, append(append([]rules.Offence(nil), base...), h), nil).Lines {
			if ln.OffenceID == h.ID {
				out[ln.OffenceID] = ln
			}
		}
	}
	return out, rs.ID, nil
}

// writePenalty updates the penalty of one offence, writing an
// adjustment when the amount or the level changes (and returning it). An
// increase to a penalty whose notice was issued is only proposed, for a
// supervisor to confirm.
func writePenalty(
	ctx context.Context,
	tx *storage.Tx,
	o models.Offence,
	ln rules.ChainLine,
	rsID string,
	cur *models.Penalty,
) (*penaltyChange, error) {
	next := penaltyOf(o, ln, rsID)
	if cur.NoticeIssuedAt != nil && cur.ProposedAmount != nil && *cur.ProposedAmount == next.Amount &&
		!cur.DeletedAt.Valid {
		return nil, nil // the rise awaiting a supervisor is this line (DecideRise writes it)
	}
	cols, err := changedPenaltyCols(ctx, tx, o, cur, &next)
	if err != nil {
		return nil, err
	}
	var ch *penaltyChange
	amountChanged := cur.Amount != next.Amount && (cur.ProposedAmount == nil || *cur.ProposedAmount != next.Amount)
	if amountChanged || cur.Level != next.Level {
		c, err := adjust(ctx, tx, o, cur, next.Amount, ln, cols)
		if err != nil {
			return nil, err
		}
		ch = &c
	}
	if len(cols) == 0 {
		return nil, nil
	}
	cols["version"], cols["updated_at"] = cur.Version+1, time.Now().UTC()
	if err := tx.DB.WithContext(ctx).
		Model(&models.Penalty{}).
		Unscoped().
		Where("id = ?", cur.ID).
		Updates(cols).
		Error; err != nil {
		return nil, fmt.Errorf("update penalty: %w", err)
	}
	tx.Changed(EntityPenalty, cur.ID, offenceKeys(o)...)
	return ch, nil
}

// changedPenaltyCols are the columns of the stored penalty the chain's line
// changes, the amount aside (adjust decides it): a revived penalty, a
// pending rise the chain has moved past, and the line's level, tariff,
// escalation, flags, trace and rule set.
func changedPenaltyCols(
	ctx context.Context,
	tx *storage.Tx,
	o models.Offence,
	cur, next *models.Penalty,
) (map[string]any, error) {
	cols := map[string]any{}
	if cur.DeletedAt.Valid {
		cols["deleted_at"] = nil
	}
	if cur.ProposedAmount != nil { // the chain moved: the pending rise is no longer its line
		if err := supersedeRise(ctx, tx, o, cur.ID); err != nil {
			return nil, err
		}
		cols["proposed_amount"] = nil
	}
	if cur.Level != next.Level || cur.UnitAmount != next.UnitAmount || !sameID(cur.EscalatedFrom, next.EscalatedFrom) ||
		!storage.EqualJSON(cur.Flags, next.Flags) || cur.RuleSetID != next.RuleSetID {
		cols["level"], cols["unit_amount"], cols["escalated_from"], cols["flags"], cols["trace"], cols["rule_set_id"] =
			next.Level, next.UnitAmount, next.EscalatedFrom, next.Flags, string(next.Trace), next.RuleSetID
	}
	return cols, nil
}

// supersedeRise declines the proposed rise of a penalty the chain has
// since priced otherwise; a supervisor deciding it gets 409 superseded.
func supersedeRise(ctx context.Context, tx *storage.Tx, o models.Offence, penalty uuid.UUID) error {
	var ids []uuid.UUID
	err := tx.DB.WithContext(ctx).
		Raw(`UPDATE penalty_adjustments SET state = 'declined', reason = reason || '; superseded by a later recomputation',
		version = version + 1, updated_at = now() WHERE penalty_id = ? AND state = 'proposed' RETURNING id`, penalty).
		Scan(&ids).
		Error
	if err != nil {
		return fmt.Errorf("supersede proposed rise: %w", err)
	}
	for _, id := range ids {
		tx.Changed(EntityAdjustment, id, offenceKeys(o)...)
	}
	return nil
}

// adjust records a changed amount or level: applied at once, or proposed
// when it raises a penalty whose notice was already issued.
func adjust(
	ctx context.Context,
	tx *storage.Tx,
	o models.Offence,
	cur *models.Penalty,
	amount int64,
	ln rules.ChainLine,
	cols map[string]any,
) (penaltyChange, error) {
	rev := cur.Revision + 1
	state := "applied"
	if cur.NoticeIssuedAt != nil && amount > cur.Amount {
		state = "proposed"
		cols["proposed_amount"] = amount
		for _, c := range []string{"level", "unit_amount", "escalated_from", "flags", "trace", "rule_set_id"} {
			delete(cols, c) // the served line stands until the rise is confirmed
		}
	} else {
		cols["amount"], cols["proposed_amount"] = amount, nil
	}
	cols["revision"] = rev
	why := fmt.Sprintf("recomputed at level %d", ln.Level)
	if ln.EscalatedFrom != "" {
		why += ": doubled from the charge for offence " + ln.EscalatedFrom
	}
	adj := models.PenaltyAdjustment{
		ID:             uuid.Must(uuid.NewV7()),
		PenaltyID:      cur.ID,
		OffenceID:      o.ID,
		OldAmount:      cur.Amount,
		NewAmount:      amount,
		Reason:         why,
		Revision:       rev,
		State:          state,
		DedupeKey:      fmt.Sprintf("%s:%d", cur.ID, rev),
		JurisdictionID: o.JurisdictionID,
		OwnerID:        o.OwnerID,
		InspectorID:    o.InspectorID,
	}
	adj.Version = 1
	if err := tx.DB.WithContext(ctx).Create(&adj).Error; err != nil {
		return penaltyChange{}, fmt.Errorf("insert penalty adjustment: %w", err)
	}
	tx.Changed(EntityAdjustment, adj.ID, offenceKeys(o)...)
	return changeOf(adj, o, cur, ln), nil
}

// dropPenalty tombstones the penalty of an offence no longer recorded,
// with an adjustment to zero (returned).
func dropPenalty(ctx context.Context, tx *storage.Tx, pen *models.Penalty) (*penaltyChange, error) {
	var o models.Offence
	if err := tx.DB.WithContext(ctx).Unscoped().Where("id = ?", pen.OffenceID).Take(&o).Error; err != nil {
		return nil, fmt.Errorf("load offence of penalty: %w", err)
	}
	cols := map[string]any{"deleted_at": time.Now().UTC()}
	var ch *penaltyChange
	if pen.Amount != 0 {
		c, err := adjust(ctx, tx, o, pen, 0, rules.ChainLine{}, cols)
		if err != nil {
			return nil, err
		}
		ch = &c
	}
	cols["version"], cols["updated_at"] = pen.Version+1, time.Now().UTC()
	if err := tx.DB.WithContext(ctx).Model(&models.Penalty{}).Where("id = ?", pen.ID).Updates(cols).Error; err != nil {
		return nil, fmt.Errorf("drop penalty: %w", err)
	}
	tx.Changed(EntityPenalty, pen.ID, offenceKeys(o)...)
	return ch, nil
}

// penaltyOf is the penalty row a chain line gives an offence.
func penaltyOf(o models.Offence, ln rules.ChainLine, rsID string) models.Penalty {
	trace, _ := json.Marshal(ln.Trace) //nolint:errcheck // strings and ints
	p := models.Penalty{
		ID:           uuid.NewSHA1(namespacePenalty, o.ID[:]),
		OffenceID:    o.ID,
		PartyID:      o.PartyID,
		InspectionID: o.InspectionID,
		PenaltyRow:   o.PenaltyRow,
		Level:        ln.Level,
		UnitAmount:   int64(ln.UnitAmount),
		Amount:       int64(ln.Amount),
		Flags:        models.Strings(ln.Flags),
		Trace: models.JSON(
			trace,
		),
		RuleSetID:      rsID,
		JurisdictionID: o.JurisdictionID,
		OwnerID:        o.OwnerID,
		InspectorID:    o.InspectorID,
	}
	if p.Flags == nil {
		p.Flags = models.Strings{}
	}
	if ln.EscalatedFrom != "" {
		if id, err := uuid.Parse(ln.EscalatedFrom); err == nil {
			p.EscalatedFrom = &id
		}
	}
	return p
}

func offenceKeys(o models.Offence) []string {
	return []string{
		storage.ScopeJurisdiction(o.JurisdictionID),
		storage.ScopeOwner(o.OwnerID),
		storage.ScopeUser(o.InspectorID),
	}
}

func sameID(a, b *uuid.UUID) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
