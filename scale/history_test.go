package scale_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/scale"
	"github.com/tindal/tindal/storage"
)

// history writes the year before the test (scale.WriteHistory); j0 is
// the test's jurisdiction (one of the ten), tpl the checklist template
// used.
func history(t *testing.T, db *storage.DB, j0, tpl uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if err := scale.WriteHistory(ctx, conn, j0, tpl, t.Logf); err != nil {
		t.Fatal(err)
	}
}
