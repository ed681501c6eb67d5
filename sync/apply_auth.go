package sync

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// vesselArgs are args that name the vessel they concern.
type vesselArgs interface{ Vessel() uuid.UUID }

// jurisdictionOf finds the jurisdiction a mutation works in: the vessel's
// for a start or an observation, the inspection's otherwise. exists is
// false when the inspection does not exist (yet). A missing vessel gives
// uuid.Nil and exists: the command itself rejects it.
func (ct *chunkTx) jurisdictionOf(
	ctx context.Context,
	cmd inspect.Command,
	args inspect.Args,
) (uuid.UUID, bool, error) {
	st, agg := ct.st, args.Aggregate()
	if j, ok := st.jur[agg]; ok {
		return j, true, nil
	}
	table, id := "inspections", agg
	if va, ok := args.(vesselArgs); ok && (cmd.Creates || cmd.Kind == inspect.AggregateVessel) {
		// The vessel row is read once per chunk and shared with the command.
		j, ok, err := ct.w.VesselJurisdiction(ctx, va.Vessel())
		if err != nil || !ok {
			return uuid.Nil, true, err
		}
		return j, true, nil
	}
	var rows []struct{ JurisdictionID, InspectorID uuid.UUID }
	err := ct.tx.DB.WithContext(ctx).
		Raw("SELECT jurisdiction_id, inspector_id FROM "+table+" WHERE id = ?", id).
		Scan(&rows).
		Error
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("find jurisdiction: %w", err)
	}
	if len(rows) == 0 {
		return uuid.Nil, table == "vessels", nil
	}
	st.jur[agg], st.inspector[agg] = rows[0].JurisdictionID, rows[0].InspectorID
	return rows[0].JurisdictionID, true, nil
}

// CodeNotInspectionOwner rejects a mutation of an inspection by anyone but
// its inspector. Only the inspector who started an inspection changes it:
// a colleague of the same jurisdiction may read it (pulls and REST) but
// not edit, answer, record findings on, attach photos to, submit or
// discard it; supervisors act through review and amendment decisions.
// The rejection is final and the mutation is kept in
// quarantine, where supervisors see it with this reason.
const CodeNotInspectionOwner = "not_inspection_owner"

// ownerOnly refuses a command of an existing inspection from a user who is
// not its inspector. The inspector is read with the jurisdiction (one
// query per aggregate and chunk) or remembered from the start this push
// applied.
func (e *Engine) ownerOnly(ctx context.Context, tx *storage.Tx, st *state, cmd inspect.Command, agg uuid.UUID) error {
	if cmd.Creates || cmd.Kind != inspect.AggregateInspection {
		return nil
	}
	owner, ok := st.inspector[agg]
	if !ok {
		var ids []uuid.UUID
		if err := tx.DB.WithContext(ctx).
			Raw("SELECT inspector_id FROM inspections WHERE id = ?", agg).
			Scan(&ids).
			Error; err != nil {
			return fmt.Errorf("find inspector: %w", err)
		}
		if len(ids) == 0 {
			return nil // missing: the command answers that
		}
		owner = ids[0]
		st.inspector[agg] = owner
	}
	if owner != st.sc.UserID {
		return models.Errorf(models.KindForbidden, CodeNotInspectionOwner,
			"only the inspector who started this inspection changes it; you may read it, "+
				"and a supervisor may request an amendment")
	}
	return nil
}

// authorised reports whether the user was assigned to the jurisdiction on
// the (Asia/Kolkata) date of the corrected capture time: work captured
// while the user was entitled to it is never refused for authorisation
// (docs/SYNC.md).
func (ct *chunkTx) authorised(ctx context.Context, jur uuid.UUID, at time.Time) (bool, error) {
	st := ct.st
	if jur == uuid.Nil || st.sc.Role == models.RoleAdmin {
		return true, nil
	}
	day := rules.DateOf(at).String()
	key := jur.String() + "|" + day
	if ok, seen := st.assigned[key]; seen {
		return ok, nil
	}
	var ok bool
	err := ct.tx.DB.WithContext(ctx).
		Raw(`SELECT EXISTS (SELECT 1 FROM user_jurisdictions WHERE user_id = ? AND jurisdiction_id = ?
		AND starts_on <= ?::date AND (ends_on IS NULL OR ends_on >= ?::date))`, st.sc.UserID, jur, day, day).
		Scan(&ok).
		Error
	if err != nil {
		return false, fmt.Errorf("check assignment: %w", err)
	}
	st.assigned[key] = ok
	return ok, nil
}

func asError(err error, target **models.Error) bool { return errors.As(err, target) }

// vouchedFor reports whether a supervisor re-applied the quarantined
// mutation that created this aggregate for this user: that decision covers
// the user's later work on the same inspection.
func (ct *chunkTx) vouchedFor(ctx context.Context, agg uuid.UUID) (bool, error) {
	st := ct.st
	var ok bool
	err := ct.tx.DB.WithContext(ctx).
		Raw(`SELECT EXISTS (SELECT 1 FROM quarantine q JOIN applied_mutations a ON a.id = q.mutation_id
		WHERE q.state = 'reapplied' AND q.user_id = ? AND a.aggregate_id = ?)`, st.sc.UserID, agg).
		Scan(&ok).
		Error
	if err != nil {
		return false, fmt.Errorf("check supervisor decision: %w", err)
	}
	return ok, nil
}
