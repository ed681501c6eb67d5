package storage_test

import (
	"context"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// TestSyncEpochFloorMigration: 00046 takes the epoch the database serves
// as advanced (nothing is lost by an upgrade, so the first start moves no
// number), goes down and up again, and the epoch's floor starts at 0.
func TestSyncEpochFloorMigration(t *testing.T) {
	ctx := context.Background()
	db, err := storage.Open(ctx, testkit.NewEmptyDB(t), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db.SQL, migrations.FS)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		var floor int64
		if err := db.Pool.QueryRow(ctx, `SELECT floor FROM sync_epoch`).Scan(&floor); err != nil || floor != 0 {
			t.Fatalf("%s: floor %d (%v), want 0", when, floor, err)
		}
		adv, err := sync.AdvanceEpoch(ctx, db)
		if err != nil || adv.Advanced {
			t.Fatalf("%s: the first start advanced the numbers (%+v, %v); the migration should have taken the epoch as advanced",
				when, adv, err)
		}
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	check("after up")
	if _, err := p.DownTo(ctx, 45); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.columns
		WHERE table_name = 'sync_epoch' AND column_name IN ('advanced_for', 'floor', 'advanced_at')`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("after down: %d of the columns left (%v)", n, err)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	check("after up again")
}
