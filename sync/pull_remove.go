package sync

import (
	"context"

	"github.com/google/uuid"
)

// removeStep sends remove_from_scope for everything the device may hold
// through keys it lost that no remaining key shows it: first the live rows
// filed under those keys now, then every entity logged under them since the
// cursor's position (which catches rows that moved away from them since).
// Rows still visible are skipped: their changes come through the keys that
// show them. It reports whether the removal is complete.
func (r *pullRun) removeStep(ctx context.Context) (bool, error) {
	rm := r.cur.Rm
	for rm.Key < len(rm.Keys) {
		reader := r.nextRemovalReader()
		if reader == nil {
			rm.Key, rm.Type, rm.After = rm.Key+1, "", uuid.Nil
			continue
		}
		done, err := r.removeChunk(ctx, reader, rm.Keys[rm.Key])
		if err != nil || !done {
			return false, err
		}
		rm.Type, rm.After = r.typeAfter(reader.Type()), uuid.Nil
	}
	return r.removeLogged(ctx)
}

// nextRemovalReader is the reader the removal is at, or nil when every
// type of the current key is done.
func (r *pullRun) nextRemovalReader() EntityReader {
	rm := r.cur.Rm
	if rm.Type == "" {
		if len(r.e.readers) == 0 {
			return nil
		}
		rm.Type = r.e.readers[0].Type()
	}
	if rm.Type == endOfTypes {
		return nil
	}
	return r.e.byType[rm.Type]
}

// endOfTypes marks a key whose every type has been scanned.
const endOfTypes = "\x00end"

// typeAfter is the type registered after typ, or endOfTypes.
func (r *pullRun) typeAfter(typ string) string {
	for i, x := range r.e.readers {
		if x.Type() == typ && i+1 < len(r.e.readers) {
			return r.e.readers[i+1].Type()
		}
	}
	return endOfTypes
}

// removeChunk scans the live rows of one type under a lost key.
func (r *pullRun) removeChunk(ctx context.Context, reader EntityReader, key string) (bool, error) {
	rm := r.cur.Rm
	for {
		room := r.room()
		if room == 0 {
			return false, nil
		}
		ask := min(room, readChunk)
		rows, err := reader.Snapshot(ctx, r.tx, r.v, key, rm.After, ask, false)
		if err != nil {
			return false, err
		}
		// Rows logged after the position are left to the change rows of
		// the lost keys (removeLogged) or of the kept ones (the log), each
		// of which serves an entity once, at its last row.
		later, err := r.changedAfterCursor(ctx, reader.Type(), rows)
		if err != nil {
			return false, err
		}
		for _, row := range rows {
			r.scanned++
			rm.After = row.ID
			if !row.Visible && !later[row.ID] {
				r.page.item(pullItem{Type: reader.Type(), ID: row.ID, Op: OpRemove, Position: r.cur.P, Version: row.Version})
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

// removeLogged scans the change rows of the lost keys after the cursor's
// position; entities no longer visible are deleted or removed.
func (r *pullRun) removeLogged(ctx context.Context) (bool, error) {
	rm := r.cur.Rm
	for {
		room := r.room()
		if room == 0 {
			return false, nil
		}
		ask := min(room, readChunk)
		rows, err := scanLogLater(ctx, r.tx, rm.Keys, rm.Pos, ask, setMinus(r.cur.K, rm.Keys), r.cur.P)
		if err != nil {
			return false, err
		}
		state, err := r.load(ctx, rows)
		if err != nil {
			return false, err
		}
		for _, row := range rows {
			r.scanned++
			rm.Pos = row.Position
			k := entityKey{row.Type, row.ID}
			if st := state[k]; row.Last && (st == nil || st.Deleted || !st.Visible) && !r.sent[k] &&
				r.e.byType[row.Type] != nil {
				r.sent[k] = true
				it := decide(row, st)
				it.Position = r.cur.P
				r.page.item(it)
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
