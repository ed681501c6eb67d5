package sync

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
)

// ChangeLogRetention is how long change rows are kept (docs/SYNC.md). A
// cursor older than what is kept gets 410 reset_required.
const ChangeLogRetention = 180 * 24 * time.Hour

// pruneChunk is how many change rows one pruning transaction deletes
// (docs/OPERATIONS.md: jobs commit in chunks of at most 1,000 rows).
const pruneChunk = 1000

// PruneChangeLog deletes change rows written before before, oldest first,
// in transactions of at most 1,000 rows, and records in each the highest
// position deleted (the retention watermark, read by pulls in the same
// snapshot as the log). Only a prefix of the log is ever deleted: it stops
// at the first row written at or after before, so no hole can open below a
// kept row and no cursor above the watermark can skip a change. Returns
// the rows deleted. The jobs package schedules it daily with
// before = now - ChangeLogRetention; rerunning it is harmless.
func PruneChangeLog(ctx context.Context, db *storage.DB, before time.Time) (int64, error) {
	var total int64
	for {
		n, err := pruneOnce(ctx, db, before)
		total += n
		if err != nil || n < pruneChunk {
			return total, err
		}
	}
}

// pruneOnce deletes the oldest chunk of the prefix older than before.
func pruneOnce(ctx context.Context, db *storage.DB, before time.Time) (int64, error) {
	var n int64
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var upTo *int64
		err := tx.QueryRow(ctx, `WITH head AS (
				SELECT position, at FROM change_log ORDER BY position LIMIT $2
			), stop AS (
				SELECT min(position) AS p FROM head WHERE at >= $1
			), gone AS (
				DELETE FROM change_log c USING head
				WHERE c.position = head.position AND head.position < coalesce((SELECT p FROM stop), 9223372036854775807)
				RETURNING c.position
			)
			SELECT count(*), max(position) FROM gone`, before, pruneChunk).Scan(&n, &upTo)
		if err != nil || upTo == nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO change_log_retention (id, pruned_through, pruned_at) VALUES (true, $1, now())
			ON CONFLICT (id) DO UPDATE SET pruned_through = greatest(change_log_retention.pruned_through,
			excluded.pruned_through), pruned_at = now()`, *upTo)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune change log: %w", err)
	}
	return n, nil
}
