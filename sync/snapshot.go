package sync

import (
	"context"

	"github.com/google/uuid"
)

// snapshotStep sends the live rows of new keys (and of new entity types
// under old keys), task by task, type by type, in id order, as upserts at
// the cursor's position. Tombstones are not sent: a device that never held
// a row needs no delete. It reports whether every task is done.
func (r *pullRun) snapshotStep(ctx context.Context) (bool, error) {
	sn := r.cur.Sn
	for sn.Task < len(sn.Tasks) {
		types := sn.Tasks[sn.Task].Types
		if len(types) == 0 {
			types = r.e.typeNames()
		}
		if sn.Type >= len(types) {
			sn.Task, sn.Type, sn.After = sn.Task+1, 0, uuid.Nil
			continue
		}
		reader, ok := r.e.byType[types[sn.Type]]
		if !ok {
			sn.Type, sn.After = sn.Type+1, uuid.Nil
			continue
		}
		done, err := r.snapshotChunk(ctx, reader, sn.Tasks[sn.Task].Key)
		if err != nil || !done {
			return false, err
		}
		sn.Type, sn.After = sn.Type+1, uuid.Nil
	}
	return true, nil
}

// snapshotChunk pages one type under one key until it is exhausted (true)
// or the page is full (false).
func (r *pullRun) snapshotChunk(ctx context.Context, reader EntityReader, key string) (bool, error) {
	sn := r.cur.Sn
	for {
		room := r.room()
		if room == 0 {
			return false, nil
		}
		ask := min(room, readChunk)
		rows, err := reader.Snapshot(ctx, r.tx, r.v, key, sn.After, ask, true)
		if err != nil {
			return false, err
		}
		// An entity changed after the cursor's position is left to the
		// log, which serves it once, at its last change row: sent here as
		// well, the same version would arrive twice (a page of a first
		// sync reads a later snapshot than the position it started from).
		later, err := r.changedAfterCursor(ctx, reader.Type(), rows)
		if err != nil {
			return false, err
		}
		for _, row := range rows {
			r.scanned++
			sn.After = row.ID
			if row.Visible && !later[row.ID] {
				r.page.item(
					pullItem{Type: reader.Type(), ID: row.ID, Op: OpUpsert, Position: r.cur.P, Version: row.Version, Data: row.Data},
				)
			}
			if r.page.full() {
				return false, nil
			}
		}
		if len(rows) < ask {
			return true, nil
		}
	}
}

// changedAfterCursor is loggedAfter for the rows of a snapshot or removal
// chunk, under the cursor's keys after its position; nothing when the log
// ends at the position.
func (r *pullRun) changedAfterCursor(ctx context.Context, typ string, rows []ReaderRow) (map[uuid.UUID]bool, error) {
	if r.maxPos <= r.cur.P {
		return nil, nil
	}
	return loggedAfter(ctx, r.tx, typ, rowIDs(rows), r.cur.K, r.cur.P)
}

func rowIDs(rows []ReaderRow) []uuid.UUID {
	out := make([]uuid.UUID, len(rows))
	for i, row := range rows {
		out[i] = row.ID
	}
	return out
}
