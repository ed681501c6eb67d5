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

// TestSyncEpochMigrationRoundTrip: 00041 (the sync_epoch row and
// devices.first_seq) goes down and up again, and the database serves an
// epoch after each up; the new nonce of the second up makes it another.
func TestSyncEpochMigrationRoundTrip(t *testing.T) {
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
	firstSeq := func() (n int) {
		t.Helper()
		if err := db.SQL.QueryRowContext(ctx, `SELECT count(*) FROM information_schema.columns
			WHERE table_name = 'devices' AND column_name = 'first_seq'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	before, err := sync.Epoch(ctx, db.Pool)
	if err != nil || len(before) != 16 || firstSeq() != 1 {
		t.Fatalf("after up: epoch %q (%v), first_seq columns %d", before, err, firstSeq())
	}
	if _, err := p.DownTo(ctx, 40); err != nil {
		t.Fatal(err)
	}
	if firstSeq() != 0 {
		t.Fatal("devices.first_seq survived down")
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	after, err := sync.Epoch(ctx, db.Pool)
	if err != nil || after == before {
		t.Fatalf("after up again: epoch %q (%v), before %q: want another", after, err, before)
	}
}
