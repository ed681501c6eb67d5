package storage_test

import (
	"context"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// TestAnswerRecordMigrationRoundTrip: 00025 (inspection_answers.record, a
// jsonb object or NULL) goes down and up again.
func TestAnswerRecordMigrationRoundTrip(t *testing.T) {
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
	column := func() (n int) {
		t.Helper()
		if err := db.SQL.QueryRowContext(ctx, `SELECT count(*) FROM information_schema.columns
			WHERE table_name = 'inspection_answers' AND column_name = 'record' AND data_type = 'jsonb' AND is_nullable = 'YES'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if column() != 1 {
		t.Fatal("no nullable jsonb record column after up")
	}
	if _, err := p.DownTo(ctx, 24); err != nil {
		t.Fatal(err)
	}
	if column() != 0 {
		t.Fatal("the record column survived down")
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	if column() != 1 {
		t.Fatal("no record column after up again")
	}
}
