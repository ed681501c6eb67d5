package sync

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// logRow is one change row: "entity E changed, and it may concern key K".
type logRow struct {
	Position int64
	Type     string
	ID       uuid.UUID
}

// scanLogSQL reads the log one scope key at a time (each an index range
// scan on change_log (scope_key, position)) and merges them by position.
// The merged first n rows are complete: a key whose own n rows were cut
// short ends beyond them. One statement, so one snapshot for every key.
const scanLogSQL = `SELECT c.position, c.entity_type, c.entity_id
FROM unnest($1::text[]) AS k(key)
CROSS JOIN LATERAL (
    SELECT position, entity_type, entity_id FROM change_log
    WHERE scope_key = k.key AND position > $2
    ORDER BY position LIMIT $3
) c
ORDER BY c.position
LIMIT $3`

// scanLog returns at most n change rows after position after filed under
// keys, in position order. A row logged under two of the keys appears
// twice, at two positions.
func scanLog(ctx context.Context, q Querier, keys []string, after int64, n int) ([]logRow, error) {
	rows, err := q.Query(ctx, scanLogSQL, keys, after, n)
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (logRow, error) {
		var x logRow
		return x, row.Scan(&x.Position, &x.Type, &x.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	return out, nil
}

// logStep serves the change log after the cursor's position.
func (r *pullRun) logStep(ctx context.Context) error {
	for {
		room := r.room()
		if room == 0 {
			r.hasMore = true
			return nil
		}
		ask := min(room, readChunk)
		rows, err := scanLog(ctx, r.tx, r.cur.K, r.cur.P, ask+1)
		if err != nil {
			return err
		}
		more := len(rows) > ask
		rows = rows[:min(len(rows), ask)]
		state, err := r.load(ctx, rows)
		if err != nil {
			return err
		}
		for i, row := range rows {
			r.scanned++
			r.cur.P = row.Position
			k := entityKey{row.Type, row.ID}
			if _, known := r.e.byType[row.Type]; known && !r.sent[k] {
				r.sent[k] = true
				r.page.item(decide(row, state[k]))
			}
			if r.page.full() && (i < len(rows)-1 || more) {
				r.hasMore = true
				return nil
			}
		}
		if !more {
			return nil
		}
	}
}

// load reads the current state of the entities the rows name, one query
// per type. Types no reader serves are skipped (the cursor's type list
// makes a later reader snapshot them).
func (r *pullRun) load(ctx context.Context, rows []logRow) (map[entityKey]*ReaderRow, error) {
	ids := map[string][]uuid.UUID{}
	for _, row := range rows {
		ids[row.Type] = append(ids[row.Type], row.ID)
	}
	out := make(map[entityKey]*ReaderRow, len(rows))
	for typ, list := range ids {
		reader, ok := r.e.byType[typ]
		if !ok {
			continue
		}
		got, err := reader.Load(ctx, r.tx, r.v, list)
		if err != nil {
			return nil, err
		}
		for i := range got {
			out[entityKey{typ, got[i].ID}] = &got[i]
		}
	}
	return out, nil
}

// decide turns a change row into an operation by the entity's current
// state (DESIGN §4): visible → upsert with current state and its version;
// deleted (or gone altogether) → delete; otherwise remove_from_scope.
func decide(row logRow, state *ReaderRow) pullItem {
	it := pullItem{Type: row.Type, ID: row.ID, Position: row.Position}
	switch {
	case state == nil:
		it.Op = OpDelete
	case state.Deleted:
		it.Op, it.Version = OpDelete, state.Version
	case state.Visible:
		it.Op, it.Version, it.Data = OpUpsert, state.Version, state.Data
	default:
		it.Op, it.Version = OpRemove, state.Version
	}
	return it
}
