package sync

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// BacklogReviewAge is how long a deferred mutation waits before a
// supervisor sees it and decides (docs/SYNC.md §2).
const BacklogReviewAge = 7 * 24 * time.Hour

// Backlog decisions, and the code of the final result a discard gives.
const (
	BacklogDiscard            = "discard"
	BacklogApply              = "apply"
	CodeDiscardedBySupervisor = "discarded_by_supervisor"
	// CodeReady marks a deferred mutation that could apply now: its
	// aggregate exists and nothing earlier of its device waits.
	CodeReady = "ready"
	// reasonUnauthorised is the quarantine reason of work captured while
	// its author was not assigned (see quarantine): it waits for a
	// supervisor's quarantine decision.
	reasonUnauthorised = "unauthorised_at_capture"
)

// BacklogItem is one deferred mutation as a supervisor reviews it. Code is
// why it waits now (CodeQuarantined, CodeAggregateUnknown,
// CodeWaitingForEarlier or CodeReady), derived from the current state rather than stored, so it
// names what a decision has to overcome.
type BacklogItem struct {
	MutationID      uuid.UUID      `json:"mutation_id"`
	DeviceID        uuid.UUID      `json:"device_id"`
	DeviceName      string         `json:"device_name"`
	UserID          uuid.UUID      `json:"user_id"`
	UserEmail       string         `json:"user_email"`
	Name            string         `json:"name"`
	Seq             int64          `json:"seq"`
	AggregateID     uuid.UUID      `json:"aggregate_id"`
	AggregateExists bool           `json:"aggregate_exists"`
	JurisdictionID  *uuid.UUID     `json:"jurisdiction_id"`
	Code            string         `json:"code"`
	CapturedAt      time.Time      `json:"captured_at"`
	TimeFlags       models.Strings `json:"time_flags"`
	FirstSeen       time.Time      `json:"first_seen"`
	LastSeen        time.Time      `json:"last_seen"`
	Payload         models.JSON    `json:"payload"`
	EarlierWaiting  bool           `json:"-"` // an earlier backlog entry of the device on the aggregate
	EarlierHeld     bool           `json:"-"` // an earlier mutation of the device on the aggregate is held in quarantine
	// this mutation is held in quarantine too (a drain found its author unassigned)
	Held bool `json:"-"`
}

// BacklogDecision answers a supervisor's decision with the mutation's final
// result, the one the device's next resend replays. AlreadyFinal says the
// mutation had left the backlog before this decision, which then changed
// nothing (a retried or overtaken decision).
type BacklogDecision struct {
	MutationID   uuid.UUID `json:"mutation_id"`
	Decision     string    `json:"decision"`
	Result       Result    `json:"result"`
	AlreadyFinal bool      `json:"already_final"`
}

// The jurisdiction of a backlog entry's aggregate, and whether it exists;
// a vessel.observe waits on a vessel, everything else on an inspection.
const (
	backlogJurisdiction = "coalesce(i.jurisdiction_id, v.jurisdiction_id)"
	backlogExists       = "coalesce(i.id, v.id) IS NOT NULL"
)

// backlogColumns is what the review shows of an entry. A held quarantine
// row blocks the aggregate only when it is work unauthorised at capture
// (rejected work is final and blocks nothing).
const backlogColumns = `b.mutation_id, b.device_id, d.name AS device_name, b.user_id, u.email AS user_email,
	b.payload->>'name' AS name, b.seq, b.aggregate_id, ` + backlogExists + ` AS aggregate_exists,
	` + backlogJurisdiction + ` AS jurisdiction_id, b.captured_at, b.time_flags, b.first_seen, b.last_seen, b.payload,
	EXISTS (SELECT 1 FROM mutation_backlog e WHERE e.device_id = b.device_id AND e.aggregate_id = b.aggregate_id
	AND e.seq < b.seq) AS earlier_waiting,
	EXISTS (SELECT 1 FROM quarantine q WHERE q.device_id = b.device_id AND q.state = 'pending'
		AND q.reason = '` + reasonUnauthorised + `'
		AND (q.payload->>'seq')::bigint < b.seq
		AND q.payload->'args'->>(CASE WHEN q.payload->>'name' = 'inspection.start' THEN 'id' ELSE 'inspection_id'
		END) = b.aggregate_id::text) AS earlier_held,
	EXISTS (SELECT 1 FROM quarantine q WHERE q.mutation_id = b.mutation_id AND q.state = 'pending') AS held`

