package sync

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// reject records a final rejection: the applied_mutations row (so a resend
// replays it) and the full payload in quarantine for a supervisor
// (docs/SYNC.md: rejected work is kept). A rejection does not block later mutations.
func (e *Engine) reject(ctx context.Context, tx *storage.Tx, st *state, m Mutation, hash []byte, err error) Result {
	r := rejected(m, err)
	if hash == nil {
		sum := sha256.Sum256(m.Args)
		hash = sum[:]
	}
	inserted, rerr := recordRejection(ctx, tx.DB, rejection{m: m, device: st.dev.ID, user: st.sc.UserID, hash: hash, result: r})
	if rerr != nil {
		return e.retryOn(st, m, rerr)
	}
	if !inserted {
		var am models.AppliedMutation
		if rr := tx.DB.WithContext(ctx).Where("id = ?", m.ID).Limit(1).Find(&am); rr.Error == nil && rr.RowsAffected > 0 {
			st.seen[m.ID] = am
		}
		if known, done := e.known(ctx, tx, st, m, hash); done {
			return known
		}
	} else {
		st.seen[m.ID] = models.AppliedMutation{ID: m.ID, UserID: st.sc.UserID, RequestHash: hash, Status: StatusRejected, Outcome: models.JSON(stored(r))}
	}
	if qerr := e.hold(ctx, tx, st, m, r.Code, r, nil, nil); qerr != nil {
		return e.retryOn(st, m, qerr)
	}
	if _, ok := st.backlog[m.ID]; ok {
		if derr := tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error; derr != nil {
			return e.retryOn(st, m, derr)
		}
		delete(st.backlog, m.ID)
	}
	return r
}

// aggregateOf reads the aggregate id a mutation names, if any.
func aggregateOf(m Mutation) *uuid.UUID {
	var a struct {
		ID           *uuid.UUID `json:"id"`
		InspectionID *uuid.UUID `json:"inspection_id"`
	}
	if json.Unmarshal(m.Args, &a) != nil {
		return nil
	}
	if m.Name == "inspection.start" {
		return a.ID
	}
	return a.InspectionID
}

// quarantine holds work the user was not entitled to at its capture time:
// it is not rejected (the device keeps it and gets deferred/quarantined
// until a supervisor decides), and later mutations of its aggregate wait.
func (e *Engine) quarantine(ctx context.Context, tx *storage.Tx, st *state, m Mutation, hash []byte, agg, jur uuid.UUID, c Capture) Result {
	st.blocked[agg] = true
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusDeferred, Code: CodeQuarantined,
		Message: "you were not assigned to this jurisdiction at the capture time; a supervisor will decide"}
	if err := e.hold(ctx, tx, st, m, reasonUnauthorised, r, &jur, &c); err != nil {
		return e.retryOn(st, m, err)
	}
	if _, ok := st.backlog[m.ID]; ok { // a drain found it: it waits in quarantine now, not in both
		if err := tx.DB.WithContext(ctx).Exec("DELETE FROM mutation_backlog WHERE mutation_id = ?", m.ID).Error; err != nil {
			return e.retryOn(st, m, err)
		}
		delete(st.backlog, m.ID)
	}
	st.held[m.ID] = heldRow{agg: agg, seq: m.Seq, blocks: true}
	return r
}

// hold writes a pending quarantine row with the full payload and, for
// work held for a supervisor, its corrected capture time and time flags,
// which a reapply runs it with.
func (e *Engine) hold(ctx context.Context, tx *storage.Tx, st *state, m Mutation, reason string, r Result, jur *uuid.UUID, c *Capture) error {
	payload := storablePayload(m)
	detail, _ := json.Marshal(r)
	var at *time.Time
	flags := models.Strings{}
	if c != nil {
		at = &c.At
		if c.Flags != nil {
			flags = models.Strings(c.Flags)
		}
	}
	err := tx.DB.WithContext(ctx).Exec(`INSERT INTO quarantine (id, mutation_id, device_id, user_id, payload, reason, detail, captured_at,
			time_flags, jurisdiction_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		uuid.Must(uuid.NewV7()), m.ID, st.dev.ID, st.sc.UserID, string(payload), reason, string(detail), at, flags, jur).Error
	if err != nil {
		return fmt.Errorf("quarantine: %w", err)
	}
	return nil
}

// rejection is a mutation's final rejected result as applied_mutations
// records it: the row a resend replays. Every path that makes a
// rejection final (a push or drain refusing the mutation, a supervisor
// discarding it from the quarantine or the backlog) writes it through
// recordRejection, so none can drop a column: the aggregate id above all,
// which is what tells the device's later mutations of an inspection whose
// start was rejected that they are rejected too (prerequisite_rejected),
// not waiting for it forever (docs/SYNC.md §2).
type rejection struct {
	m            Mutation
	device, user uuid.UUID
	agg          *uuid.UUID // nil: read from the mutation's args
	hash         []byte     // nil: SHA-256 of the raw args (a mutation that could not be hashed)
	result       Result
}

// recordRejection inserts the rejection unless the mutation id is already
// recorded (ON CONFLICT DO NOTHING) and reports whether it did.
func recordRejection(ctx context.Context, db *gorm.DB, r rejection) (bool, error) {
	agg := r.agg
	if agg == nil {
		agg = aggregateOf(r.m)
	}
	hash := r.hash
	if hash == nil {
		sum := sha256.Sum256(r.m.Args)
		hash = sum[:]
	}
	res := db.WithContext(ctx).Exec(`INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'rejected', ?) ON CONFLICT (id) DO NOTHING`,
		r.m.ID, r.device, r.user, r.m.Seq, storableText(r.m.Name), agg, hash, string(stored(r.result)))
	if res.Error != nil {
		return false, fmt.Errorf("record rejection: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

func jsonUnmarshal(b []byte, v any) error {
	if len(b) == 0 {
		return nil
	}
	return json.Unmarshal(b, v)
}
