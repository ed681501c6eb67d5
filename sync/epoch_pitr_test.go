package sync_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// A point-in-time recovery (docs/OPERATIONS.md, "How to restore") keeps
// the cluster, the database and its tables — only the timeline is new —
// and must still change the epoch, at once and not at the next
// checkpoint: a cluster of the test's own is archived, backed up, written
// after a restore point, recovered to that point and promoted.
func TestPointInTimeRecoveryChangesTheEpoch(t *testing.T) {
	ctx := context.Background()
	c := testkit.NewCluster(t)
	c.EnableArchiving(t)
	db := c.NewDB(t)
	var name string
	if err := db.Pool.QueryRow(ctx, "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	before, err := sync.Epoch(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	c.BaseBackup(t)
	for _, q := range []string{"SELECT pg_create_restore_point('drill')", "CREATE TABLE written_after_the_restore_point ()", "SELECT pg_switch_wal()"} {
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Pool.Close()
	c.RecoverTo(t, "drill")

	u, err := url.Parse(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	restored, err := storage.Open(ctx, u.String(), storage.Options{MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	var lost bool
	if err := restored.Pool.QueryRow(ctx, "SELECT to_regclass('written_after_the_restore_point') IS NULL").Scan(&lost); err != nil || !lost {
		t.Fatalf("the recovery did not stop at the restore point (table after it present: %v, %v)", !lost, err)
	}
	after, err := sync.Epoch(ctx, restored.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if after == before {
		t.Fatalf("the epoch %s survived a point-in-time recovery", before)
	}
}
