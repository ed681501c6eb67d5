package sync

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Reasons a reset is required (the problem's reason member, docs/SYNC.md
// §6.10).
const (
	// ReasonRetention: the cursor is older than the change log keeps.
	ReasonRetention = "retention"
	// ReasonEpochChanged: the cursor or acknowledgement was issued by
	// another history of the database (a restore from a backup).
	ReasonEpochChanged = "epoch_changed"
)

// ErrEpochChanged is returned for a cursor, an acknowledgement or a verify
// from another epoch: the database was restored from a backup or
// recreated since, and may have lost what the phone saw or sent. The app
// resends every mutation it kept, then pulls without a cursor.
var ErrEpochChanged = models.Errorf(
	models.KindConflict,
	"reset_required",
	"the server's database was restored from a backup since your last sync: "+
		"send again every mutation you kept, then pull again without a cursor",
)

// epochSQL computes the epoch of the history the database serves: a
// digest of the nonce `tindal sync new-epoch` replaces and of what
// PostgreSQL changes by itself when a database is restored or recreated —
// the cluster's system identifier (a new cluster), the timeline (a
// point-in-time recovery or a promotion opens a new one), the database's
// oid (a new database) and the sync_epoch table's oid (tables recreated by
// pg_restore). On a primary the timeline is that of the WAL it writes now
// (the name of the current WAL file begins with it), not that of its last
// checkpoint, which names the old timeline until the first checkpoint
// after a promotion; a hot standby, which may not ask for the current WAL,
// reads the timeline it receives, or else its last restartpoint's.
// Reading it writes nothing, so a read replica answers the primary's
// epoch. 16 hex digits.
const epochSQL = `SELECT left(encode(sha256(convert_to(concat_ws('/', e.nonce, s.system_identifier,
		CASE WHEN pg_is_in_recovery()
			THEN coalesce((SELECT received_tli FROM pg_stat_wal_receiver), c.timeline_id)
			ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int END,
		d.oid, 'sync_epoch'::regclass::oid), 'UTF8')), 'hex'), 16)
	FROM sync_epoch e, pg_control_system() s, pg_control_checkpoint() c, pg_database d
	WHERE e.id AND d.datname = current_database()`

// Epoch reads the epoch the database serves now (docs/SYNC.md §6.10).
func Epoch(ctx context.Context, q Querier) (string, error) {
	var e string
	if err := q.QueryRow(ctx, epochSQL).Scan(&e); err != nil {
		return "", fmt.Errorf("read sync epoch: %w", err)
	}
	return e, nil
}

// NewEpoch starts a new epoch by hand (`tindal sync new-epoch`), for a
// loss of history the fingerprint cannot see: every phone resends what it
// kept and resyncs. In the same transaction it advances positions and
// versions past the old epoch's (AdvanceEpoch).
func NewEpoch(ctx context.Context, db *storage.DB) (Advance, error) {
	var out Advance
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE sync_epoch SET nonce = gen_random_uuid(), started_at = now() WHERE id`)
		if err != nil {
			return err
		}
		out, err = advanceIn(ctx, tx)
		return err
	})
	if err != nil {
		return Advance{}, fmt.Errorf("start a new sync epoch: %w", err)
	}
	return out, nil
}

// EpochChangedError is ErrEpochChanged with the epoch the server serves
// now, which the app stores and sends with its resend.
type EpochChangedError struct{ Epoch string }

func (e *EpochChangedError) Error() string { return ErrEpochChanged.Error() }

// Unwrap makes errors.Is(err, ErrEpochChanged) hold.
func (e *EpochChangedError) Unwrap() error { return ErrEpochChanged }

// checkEpoch refuses an epoch the app sent that is not the current one;
// an app that sent none (a first sync, an app from before epochs) passes.
func checkEpoch(sent, now string) error {
	if sent != "" && sent != now {
		return &EpochChangedError{Epoch: now}
	}
	return nil
}
