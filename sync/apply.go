package sync

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// apply decides and, if it can, applies one mutation inside its own
// savepoint. It returns the result and, for an applied mutation, the
// outcome to store.
func (ct *chunkTx) apply(ctx context.Context, m Mutation) (Result, *pending) {
	if ct.st.retrying {
		return retryResult(m, CodeAfterRetry), nil
	}
	decoded := decodeArgs(m.Args) // once, for the hash and the text checks
	var hash []byte
	herr := decoded.err
	if herr == nil {
		hash, herr = requestHashOf(m, decoded)
	}
	if herr == nil {
		if r, done := ct.known(ctx, m, hash); done {
			return r, nil
		}
	}
	// Checked before anything writes it: a string the database cannot
	// store would fail every statement on every resend (retry forever).
	if path, bad := textProblem(m, decoded); bad {
		return ct.reject(ctx, m, hash, invalidText(path)), nil
	}
	if err := unsafeText(m, decoded); err != nil { // shown on a page, a PDF or a mail otherwise than typed
		return ct.reject(ctx, m, hash, err), nil
	}
	if herr != nil {
		return ct.reject(
			ctx,
			m,
			nil,
			models.Invalid(models.FieldError{Field: "args", Code: "invalid", Message: "not valid JSON"}),
		), nil
	}
	cmd, ok := inspect.LookupCommand(m.Name, m.Version)
	if !ok && ct.st.newerThanServer(m) {
		ct.st.retrying = true
		r := retryResult(m, CodeUnknownMutation)
		r.Message = fmt.Sprintf("this server does not know %s v%d yet", m.Name, m.Version)
		return r, nil
	}
	if !ok {
		return ct.reject(ctx, m, hash, models.Errorf(
			models.KindInvalid,
			CodeUntranslatable,
			"%s v%d is not a mutation of protocol %d; it is kept whole for an administrator",
			m.Name,
			m.Version,
			ProtocolVersion,
		)), nil
	}
	if err := ValidateArgs(m); err != nil { // the contract's schema first: it names each field
		return ct.reject(ctx, m, hash, err), nil
	}
	args, err := cmd.Decode(m.Args)
	if err != nil {
		return ct.reject(ctx, m, hash, err), nil
	}
	return ct.check(ctx, m, hash, cmd, args)
}

// check runs the order, time and authorisation checks, then the command.
func (ct *chunkTx) check(
	ctx context.Context,
	m Mutation,
	hash []byte,
	cmd inspect.Command,
	args inspect.Args,
) (Result, *pending) {
	st, agg := ct.st, args.Aggregate()
	if r, stop := ct.ordered(ctx, m, hash, agg); stop {
		return r, nil
	}
	c, err := st.captureOf(m)
	if err != nil {
		return ct.reject(ctx, m, hash, err), nil
	}
	jur, r, stop := ct.admit(ctx, m, hash, cmd, args, c)
	if stop {
		return r, nil
	}
	r, p := ct.run(ctx, m, hash, cmd, args, c)
	if p != nil && cmd.Creates && cmd.Kind == inspect.AggregateInspection && r.Code == "" && jur != uuid.Nil {
		st.jur[agg] = jur // the inspection just created took its vessel's jurisdiction, read from the same row
		st.inspector[agg] = st.sc.UserID
	}
	return r, p
}

// ordered holds back a mutation a supervisor holds in quarantine, and one
// behind an earlier mutation of its aggregate that did not apply: stop is
// true with the answer for it.
func (ct *chunkTx) ordered(ctx context.Context, m Mutation, hash []byte, agg uuid.UUID) (r Result, stop bool) {
	st := ct.st
	if _, ok := st.held[m.ID]; ok {
		st.blocked[agg] = true
		return Result{
			ID:      m.ID,
			Seq:     m.Seq,
			Status:  StatusDeferred,
			Code:    CodeQuarantined,
			Message: "held in quarantine for a supervisor",
		}, true
	}
	if st.blocked[agg] || st.waitingBefore(agg, m) {
		return ct.defer_(ctx, m, hash, agg, CodeWaitingForEarlier), true
	}
	return Result{}, false
}

