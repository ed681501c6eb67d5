package sync

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// deviceFor takes the device row (first chunk: checking it is the
// caller's) or locks it again.
func (e *Engine) deviceFor(ctx context.Context, tx *storage.Tx, st *state, taking bool) error {
	if taking {
		return e.takeIn(ctx, tx, st)
	}
	return e.lockDevice(ctx, tx, st)
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
func (e *Engine) takeIn(ctx context.Context, tx *storage.Tx, st *state) error {
	var rows []struct {
		RegisteredAt time.Time
		Leased       bool
	}
	// Leased: a push of a server from before the advisory lock (a rolling
	// deploy) still holds the device through its lease column.
	res := tx.DB.WithContext(ctx).
		Raw(`SELECT registered_at, coalesce(push_lease_until > clock_timestamp(), false) AS leased FROM devices
		WHERE id = ? AND user_id = ? AND revoked_at IS NULL FOR NO KEY UPDATE`, st.dev.ID, st.dev.UserID).
		Scan(&rows)
	if res.Error != nil {
		return fmt.Errorf("take device: %w", res.Error)
	}
	if len(rows) == 0 {
		return models.Errorf(models.KindForbidden, "unknown_device", "this device is not registered to you")
	}
	if rows[0].Leased {
		return busy()
	}
	st.dev.RegisteredAt = rows[0].RegisteredAt
	return nil
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
// counts from, pull.go's ackedSeqSQL). It also clears the push lease
// columns of servers before the advisory lock, which a rolling deploy may
// have left.
const releaseSQL = `UPDATE devices SET push_lease_id = NULL, push_lease_until = NULL,
	last_push_at = ?, last_seen_at = ?,
	clock_skew_ms = coalesce(?, clock_skew_ms), app_version = CASE WHEN ? = '' THEN app_version ELSE ? END,
	last_push_seq = greatest(coalesce(last_push_seq, 0), ?), first_seq = least(first_seq, nullif(?, 0)),
	replayed_seq = nullif(greatest(coalesce(replayed_seq, 0), ?), 0)
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
