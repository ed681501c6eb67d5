package storage_test

import (
	"context"
	"io/fs"
	"strings"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// TestBlobObjectKeyMigration: 00055 records where every existing blob's
// bytes are (its content key: nothing moves in the store), leaves a blob
// still uploading without a key, gives the same rows when its statements
// run again, goes down while every key is a content key, and refuses to go
// down once a blob lies where its upload put it (the code before it would
// lose that photo).
func TestBlobObjectKeyMigration(t *testing.T) {
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
	if _, err := p.UpTo(ctx, 54); err != nil {
		t.Fatal(err)
	}
	verified, uploading, deleting := strings.Repeat("ab", 32), strings.Repeat("cd", 32), strings.Repeat("ef", 32)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.SQL.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO blobs (sha256, size, content_type, state) VALUES ($1, 10, 'image/jpeg', 'verified'),
		($2, 10, 'image/jpeg', 'uploading'), ($3, 10, 'image/jpeg', 'deleting')`, verified, uploading, deleting)
	keys := func() map[string]string {
		t.Helper()
		rows, err := db.SQL.QueryContext(ctx, `SELECT sha256, COALESCE(object_key, '') FROM blobs`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		m := map[string]string{}
		for rows.Next() {
			var sha, key string
			if err := rows.Scan(&sha, &key); err != nil {
				t.Fatal(err)
			}
			m[sha] = key
		}
		return m
	}
	want := map[string]string{verified: "sha256/ab/" + verified, uploading: "", deleting: "sha256/ef/" + deleting}
	check := func(when string) {
		t.Helper()
		got := keys()
		for sha, k := range want {
			if got[sha] != k {
				t.Errorf("%s: blob %s… at %q, want %q", when, sha[:4], got[sha], k)
			}
		}
	}
	if _, err := p.UpTo(ctx, 55); err != nil {
		t.Fatal(err)
	}
	check("after up")
	up := upSection(t, "00055_blob_object_key.sql")
	exec(up) // run again, as a retried deploy would
	check("after the statements ran again")

	if _, err := p.DownTo(ctx, 54); err != nil {
		t.Fatalf("down while every blob is at its content key: %v", err)
	}
	if _, err := p.UpTo(ctx, 55); err != nil {
		t.Fatal(err)
	}
	check("after up again")
	exec(`UPDATE blobs SET object_key = 'staging/0190a000-0000-7000-8000-000000000001.single' WHERE sha256 = $1`, verified)
	if _, err := p.DownTo(ctx, 54); err == nil || !strings.Contains(err.Error(), "outside their content keys") {
		t.Fatalf("down with a blob outside its content key: %v, want refused", err)
	}
	if got := keys()[verified]; got != "staging/0190a000-0000-7000-8000-000000000001.single" {
		t.Errorf("the refused down changed the blob's key to %q", got)
	}
}

// upSection is the Up part of a migration file.
func upSection(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(migrations.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	up, _, ok := strings.Cut(string(b), "-- +goose Down")
	if !ok {
		t.Fatalf("%s has no Down section", name)
	}
	return up
}