// backlogQuery selects backlog entries in the caller's scope: the
// aggregate's jurisdiction, or while it does not exist, the jurisdictions
// of the user who pushed it.
func (e *Engine) backlogQuery(ctx context.Context, sc models.Scope) *gorm.DB {
	q := e.db.Gorm.WithContext(ctx).Table("mutation_backlog b").Select(backlogColumns).
		Joins("JOIN users u ON u.id = b.user_id").Joins("JOIN devices d ON d.id = b.device_id").
		Joins("LEFT JOIN inspections i ON i.id = b.aggregate_id").Joins("LEFT JOIN vessels v ON v.id = b.aggregate_id")
	return inScope(q, sc, backlogJurisdiction, backlogExists, "b.user_id")
}

// inScope limits q to rows whose jurisdiction is the caller's, or, where
// the aggregate does not exist, whose author is assigned to one of them.
func inScope(q *gorm.DB, sc models.Scope, jurisdiction, exists, user string) *gorm.DB {
	return storage.Scoped(q, sc, storage.Scoping{
		Jurisdiction: jurisdiction + " IN ? OR (NOT (" + exists + ") AND " + user +
			" IN (SELECT user_id FROM user_jurisdictions WHERE jurisdiction_id IN ?))",
	})
}

// ListBacklog lists the deferred mutations of the caller's jurisdictions
// first deferred more than olderThan ago (0: all), by mutation id after the
// cursor. Errors: invalid (cursor).
func (e *Engine) ListBacklog(
	ctx context.Context,
	sc models.Scope,
	olderThan time.Duration,
	cursor string,
	limit int,
) ([]BacklogItem, string, error) {
	q := e.backlogQuery(ctx, sc)
	if olderThan > 0 {
		q = q.Where("b.first_seen < ?", e.clock().Add(-olderThan))
	}
	rows, next, err := backlogPager.Page(q, cursor, limit)
	if err != nil {
		return nil, "", err
	}
	for i := range rows {
		rows[i].settle()
	}
	return rows, next, nil
}

// backlogPager pages the backlog by mutation id.
var backlogPager = storage.Pager[BacklogItem]{ID: "b.mutation_id",
	Key:   func(b BacklogItem) storage.PageKey { return storage.PageKey{ID: b.MutationID} },
	Fetch: func(q *gorm.DB, rows *[]BacklogItem) error { return q.Scan(rows).Error }}

// settle derives the code and fills what the contract wants non-null.
func (b *BacklogItem) settle() {
	switch {
	case b.Held:
		b.Code = CodeQuarantined
	case b.EarlierWaiting || b.EarlierHeld:
		b.Code = CodeWaitingForEarlier
	case !b.AggregateExists:
		b.Code = CodeAggregateUnknown
	default:
		b.Code = CodeReady
	}
	if b.TimeFlags == nil {
		b.TimeFlags = models.Strings{}
	}
}

// backlogItem reads one entry in the caller's scope.
func (e *Engine) backlogItem(ctx context.Context, sc models.Scope, id uuid.UUID) (BacklogItem, bool, error) {
	var rows []BacklogItem
	if err := e.backlogQuery(ctx, sc).Where("b.mutation_id = ?", id).Limit(1).Scan(&rows).Error; err != nil {
		return BacklogItem{}, false, fmt.Errorf("load backlog entry: %w", err)
	}
	if len(rows) == 0 {
		return BacklogItem{}, false, nil
	}
	rows[0].settle()
	return rows[0], true, nil
}

// BacklogEntry is one backlog entry in the caller's scope, and whether it
// is (still) there: a page naming whose held work a decision refers to.
// Work a drain moved from the backlog to the quarantine (its author was
// not assigned on the capture day) is named from its pending quarantine
// entry, Code CodeQuarantined: a decision pressed on the backlog's page
// after the move is refused for it, and the refusal names the same work.
func (e *Engine) BacklogEntry(ctx context.Context, sc models.Scope, id uuid.UUID) (BacklogItem, bool, error) {
	it, ok, err := e.backlogItem(ctx, sc, id)
	if err != nil || ok {
		return it, ok, err
	}
	return e.heldEntry(ctx, sc, id)
}

