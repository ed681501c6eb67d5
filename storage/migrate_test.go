package storage_test

import (
	"context"
	"io"
	"testing"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

func TestMigrateEmptyToHead(t *testing.T) {
	ctx := context.Background()
	db, err := storage.Open(ctx, testkit.NewEmptyDB(t), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := storage.CheckSchema(ctx, db.SQL); err == nil {
		t.Fatal("CheckSchema on an empty database: want 'behind' error, got nil")
	}
	if err := storage.Migrate(ctx, db.SQL, io.Discard); err != nil {
		t.Fatalf("migrate up: %v", err)
	}
	if err := storage.CheckSchema(ctx, db.SQL); err != nil {
		t.Fatalf("after migrate: %v", err)
	}
	st, err := storage.Status(ctx, db.SQL)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if !s.Applied {
			t.Errorf("migration %s not applied", s.Path)
		}
	}
	// A second run is a no-op.
	if err := storage.Migrate(ctx, db.SQL, io.Discard); err != nil {
		t.Fatalf("second migrate up: %v", err)
	}
}

func TestRefusesSchemaAhead(t *testing.T) {
	ctx := context.Background()
	db := testkit.NewDB(t)
	if err := db.Gorm.Exec("INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, true)").Error; err != nil {
		t.Fatal(err)
	}
	if err := storage.CheckSchema(ctx, db.SQL); err == nil {
		t.Fatal("CheckSchema on a newer schema: want error")
	}
	if err := storage.Migrate(ctx, db.SQL, io.Discard); err == nil {
		t.Fatal("Migrate on a newer schema: want error")
	}
}
