package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// partiesPerTx bounds the liable parties one reconciliation transaction
// locks and recomputes.
const partiesPerTx = 100

// repeatOffences is the repeat-offences job, a reconciliation (docs/OPERATIONS.md):
// for every liable party with an offence in the last 13 months it calls
// penalty.RecomputeParties — the same chain function every push and
// review calls — and looks at what that wrote. There should be nothing:
// any adjustment is a difference, recorded by the chain function (which
// also tells the owner of a changed charged fine, once per adjustment, in
// the same transaction) and alerted to admins. Parties with a doubled
// fine in the window are flagged as repeat offenders.
func (s *Service) repeatOffences(ctx context.Context, r *Run) error {
	var ids []uuid.UUID
	// "Within a year" (Sch-IV note) of the last charge, plus a month's
	// margin, counted as the law counts months (rules.Date.AddMonths).
	since := r.Today.AddMonths(-13).Time()
	err := s.d.DB.Gorm.WithContext(ctx).
		Raw(`SELECT DISTINCT party_id FROM offences WHERE deleted_at IS NULL AND occurred_at >= ? ORDER BY party_id`, since).
		Scan(&ids).
		Error
	if err != nil {
		return fmt.Errorf("parties with recent offences: %w", err)
	}
	reg := rules.NewRegistry(s.d.Settings)
	var diffs []string
	for len(ids) > 0 {
		k := min(len(ids), partiesPerTx)
		d, err := s.reconcile(ctx, r, reg, ids[:k], since)
		if err != nil {
			return err
		}
		diffs = append(diffs, d...)
		ids = ids[k:]
	}
	if len(diffs) > 0 {
		s.d.Log.Error("penalty chains differed from their recomputation", "run", r.ID, "differences", len(diffs),
			"adjustments", diffs)
		s.alert(ctx, "repeat-offences:"+r.ID.String(), notify.Data{Reason: notify.AlertChainsDiffered,
			Doc: JobRepeatOffences, Due: dbDate(r.Today), Count: len(diffs)})
	}
	return nil
}

// adjustment is a penalty adjustment, as the alert lists it.
type adjustment struct {
	PenaltyID            uuid.UUID
	OldAmount, NewAmount int64
	PenaltyRow, Reason   string
}

// reconcile recomputes a chunk of parties in one transaction and handles
// the adjustments the recomputation wrote.
func (s *Service) reconcile(
	ctx context.Context,
	r *Run,
	reg *rules.Registry,
	ids []uuid.UUID,
	since time.Time,
) ([]string, error) {
	var diffs []string
	err := s.d.DB.InTx(ctx, storage.Actor{RequestID: "job:" + r.Job + ":" + r.ID.String()}, func(tx *storage.Tx) error {
		db := tx.DB.WithContext(ctx)
		if err := db.Exec(`SELECT 1 FROM liable_parties WHERE id IN ? ORDER BY id FOR UPDATE`, ids).Error; err != nil {
			return fmt.Errorf("lock parties: %w", err)
		}
		var before []uuid.UUID
		if err := db.Raw(`SELECT a.id FROM penalty_adjustments a JOIN penalties p ON p.id = a.penalty_id WHERE
			p.party_id IN ?`, ids).Scan(&before).Error; err != nil {
			return fmt.Errorf("adjustments before: %w", err)
		}
		var pensBefore []uuid.UUID
		if err := db.Raw(`SELECT id FROM penalties WHERE party_id IN ? AND deleted_at IS NULL`, ids).
			Scan(&pensBefore).
			Error; err != nil {
			return fmt.Errorf("penalties before: %w", err)
		}
		if err := penalty.RecomputeParties(ctx, tx, reg, s.d.Outbox, ids); err != nil {
			return err
		}
		var created []struct {
			ID         uuid.UUID
			PenaltyRow string
			Amount     int64
		}
		if err := db.Raw(`SELECT id, penalty_row, amount FROM penalties WHERE party_id IN ? AND deleted_at IS NULL
			AND id NOT IN ?`,
			ids, append(pensBefore, uuid.Nil)).Scan(&created).Error; err != nil {
			return fmt.Errorf("penalties created: %w", err)
		}
		for _, c := range created {
			diffs = append(diffs, fmt.Sprintf("penalty %s (row %s): missing, now Rs %d", c.ID, c.PenaltyRow, c.Amount))
		}
		r.Add("penalties_created", len(created))
		r.Add("parties_reconciled", len(ids))
		adjs, err := s.newAdjustments(ctx, tx, ids, append(before, uuid.Nil))
		if err != nil {
			return err
		}
		for _, a := range adjs {
			diffs = append(
				diffs,
				fmt.Sprintf(
					"penalty %s (row %s): Rs %d → Rs %d (%s)",
					a.PenaltyID,
					a.PenaltyRow,
					a.OldAmount,
					a.NewAmount,
					a.Reason,
				),
			)
		}
		r.Add("adjustments", len(adjs))
		return s.flagRepeatOffenders(ctx, tx, r, ids, since)
	})
	return diffs, err
}

func (s *Service) newAdjustments(ctx context.Context, tx *storage.Tx, ids, before []uuid.UUID) ([]adjustment, error) {
	var out []adjustment
	err := tx.DB.WithContext(ctx).Raw(`
		SELECT a.penalty_id, a.old_amount, a.new_amount, p.penalty_row, a.reason
		FROM penalty_adjustments a JOIN penalties p ON p.id = a.penalty_id
		WHERE p.party_id IN ? AND a.id NOT IN ? ORDER BY a.id`, ids, before).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("new adjustments: %w", err)
	}
	return out, nil
}

// flagRepeatOffenders flags each party of the chunk with a doubled fine
// (level above 1) for an offence in the window, once per offence date.
func (s *Service) flagRepeatOffenders(
	ctx context.Context,
	tx *storage.Tx,
	r *Run,
	ids []uuid.UUID,
	since time.Time,
) error {
	var rows []struct {
		PartyID, JurisdictionID, OwnerID, VesselID uuid.UUID
		OccurredAt                                 time.Time
		PenaltyRow                                 string
		Level                                      int
	}
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT p.party_id, p.jurisdiction_id, p.owner_id, o.vessel_id, o.occurred_at, p.penalty_row, p.level
		FROM penalties p JOIN offences o ON o.id = p.offence_id
		WHERE p.party_id IN ? AND p.deleted_at IS NULL AND o.deleted_at IS NULL AND p.level > 1 AND o.occurred_at >=
		?`, ids, since).
		Scan(&rows).
		Error
	if err != nil {
		return fmt.Errorf("repeat offenders: %w", err)
	}
	var flags []Flag
	for _, x := range rows {
		oid, vid := x.OwnerID, x.VesselID
		flags = append(
			flags,
			Flag{
				Kind:           FlagRepeatOffender,
				SubjectType:    subjectParty,
				SubjectID:      x.PartyID,
				Document:       x.PenaltyRow,
				Due:            rules.DateOf(x.OccurredAt),
				JurisdictionID: x.JurisdictionID,
				OwnerID:        &oid,
				VesselID:       &vid,
				Citation:       "Karnataka 2025, Sch-IV note",
				Detail:         fmt.Sprintf("offence %d of row %s within a year", x.Level, x.PenaltyRow),
			},
		)
	}
	_, err = s.raise(ctx, tx.DB, r, flags)
	return err
}
