package sync

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// state is what one push (or one drain) knows across its chunks.
type state struct {
	sc       models.Scope
	dev      device
	received time.Time
	skew     *time.Duration
	retrying bool
	drain    bool                     // a backlog drain: no push lock, stored capture times
	blocked  map[uuid.UUID]bool       // aggregates with a deferred or retried mutation in this push
	backlog  map[uuid.UUID]backlogRow // this device's backlog by mutation id
	held     map[uuid.UUID]heldRow    // this device's mutations waiting in quarantine
	loaded   bool                     // backlog and quarantine read
	leased   bool                     // this push's first chunk took the device row
	released bool                     // and gave it back
	req      *PushRequest
	// a push's: bound to the connection that holds its device (nil: the engine's)
	db        *storage.DB
	seen      map[uuid.UUID]models.AppliedMutation // applied_mutations of the chunk's ids
	jur       map[uuid.UUID]uuid.UUID              // aggregate → jurisdiction
	inspector map[uuid.UUID]uuid.UUID              // aggregate → its inspector (the only user who changes it)
	pre       *prelude                             // the chunk's savepoint-and-record sender
	sp        int                                  // position of the current mutation in its chunk (its savepoint)
	assigned  map[string]bool                      // jurisdiction|date → the user was assigned
	created   []uuid.UUID
	batch     bool  // this chunk attempt defers answers, findings and their records (see applyChunk)
	abort     error // a deferred write failed: the attempt is rolled back and rerun without batching
	// unbatchedTo: mutations before this position (in the push's seq
	// order) are applied unbatched, after a batched chunk over them failed.
	unbatchedTo int
	replayed    int64 // highest seq answered replayed from another device's record
}

// errSplit asks applyAll to rerun a failed batched chunk larger than
// ChunkSize as unbatched chunks.
var errSplit = errors.New("rerun the chunk unbatched, split")

// snapshot is what a chunk attempt changes in the state, so that a rolled
// back attempt can be rerun from where it started.
type snapshot struct {
	blocked          map[uuid.UUID]bool
	held             map[uuid.UUID]heldRow
	backlog          map[uuid.UUID]backlogRow
	jur              map[uuid.UUID]uuid.UUID
	inspector        map[uuid.UUID]uuid.UUID
	assigned         map[string]bool
	created          int
	retrying, loaded bool
}

func (st *state) save() snapshot {
	return snapshot{maps.Clone(st.blocked), maps.Clone(st.held), maps.Clone(st.backlog), maps.Clone(st.jur), maps.Clone(st.inspector),
		maps.Clone(st.assigned), len(st.created), st.retrying, st.loaded}
}

func (st *state) restore(s snapshot) {
	st.blocked, st.held, st.backlog = s.blocked, s.held, s.backlog
	st.jur, st.inspector, st.assigned = s.jur, s.inspector, s.assigned
	st.created, st.retrying, st.loaded, st.abort = st.created[:s.created], s.retrying, s.loaded, nil
}

func newState(sc models.Scope, dev device, received time.Time, deviceTime *time.Time) *state {
	st := &state{sc: sc, dev: dev, received: received, blocked: map[uuid.UUID]bool{}, held: map[uuid.UUID]heldRow{},
		backlog: map[uuid.UUID]backlogRow{}, seen: map[uuid.UUID]models.AppliedMutation{}, jur: map[uuid.UUID]uuid.UUID{},
		inspector: map[uuid.UUID]uuid.UUID{}, assigned: map[string]bool{}}
	if deviceTime != nil {
		d := deviceTime.Sub(received)
		st.skew = &d
	}
	return st
}

// pending is an applied mutation whose stored outcome is written at the end
// of the chunk, in one statement; record is set when the applied_mutations
// row itself was deferred to then (a batched answer or finding).
type pending struct {
	id     uuid.UUID
	status string
	body   []byte
	record *record
}

// record is an applied_mutations row not yet inserted.
type record struct {
	device, user, agg uuid.UUID
	seq               int64
	name              string
	hash              []byte
}

