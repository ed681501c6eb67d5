package sync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// ConflictFilter narrows the conflict list.
type ConflictFilter struct {
	OpenOnly     bool
	InspectionID *uuid.UUID
}

// ListConflicts lists conflicts in the caller's scope, oldest first.
func (e *Engine) ListConflicts(
	ctx context.Context,
	sc models.Scope,
	f ConflictFilter,
	cursor string,
	limit int,
) ([]models.Conflict, string, error) {
	q := inspect.ScopeQuery(e.db.Gorm.WithContext(ctx).Model(&models.Conflict{}), sc)
	if f.OpenOnly {
		q = q.Where("resolved_at IS NULL")
	}
	if f.InspectionID != nil {
		q = q.Where("inspection_id = ?", *f.InspectionID)
	}
	return storage.ByID(func(c models.Conflict) uuid.UUID { return c.ID }).Page(q, cursor, limit)
}

// ListQuarantine lists quarantined mutations of the caller's jurisdictions.
func (e *Engine) ListQuarantine(
	ctx context.Context,
	sc models.Scope,
	state, cursor string,
	limit int,
) ([]models.QuarantineEntry, string, error) {
	q := storage.Scoped(e.db.Gorm.WithContext(ctx).Model(&models.QuarantineEntry{}), sc, quarantineScoping)
	if state != "" {
		q = q.Where("state = ?", state)
	}
	return storage.ByID(func(q models.QuarantineEntry) uuid.UUID { return q.ID }).Page(q, cursor, limit)
}

// quarantineScoping: a held mutation belongs to its aggregate's
// jurisdiction or, with none (the aggregate never existed), to its
// author's; owners see none.
var quarantineScoping = storage.Scoping{
	Jurisdiction: "jurisdiction_id IN ? OR (jurisdiction_id IS NULL AND user_id IN " +
		"(SELECT user_id FROM user_jurisdictions WHERE jurisdiction_id IN ?))",
}

// Quarantine decisions.
const (
	DecisionReapply = "reapply"
	DecisionDiscard = "discard"
)

// DecideQuarantine settles a quarantined mutation: discard keeps it as
// rejected with the supervisor's reason (final for the device); reapply
// runs it (with corrected args if given) as its author, at its capture
// time, in the author's device's own transaction. Errors: not_found,
// conflict (already decided, device busy).
func (e *Engine) DecideQuarantine(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
	args json.RawMessage,
) (models.QuarantineEntry, *Result, error) {
	var q models.QuarantineEntry
	err := storage.Scoped(e.db.Gorm.WithContext(ctx), sc, storage.QuarantineByJurisdiction).
		Where("id = ?", id).Take(&q).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return q, nil, models.NotFound("quarantine entry")
	}
	if err != nil {
		return q, nil, err
	}
	if q.State != "pending" {
		return q, nil, models.Errorf(models.KindConflict, "already_decided", "this entry was %s already", q.State)
	}
	if decision != DecisionReapply {
		if err := e.discard(ctx, q, reason); err != nil {
			return q, nil, err
		}
		return e.closeQuarantine(ctx, sc, q, decision, reason, nil)
	}
	r, err := e.reapply(ctx, sc, q, args, reason)
	if err != nil {
		return q, nil, err
	}
	if r.Status != StatusApplied && r.Status != StatusMerged {
		return q, &r, models.Errorf(
			models.KindConflict,
			"not_applied",
			"the mutation could not be applied now (%s %s); try again",
			r.Status,
			r.Code,
		)
	}
	now, u := e.clock().UTC(), sc.UserID
	q.State, q.DecidedBy, q.DecidedAt, q.DecisionReason = "reapplied", &u, &now, reason
	return q, &r, nil
}

// closeQuarantine records the decision on the entry.
func (e *Engine) closeQuarantine(
	ctx context.Context,
	sc models.Scope,
	q models.QuarantineEntry,
	decision, reason string,
	res *Result,
) (models.QuarantineEntry, *Result, error) {
	now, u := e.clock().UTC(), sc.UserID
	err := markDecided(ctx, e.db.Gorm, q, "discarded", u, now, reason)
	q.State, q.DecidedBy, q.DecidedAt, q.DecisionReason = "discarded", &u, &now, reason
	return q, res, err
}

