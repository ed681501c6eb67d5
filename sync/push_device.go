package sync

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// deviceFor takes the device row (first chunk: checking it is the
// caller's) or locks it again. The first chunk of a push reads the
// chunk's recorded mutation ids with the device and returns them (see
// takeIn); otherwise seen is nil and the caller reads them (recorded).
func (e *Engine) deviceFor(
	ctx context.Context,
	tx *storage.Tx,
	st *state,
	taking bool,
	chunk []indexed,
) (seen map[uuid.UUID]models.AppliedMutation, err error) {
	if taking {
		return e.takeIn(ctx, tx, st, chunk)
	}
	return nil, e.lockDevice(ctx, tx, st)
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
	if err := tx.DB.WithContext(ctx).
		Exec("SELECT 1 FROM devices WHERE id = ? FOR NO KEY UPDATE", st.dev.ID).
		Error; err != nil {
		return fmt.Errorf("lock device: %w", err)
	}
	return nil
}

// takeIn locks the device row inside the first chunk's transaction (lock
// order: the device first), checks the device is the caller's and live,
// and reads its registration time. The push already holds the device
// (deviceLock), so the row lock waits for nothing but a moment's writer.
// The same statement reads the applied_mutations records of the chunk's
// ids (what recorded reads, a round trip of its own before): the row
// lock covers the devices row only, never the records.
func (e *Engine) takeIn(
	ctx context.Context,
	tx *storage.Tx,
	st *state,
	chunk []indexed,
) (map[uuid.UUID]models.AppliedMutation, error) {
	ids := make([]uuid.UUID, len(chunk))
	for i, x := range chunk {
		ids[i] = x.m.ID
	}
	var rows []struct {
		RegisteredAt time.Time
		Leased       bool
		Recorded     models.JSON
		Floor        int64
	}
	// Leased: a push of a server from before the advisory lock (a rolling
	// deploy) still holds the device through its lease column.
	res := tx.DB.WithContext(ctx).
		Raw(`SELECT registered_at, coalesce(push_lease_until > clock_timestamp(), false) AS leased,
		(`+recordedSQL+`) AS recorded, `+storage.FirstVersionSQL+` AS floor
		FROM devices WHERE id = ? AND user_id = ? AND revoked_at IS NULL FOR NO KEY UPDATE`,
			ids, st.dev.ID, st.dev.UserID).
		Scan(&rows)
	if res.Error != nil {
		return nil, fmt.Errorf("take device: %w", res.Error)
	}
	if len(rows) == 0 {
		return nil, models.Errorf(models.KindForbidden, "unknown_device", "this device is not registered to you")
	}
	if rows[0].Leased {
		return nil, busy()
	}
	st.dev.RegisteredAt = rows[0].RegisteredAt
	tx.KnowFirstVersion(rows[0].Floor) // the first version of what the chunk creates, read here (a round trip less)
	return decodeRecorded(rows[0].Recorded)
}

// recordedSQL reads the applied_mutations records of the ids ? as one
// JSON array, the columns a replay decision reads (chunkTx.known), for
// decodeRecorded: with the device row (takeIn) or on its own (recorded).
const recordedSQL = `SELECT coalesce(json_agg(json_build_object('id', a.id, 'device_id', a.device_id,
	'user_id', a.user_id, 'seq', a.seq, 'status', a.status, 'outcome', a.outcome,
	'request_hash', encode(a.request_hash, 'hex'))), '[]') FROM applied_mutations a WHERE a.id IN ?`

// decodeRecorded reads recordedSQL's JSON array of applied_mutations records
// into what recorded returns: the columns known and failed read, the
// request hash in hex, an outcome that is SQL NULL as none.
func decodeRecorded(b []byte) (map[uuid.UUID]models.AppliedMutation, error) {
	var rows []struct {
		ID       uuid.UUID       `json:"id"`
		DeviceID uuid.UUID       `json:"device_id"`
		UserID   uuid.UUID       `json:"user_id"`
		Seq      int64           `json:"seq"`
		Status   string          `json:"status"`
		Outcome  json.RawMessage `json:"outcome"`
		Hash     string          `json:"request_hash"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, fmt.Errorf("look up mutation ids: %w", err)
	}
	seen := make(map[uuid.UUID]models.AppliedMutation, len(rows))
	for _, r := range rows {
		hash, err := hex.DecodeString(r.Hash)
		if err != nil {
			return nil, fmt.Errorf("look up mutation ids: request hash of %s: %w", r.ID, err)
		}
		am := models.AppliedMutation{ID: r.ID, DeviceID: r.DeviceID, UserID: r.UserID, Seq: r.Seq, Status: r.Status,
			RequestHash: hash}
		if len(r.Outcome) > 0 && string(r.Outcome) != "null" {
			am.Outcome = models.JSON(r.Outcome)
		}
		seen[r.ID] = am
	}
	return seen, nil
}

var errBusy = errors.New("device busy")

func busy() error {
	e := models.Errorf(
		models.KindConflict,
		"push_in_progress",
		"another push from this device is in progress; retry when it has finished",
	)
	e.RetryAfter = 2
	return e
}

// releaseSQL records the push on the device (last push, clock skew, app
// version, lowest and highest seq seen: first_seq is where acked_seq
// counts from, pull.go's ackedSeqSQL). Every seq is cast to bigint: a
// bare nullif(?, 0) types its parameter as a 32-bit integer, and the
// contract lets a seq reach 2^53-1 (a clock-based counter does). It also clears the push lease
// columns of servers before the advisory lock, which a rolling deploy may
// have left.
const releaseSQL = `UPDATE devices SET push_lease_id = NULL, push_lease_until = NULL,
	last_push_at = ?, last_seen_at = ?,
	clock_skew_ms = coalesce(?, clock_skew_ms), app_version = CASE WHEN ? = '' THEN app_version ELSE ? END,
	last_push_seq = greatest(coalesce(last_push_seq, 0), ?::bigint), first_seq = least(first_seq, nullif(?::bigint, 0)),
	replayed_seq = nullif(greatest(coalesce(replayed_seq, 0), ?::bigint), 0)
	WHERE id = ?`

// releaseIn gives the device back inside the last chunk's transaction.
func (e *Engine) releaseIn(ctx context.Context, tx *storage.Tx, st *state) error {
	req := st.req
	var maxSeq, minSeq int64
	for i, m := range req.Mutations {
		maxSeq = max(maxSeq, m.Seq)
		if i == 0 || m.Seq < minSeq {
			minSeq = m.Seq
		}
	}
	var skew *int64
	if st.skew != nil {
		ms := st.skew.Milliseconds()
		skew = &ms
	}
	err := tx.DB.WithContext(ctx).Exec(releaseSQL, st.received, st.received, skew, req.AppVersion, req.AppVersion,
		maxSeq, minSeq, st.replayed, st.dev.ID).Error
	if err != nil {
		return fmt.Errorf("release device: %w", err)
	}
	if req.AckSeq > 0 {
		return tx.DB.WithContext(ctx).
			Exec(`UPDATE applied_mutations SET acked = true WHERE device_id = ? AND seq <= ? AND NOT acked`,
				st.dev.ID, req.AckSeq).
			Error
	}
	return nil
}

// releaseDevice gives the device back when no chunk did (an empty push, a
// push stopped by its budget, a last chunk rolled back).
func (e *Engine) releaseDevice(ctx context.Context, st *state) error {
	return st.dbOf(e).InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error { return e.releaseIn(ctx, tx, st) })
}
