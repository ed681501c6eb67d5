package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tindal/tindal/testkit"
)

// `tindal sync epoch` prints the epoch the database serves; `tindal sync
// new-epoch` replaces it (docs/OPERATIONS.md, "How to restore", step 5).
func TestSyncNewEpochReplacesTheEpoch(t *testing.T) {
	db := testkit.NewDB(t)
	dir := t.TempDir()
	env := env(map[string]string{"TINDAL_DATABASE_URL": databaseURLOf(t, db), "TINDAL_BLOB_DIR": dir + "/blobs",
		"TINDAL_DEV_KEYS_DIR": dir + "/keys", "TINDAL_METRICS_ADDR": "off"})
	epoch := func() string {
		t.Helper()
		var out, logs bytes.Buffer
		if err := run(context.Background(), []string{"tindal", "sync", "epoch"}, env, &out, &logs); err != nil {
			t.Fatalf("tindal sync epoch: %v\n%s", err, logs.String())
		}
		return strings.TrimSpace(out.String())
	}
	before := epoch()
	var out, logs bytes.Buffer
	if err := run(context.Background(), []string{"tindal", "sync", "new-epoch"}, env, &out, &logs); err != nil {
		t.Fatalf("tindal sync new-epoch: %v\n%s", err, out.String())
	}
	after := epoch()
	if len(before) != 16 || after == before || !strings.HasPrefix(out.String(), "sync epoch "+before+" replaced by "+after) {
		t.Fatalf("epoch %q, then %q; new-epoch said %q", before, after, out.String())
	}
	if err := run(context.Background(), []string{"tindal", "sync", "what"}, env, &out, &logs); err == nil {
		t.Fatal("an unknown sync subcommand must fail")
	}
}