// heldEntry is the pending quarantine entry of mutation id in the
// caller's scope, as a backlog entry names it.
func (e *Engine) heldEntry(ctx context.Context, sc models.Scope, id uuid.UUID) (BacklogItem, bool, error) {
	db := e.db.Gorm.WithContext(ctx)
	held := storage.Scoped(db.Table("quarantine"), sc, quarantineScoping).
		Where("mutation_id = ? AND state = 'pending'", id)
	var rows []BacklogItem
	err := db.Table("(?) q", held).
		Select(`q.mutation_id, q.device_id, d.name AS device_name, q.user_id, u.email AS user_email,
			q.payload->>'name' AS name, (q.payload->>'seq')::bigint AS seq, q.jurisdiction_id,
			coalesce(q.captured_at, q.created_at) AS captured_at, q.time_flags, q.created_at AS first_seen,
			q.updated_at AS last_seen, q.payload, true AS held`).
		Joins("JOIN devices d ON d.id = q.device_id").Joins("JOIN users u ON u.id = q.user_id").
		Limit(1).Scan(&rows).Error
	if err != nil {
		return BacklogItem{}, false, fmt.Errorf("load quarantined work: %w", err)
	}
	if len(rows) == 0 {
		return BacklogItem{}, false, nil
	}
	rows[0].settle()
	return rows[0], true, nil
}

// DecideBacklog settles a deferred mutation (docs/SYNC.md: after 7 days a
// supervisor decides, and that decision is the final result). Discard
// records it as rejected with the reason; apply runs the backlog drain for
// its device and aggregate now. A mutation no longer in the backlog
// answers its stored final result, so a decision is safe to retry.
// Errors: invalid (decision, reason), not_found (not in the caller's scope,
// or no final result), conflict (it still cannot apply; push_in_progress).
func (e *Engine) DecideBacklog(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
) (BacklogDecision, error) {
	reason = strings.TrimSpace(reason)
	if decision != BacklogDiscard && decision != BacklogApply {
		return BacklogDecision{}, models.Invalid(
			models.FieldError{Field: "decision", Code: "enum", Message: "must be discard or apply"},
		)
	}
	if reason == "" {
		return BacklogDecision{}, models.Invalid(models.FieldError{Field: "reason", Code: "required", Message: "say why"})
	}
	it, ok, err := e.backlogItem(ctx, sc, id)
	if err != nil {
		return BacklogDecision{}, err
	}
	if !ok {
		return e.finalResult(ctx, sc, id, decision)
	}
	if decision == BacklogDiscard {
		return e.discardBacklog(ctx, sc, it, reason)
	}
	return e.applyBacklog(ctx, sc, it, reason)
}

// finalResult answers a decision on a mutation that has left the backlog:
// its stored final result, if the caller may see it.
func (e *Engine) finalResult(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision string,
) (BacklogDecision, error) {
	var rows []models.AppliedMutation
	q := e.db.Gorm.WithContext(ctx).Table("applied_mutations a").Select("a.*").
		Joins("LEFT JOIN inspections i ON i.id = a.aggregate_id").Joins("LEFT JOIN vessels v ON v.id = a.aggregate_id").
		Where("a.id = ?", id)
	if err := inScope(q, sc, backlogJurisdiction, backlogExists, "a.user_id").Limit(1).Scan(&rows).Error; err != nil {
		return BacklogDecision{}, fmt.Errorf("load final result: %w", err)
	}
	if len(rows) == 0 {
		return BacklogDecision{}, e.notInBacklog(ctx, sc, id)
	}
	return BacklogDecision{MutationID: id, Decision: decision, Result: storedResult(rows[0]), AlreadyFinal: true}, nil
}

// storedResult is the outcome a replay of the mutation answers with.
func storedResult(am models.AppliedMutation) Result {
	var r Result
	// An unreadable outcome answers as one whose body was dropped after
	// the device acknowledged it.
	if err := jsonUnmarshal(am.Outcome, &r); err != nil || r.Status == "" {
		r = Result{ID: am.ID, Seq: am.Seq, Status: am.Status}
	}
	return r
}

// reviewState is a drain's state for the entry's device: it takes the
// device row lock and finds it busy while a push holds the device.
func (e *Engine) reviewState(it BacklogItem) *state {
	st := newState(
		models.Scope{UserID: it.UserID, DeviceID: it.DeviceID},
		device{ID: it.DeviceID, UserID: it.UserID},
		e.clock().UTC(),
		nil,
	)
	st.drain = true
	return st
}