// markDecided records a decision on a quarantine entry.
func markDecided(
	ctx context.Context,
	db *gorm.DB,
	q models.QuarantineEntry,
	state string,
	by uuid.UUID,
	at time.Time,
	reason string,
) error {
	return db.WithContext(ctx).
		Model(&models.QuarantineEntry{}).
		Where("id = ?", q.ID).
		Updates(map[string]any{"state": state, "decided_by": by,
			"decided_at": at, "decision_reason": reason, "version": q.Version + 1, "updated_at": at}).
		Error
}

// discard makes the mutation's final result a rejection with the reason.
func (e *Engine) discard(ctx context.Context, q models.QuarantineEntry, reason string) error {
	// A held mutation may be one the server could not read: the rejection
	// records what of it decodes, under the id it was held with, and no
	// request hash when it cannot be hashed (as a push rejects it).
	var m Mutation
	if err := json.Unmarshal(q.Payload, &m); err != nil || m.ID == uuid.Nil {
		m.ID = q.MutationID
	}
	hash, err := RequestHash(asReceived(q.Payload, m))
	if err != nil {
		hash = nil
	}
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusRejected, Code: CodeDiscardedBySupervisor, Message: reason}
	err = e.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		if _, err := recordRejection(
			ctx,
			tx.DB,
			rejection{m: m, device: q.DeviceID, user: q.UserID, hash: hash, result: r},
		); err != nil {
			return err
		}
		return tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error
	})
	if a := aggregateOf(m); a != nil && err == nil {
		e.enqueue(*a) // later mutations of the aggregate no longer wait for this one
	}
	return err
}

// reapply runs a quarantined mutation as its author would have, skipping
// only the authorisation the supervisor has now given.
// The decision is recorded in the same transaction, so a drain that follows
// sees it.
func (e *Engine) reapply(
	ctx context.Context,
	sc models.Scope,
	q models.QuarantineEntry,
	args json.RawMessage,
	reason string,
) (Result, error) {
	m, hash, err := heldMutation(q, args)
	if err != nil {
		return Result{}, err
	}
	st, registered, err := e.authorState(ctx, q)
	if err != nil {
		return Result{}, err
	}
	c, err := e.heldCapture(ctx, q, m, st.received, registered)
	if err != nil {
		return Result{}, err
	}
	var r Result
	err = e.db.InTx(ctx, actor(st), func(tx *storage.Tx) error {
		var err error
		r, err = e.reapplyIn(ctx, tx, st, m, hash, c, func() error {
			return markDecided(ctx, tx.DB, q, "reapplied", sc.UserID, e.clock().UTC(), reason)
		})
		return err
	})
	if errors.Is(err, errBusy) {
		return r, busy()
	}
	e.enqueue(st.created...)
	if a := aggregateOf(m); a != nil && err == nil {
		e.enqueue(*a) // later mutations of the aggregate waited for this one
	}
	return r, err
}

// heldMutation is the quarantined mutation with the supervisor's corrected
// args, if any, and the hash of the device's own intent, which keeps its
// identity.
func heldMutation(q models.QuarantineEntry, args json.RawMessage) (Mutation, []byte, error) {
	var m Mutation
	if err := json.Unmarshal(q.Payload, &m); err != nil {
		return m, nil, fmt.Errorf("decode quarantined payload: %w", err)
	}
	hash, err := RequestHash(asReceived(q.Payload, m))
	if err != nil {
		return m, nil, err
	}
	if len(args) > 0 {
		m.Args = args
	}
	return m, hash, nil
}

// authorState is the push state of the mutation's author and device, as a
// drain runs it, and when the device was registered.
func (e *Engine) authorState(ctx context.Context, q models.QuarantineEntry) (*state, time.Time, error) {
	var info struct {
		Role         models.Role
		RegisteredAt time.Time
	}
	if err := e.db.Gorm.WithContext(ctx).
		Raw(`SELECT u.role, d.registered_at FROM devices d JOIN users u ON u.id = d.user_id WHERE d.id = ?`, q.DeviceID).
		Scan(&info).
		Error; err != nil {
		return nil, time.Time{}, err
	}
	st := newState(
		models.Scope{UserID: q.UserID, DeviceID: q.DeviceID, Role: info.Role},
		device{ID: q.DeviceID, UserID: q.UserID, RegisteredAt: info.RegisteredAt},
		e.clock().UTC(),
		nil,
	)
	st.drain, st.loaded = true, true
	return st, info.RegisteredAt, nil
}

