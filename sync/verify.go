package sync

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
)

// Verify states.
const (
	VerifyExists     = "exists"
	VerifyDeleted    = "deleted"
	VerifyOutOfScope = "out_of_scope"
)

// MaxVerifyIDs is the most ids one verify may ask about.
const MaxVerifyIDs = 1000

// VerifyResult is what the server knows of one id, for the caller.
type VerifyResult struct {
	ID      uuid.UUID
	State   string // VerifyExists, VerifyDeleted or VerifyOutOfScope
	Type    string // exists and deleted only
	Version int64  // exists and deleted only
}

// Verify says for each id whether it exists (and the caller may see it),
// was deleted, or is out of the caller's scope: an id the server does not
// know, or whose record the caller may not see, is out_of_scope, so that
// verify reveals nothing REST would not. Results are in request order.
// The answer holds in the returned epoch only: an epoch sent that is not
// the current one answers *EpochChangedError, so that an app never deletes
// its copy of a record on the word of a restored database it has not yet
// resent its work to (docs/SYNC.md §8). Errors: KindInvalid for more than
// MaxVerifyIDs ids, *EpochChangedError.
func (e *PullEngine) Verify(
	ctx context.Context,
	v Viewer,
	ids []uuid.UUID,
	sentEpoch string,
) ([]VerifyResult, string, error) {
	if len(ids) > MaxVerifyIDs {
		return nil, "", models.Invalid(
			models.FieldError{Field: "ids", Code: "too_many", Message: "ask about at most 1000 ids at a time"},
		)
	}
	found := map[uuid.UUID]VerifyResult{}
	var epoch string
	err := pgx.BeginTxFunc(
		ctx,
		e.read,
		pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error {
			var err error
			if epoch, err = Epoch(ctx, tx); err != nil {
				return err
			}
			if err := checkEpoch(sentEpoch, epoch); err != nil {
				return err
			}
			// The readers' queries match only rows filed under the caller's
			// scope keys now, so an id of another scope is not found at all:
			// it answers exactly as an id the server never knew.
			keys, err := scopeKeys(ctx, tx, v)
			if err != nil {
				return err
			}
			v.keys = keys
			for _, r := range e.readers {
				rows, err := r.Load(ctx, tx, v, ids)
				if err != nil {
					return err
				}
				for _, row := range rows {
					found[row.ID] = verdict(r.Type(), row)
				}
			}
			return nil
		},
	)
	if err != nil {
		return nil, "", err
	}
	out := make([]VerifyResult, len(ids))
	for i, id := range ids {
		res, ok := found[id]
		if !ok || res.State == VerifyOutOfScope {
			res = VerifyResult{ID: id, State: VerifyOutOfScope}
		}
		out[i] = res
	}
	return out, epoch, nil
}

// verdict applies the pull's rule to one row. A tombstone is reported as
// deleted only when its scope columns put it within the caller's reach.
func verdict(typ string, row ReaderRow) VerifyResult {
	switch {
	case !row.Visible:
	case row.Deleted:
		return VerifyResult{ID: row.ID, State: VerifyDeleted, Type: typ, Version: row.Version}
	default:
		return VerifyResult{ID: row.ID, State: VerifyExists, Type: typ, Version: row.Version}
	}
	return VerifyResult{ID: row.ID, State: VerifyOutOfScope}
}
