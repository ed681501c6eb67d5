package api_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/storage"
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
