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
)

// reject records a final rejection: the applied_mutations row (so a resend
// replays it) and the full payload in quarantine for a supervisor
// (docs/SYNC.md: rejected work is kept). A rejection does not block later mutations.
func (ct *chunkTx) reject(ctx context.Context, m Mutation, hash []byte, err error) Result {
	st := ct.st
	r := rejected(m, err)
	if hash == nil {
		sum := sha256.Sum256(m.Args)
		hash = sum[:]
	}
	inserted, rerr := recordRejection(
		ctx,
		ct.tx.DB,
		rejection{m: m, device: st.dev.ID, user: st.sc.UserID, hash: hash, result: r},
	)
	if rerr != nil {
		return ct.retryOn(m, rerr)
	}
	if !inserted {
		var am models.AppliedMutation
		if rr := ct.tx.DB.WithContext(ctx).Where("id = ?", m.ID).Limit(1).Find(&am); rr.Error == nil && rr.RowsAffected > 0 {
			ct.seen[m.ID] = am
		}
		if known, done := ct.known(ctx, m, hash); done {
			return known
		}
	} else {
		ct.seen[m.ID] = models.AppliedMutation{
			ID:          m.ID,
			UserID:      st.sc.UserID,
			RequestHash: hash,
			Status:      StatusRejected,
			Outcome:     models.JSON(stored(r)),
		}
	}
	if qerr := ct.hold(ctx, m, r.Code, r, nil, nil); qerr != nil {
		return ct.retryOn(m, qerr)
	}
	if derr := ct.dropBacklog(ctx, m); derr != nil {
		return ct.retryOn(m, derr)
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
func (ct *chunkTx) quarantine(ctx context.Context, m Mutation, agg, jur uuid.UUID, c Capture) Result {
	st := ct.st
	st.blocked[agg] = true
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusDeferred, Code: CodeQuarantined,
		Message: "you were not assigned to this jurisdiction at the capture time; a supervisor will decide"}
	if err := ct.hold(ctx, m, reasonUnauthorised, r, &jur, &c); err != nil {
		return ct.retryOn(m, err)
	}
	if err := ct.dropBacklog(ctx, m); err != nil { // a drain found it: it waits in quarantine now, not in both
		return ct.retryOn(m, err)
	}
	st.held[m.ID] = heldRow{agg: agg, seq: m.Seq, blocks: true}
	return r
}

// hold writes a pending quarantine row with the full payload and, for
// work held for a supervisor, its corrected capture time and time flags,
// which a reapply runs it with.
func (ct *chunkTx) hold(ctx context.Context, m Mutation, reason string, r Result, jur *uuid.UUID, c *Capture) error {
	st := ct.st
	payload := storablePayload(m)
	detail, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("quarantine detail: %w", err)
	}
	var at *time.Time
	flags := models.Strings{}
	if c != nil {
		at = &c.At
		if c.Flags != nil {
			flags = models.Strings(c.Flags)
		}
	}
	err = ct.tx.DB.WithContext(ctx).
		Exec(`INSERT INTO quarantine (id, mutation_id, device_id, user_id, payload, reason, detail, captured_at,
			time_flags, jurisdiction_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			uuid.Must(uuid.NewV7()), m.ID, st.dev.ID, st.sc.UserID, string(payload), reason, string(detail), at, flags, jur).
		Error
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
	res := db.WithContext(ctx).
		Exec(`INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome)
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