// admit checks that the aggregate exists (or the command creates it), that
// the device's user was assigned to its jurisdiction on the capture date
// (or is vouched for), and the owners-only commands: stop is true with the
// answer when the mutation may not run. jur is the aggregate's
// jurisdiction.
func (ct *chunkTx) admit(
	ctx context.Context,
	m Mutation,
	hash []byte,
	cmd inspect.Command,
	args inspect.Args,
	c Capture,
) (jur uuid.UUID, r Result, stop bool) {
	agg := args.Aggregate()
	jur, exists, err := ct.jurisdictionOf(ctx, cmd, args)
	if err != nil {
		return jur, ct.retryOn(m, err), true
	}
	if !exists && !cmd.Creates {
		return jur, ct.missing(ctx, m, hash, agg), true
	}
	ok, err := ct.authorised(ctx, jur, c.At)
	if err == nil && !ok && exists && !cmd.Creates {
		ok, err = ct.vouchedFor(ctx, agg)
	}
	if err != nil {
		return jur, ct.retryOn(m, err), true
	}
	if !ok && jur != uuid.Nil {
		return jur, ct.quarantine(ctx, m, agg, jur, c), true
	}
	if err := ct.e.ownerOnly(ctx, ct.tx, ct.st, cmd, agg); err != nil {
		if models.KindOf(err) == models.KindForbidden {
			return jur, ct.reject(ctx, m, hash, err), true
		}
		return jur, ct.retryOn(m, err), true
	}
	return jur, Result{}, false
}

// run applies the command inside its own savepoint, which it takes and,
// if the command fails, rolls back: the database and the unit of work's
// memory together (savepoint). applied_mutations is inserted first inside
// it, so that a duplicate is caught before any effect; in a batched
// attempt a deferrable command's record is written with the chunk's
// outcomes instead (writeOutcomes).
func (ct *chunkTx) run(
	ctx context.Context,
	m Mutation,
	hash []byte,
	cmd inspect.Command,
	args inspect.Args,
	c Capture,
) (Result, *pending) {
	st, agg := ct.st, args.Aggregate()
	batched := ct.batch && cmd.Deferrable()
	sp := ct.savepoint(m, cmd, agg, hash, batched)
	out, err := ct.w.Run(ctx, st.meta(m, c), args)
	err = sp.close(ctx, err)
	switch {
	case inspect.IsSettleError(err):
		ct.abort, st.retrying = err, true // earlier mutations' deferred rows: the attempt is rerun unbatched
		return retryResult(m, CodeBusy), nil
	case err != nil:
		if rerr := sp.rollback(ctx); rerr != nil {
			return ct.retryOn(m, rerr), nil
		}
		return ct.failed(ctx, m, hash, agg, err), nil
	}
	ct.seen[m.ID] = models.AppliedMutation{
		ID:          m.ID,
		DeviceID:    st.dev.ID,
		UserID:      st.sc.UserID,
		RequestHash: hash,
		Status:      StatusApplied,
	}
	if err := ct.dropBacklog(ctx, m); err != nil {
		return ct.retryOn(m, err), nil
	}
	if cmd.Creates && out.Code == "" {
		st.created = append(st.created, agg)
	}
	r := outcomeResult(m, out, c)
	p := &pending{id: m.ID, status: r.Status, body: stored(r)}
	if batched {
		p.record = &record{device: st.dev.ID, user: st.sc.UserID, agg: agg, seq: m.Seq, name: cmd.Name, hash: hash}
	}
	return r, p
}