// reapplyIn runs m in tx as its author would have, under the device's
// lock, after clearing its earlier rejection and backlog rows; decided
// records the supervisor's decision when it applied.
func (e *Engine) reapplyIn(
	ctx context.Context,
	tx *storage.Tx,
	st *state,
	m Mutation,
	hash []byte,
	c Capture,
	decided func() error,
) (Result, error) {
	if err := e.lockDevice(ctx, tx, st); err != nil {
		return Result{}, err
	}
	if err := tx.DB.WithContext(ctx).
		Exec("DELETE FROM applied_mutations WHERE id = ? AND status = 'rejected'", m.ID).
		Error; err != nil {
		return Result{}, err
	}
	if err := tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error; err != nil {
		return Result{}, err
	}
	cmd, a, err := e.ownedCommand(ctx, tx, st, m)
	if err != nil {
		return Result{}, err
	}
	ct, err := e.newChunkTx(ctx, st, tx, false, nil)
	if err != nil {
		return Result{}, err
	}
	r, p := ct.run(ctx, m, hash, cmd, a, c)
	if p == nil {
		return r, nil // not applied: nothing to commit but the rejection rows
	}
	if err := writeOutcomes(ctx, tx, []pending{*p}); err != nil {
		return r, err
	}
	if err := decided(); err != nil {
		return r, err
	}
	return r, ct.w.Finish(ctx)
}

// ownedCommand decodes m's command; only the inspection's own inspector
// changes it, even through a supervisor's reapply.
func (e *Engine) ownedCommand(
	ctx context.Context,
	tx *storage.Tx,
	st *state,
	m Mutation,
) (inspect.Command, inspect.Args, error) {
	cmd, ok := inspect.LookupCommand(m.Name, m.Version)
	if !ok {
		return cmd, nil, models.Errorf(
			models.KindConflict,
			"unknown_mutation",
			"this server does not know %s v%d",
			m.Name,
			m.Version,
		)
	}
	a, err := cmd.Decode(m.Args)
	if err != nil {
		return cmd, nil, err
	}
	err = e.ownerOnly(ctx, tx, st, cmd, a.Aggregate())
	if models.KindOf(err) == models.KindForbidden {
		return cmd, nil, models.Errorf(
			models.KindConflict,
			CodeNotInspectionOwner,
			"the mutation's author is not this inspection's inspector; discard it",
		)
	}
	return cmd, a, err
}

// heldCapture is the capture a quarantined mutation is reapplied with: the
// corrected time and the time flags it was held with (a reapply never
// drops a before_registration or stale flag: such an inspection's
// offences stay held until a supervisor confirms its time, docs/SYNC.md
// Time). Entries held before the flags were kept get them recomputed
// from the capture time, the device's registration and the entry's
// receipt.
func (e *Engine) heldCapture(
	ctx context.Context,
	q models.QuarantineEntry,
	m Mutation,
	now, registered time.Time,
) (Capture, error) {
	if q.CapturedAt == nil {
		c, err := CorrectTime(m, now, nil, registered)
		if err != nil {
			return Capture{At: now}, nil
		}
		return c, nil
	}
	var row struct{ TimeFlags models.Strings }
	if err := e.db.Gorm.WithContext(ctx).
		Raw("SELECT time_flags FROM quarantine WHERE id = ?", q.ID).
		Scan(&row).
		Error; err != nil {
		return Capture{}, fmt.Errorf("read quarantined time flags: %w", err)
	}
	c := Capture{At: q.CapturedAt.UTC(), Flags: row.TimeFlags}
	if len(c.Flags) == 0 {
		c = clamp(c, q.CreatedAt, registered)
	}
	return c, nil
}
