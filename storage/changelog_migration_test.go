package storage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// 00006 swaps the change log's per-row trigger for a statement-level lock
// and an identity column: positions written before continue after, no
// writer can choose a position, and the way down continues them again.
func TestChangeLogPositionsContinueAcrossMigration6(t *testing.T) {
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
	if _, err := p.UpTo(ctx, 5); err != nil {
		t.Fatal(err)
	}
	insert := func(n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			if _, err := db.Pool.Exec(ctx, "INSERT INTO change_log (entity_type, entity_id, scope_key) VALUES ('vessel', $1, 'ref'), ('vessel', $1, 'j:x')", uuid.New()); err != nil {
				t.Fatal(err)
			}
		}
	}
	positions := func() []int64 {
		t.Helper()
		rows, err := db.Pool.Query(ctx, "SELECT position FROM change_log ORDER BY at, position")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []int64
		for rows.Next() {
			var v int64
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	insert(3)
	if _, err := p.UpTo(ctx, 6); err != nil {
		t.Fatal(err)
	}
	insert(3)
	if _, err := db.Pool.Exec(ctx, "INSERT INTO change_log (position, entity_type, entity_id, scope_key) VALUES (1000000, 'vessel', $1, 'ref')", uuid.New()); err == nil {
		t.Fatal("an explicit position was accepted")
	}
	if _, err := p.DownTo(ctx, 5); err != nil {
		t.Fatal(err)
	}
	insert(2)
	got := positions()
	if len(got) != 16 {
		t.Fatalf("positions = %v, want 16", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("positions not increasing across the migration: %v", got)
		}
	}
}