// failed answers a command that failed and was rolled back.
func (ct *chunkTx) failed(ctx context.Context, m Mutation, hash []byte, agg uuid.UUID, err error) Result {
	switch {
	case storage.IsUniqueViolation(err) && isAppliedKey(err):
		var am models.AppliedMutation
		if res := ct.tx.DB.WithContext(ctx).
			Where("id = ?", m.ID).
			Limit(1).
			Find(&am); res.Error == nil &&
			res.RowsAffected > 0 {
			ct.seen[m.ID] = am
		}
		if r, done := ct.known(ctx, m, hash); done {
			return r
		}
		return ct.retryOn(m, err)
	case inspect.IsMissingAggregate(err):
		return ct.defer_(ctx, m, hash, agg, CodeAggregateUnknown)
	case retryable(err):
		return ct.retryOn(m, err)
	}
	var me *models.Error
	if asError(err, &me) && me.Kind != models.KindUnavailable {
		return ct.reject(ctx, m, hash, err)
	}
	if me2 := storage.MapError(err, "mutation"); models.KindOf(me2) == models.KindInvalid {
		return ct.reject(ctx, m, hash, me2)
	}
	ct.e.opt.Logger.Error("mutation failed", "mutation", m.ID, "name", m.Name, "err", err)
	return ct.retryOn(m, err)
}

func isAppliedKey(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.ConstraintName == "applied_mutations_pkey"
}

// retryable reports deadlocks, serialization failures, lock timeouts and
// cancelled contexts: the mutation and everything after it are retry.
func retryable(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "40P01", "40001", "55P03", "57014":
			return true
		}
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// retryOn answers retry: this mutation and every later one of the push.
func (ct *chunkTx) retryOn(m Mutation, err error) Result {
	ct.st.retrying = true
	if !retryable(err) {
		ct.e.opt.Logger.Warn("mutation answered retry", "mutation", m.ID, "err", err)
	}
	return retryResult(m, CodeBusy)
}

// known answers a mutation id already recorded: a replay (same user, same
// hash) with the stored outcome, a reused key (same user, other hash), or
// a taken id (another user).
func (ct *chunkTx) known(ctx context.Context, m Mutation, hash []byte) (Result, bool) {
	st := ct.st
	am, ok := ct.seen[m.ID]
	if !ok {
		return Result{}, false
	}
	var orig Result
	if err := jsonUnmarshal(am.Outcome, &orig); err != nil {
		// An outcome the server stored and cannot read: the mutation's
		// row says what it was, which the answer below falls back to.
		ct.e.opt.Logger.Warn("stored outcome unreadable", "mutation", m.ID, "err", err)
		orig = Result{}
	}
	if orig.Status == "" {
		orig = Result{ID: m.ID, Seq: am.Seq, Status: am.Status}
	}
	switch {
	case am.UserID != st.sc.UserID:
		return Result{
			ID:      m.ID,
			Seq:     m.Seq,
			Status:  StatusRejected,
			Code:    CodeMutationIDTaken,
			Message: "another user's mutation has this id",
		}, true
	case !bytes.Equal(am.RequestHash, hash):
		return Result{
			ID:      m.ID,
			Seq:     m.Seq,
			Status:  StatusRejected,
			Code:    CodeIdempotencyKeyReused,
			Message: "this mutation id was used for a different mutation; the original outcome is attached",
			Outcome: &orig,
		}, true
	}
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusReplayed, Aggregate: orig.Aggregate, Outcome: &orig}
	if am.DeviceID != st.dev.ID {
		st.replayed = max(st.replayed, m.Seq) // acked for this device too (see releaseSQL)
	}
	if err := ct.dropBacklog(ctx, m); err != nil {
		// The backlog still holds it: answering replayed would let the
		// phone forget a mutation the server would apply again later.
		return ct.retryOn(m, err), true
	}
	return r, true
}

// dropBacklog removes a mutation that is final from the device's backlog.
func (ct *chunkTx) dropBacklog(ctx context.Context, m Mutation) error {
	if _, ok := ct.st.backlog[m.ID]; !ok {
		return nil
	}
	if err := ct.tx.DB.WithContext(ctx).
		Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).
		Error; err != nil {
		return err
	}
	delete(ct.st.backlog, m.ID)
	return nil
}
