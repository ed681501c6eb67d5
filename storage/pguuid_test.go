package storage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/testkit"
)

// uuid.UUID parameters keep their meaning on every path after the native
// encoding is registered: a uuid parameter, a text one, the simple
// protocol (the push's combined statements), and through database/sql.
func TestUUIDParametersEncodeNatively(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	id := uuid.MustParse("01a22d1f-60f6-72f8-9c18-047147c0ce12")
	var got string
	for name, mode := range map[string]pgx.QueryExecMode{"extended": pgx.QueryExecModeCacheStatement, "simple": pgx.QueryExecModeSimpleProtocol} {
		if err := db.Pool.QueryRow(ctx, "SELECT $1::uuid::text", mode, id).Scan(&got); err != nil || got != id.String() {
			t.Fatalf("%s, uuid parameter: %q %v", name, got, err)
		}
		if err := db.Pool.QueryRow(ctx, "SELECT $1::text", mode, id).Scan(&got); err != nil || got != id.String() {
			t.Fatalf("%s, text parameter: %q %v", name, got, err)
		}
		p := &id
		if err := db.Pool.QueryRow(ctx, "SELECT $1::uuid::text", mode, p).Scan(&got); err != nil || got != id.String() {
			t.Fatalf("%s, *uuid parameter: %q %v", name, got, err)
		}
	}
	if err := db.SQL.QueryRowContext(ctx, "SELECT $1::uuid::text", id).Scan(&got); err != nil || got != id.String() {
		t.Fatalf("database/sql: %q %v", got, err)
	}
	var back struct{ ID uuid.UUID }
	if err := db.Gorm.Raw("SELECT ?::uuid AS id", id).Scan(&back).Error; err != nil || back.ID != id {
		t.Fatalf("gorm round trip: %v %v", back.ID, err)
	}
}