// applyChunk applies up to 50 mutations in one transaction. The first
// attempt is batched: answers and new findings, and their applied_mutations
// records, are written in a few multi-row statements at the end of the
// chunk instead of one round trip each (inspect.Work.DeferWrites). If one
// of those statements fails (a finding id taken by another inspection, a
// mutation id recorded by a concurrent push), nothing of the attempt is
// kept and the chunk is rerun unbatched, where every mutation's record and
// writes go first inside its own savepoint and the failing one is isolated
// and answered on its own, as docs/SYNC.md §2 describes.
//
// If the transaction fails as a whole (a deadlock in the chain recompute, a
// lost lease, the change-log lock timeout), every result of the chunk is
// retry. The first chunk of a push takes the device and the last gives it
// back; failing to take it fails the push.
func (e *Engine) applyChunk(ctx context.Context, st *state, chunk []indexed, last, batched bool) ([]Result, error) {
	begun := time.Now()
	var results []Result
	defer func() { e.m.observe(begun, results) }()
	snap, taking := st.save(), !st.drain && !st.leased
	st.batch = batched
	results, err := e.attemptChunk(ctx, st, chunk, last, taking)
	st.batch = false
	if batched && err != nil && rerunUnbatched(err) {
		e.opt.Logger.Info("push chunk rerun unbatched", "device", st.dev.ID, "err", err)
		e.m.rerun()
		st.restore(snap)
		if len(chunk) > e.opt.ChunkSize {
			results = nil
			return nil, errSplit
		}
		results, err = e.attemptChunk(ctx, st, chunk, last, taking)
	}
	if err != nil && taking && models.KindOf(err) != "" {
		return nil, err
	}
	if err != nil {
		e.opt.Logger.Warn("push chunk rolled back", "device", st.dev.ID, "err", err)
		st.restore(snap)
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

// attemptChunk runs the chunk's transaction once.
func (e *Engine) attemptChunk(ctx context.Context, st *state, chunk []indexed, last, taking bool) ([]Result, error) {
	results := make([]Result, len(chunk))
	err := st.dbOf(e).InTx(ctx, actor(st), func(tx *storage.Tx) error {
		if err := e.deviceFor(ctx, tx, st, taking); err != nil {
			return err
		}
		if err := e.prepare(ctx, tx, st, chunk); err != nil {
			return err
		}
		preludeFor(ctx, st, tx)
		w := e.insp.NewWork(tx)
		if st.batch {
			w.DeferWrites()
		}
		var outs []pending
		for i, x := range chunk {
			st.sp = i
			r, p := e.applyOne(ctx, tx, w, st, x.m)
			results[i] = r
			if p != nil {
				outs = append(outs, *p)
			}
		}
		if st.abort != nil {
			return st.abort
		}
		if err := writeOutcomes(ctx, tx, outs); err != nil {
			return err
		}
		if err := w.Finish(ctx); err != nil {
			return err
		}
		if last && !st.drain {
			return e.releaseIn(ctx, tx, st)
		}
		return nil
	})
	return results, err
}

// rerunUnbatched reports whether a batched attempt failed in a way an
// unbatched one isolates: a deferred write refused by a constraint.
func rerunUnbatched(err error) bool {
	var pg *pgconn.PgError
	return inspect.IsSettleError(err) || (errors.As(err, &pg) && strings.HasPrefix(pg.Code, "23"))
}

// deviceFor takes the device row (first chunk: checking it is the
// caller's) or locks it again.
func (e *Engine) deviceFor(ctx context.Context, tx *storage.Tx, st *state, taking bool) error {
	if taking {
		return e.takeIn(ctx, tx, st)
	}
	return e.lockDevice(ctx, tx, st)
}

// prepare reads the device's backlog and quarantine once per push and the
// chunk's already-recorded mutation ids in one query.
func (e *Engine) prepare(ctx context.Context, tx *storage.Tx, st *state, chunk []indexed) error {
	if err := e.loadBacklog(ctx, tx, st); err != nil {
		return err
	}
	ids := make([]uuid.UUID, len(chunk))
	for i, x := range chunk {
		ids[i] = x.m.ID
	}
	var rows []models.AppliedMutation
	if err := tx.DB.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return fmt.Errorf("look up mutation ids: %w", err)
	}
	st.seen = make(map[uuid.UUID]models.AppliedMutation, len(rows))
	for _, r := range rows {
		st.seen[r.ID] = r
	}
	return nil
}

// lockDevice takes the device row lock (lock order: the device first).
// A push holds the device already (deviceLock); a drain or a supervisor's
// decision takes the push lock for its transaction and is busy while a
// push holds it.
func (e *Engine) lockDevice(ctx context.Context, tx *storage.Tx, st *state) error {
	if st.drain {
		busy, err := deviceBusy(ctx, tx, st.dev.ID)
		if err != nil {
			return err
		}
		if busy {
			return errBusy
		}
	}
	if err := tx.DB.WithContext(ctx).Exec("SELECT 1 FROM devices WHERE id = ? FOR NO KEY UPDATE", st.dev.ID).Error; err != nil {
		return fmt.Errorf("lock device: %w", err)
	}
	return nil
}

// dbOf is the database the state's transactions run on.
func (st *state) dbOf(e *Engine) *storage.DB {
	if st.db != nil {
		return st.db
	}
	return e.db
}

// applyOne decides and, if it can, applies one mutation inside its own
// savepoint. It returns the result and, for an applied mutation, the
// outcome to store.
func (e *Engine) applyOne(ctx context.Context, tx *storage.Tx, w *inspect.Work, st *state, m Mutation) (Result, *pending) {
	if st.retrying {
		return retryResult(m, CodeAfterRetry), nil
	}
	hash, herr := RequestHash(m)
	if herr == nil {
		if r, done := e.known(ctx, tx, st, m, hash); done {
			return r, nil
		}
	}
	// Checked before anything writes it: a string the database cannot
	// store would fail every statement on every resend (retry forever).
	if path, bad := textProblem(m); bad {
		return e.reject(ctx, tx, st, m, hash, invalidText(path)), nil
	}
	if herr != nil {
		return e.reject(ctx, tx, st, m, nil, models.Invalid(models.FieldError{Field: "args", Code: "invalid", Message: "not valid JSON"})), nil
	}
	cmd, ok := inspect.LookupCommand(m.Name, m.Version)
	if !ok && e.newerThanServer(st, m) {
		st.retrying = true
		r := retryResult(m, CodeUnknownMutation)
		r.Message = fmt.Sprintf("this server does not know %s v%d yet", m.Name, m.Version)
		return r, nil
	}
	if !ok {
		return e.reject(ctx, tx, st, m, hash, models.Errorf(models.KindInvalid, CodeUntranslatable,
			"%s v%d is not a mutation of protocol %d; it is kept whole for an administrator", m.Name, m.Version, ProtocolVersion)), nil
	}
	if err := ValidateArgs(m); err != nil { // the contract's schema first: it names each field
		return e.reject(ctx, tx, st, m, hash, err), nil
	}
	args, err := cmd.Decode(m.Args)
	if err != nil {
		return e.reject(ctx, tx, st, m, hash, err), nil
	}
	return e.attempt(ctx, tx, w, st, m, hash, cmd, args)
}

// newerThanServer reports whether a mutation this server does not know
// may come from an app newer than the server (docs/SYNC.md §9): the
// push speaks a later protocol, or the name is known in an earlier version
// only. During a rolling deploy such a mutation is answered retry until a
// server that knows it takes the push. Anything else the server should
// know and cannot translate: it is rejected and stored whole in quarantine
// for an administrator, never retried forever.
func (e *Engine) newerThanServer(st *state, m Mutation) bool {
	if st.req != nil && st.req.ProtocolVersion > ProtocolVersion {
		return true
	}
	for _, c := range inspect.Commands() {
		if c.Name == m.Name && c.Version < m.Version {
			return true
		}
	}
	return false
}

// attempt runs the order, time and authorisation checks, then the command.
func (e *Engine) attempt(ctx context.Context, tx *storage.Tx, w *inspect.Work, st *state, m Mutation, hash []byte, cmd inspect.Command, args inspect.Args) (Result, *pending) {
	agg := args.Aggregate()
	if _, ok := st.held[m.ID]; ok {
		st.blocked[agg] = true
		return Result{ID: m.ID, Seq: m.Seq, Status: StatusDeferred, Code: CodeQuarantined, Message: "held in quarantine for a supervisor"}, nil
	}
	if st.blocked[agg] || e.waitingBefore(st, agg, m) {
		return e.defer_(ctx, tx, st, m, hash, agg, CodeWaitingForEarlier), nil
	}
	c, err := e.captureOf(st, m)
	if err != nil {
		return e.reject(ctx, tx, st, m, hash, err), nil
	}
	jur, exists, err := e.jurisdictionOf(ctx, tx, w, st, cmd, args)
	if err != nil {
		return e.retryOn(st, m, err), nil
	}
	if !exists && !cmd.Creates {
		return e.missing(ctx, tx, st, m, hash, agg), nil
	}
	if exists || cmd.Creates {
		ok, err := e.authorised(ctx, tx, st, jur, c.At)
		if err == nil && !ok && exists && !cmd.Creates {
			ok, err = e.vouchedFor(ctx, tx, st, agg)
		}
		if err != nil {
			return e.retryOn(st, m, err), nil
		}
		if !ok && jur != uuid.Nil {
			return e.quarantine(ctx, tx, st, m, hash, agg, jur, c), nil
		}
	}
	if err := e.ownerOnly(ctx, tx, st, cmd, agg); err != nil {
		if models.KindOf(err) == models.KindForbidden {
			return e.reject(ctx, tx, st, m, hash, err), nil
		}
		return e.retryOn(st, m, err), nil
	}
	r, p := e.run(ctx, tx, w, st, m, hash, cmd, args, c)
	if p != nil && cmd.Creates && cmd.Kind == inspect.AggregateInspection && r.Code == "" && jur != uuid.Nil {
		st.jur[agg] = jur // the inspection just created took its vessel's jurisdiction, read from the same row
		st.inspector[agg] = st.sc.UserID
	}
	return r, p
}

// run applies the command inside a savepoint; applied_mutations is
// inserted first so that a duplicate is caught before any effect. The
// savepoint and the record are sent in front of the command's first
// statement (see prelude), so an answer or a finding costs one round trip.
func (e *Engine) run(ctx context.Context, tx *storage.Tx, w *inspect.Work, st *state, m Mutation, hash []byte, cmd inspect.Command, args inspect.Args, c Capture) (Result, *pending) {
	agg := args.Aggregate()
	mark := w.Begin()
	sp := fmt.Sprintf("m%d", st.sp)
	batched := st.batch && cmd.Deferrable()
	if batched {
		preludeFor(ctx, st, tx).arm("SAVEPOINT " + sp) // the record goes in with the chunk's outcomes
	} else {
		preludeFor(ctx, st, tx).arm(savepointAndRecord(sp, st, m, cmd, agg, hash))
	}
	st.seen[m.ID] = models.AppliedMutation{ID: m.ID, DeviceID: st.dev.ID, UserID: st.sc.UserID, RequestHash: hash, Status: StatusApplied}
	out, err := w.Run(ctx, e.meta(st, m, c), args)
	if err == nil && !batched {
		err = st.pre.flush(ctx) // a command that sent nothing: the record still goes in
	}
	if st.pre.err != nil && preludeFailed(st.pre.err) {
		err = st.pre.err // the id was recorded concurrently: not the command's error
	}
	if sent := st.pre.disarm(); err != nil && inspect.IsSettleError(err) {
		st.abort, st.retrying = err, true // earlier mutations' deferred rows: the attempt is rerun unbatched
		return retryResult(m, CodeBusy), nil
	} else if err != nil {
		delete(st.seen, m.ID)
		w.Rollback(mark)
		// Each mutation has its own savepoint name, so a rollback never
		// reaches an earlier mutation's; nothing sent, nothing to undo.
		if sent {
			if rerr := tx.DB.WithContext(ctx).Exec("ROLLBACK TO SAVEPOINT " + sp).Error; rerr != nil {
				return e.retryOn(st, m, rerr), nil
			}
		}
		return e.failed(ctx, tx, st, m, hash, agg, err), nil
	}
	// The savepoint is not released: a chunk nests at most 50, below the
	// 64 subtransactions PostgreSQL caches, and releasing would cost a round
	// trip per mutation for nothing.
	if _, ok := st.backlog[m.ID]; ok {
		if err := tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error; err != nil {
			return e.retryOn(st, m, err), nil
		}
		delete(st.backlog, m.ID)
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

// savepointAndRecord is the savepoint and the applied_mutations insert of
// one mutation as simple-protocol statements, sent with the command's
// first statement. Every value is generated by the server or validated:
// uuids, an integer, the name of a known command and the hash in hex, so
// building the literal is safe.
func savepointAndRecord(sp string, st *state, m Mutation, cmd inspect.Command, agg uuid.UUID, hash []byte) string {
	return fmt.Sprintf(`SAVEPOINT %s; INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status)
		VALUES ('%s', '%s', '%s', %d, '%s', '%s', '\x%x', 'applied')`, sp, m.ID, st.dev.ID, st.sc.UserID, m.Seq, cmd.Name, agg, hash)
}

// failed answers a command that failed and was rolled back.
func (e *Engine) failed(ctx context.Context, tx *storage.Tx, st *state, m Mutation, hash []byte, agg uuid.UUID, err error) Result {
	switch {
	case storage.IsUniqueViolation(err) && isAppliedKey(err):
		var am models.AppliedMutation
		if res := tx.DB.WithContext(ctx).Where("id = ?", m.ID).Limit(1).Find(&am); res.Error == nil && res.RowsAffected > 0 {
			st.seen[m.ID] = am
		}
		if r, done := e.known(ctx, tx, st, m, hash); done {
			return r
		}
		return e.retryOn(st, m, err)
	case inspect.IsMissingAggregate(err):
		return e.defer_(ctx, tx, st, m, hash, agg, CodeAggregateUnknown)
	case retryable(err):
		return e.retryOn(st, m, err)
	}
	var me *models.Error
	if asError(err, &me) && me.Kind != models.KindUnavailable {
		return e.reject(ctx, tx, st, m, hash, err)
	}
	if me2 := storage.MapError(err, "mutation"); models.KindOf(me2) == models.KindInvalid {
		return e.reject(ctx, tx, st, m, hash, me2)
	}
	e.opt.Logger.Error("mutation failed", "mutation", m.ID, "name", m.Name, "err", err)
	return e.retryOn(st, m, err)
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

func (e *Engine) retryOn(st *state, m Mutation, err error) Result {
	st.retrying = true
	if !retryable(err) {
		e.opt.Logger.Warn("mutation answered retry", "mutation", m.ID, "err", err)
	}
	return retryResult(m, CodeBusy)
}

// meta is the command metadata of a mutation.
func (e *Engine) meta(st *state, m Mutation, c Capture) inspect.Meta {
	md := inspect.Meta{UserID: st.sc.UserID, DeviceID: st.dev.ID, Role: st.sc.Role, Mutation: m.ID, Seq: m.Seq, At: c.At, Raw: c.Raw,
		Flags: c.Flags, Name: m.Name, Args: m.Args}
	if m.BaseVersion != nil {
		md.Base = *m.BaseVersion
	}
	return md
}

// captureOf corrects the mutation's time, or takes the time stored when it
// was first deferred.
func (e *Engine) captureOf(st *state, m Mutation) (Capture, error) {
	if b, ok := st.backlog[m.ID]; ok {
		return Capture{At: b.CapturedAt, Flags: b.TimeFlags}, nil
	}
	return CorrectTime(m, st.received, st.skew, st.dev.RegisteredAt)
}

// known answers a mutation id already recorded: a replay (same user, same
// hash) with the stored outcome, a reused key (same user, other hash), or
// a taken id (another user).
func (e *Engine) known(ctx context.Context, tx *storage.Tx, st *state, m Mutation, hash []byte) (Result, bool) {
	am, ok := st.seen[m.ID]
	if !ok {
		return Result{}, false
	}
	var orig Result
	_ = jsonUnmarshal(am.Outcome, &orig)
	if orig.Status == "" {
		orig = Result{ID: m.ID, Seq: am.Seq, Status: am.Status}
	}
	switch {
	case am.UserID != st.sc.UserID:
		return Result{ID: m.ID, Seq: m.Seq, Status: StatusRejected, Code: CodeMutationIDTaken, Message: "another user's mutation has this id"}, true
	case !bytes.Equal(am.RequestHash, hash):
		return Result{ID: m.ID, Seq: m.Seq, Status: StatusRejected, Code: CodeIdempotencyKeyReused,
			Message: "this mutation id was used for a different mutation; the original outcome is attached", Outcome: &orig}, true
	}
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusReplayed, Aggregate: orig.Aggregate, Outcome: &orig}
	if am.DeviceID != st.dev.ID {
		st.replayed = max(st.replayed, m.Seq) // acked for this device too (see releaseSQL)
	}
	if _, ok := st.backlog[m.ID]; ok {
		_ = tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error
		delete(st.backlog, m.ID)
	}
	return r, true
}

// writeOutcomes stores the outcomes of a chunk's applied mutations: the
// deferred records in one INSERT, the outcomes of the records already
// inserted in one UPDATE.
func writeOutcomes(ctx context.Context, tx *storage.Tx, outs []pending) error {
	var ins, upd []pending
	for _, p := range outs {
		if p.record != nil {
			ins = append(ins, p)
		} else {
			upd = append(upd, p)
		}
	}
	if err := insertRecords(ctx, tx, ins); err != nil {
		return fmt.Errorf("record mutations: %w", err)
	}
	if len(upd) == 0 {
		return nil
	}
	args := make([]any, 0, 3*len(upd))
	for _, p := range upd {
		args = append(args, p.id, p.status, string(p.body))
	}
	q := "UPDATE applied_mutations AS a SET status = v.status, outcome = v.outcome::jsonb FROM (VALUES " +
		storage.Tuples(len(upd), "(?::uuid, ?, ?)") + ") AS v (id, status, outcome) WHERE a.id = v.id"
	if err := tx.DB.WithContext(ctx).Exec(q, args...).Error; err != nil {
		return fmt.Errorf("store outcomes: %w", err)
	}
	return nil
}

// insertRecords inserts deferred applied_mutations rows with their
// outcomes. A concurrent push that recorded one of the ids makes this fail
// with a unique violation, and the chunk is rerun unbatched.
func insertRecords(ctx context.Context, tx *storage.Tx, ins []pending) error {
	if len(ins) == 0 {
		return nil
	}
	args := make([]any, 0, 9*len(ins))
	for _, p := range ins {
		r := p.record
		args = append(args, p.id, r.device, r.user, r.seq, r.name, r.agg, r.hash, p.status, string(p.body))
	}
	q := "INSERT INTO applied_mutations (id, device_id, user_id, seq, name, " +
		"aggregate_id, request_hash, status, outcome) VALUES " +
		storage.Tuples(len(ins), "(?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)")
	return tx.DB.WithContext(ctx).Exec(q, args...).Error
}

func actor(st *state) storage.Actor {
	u, d := st.sc.UserID, st.dev.ID
	return storage.Actor{UserID: &u, DeviceID: &d, RequestID: st.sc.RequestID}
}
