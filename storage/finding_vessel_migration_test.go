package storage_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/pressly/goose/v3"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/migrations"
	"github.com/tindal/tindal/testkit"
)

// TestFindingVesselMigration: 00073 names the vessel of every finding
// recorded before it (its inspection's), the database names it for every
// finding written after (a new one, one moved to another inspection, one
// that names a wrong vessel), checklist templates get their titles in
// English at least; and it goes down and up again.
func TestFindingVesselMigration(t *testing.T) {
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
	if _, err := p.UpTo(ctx, 72); err != nil {
		t.Fatal(err)
	}
	jur, owner, user, tpl := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	v1, v2, i1, i2, f1, f2 := uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New()
	// Bare rows: foreign keys off for them (replica), on one connection.
	conn, err := db.SQL.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }() // before the pool closes, also on a failure
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`SET session_replication_role = replica`)
	exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES ($1, 'KARWAR', 'Karwar', 'KA-IV-2025')`, jur)
	exec(`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES ($1, 'person', 'Owner', $2)`, owner, jur)
	exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES ($1, 'ins@test.tindal', 'ins', 'inspector', 'x')`, user)
	for i, v := range []uuid.UUID{v1, v2} {
		exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, use, jurisdiction_id, owner_id)
			VALUES ($1, $2, 'Boat', 'KA-IV-2025', 'mechanised', 'passenger', $3, $4)`, v, fmt.Sprintf("KA-KWR-M-%04d", i+7), jur, owner)
	}
	exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, source, items, fit)
		VALUES ($1, 'test-checklist', 1, 'KA-IV-2025', 'A checklist', 's', '[]', '{}')`, tpl)
	for i, v := range map[uuid.UUID]uuid.UUID{i1: v1, i2: v2} {
		exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at)
			VALUES ($1, $2, $3, $4, $5, $6, 'karnataka_2025', 'routine', now())`, i, v, user, jur, owner, tpl)
	}
	exec(`INSERT INTO findings (id, inspection_id, code, source, jurisdiction_id, owner_id, inspector_id)
		VALUES ($1, $2, '07003', 'inspector', $3, $4, $5)`, f1, i1, jur, owner, user)
	if _, err := p.UpTo(ctx, 73); err != nil {
		t.Fatal(err)
	}
	exec(`SET session_replication_role = origin`) // the trigger fires, and the foreign keys hold
	vesselOf := func(f uuid.UUID) uuid.UUID {
		t.Helper()
		var v uuid.UUID
		if err := conn.QueryRowContext(ctx, `SELECT vessel_id FROM findings WHERE id = $1`, f).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if got := vesselOf(f1); got != v1 {
		t.Errorf("a finding recorded before the migration names vessel %s, want its inspection's %s", got, v1)
	}
	exec(`INSERT INTO findings (id, inspection_id, vessel_id, code, source, jurisdiction_id, owner_id, inspector_id)
		VALUES ($1, $2, $3, '07003', 'inspector', $4, $5, $6)`, f2, i2, v1, jur, owner, user)
	if got := vesselOf(f2); got != v2 {
		t.Errorf("a finding written naming vessel %s holds %s, want its inspection's %s", v1, got, v2)
	}
	exec(`UPDATE findings SET inspection_id = $1 WHERE id = $2`, i2, f1)
	if got := vesselOf(f1); got != v2 {
		t.Errorf("a finding moved to another inspection names vessel %s, want %s", got, v2)
	}
	var titles string
	if err := conn.QueryRowContext(ctx, `SELECT titles::text FROM checklist_templates WHERE id = $1`, tpl).Scan(&titles); err != nil {
		t.Fatal(err)
	}
	if titles != `{"en": "A checklist"}` {
		t.Errorf("a template's titles after the migration %s, want its title in English", titles)
	}
	if err := conn.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, 72); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
}
