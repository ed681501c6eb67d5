package sync

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// entityKey names one entity across types.
type entityKey struct {
	Type string
	ID   uuid.UUID
}

// pullRun is one pull: its snapshot transaction, cursor and page.
type pullRun struct {
	e       *PullEngine
	tx      pgx.Tx
	v       Viewer
	cur     *pullCursor
	limit   int
	scanned int // change-log and snapshot rows scanned so far
	page    *pageWriter
	sent    map[entityKey]bool // log items already on this page
	hasMore bool
	phase   string
	acked   *int64
	epoch   string // the epoch of the pull's snapshot (epoch.go)
	// maxPos is the last change-log position in the pull's snapshot: a
	// snapshot or removal at a cursor at or beyond it need not ask which
	// of its rows changed after the cursor (none did).
	maxPos int64
}

// serve fills the page: reference data if it changed, then removals, then
// snapshots, then the change log, until the page is full or all is sent.
func (r *pullRun) serve(ctx context.Context) error {
	watermark, maxPos, acked, err := r.logBounds(ctx)
	if err != nil {
		return err
	}
	r.maxPos = maxPos
	if r.cur != nil {
		if err := checkEpoch(r.cur.E, r.epoch); err != nil {
			return err // positions of another history mean nothing here
		}
	}
	if r.cur != nil && r.cur.P < watermark {
		return ErrResetRequired
	}
	keys, err := scopeKeys(ctx, r.tx, r.v)
	if err != nil {
		return err
	}
	r.v.keys = keys
	if err := checkCursorKeys(ctx, r.tx, r.v, r.cur, keys); err != nil {
		return err
	}
	if r.cur == nil {
		// A first sync snapshots everything, then follows the log from the
		// last position visible in this same snapshot: every later change
		// commits after it (positions follow commit order).
		r.cur = &pullCursor{V: ProtocolVersion, U: r.v.UserID, P: max(maxPos, watermark)}
	}
	r.cur.E = r.epoch
	r.plan(keys)
	if r.cur.R != r.e.ref.digest {
		r.emitReference()
		r.cur.R = r.e.ref.digest
	}
	if err := r.runPhases(ctx); err != nil {
		return err
	}
	if !r.hasMore {
		r.acked = &acked
	}
	return nil
}

// logBounds sets UTC for the JSON the database writes and reads the
// epoch (into r.epoch), the retention watermark, the last position (the
// start of a first sync's log, and the bound of what changed after a
// cursor) and the device's acknowledged seq, in one round trip and the
// pull's snapshot.
func (r *pullRun) logBounds(ctx context.Context) (watermark, maxPos, acked int64, err error) {
	b := &pgx.Batch{}
	b.Queue("SET LOCAL TimeZone = 'UTC'")
	b.Queue(epochSQL).QueryRow(func(row pgx.Row) error { return row.Scan(&r.epoch) })
	b.Queue(`SELECT coalesce((SELECT pruned_through FROM change_log_retention WHERE id), 0),
		coalesce((SELECT max(position) FROM change_log), 0)`).
		QueryRow(func(row pgx.Row) error { return row.Scan(&watermark, &maxPos) })
	if r.e.opt.AckedSeq == nil {
		b.Queue(ackedSeqSQL, r.v.DeviceID).QueryRow(func(row pgx.Row) error { return row.Scan(&acked) })
	}
	if err := r.tx.SendBatch(ctx, b).Close(); err != nil {
		return 0, 0, 0, fmt.Errorf("read change log bounds: %w", err)
	}
	if r.e.opt.AckedSeq != nil {
		if acked, err = r.e.opt.AckedSeq(ctx, r.tx, r.v.DeviceID); err != nil {
			return 0, 0, 0, err
		}
	}
	return watermark, maxPos, acked, nil
}

