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

// TestDocumentVesselMigration: 00059 names the vessel of documents issued
// before it (a detention order's code and its release's from the order, a
// notice's from the notice whose revision it names), lets a notice's code
// be paid, and goes down (a paid code is valid again) and up again.
func TestDocumentVesselMigration(t *testing.T) {
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
	if _, err := p.UpTo(ctx, 58); err != nil {
		t.Fatal(err)
	}
	jur, vessel, notice := uuid.New(), uuid.New(), uuid.New()
	owner, user, insp := uuid.New(), uuid.New(), uuid.New()
	// Bare rows with only the columns the backfill reads: one connection
	// with foreign keys off for them.
	conn, err := db.SQL.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`SET session_replication_role = replica`)
	exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, use, jurisdiction_id, owner_id)
		VALUES ($1, 'KA-KWR-M-0007', 'Sagar Rani', 'KA-IV-2025', 'mechanised', 'passenger', $2, $3)`, vessel, jur, owner)
	exec(`INSERT INTO penalty_notices (id, inspection_id, jurisdiction_id, owner_id, vessel_id, seq, number, regime, served_on, issued_by)
		VALUES ($1, $2, $3, $4, $5, 7, 'KARWAR/PN/000007', 'karnataka_2025', '2026-11-02', $6)`, notice, insp, jur, owner, vessel, user)
	exec(`INSERT INTO documents (code, kind, ref_id, number, jurisdiction_id, status, issued_at, status_at)
		VALUES ('ABCDEFGHJKLM', 'penalty_notice', $1, 'KARWAR/PN/000007 revision 1', $3, 'valid', now(), now()),
		       ('ABCDEFGHJKLN', 'penalty_notice', $2, 'KARWAR/PN/0000071 revision 1', $3, 'valid', now(), now())`,
		uuid.New(), uuid.New(), jur)
	exec(`SET session_replication_role = origin`)
	if err := conn.Close(); err != nil {
		t.Fatal(err)
	}
	exec = func(q string, args ...any) {
		t.Helper()
		if _, err := db.SQL.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := p.UpTo(ctx, 59); err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Code   string
		Vessel *uuid.UUID
	}
	rows, err := db.SQL.QueryContext(ctx, `SELECT code, vessel_id FROM documents ORDER BY code`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var r struct {
			Code   string
			Vessel *uuid.UUID
		}
		if err := rows.Scan(&r.Code, &r.Vessel); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	_ = rows.Close()
	if len(got) != 2 || got[0].Vessel == nil || *got[0].Vessel != vessel || got[1].Vessel != nil {
		t.Fatalf("after up: %+v, want the notice's vessel on its own revision's code only", got)
	}
	exec(`UPDATE documents SET status = 'paid' WHERE code = 'ABCDEFGHJKLM'`)
	if _, err := p.DownTo(ctx, 58); err != nil {
		t.Fatal(err)
	}
	var status string
	if err := db.SQL.QueryRowContext(ctx, `SELECT status FROM documents WHERE code = 'ABCDEFGHJKLM'`).Scan(&status); err != nil || status != "valid" {
		t.Fatalf("after down: %q %v", status, err)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
}
