package sync

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// errSplit asks applyAll to rerun a failed batched chunk larger than
// ChunkSize as unbatched chunks.
var errSplit = errors.New("rerun the chunk unbatched, split")

// applyChunk applies up to BatchedChunkSize mutations in one transaction.
// A batched attempt writes answers, new findings and photo records, and their
// applied_mutations records, in a few multi-row statements at the end of
// the chunk instead of one round trip each (inspect.Work.DeferWrites). If
// one of those statements fails (a finding id taken by another
// inspection, a mutation id recorded by a concurrent push), nothing of the
// attempt is kept and the chunk is rerun unbatched, where every mutation's
// record and writes go first inside its own savepoint and the failing one
// is isolated and answered on its own, as docs/SYNC.md §2 describes.
//
// If the transaction fails as a whole (a deadlock in the chain recompute, a
// lost lease, the change-log lock timeout), every result of the chunk is
// retry. The first chunk of a push takes the device and the last gives it
// back; failing to take it fails the push.
func (e *Engine) applyChunk(ctx context.Context, st *state, chunk []indexed, last, batched bool) ([]Result, error) {
	begun := time.Now()
	var results []Result
	defer func() { e.m.observe(begun, results) }()
	taking := !st.drain && !st.leased
	results, err := e.runChunk(ctx, st, chunk, last, taking, batched)
	if batched && err != nil && rerunUnbatched(err) {
		e.opt.Logger.Info("push chunk rerun unbatched", "device", st.dev.ID, "err", err)
		e.m.rerun()
		if len(chunk) > e.opt.ChunkSize {
			results = nil
			return nil, errSplit
		}
		results, err = e.runChunk(ctx, st, chunk, last, taking, false)
	}
	if err != nil && taking && models.KindOf(err) != "" {
		return nil, err
	}
	if err != nil {
		e.opt.Logger.Warn("push chunk rolled back", "device", st.dev.ID, "err", err)
		st.retrying = true
		for i, x := range chunk {
			results[i] = retryResult(x.m, CodeBusy)
		}
		return results, nil
	}
	st.leased = st.leased || taking
	st.released = last && !st.drain
	return results, nil
}

// runChunk runs the chunk's transaction once. It owns the undo of the
// whole attempt: when the transaction fails, the state goes back with it
// to where the attempt started, so the chunk can be rerun or answered
// retry.
func (e *Engine) runChunk(
	ctx context.Context,
	st *state,
	chunk []indexed,
	last, taking, batched bool,
) ([]Result, error) {
	snap := st.save()
	results := make([]Result, len(chunk))
	err := st.dbOf(e).InTx(ctx, actor(st), func(tx *storage.Tx) error {
		seen, err := e.deviceFor(ctx, tx, st, taking, chunk)
		if err != nil {
			return err
		}
		if err := e.loadBacklog(ctx, tx, st); err != nil {
			return err
		}
		if seen == nil {
			if seen, err = recorded(ctx, tx, chunk); err != nil {
				return err
			}
		}
		ct := e.chunkTxWith(ctx, st, tx, batched, seen)
		var outs []pending
		for i, x := range chunk {
			r, p := ct.apply(ctx, x.m)
			results[i] = r
			if p != nil {
				outs = append(outs, *p)
			}
		}
		return ct.finish(ctx, outs, last)
	})
	if err != nil {
		st.restore(snap)
	}
	return results, err
}

// rerunUnbatched reports whether a batched attempt failed in a way an
// unbatched one isolates: a deferred write refused by a constraint.
func rerunUnbatched(err error) bool {
	var pg *pgconn.PgError
	return inspect.IsSettleError(err) || (errors.As(err, &pg) && strings.HasPrefix(pg.Code, "23"))
}

// chunkTx is one attempt at a chunk (or one reapply): its transaction, the
// unit of work inside it, and what the attempt learns, which dies with
// the transaction.
type chunkTx struct {
	e     *Engine
	st    *state
	tx    *storage.Tx
	w     *inspect.Work
	pre   *prelude // every statement of tx goes through it (see prelude)
	batch bool     // defer answers, findings and their records (see applyChunk)
	seen  map[uuid.UUID]models.AppliedMutation
	// savepoints counts the mutations' savepoints: each has its own name,
	// so a rollback never reaches an earlier mutation's.
	savepoints int
	abort      error // a deferred write failed: the attempt is rolled back and rerun unbatched
}

// newChunkTx starts an attempt in tx: it reads the chunk's already
// recorded mutation ids in one query, then routes the transaction's
// statements through a prelude, so that a mutation's savepoint goes out
// with the first statement sent after it is taken.
func (e *Engine) newChunkTx(
	ctx context.Context,
	st *state,
	tx *storage.Tx,
	batch bool,
	chunk []indexed,
) (*chunkTx, error) {
	seen, err := recorded(ctx, tx, chunk)
	if err != nil {
		return nil, err
	}
	return e.chunkTxWith(ctx, st, tx, batch, seen), nil
}

// chunkTxWith starts an attempt in tx whose recorded mutation ids are
// already read (seen; see takeIn, which reads them with the device).
func (e *Engine) chunkTxWith(
	ctx context.Context,
	st *state,
	tx *storage.Tx,
	batch bool,
	seen map[uuid.UUID]models.AppliedMutation,
) *chunkTx {
	ct := &chunkTx{e: e, st: st, tx: tx, batch: batch, seen: seen, pre: wrapPrelude(ctx, tx), w: e.insp.NewWork(tx)}
	if batch {
		ct.w.DeferWrites()
	}
	return ct
}

// recorded reads the applied_mutations records of the chunk's ids
// (recordedSQL, as takeIn reads them with the device).
func recorded(ctx context.Context, tx *storage.Tx, chunk []indexed) (map[uuid.UUID]models.AppliedMutation, error) {
	seen := map[uuid.UUID]models.AppliedMutation{}
	if len(chunk) == 0 {
		return seen, nil
	}
	ids := make([]uuid.UUID, len(chunk))
	for i, x := range chunk {
		ids[i] = x.m.ID
	}
	var raw []byte
	if err := tx.DB.WithContext(ctx).Raw(recordedSQL, ids).Row().Scan(&raw); err != nil {
		return nil, fmt.Errorf("look up mutation ids: %w", err)
	}
	return decodeRecorded(raw)
}

// finish ends the attempt: the outcomes of the applied mutations, the
// unit of work's recomputations and buffered rows, and on a push's last
// chunk the device given back.
func (ct *chunkTx) finish(ctx context.Context, outs []pending, last bool) error {
	if ct.abort != nil {
		return ct.abort
	}
	if err := writeOutcomes(ctx, ct.tx, outs); err != nil {
		return err
	}
	if err := ct.w.Finish(ctx); err != nil {
		return err
	}
	if last && !ct.st.drain {
		return ct.e.releaseIn(ctx, ct.tx, ct.st)
	}
	return nil
}
