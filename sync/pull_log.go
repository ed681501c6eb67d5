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
	// Last is true when no later row of the entity under the scanned keys
	// (nor, when asked, under other keys after another position) is in the
	// pull's snapshot: only such a row is served, with the entity's
	// current state, which already includes every earlier row's change.
	Last bool
}

// scanLogSQL reads the log one scope key at a time (each an index range
// scan on change_log (scope_key, position)) and merges them by position.
// The merged first n rows are complete: a key whose own n rows were cut
// short ends beyond them. One statement, so one snapshot for every key.
//
// last probes change_log (entity_id, position) for a later row of the same
// entity under the scanned keys, or under the keys $4 after position $5.
// A change logged under several keys, or an entity changed again, is thus
// served once, at its last row, whatever page that row falls on: at most
// once per entity version and stream (docs/SYNC.md §6.9). Proof
// sketch: an entity served at row p of a page read in snapshot S carries
// its state in S; no later row of it under the keys is in S; later pages
// scan beyond p, so the rows of it they meet were committed after S
// (positions follow commit order, 00006), by writes that each bump the
// row's version (every writer logging a change does): a higher version.
// The same holds for the snapshot and removal phases, which leave to the
// log every entity with a row after the cursor (loggedAfter).
const scanLogSQL = `SELECT c.position, c.entity_type, c.entity_id,
    NOT EXISTS (SELECT 1 FROM change_log l WHERE l.entity_id = c.entity_id AND l.entity_type = c.entity_type
        AND ((l.position > c.position AND l.scope_key = ANY($1::text[]))
          OR (l.position > $5 AND l.scope_key = ANY($4::text[]))))
FROM (
    SELECT c.position, c.entity_type, c.entity_id
    FROM unnest($1::text[]) AS k(key)
    CROSS JOIN LATERAL (
        SELECT position, entity_type, entity_id FROM change_log
        WHERE scope_key = k.key AND position > $2
        ORDER BY position LIMIT $3
    ) c
    ORDER BY c.position
    LIMIT $3
) c
ORDER BY c.position`

// scanLog returns at most n change rows after position after filed under
// keys, in position order. A row logged under two of the keys appears
// twice, at two positions; only the later is Last.
func scanLog(ctx context.Context, q Querier, keys []string, after int64, n int) ([]logRow, error) {
	return scanLogLater(ctx, q, keys, after, n, nil, 0)
}

// scanLogLater is scanLog, with rows of entities logged under later after
// laterAfter not Last (the removal phase leaves those to the log).
func scanLogLater(
	ctx context.Context,
	q Querier,
	keys []string,
	after int64,
	n int,
	later []string,
	laterAfter int64,
) ([]logRow, error) {
	if later == nil {
		later = []string{}
	}
	rows, err := q.Query(ctx, scanLogSQL, keys, after, n, later, laterAfter)
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (logRow, error) {
		var x logRow
		return x, row.Scan(&x.Position, &x.Type, &x.ID, &x.Last)
	})
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	return out, nil
}

// loggedAfter reports which of the ids of one type have a change row under
// keys after position after, in the pull's snapshot: a snapshot or removal
// leaves those to the log, which serves each once, at its last row.
func loggedAfter(
	ctx context.Context,
	q Querier,
	typ string,
	ids []uuid.UUID,
	keys []string,
	after int64,
) (map[uuid.UUID]bool, error) {
	out := map[uuid.UUID]bool{}
	if len(ids) == 0 || len(keys) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT DISTINCT entity_id FROM change_log
		WHERE entity_id = ANY($1::uuid[]) AND entity_type = $2 AND position > $3
		AND scope_key = ANY($4::text[])`, ids, typ, after, keys)
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("read change log: %w", err)
	}
	for _, id := range got {
		out[id] = true
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
			if _, known := r.e.byType[row.Type]; known && row.Last && !r.sent[k] {
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
// state (docs/SYNC.md): visible → upsert with current state and its version;
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
