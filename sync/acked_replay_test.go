package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// A phone restored from a backup is a new device that resends the old
// device's queue: every mutation answers replayed. Its pulls' acked_seq
// counts them (docs/SYNC.md §6.7), so it can drop its optimistic copies —
// and still stops below a mutation of its own that waits in the backlog.
func TestAckedSeqCountsReplaysFromAnotherDevice(t *testing.T) {
	f := newFixture(t)
	uid := f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("old", "ins")
	f.device("restored", "ins")
	id := uuid.Must(uuid.NewV7())
	at := ago(2 * time.Hour)
	queue := []tsync.Mutation{f.start("old", id, f.vessel, at), f.answer("old", id, "nav.lights", "no", 1, at), f.answer("old", id, "fire.extinguishers", "yes", 1, at)}
	wantStatuses(t, f.push("old", queue...), "applied", "applied", "applied")

	pe, err := tsync.NewPullEngine(f.db, testKey, tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v := tsync.Viewer{UserID: uid, DeviceID: f.devices["restored"], Role: models.RoleInspector, Jurisdictions: []uuid.UUID{f.jur},
		Access: func(string) models.Access { return models.AccessJurisdiction }}
	acked := func() int64 {
		t.Helper()
		cursor := ""
		for range 100 {
			p, err := pe.Pull(context.Background(), v, tsync.PullRequest{Cursor: cursor, Gzip: true})
			if err != nil {
				t.Fatal(err)
			}
			pg := decodePage(t, p)
			if !pg.HasMore {
				return *pg.AckedSeq
			}
			cursor = pg.Cursor
		}
		t.Fatal("pull never ended")
		return 0
	}
	if got := acked(); got != 0 {
		t.Fatalf("acked_seq before the restored phone pushed = %d, want 0", got)
	}
	wantStatuses(t, f.push("restored", queue...), "replayed", "replayed", "replayed")
	if got := acked(); got != 3 {
		t.Fatalf("acked_seq after the replays = %d, want 3", got)
	}
	// A mutation of its own waiting in the backlog caps it below.
	f.seq["restored"] = 3
	other := uuid.Must(uuid.NewV7())
	wantStatuses(t, f.push("restored", f.answer("restored", other, "nav.lights", "no", 1, at)), "deferred:aggregate_unknown")
	if got := acked(); got != 3 {
		t.Fatalf("acked_seq with seq 4 deferred = %d, want 3", got)
	}
}