// plan compares the keys and types the device holds with those it should
// hold now and queues the work: removals for keys gone, snapshots for keys
// and types new (and for keys whose removal was cut short by their return).
func (r *pullRun) plan(keys []string) {
	c := r.cur
	gone := setMinus(c.K, keys)
	var fresh []string
	if c.Rm != nil {
		for _, k := range c.Rm.Keys {
			if slices.Contains(keys, k) {
				fresh = append(fresh, k) // partly removed already: resend it whole
			}
		}
	}
	switch {
	case len(gone) == 0:
		c.Rm = nil
	case c.Rm == nil || !sameSet(c.Rm.Keys, gone):
		c.Rm = &removalState{Keys: gone, Pos: c.P}
	}
	// Snapshot tasks only ever run for keys held now: a task of a key
	// the caller lost (or never had) is dropped whatever the cursor says.
	r.dropTasks(setMinus(r.taskKeys(), keys))
	fresh = append(fresh, setMinus(keys, c.K)...)
	c.K = append(c.K, setMinus(keys, c.K)...)
	types := r.e.typeNames()
	newTypes := setMinus(types, c.T)
	c.T = types
	for _, k := range keys {
		switch {
		case slices.Contains(fresh, k):
			r.addTask(snapshotTask{Key: k})
		case len(newTypes) > 0:
			r.addTask(snapshotTask{Key: k, Types: newTypes})
		}
	}
}

// taskKeys are the keys of the cursor's snapshot tasks.
func (r *pullRun) taskKeys() []string {
	if r.cur.Sn == nil {
		return nil
	}
	var out []string
	for _, t := range r.cur.Sn.Tasks {
		out = append(out, t.Key)
	}
	return out
}

func (r *pullRun) addTask(t snapshotTask) {
	if r.cur.Sn == nil {
		r.cur.Sn = &snapshotState{}
	}
	r.cur.Sn.Tasks = append(r.cur.Sn.Tasks, t)
}

// dropTasks removes snapshot tasks of keys the caller lost, keeping the
// progress of the task under way when it survives.
func (r *pullRun) dropTasks(gone []string) {
	sn := r.cur.Sn
	if sn == nil || len(gone) == 0 {
		return
	}
	var kept []snapshotTask
	task := 0
	for i, t := range sn.Tasks {
		if slices.Contains(gone, t.Key) {
			if i == sn.Task {
				sn.Type, sn.After = 0, uuid.Nil
			}
			continue
		}
		if i < sn.Task {
			task++
		}
		kept = append(kept, t)
	}
	sn.Tasks, sn.Task = kept, task
	if sn.Task >= len(sn.Tasks) {
		r.cur.Sn = nil
	}
}

// runPhases runs removal, snapshot and log in order while the page has room.
func (r *pullRun) runPhases(ctx context.Context) error {
	if r.cur.Rm != nil {
		r.phase = "remove"
		done, err := r.removeStep(ctx)
		if err != nil || !done {
			r.hasMore = true
			return err
		}
		r.cur.K = setMinus(r.cur.K, r.cur.Rm.Keys)
		r.cur.Rm = nil
	}
	if r.cur.Sn != nil {
		r.phase = "snapshot"
		done, err := r.snapshotStep(ctx)
		if err != nil || !done {
			r.hasMore = true
			return err
		}
		r.cur.Sn = nil
	}
	r.phase = "log"
	return r.logStep(ctx)
}

// room is how many more rows this page may scan.
func (r *pullRun) room() int {
	if r.page.full() {
		return 0
	}
	return r.limit - r.scanned
}

// finish signs the cursor and closes the page.
func (r *pullRun) finish() (*PullPage, error) {
	cursor, err := encodeCursor(r.e.key, r.cur)
	if err != nil {
		return nil, fmt.Errorf("encode cursor: %w", err)
	}
	body := r.page.finish(
		pageTail{
			Cursor:     cursor,
			HasMore:    r.hasMore,
			Phase:      r.phase,
			AckedSeq:   r.acked,
			Epoch:      r.epoch,
			ServerTime: r.e.opt.Clock(),
		},
	)
	return &PullPage{
		Body:    body,
		Gzip:    r.page.compressed,
		Items:   r.page.items,
		HasMore: r.hasMore,
		Cursor:  cursor,
		Phase:   r.phase,
	}, nil
}

func sameSet(a, b []string) bool {
	return len(setMinus(a, b)) == 0 && len(setMinus(b, a)) == 0
}
