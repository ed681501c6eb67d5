package storage_test

import (
	"context"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// TestUserAdminMigrationRoundTrip: 00042 (password_resets and the indexes
// of assignments and pending quarantine) goes down and up again.
func TestUserAdminMigrationRoundTrip(t *testing.T) {
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
	objects := func() (n int) {
		t.Helper()
		if err := db.SQL.QueryRowContext(ctx, `SELECT count(*) FROM pg_class WHERE relname IN
			('password_resets', 'user_jurisdictions_user_jurisdiction', 'quarantine_device_pending')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 3 {
		t.Fatalf("after up: %d of the 3 objects", n)
	}
	if _, err := p.DownTo(ctx, 41); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 0 {
		t.Fatalf("after down: %d objects survived", n)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 3 {
		t.Fatalf("after up again: %d of the 3 objects", n)
	}
}
