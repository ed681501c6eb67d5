package sync

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
)

// Advance is what AdvanceEpoch did.
type Advance struct {
	// Epoch is the epoch the database serves.
	Epoch string
	// Advanced is true when the numbers were moved: the epoch was new.
	Advanced bool
	// Floor is the lowest position and version the epoch issues.
	Floor int64
	// Rows counts the rows whose version was moved.
	Rows int64
	// Took is how long the move took.
	Took time.Duration
}

// AdvanceEpoch makes sure that positions and versions the epoch the
// database serves issues never collide with those of an earlier epoch
// (docs/SYNC.md §6.10). A restore gives back the change log's identity and
// every row's version as the backup had them; a database whose epoch is not
// the one its numbers were last advanced for gets its change log's next
// position and every row's version moved to at least a floor: the
// database's clock in microseconds since 1970 (an earlier history would have
// had to issue more than one position, or one version of one record, per
// microsecond since its own floor to reach it). Versions, not only the next
// ones, move: every record the restored server holds is then newer than any
// copy a phone kept, so an app from before epochs, a base_version or an
// If-Match of the old history never matches a version of the new one.
//
// The server calls it at start (`tindal serve`), before it serves, and
// `tindal sync new-epoch` with the new nonce. Replicas starting together
// wait for one another on the sync_epoch row; the second finds the epoch
// advanced. One UPDATE per versioned table rewrites every row: minutes on a
// large database, once per restore (docs/OPERATIONS.md).
func AdvanceEpoch(ctx context.Context, db *storage.DB) (Advance, error) {
	var out Advance
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var err error
		out, err = advanceIn(ctx, tx)
		return err
	})
	if err != nil {
		return Advance{}, fmt.Errorf("advance the sync epoch's numbers: %w", err)
	}
	return out, nil
}

// advanceIn is AdvanceEpoch in the caller's transaction.
func advanceIn(ctx context.Context, tx pgx.Tx) (Advance, error) {
	start := time.Now()
	var done *string
	var floor int64
	err := tx.QueryRow(ctx, `SELECT advanced_for, floor FROM sync_epoch WHERE id FOR UPDATE`).Scan(&done, &floor)
	if err != nil {
		return Advance{}, err
	}
	epoch, err := Epoch(ctx, tx)
	if err != nil {
		return Advance{}, err
	}
	out := Advance{Epoch: epoch, Floor: floor}
	if done != nil && *done == epoch {
		return out, nil
	}
	if err := tx.QueryRow(ctx, floorSQL).Scan(&out.Floor); err != nil {
		return Advance{}, fmt.Errorf("floor: %w", err)
	}
	if out.Rows, err = advanceVersions(ctx, tx, out.Floor); err != nil {
		return Advance{}, err
	}
	if err := advancePositions(ctx, tx, out.Floor); err != nil {
		return Advance{}, err
	}
	_, err = tx.Exec(ctx, `UPDATE sync_epoch SET advanced_for = $1, floor = $2, advanced_at = now() WHERE id`,
		epoch, out.Floor)
	if err != nil {
		return Advance{}, err
	}
	out.Advanced, out.Took = true, time.Since(start)
	return out, nil
}

// floorSQL is the epoch's floor: the clock in microseconds, and never
// below the next position the change log would have issued.
const floorSQL = `SELECT greatest((extract(epoch FROM clock_timestamp()) * 1000000)::bigint,
	(SELECT coalesce(max(position), 0) + 1 FROM change_log))`

// versionedTablesSQL lists the tables whose rows carry a row version.
const versionedTablesSQL = `SELECT c.table_name::text FROM information_schema.columns c
	JOIN information_schema.tables t USING (table_schema, table_name)
	WHERE c.table_schema = current_schema() AND c.column_name = 'version' AND c.data_type = 'bigint'
		AND t.table_type = 'BASE TABLE'
	ORDER BY 1`

// advanceVersions moves every row's version to at least floor (and up by
// one at least, so a row already above it still gets a version of its
// own), and returns how many rows it moved.
func advanceVersions(ctx context.Context, tx pgx.Tx, floor int64) (int64, error) {
	rows, err := tx.Query(ctx, versionedTablesSQL)
	if err != nil {
		return 0, fmt.Errorf("versioned tables: %w", err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, fmt.Errorf("versioned tables: %w", err)
	}
	var n int64
	for _, t := range tables {
		tag, err := tx.Exec(ctx, `UPDATE `+pgx.Identifier{t}.Sanitize()+` SET version = greatest(version + 1, $1)`, floor)
		if err != nil {
			return 0, fmt.Errorf("advance the versions of %s: %w", t, err)
		}
		n += tag.RowsAffected()
	}
	return n, nil
}

// advancePositions moves the change log's identity to floor, under the
// change log's lock (namespace 1, taken last so that it is held only for
// this: writers take it last too, storage/migrations 00006): a writer in
// flight commits its positions first, and no position below the floor is
// issued after.
func advancePositions(ctx context.Context, tx pgx.Tx, floor int64) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(1, 0)`); err != nil {
		return fmt.Errorf("change log lock: %w", err)
	}
	_, err := tx.Exec(
		ctx,
		`SELECT setval(pg_get_serial_sequence('change_log', 'position'), greatest($1::bigint,
			(SELECT coalesce(max(position), 0) + 1 FROM change_log)), false)`,
		floor,
	)
	if err != nil {
		return fmt.Errorf("advance the change log's positions: %w", err)
	}
	return nil
}
