package sync

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// backlogRow is what a push needs of a deferred mutation.
type backlogRow struct {
	MutationID  uuid.UUID
	AggregateID uuid.UUID
	Seq         int64
	CapturedAt  time.Time
	TimeFlags   models.Strings
}

// heldRow is a mutation of the device held in quarantine. One held because
// its author was not assigned at the capture time waits for a supervisor
// and, like a deferred one, holds back the later mutations of its
// aggregate (blocks); a rejected one does not.
type heldRow struct {
	agg    uuid.UUID
	seq    int64
	blocks bool
}

// loadBacklog reads, once per push, the device's deferred mutations and its
// mutations held in quarantine, in one round trip.
func (e *Engine) loadBacklog(ctx context.Context, tx *storage.Tx, st *state) error {
	if st.loaded {
		return nil
	}
	var rows []waitingRow
	err := tx.DB.WithContext(ctx).Raw(`SELECT false AS held, mutation_id, aggregate_id, seq, captured_at, time_flags,
			'' AS reason, NULL::jsonb AS payload FROM mutation_backlog WHERE device_id = ?
		UNION ALL
		SELECT true, mutation_id, '00000000-0000-0000-0000-000000000000'::uuid, 0, now(), '[]'::jsonb, reason, payload
		FROM quarantine
		WHERE device_id = ? AND state = 'pending'`, st.dev.ID, st.dev.ID).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("load backlog and quarantine: %w", err)
	}
	for _, r := range rows {
		if !r.Held {
			st.backlog[r.MutationID] = backlogRow{r.MutationID, r.AggregateID, r.Seq, r.CapturedAt, r.TimeFlags}
			continue
		}
		// A mutation held because it could not be read decodes in part or
		// not at all: it holds back what of it decodes (its seq, its
		// aggregate), nothing if nothing does.
		var m Mutation
		if err := json.Unmarshal(r.Payload, &m); err != nil {
			e.opt.Logger.Debug("held mutation decodes in part", "mutation", r.MutationID, "err", err)
		}
		row := heldRow{seq: m.Seq, blocks: r.Reason == reasonUnauthorised}
		if a := aggregateOf(m); a != nil {
			row.agg = *a
		}
		st.held[r.MutationID] = row
	}
	st.loaded = true
	return nil
}

// waitingRow is a row of the device's backlog or, held, of its quarantine.
type waitingRow struct {
	Held        bool
	MutationID  uuid.UUID
	AggregateID uuid.UUID
	Seq         int64
	CapturedAt  time.Time
	TimeFlags   models.Strings
	Reason      string
	Payload     []byte
}

// waitingBefore reports whether an earlier mutation of this device on the
// aggregate waits in the backlog (and was not resent ahead of this one) or
// in quarantine for a supervisor: a backlog drain must not apply a later
// edit ahead of it (docs/SYNC.md §2).
func (st *state) waitingBefore(agg uuid.UUID, m Mutation) bool {
	for id, b := range st.backlog {
		if b.AggregateID == agg && b.Seq < m.Seq && id != m.ID {
			return true
		}
	}
	for id, h := range st.held {
		if h.blocks && h.agg == agg && h.seq < m.Seq && id != m.ID {
			return true
		}
	}
	return false
}

// defer_ keeps a mutation in the backlog (unique by mutation id) and blocks
// the rest of its aggregate for this push.
func (ct *chunkTx) defer_(ctx context.Context, m Mutation, hash []byte, agg uuid.UUID, code string) Result {
	st := ct.st
	st.blocked[agg] = true
	c, err := st.captureOf(m)
	if err != nil {
		c = Capture{At: st.received}
	}
	payload, err := json.Marshal(m)
	if err != nil {
		return ct.retryOn(m, err)
	}
	err = ct.tx.DB.WithContext(ctx).
		Exec(`INSERT INTO mutation_backlog (mutation_id, device_id, user_id, aggregate_id, seq, payload,
			request_hash, captured_at, time_flags)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (mutation_id) DO UPDATE SET last_seen = now()`,
			m.ID, st.dev.ID, st.sc.UserID, agg, m.Seq, string(payload), hash, c.At, models.Strings(c.Flags)).
		Error
	if err != nil {
		return ct.retryOn(m, err)
	}
	if _, ok := st.backlog[m.ID]; !ok {
		st.backlog[m.ID] = backlogRow{MutationID: m.ID, AggregateID: agg, Seq: m.Seq, CapturedAt: c.At, TimeFlags: c.Flags}
	}
	return Result{ID: m.ID, Seq: m.Seq, Status: StatusDeferred, Code: code,
		Message: "kept on the server until what it depends on arrives; send it again with your next push"}
}