// discardBacklog makes the mutation's final result a rejection with the
// supervisor's reason, under the device row lock (lock order: the device
// first), so no drain or push of that device interleaves: the
// applied_mutations row a resend replays, the payload kept in quarantine
// as already decided, the backlog entry removed, and the audit entry.
func (e *Engine) discardBacklog(
	ctx context.Context,
	sc models.Scope,
	it BacklogItem,
	reason string,
) (BacklogDecision, error) {
	r := Result{ID: it.MutationID, Seq: it.Seq, Status: StatusRejected, Code: CodeDiscardedBySupervisor,
		Message: "discarded by a supervisor: " + reason}
	decided := false
	err := e.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		if err := e.lockDevice(ctx, tx, e.reviewState(it)); err != nil {
			return err
		}
		var b []models.BacklogEntry
		if err := tx.DB.WithContext(ctx).Where("mutation_id = ?", it.MutationID).Limit(1).Find(&b).Error; err != nil {
			return fmt.Errorf("lock backlog entry: %w", err)
		}
		if len(b) == 0 {
			return nil // drained or decided meanwhile: its stored result answers
		}
		var err error
		decided, err = e.recordDiscard(ctx, tx, sc, it, b[0], r, reason)
		return err
	})
	if errors.Is(err, errBusy) {
		return BacklogDecision{}, busy()
	}
	if err != nil {
		return BacklogDecision{}, err
	}
	if !decided {
		return e.finalResult(ctx, sc, it.MutationID, BacklogDiscard)
	}
	if it.AggregateExists {
		e.enqueue(it.AggregateID) // what waited behind it may apply now
	}
	return BacklogDecision{MutationID: it.MutationID, Decision: BacklogDiscard, Result: r}, nil
}

// recordDiscard writes a discard inside the decision's transaction. It
// reports false when the mutation already had a final result (then only
// the stale backlog entry goes).
func (e *Engine) recordDiscard(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	it BacklogItem,
	b models.BacklogEntry,
	r Result,
	reason string,
) (bool, error) {
	db := tx.DB.WithContext(ctx)
	m := Mutation{ID: b.MutationID, Seq: b.Seq, Name: it.Name}
	if err := jsonUnmarshal(b.Payload, &m); err != nil {
		return false, fmt.Errorf("read the backlog entry's mutation: %w", err)
	}
	agg := b.AggregateID
	inserted, err := recordRejection(
		ctx,
		db,
		rejection{m: m, device: b.DeviceID, user: b.UserID, agg: &agg, hash: b.RequestHash, result: r},
	)
	if err != nil {
		return false, fmt.Errorf("record discard: %w", err)
	}
	if err := db.Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", b.MutationID).Error; err != nil {
		return false, fmt.Errorf("remove backlog entry: %w", err)
	}
	if !inserted {
		return false, nil
	}
	if err := e.keepDiscarded(ctx, db, sc, it, b, r, reason); err != nil {
		return false, fmt.Errorf("keep discarded payload: %w", err)
	}
	return true, tx.Audit(
		"backlog.discard",
		"mutation",
		b.MutationID,
		auditImage(it),
		map[string]any{"reason": reason, "result": r},
	)
}

// keepDiscarded keeps the payload in quarantine (docs/SYNC.md: rejected work
// is kept), already decided so it asks no one for another decision: the
// entry's pending quarantine row if a drain held it there, else a new row.
func (e *Engine) keepDiscarded(
	ctx context.Context,
	db *gorm.DB,
	sc models.Scope,
	it BacklogItem,
	b models.BacklogEntry,
	r Result,
	reason string,
) error {
	now := e.clock().UTC()
	res := db.Exec(
		`UPDATE quarantine SET state = 'discarded', decided_by = ?, decided_at = ?, decision_reason = ?, version =
			version + 1, updated_at = ?
		WHERE mutation_id = ? AND state = 'pending'`,
		sc.UserID,
		now,
		reason,
		now,
		b.MutationID,
	)
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	flags := b.TimeFlags
	if flags == nil {
		flags = models.Strings{}
	}
	return db.Exec(
		`INSERT INTO quarantine (id, mutation_id, device_id, user_id, payload, reason, detail, captured_at,
			time_flags, jurisdiction_id,
		state, decided_by, decided_at, decision_reason, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'discarded', ?, ?, ?, ?, ?)`,
		uuid.Must(
			uuid.NewV7(),
		),
		b.MutationID,
		b.DeviceID,
		b.UserID,
		string(b.Payload),
		CodeDiscardedBySupervisor,
		string(stored(r)),
		b.CapturedAt,
		flags,
		it.JurisdictionID,
		sc.UserID,
		now,
		reason,
		now,
		now,
	).Error
}

// auditImage is what the audit log keeps of an entry before a decision.
func auditImage(it BacklogItem) map[string]any {
	return map[string]any{"device_id": it.DeviceID, "user_id": it.UserID, "name": it.Name, "seq": it.Seq,
		"aggregate_id": it.AggregateID, "code": it.Code, "first_seen": it.FirstSeen}
}

