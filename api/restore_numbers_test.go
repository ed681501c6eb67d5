package api_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
)

// TestRestoreNeverReissuesPositionsOrVersions: back up, work (positions up
// to N, versions up to V), restore, restart, work again. Every position the
// restored server issues is above N, every record it held has a version
// above any the old history issued for it, and a change after the restore
// reaches a phone: its old cursor answers 410 epoch_changed and the resync
// holds every change (docs/SYNC.md §6.10, sync/epoch_advance.go).
func TestRestoreNeverReissuesPositionsOrVersions(t *testing.T) {
	h1 := newHarness(t)
	ins := newDrillPhone(h1, "inspector")
	ins.sync()
	vessel := h1.ids["vessel-KARWAR"]
	dump := pgDump(t, h1.db)

	editVessel(h1, vessel, "Karwar Queen") // after the backup: lost by the restore
	ins.inspect()
	ins.sync()
	editVessel(h1, vessel, "Karwar Princess")
	ins.sync()
	stale := ins.cursor
	n := maxPosition(t, h1.db)
	issued := rowVersions(t, h1.db)

	h2 := newHarnessWith(t, harnessOptions{db: pgRestore(t, dump), restart: h1})
	restored := maxPosition(t, h2.db)
	ins.h = h2
	editVessel(h2, vessel, "Karwar Empress")
	r := h2.do("GET", "/v1/sync/pull?cursor="+url.QueryEscape(stale), "inspector", nil)
	if r.status != 410 || r.json()["reason"] != "epoch_changed" {
		t.Fatalf("the old cursor: %d %s, want 410 epoch_changed", r.status, r.body)
	}
	ins.sync() // resends the lost inspection, resyncs
	ins.inspect()
	editVessel(h2, vessel, "Karwar Duchess")
	ins.sync()

	var fresh []int64
	rows, err := h2.db.Pool.Query(context.Background(), `SELECT position FROM change_log WHERE position > $1 ORDER BY 1`, restored)
	h2.must(err)
	fresh, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	h2.must(err)
	if len(fresh) == 0 {
		t.Fatal("no change logged after the restore")
	}
	if fresh[0] <= n {
		t.Errorf("a position issued after the restore is %d, the history before it reached %d", fresh[0], n)
	}
	now := rowVersions(t, h2.db)
	held := 0
	for k, v := range issued {
		if w, ok := now[k]; ok {
			held++
			if w <= v {
				t.Errorf("%s is at version %d after the restore; version %d was issued before it", k, w, v)
			}
		}
	}
	if held == 0 {
		t.Fatal("no record held across the restore")
	}
	ins.wantConverged()
	if got := ins.local["vessel/"+vessel.String()]; !strings.Contains(string(got.Data), "Karwar Duchess") {
		t.Errorf("the inspector's copy of the vessel is %s, want the last edit", got.Data)
	}
}

// maxPosition is the change log's highest position.
func maxPosition(t *testing.T, db *storage.DB) int64 {
	t.Helper()
	var n int64
	if err := db.Pool.QueryRow(context.Background(), `SELECT coalesce(max(position), 0) FROM change_log`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// rowVersions is the version of every row of every versioned table, by
// table/id.
func rowVersions(t *testing.T, db *storage.DB) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Pool.Query(ctx, `SELECT table_name::text FROM information_schema.columns
		WHERE table_schema = current_schema() AND column_name = 'version' AND data_type = 'bigint'`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, table := range tables {
		rows, err := db.Pool.Query(ctx, `SELECT id::text, version FROM `+pgx.Identifier{table}.Sanitize())
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			var v int64
			if err := rows.Scan(&id, &v); err != nil {
				t.Fatal(err)
			}
			out[table+"/"+id] = v
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestRestoreNeverReissuesLegalNumbers: the law's numbers (detention
// orders, penalty notices) printed after a backup are lost with the
// restore, as their counters are; the restored server must not print any
// of them again (storage.LegalNumber, docs/OPERATIONS.md "Backup and
// restore"). Before the restore, numbers are the plain serials of their
// series; after it they carry the new epoch's tag and stay distinct from
// every number printed before, while the serials go on without a gap.
func TestRestoreNeverReissuesLegalNumbers(t *testing.T) {
	h1 := newHarness(t)
	printed := map[string]bool{}
	issue := func(h *harness, boat int) (order, notice string) {
		h.t.Helper()
		id := h.criteriaInspection("inspector", h.compliantBoat(boat), "no", nil)
		r := h.do("POST", "/v1/inspections/"+id.String()+"/detention", "supervisor", confirmBody)
		if r.status != 201 {
			h.t.Fatalf("confirm detention: %d %s", r.status, r.body)
		}
		order = r.json()["number"].(string)
		for insp := range h.noticesIn(h.pusher("inspector"), "KARWAR", 1) {
			notice = h.noticeOf(insp).Number
		}
		return order, notice
	}
	o1, n1 := issue(h1, 1)
	dump := pgDump(t, h1.db)
	o2, n2 := issue(h1, 2) // printed, then lost by the restore
	for _, n := range []string{o1, n1, o2, n2} {
		printed[n] = true
	}
	if !strings.HasSuffix(o2, "/0002") || !strings.HasSuffix(n2, "/PN/000002") {
		t.Fatalf("numbers before the restore: %s, %s; want the plain serials 0002 and 000002", o2, n2)
	}

	h2 := newHarnessWith(t, harnessOptions{db: pgRestore(t, dump), restart: h1})
	var epoch string
	h2.must(h2.db.Pool.QueryRow(context.Background(), `SELECT tindal_epoch()`).Scan(&epoch))
	if e, err := tsync.Epoch(context.Background(), h2.db.Pool); err != nil || e != epoch {
		t.Fatalf("tindal_epoch() is %q, the sync epoch %q (%v): they must be one", epoch, e, err)
	}
	tag := "/" + strings.ToUpper(epoch[:8])
	o3, n3 := issue(h2, 3)
	for _, c := range []struct{ got, serial string }{{o3, "/0002"}, {n3, "/PN/000002"}} {
		if printed[c.got] {
			t.Errorf("the restored server printed %s again", c.got)
		}
		if !strings.HasSuffix(c.got, c.serial+tag) {
			t.Errorf("number after the restore: %s, want the next serial %s with the epoch's tag %s", c.got, c.serial, tag)
		}
	}
}