// missing answers a mutation whose aggregate does not exist: rejected if
// the mutation that would have created it was rejected, else deferred.
func (ct *chunkTx) missing(ctx context.Context, m Mutation, hash []byte, agg uuid.UUID) Result {
	var n int64
	err := ct.tx.DB.WithContext(ctx).
		Raw(`SELECT count(*) FROM applied_mutations WHERE aggregate_id = ? AND status = 'rejected' AND name =
			'inspection.start'`, agg).
		Scan(&n).
		Error
	if err != nil {
		return ct.retryOn(m, err)
	}
	if n > 0 {
		return ct.reject(
			ctx,
			m,
			hash,
			models.Errorf(models.KindInvalid, CodePrerequisiteRejected, "the mutation that creates %s was rejected", agg),
		)
	}
	return ct.defer_(ctx, m, hash, agg, CodeAggregateUnknown)
}

// enqueue asks the drain worker to look at aggregates just created.
func (e *Engine) enqueue(ids ...uuid.UUID) {
	for _, id := range ids {
		select {
		case e.queue <- id:
		default: // the periodic sweep will find it
		}
	}
}

// Run drains the backlog until ctx ends: aggregates as their creation
// commits, and every few seconds whatever is ready (a drain that found the
// device busy is retried by the sweep).
func (e *Engine) Run(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = 5 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-e.queue:
			if err := e.DrainAggregate(ctx, id); err != nil {
				e.opt.Logger.Warn("backlog drain", "aggregate", id, "err", err)
			}
		case <-t.C:
			if err := e.DrainReady(ctx); err != nil {
				e.opt.Logger.Warn("backlog sweep", "err", err)
			}
		}
	}
}

// DrainReady drains every backlog whose aggregate now exists.
func (e *Engine) DrainReady(ctx context.Context) error {
	var ids []uuid.UUID
	err := e.db.Gorm.WithContext(ctx).Raw(`SELECT DISTINCT b.aggregate_id FROM mutation_backlog b
		WHERE EXISTS (SELECT 1 FROM inspections i WHERE i.id = b.aggregate_id) LIMIT 100`).Scan(&ids).Error
	if err != nil {
		return fmt.Errorf("find ready backlog: %w", err)
	}
	for _, id := range ids {
		if err := e.DrainAggregate(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// DrainAggregate applies the deferred mutations waiting for one aggregate,
// each device's in its own transactions under that device's row lock —
// never inside another device's push.
func (e *Engine) DrainAggregate(ctx context.Context, agg uuid.UUID) error {
	var devs []struct {
		DeviceID uuid.UUID
		UserID   uuid.UUID
	}
	err := e.db.Gorm.WithContext(ctx).
		Raw(`SELECT DISTINCT device_id, user_id FROM mutation_backlog WHERE aggregate_id = ?`, agg).
		Scan(&devs).
		Error
	if err != nil {
		return fmt.Errorf("backlog devices: %w", err)
	}
	for _, d := range devs {
		if err := e.drainDevice(ctx, d.DeviceID, d.UserID, agg); err != nil {
			return err
		}
	}
	return nil
}

// drainDevice applies one device's backlog for an aggregate, in seq order.
func (e *Engine) drainDevice(ctx context.Context, devID, userID, agg uuid.UUID) error {
	var info struct {
		Role         models.Role
		RegisteredAt time.Time
	}
	err := e.db.Gorm.WithContext(ctx).
		Raw(`SELECT u.role, d.registered_at FROM devices d JOIN users u ON u.id = d.user_id WHERE d.id = ?`, devID).
		Scan(&info).
		Error
	if err != nil {
		return fmt.Errorf("load device: %w", err)
	}
	var rows []models.BacklogEntry
	if err := e.db.Gorm.WithContext(ctx).
		Where("device_id = ? AND aggregate_id = ?", devID, agg).
		Order("seq").
		Find(&rows).
		Error; err != nil {
		return fmt.Errorf("load backlog: %w", err)
	}
	ms := make([]indexed, 0, len(rows))
	for i, r := range rows {
		var m Mutation
		if err := json.Unmarshal(r.Payload, &m); err != nil {
			return fmt.Errorf("decode backlog %s: %w", r.MutationID, err)
		}
		ms = append(ms, indexed{i, m})
	}
	sc := models.Scope{UserID: userID, DeviceID: devID, Role: info.Role}
	st := newState(sc, device{ID: devID, UserID: userID, RegisteredAt: info.RegisteredAt}, e.clock().UTC(), nil)
	st.drain = true
	for lo := 0; lo < len(ms); lo += e.opt.ChunkSize {
		if _, err := e.applyChunk(ctx, st, ms[lo:min(lo+e.opt.ChunkSize, len(ms))], false, true); err != nil {
			return err
		}
		if st.retrying {
			break
		}
	}
	e.enqueue(st.created...)
	return nil
}