// applyBacklog runs the drain of the entry's device and aggregate (every
// waiting mutation of that device on it, in seq order, in the device's own
// transactions) and answers the entry's final result. While its aggregate
// does not exist, or an earlier mutation of it is held in quarantine, the
// drain is not run at all, so a refusal changes nothing.
func (e *Engine) applyBacklog(
	ctx context.Context,
	sc models.Scope,
	it BacklogItem,
	reason string,
) (BacklogDecision, error) {
	if err := cannotApply(it); err != nil {
		return BacklogDecision{}, err
	}
	if err := e.drainDevice(ctx, it.DeviceID, it.UserID, it.AggregateID); err != nil {
		return BacklogDecision{}, err
	}
	var rows []models.AppliedMutation
	if err := e.db.Gorm.WithContext(ctx).Where("id = ?", it.MutationID).Limit(1).Find(&rows).Error; err != nil {
		return BacklogDecision{}, fmt.Errorf("load result: %w", err)
	}
	if len(rows) == 0 {
		return BacklogDecision{}, e.stillWaiting(ctx, sc, it)
	}
	r := storedResult(rows[0])
	if r.Code == CodeDiscardedBySupervisor { // a concurrent discard came first
		return BacklogDecision{MutationID: it.MutationID, Decision: BacklogApply, Result: r, AlreadyFinal: true}, nil
	}
	err := e.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		return tx.Audit(
			"backlog.apply",
			"mutation",
			it.MutationID,
			auditImage(it),
			map[string]any{"reason": reason, "result": r},
		)
	})
	if err != nil {
		return BacklogDecision{}, err
	}
	return BacklogDecision{MutationID: it.MutationID, Decision: BacklogApply, Result: r}, nil
}

// heldFor reports whether the mutation waits in quarantine, pending, in a
// jurisdiction of the caller: a drain moved it there from the backlog
// (its author was not assigned at the capture time), and the quarantine
// decision is the one that settles it.
func (e *Engine) heldFor(ctx context.Context, sc models.Scope, id uuid.UUID) (bool, error) {
	var q []models.QuarantineEntry
	if err := storage.Scoped(e.db.Gorm.WithContext(ctx), sc, storage.QuarantineByJurisdiction).
		Where("mutation_id = ? AND state = 'pending'", id).
		Limit(1).
		Find(&q).
		Error; err != nil {
		return false, fmt.Errorf("look in quarantine: %w", err)
	}
	return len(q) == 1, nil
}

// notInBacklog answers a decision on a mutation with no final result and no
// backlog entry: a conflict if it waits in quarantine, else not found.
func (e *Engine) notInBacklog(ctx context.Context, sc models.Scope, id uuid.UUID) error {
	held, err := e.heldFor(ctx, sc, id)
	switch {
	case err != nil:
		return err
	case held:
		return models.Errorf(
			models.KindConflict,
			CodeQuarantined,
			"it is held in quarantine (its author was not assigned at the capture time); decide it there",
		)
	}
	return models.NotFound("deferred mutation")
}

// cannotApply refuses an apply that the drain could not carry out.
func cannotApply(it BacklogItem) error {
	switch {
	case it.Held:
		return models.Errorf(
			models.KindConflict,
			CodeQuarantined,
			"it is held in quarantine (its author was not assigned at the capture time); decide it there",
		)
	case !it.AggregateExists:
		return models.Errorf(
			models.KindConflict,
			CodeAggregateUnknown,
			"its inspection %s does not exist on the server yet; discard it or wait",
			it.AggregateID,
		)
	case it.EarlierHeld:
		return models.Errorf(
			models.KindConflict,
			CodeWaitingForEarlier,
			"an earlier mutation of this device on the same inspection is held in quarantine; decide that first",
		)
	}
	return nil
}

// stillWaiting explains why a drain left the entry in the backlog.
func (e *Engine) stillWaiting(ctx context.Context, sc models.Scope, it BacklogItem) error {
	var leased bool
	err := e.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		var err error
		leased, err = deviceBusy(ctx, tx, it.DeviceID)
		return err
	})
	if err != nil {
		return err
	}
	if leased {
		return busy()
	}
	now, ok, err := e.backlogItem(ctx, sc, it.MutationID)
	if err != nil {
		return err
	}
	if ok && now.Code != CodeReady {
		return models.Errorf(
			models.KindConflict,
			now.Code,
			"it still cannot apply (%s); discard it or try again later",
			now.Code,
		)
	}
	if err := e.notInBacklog(ctx, sc, it.MutationID); models.KindOf(err) != models.KindNotFound {
		return err
	}
	return models.Errorf(models.KindConflict, "not_applied", "it could not be applied now; try again")
}
