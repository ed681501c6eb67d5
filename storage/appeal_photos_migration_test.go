package storage_test

import (
	"context"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// TestAppealPhotosMigrationRoundTrip: 00048 (photos.appeal_id and its
// index) goes down and up again.
func TestAppealPhotosMigrationRoundTrip(t *testing.T) {
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
		if err := db.SQL.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM information_schema.columns WHERE table_name = 'photos' AND column_name = 'appeal_id')
			+ (SELECT count(*) FROM pg_class WHERE relname = 'photos_appeal')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 2 {
		t.Fatalf("after up: %d of the 2 objects", n)
	}
	if _, err := p.DownTo(ctx, 47); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 0 {
		t.Fatalf("after down: %d objects survived", n)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if n := objects(); n != 2 {
		t.Fatalf("after up again: %d of the 2 objects", n)
	}
}
