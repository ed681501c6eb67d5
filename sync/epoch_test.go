package sync_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// epochFixture is a fixture with an inspector's device and a pull engine.
type epochFixture struct {
	*fixture
	pe *tsync.PullEngine
	v  tsync.Viewer
}

func newEpochFixture(t *testing.T) *epochFixture {
	f := newFixture(t)
	uid := f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("phone", "ins")
	pe, err := tsync.NewPullEngine(f.db, testKey, tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v := tsync.Viewer{UserID: uid, DeviceID: f.devices["phone"], Role: models.RoleInspector, Jurisdictions: []uuid.UUID{f.jur},
		Access: func(string) models.Access { return models.AccessJurisdiction }}
	return &epochFixture{fixture: f, pe: pe, v: v}
}

// pullAll pulls from cursor to the last page and returns it.
func (f *epochFixture) pullAll(cursor string) (page, error) {
	f.t.Helper()
	for range 100 {
		p, err := f.pe.Pull(context.Background(), f.v, tsync.PullRequest{Cursor: cursor, Gzip: true})
		if err != nil {
			return page{}, err
		}
		pg := decodePage(f.t, p)
		if !pg.HasMore {
			return pg, nil
		}
		cursor = pg.Cursor
	}
	f.t.Fatal("pull never ended")
	return page{}, nil
}

// A database that loses mutations 1 and 2 of a device (a restore from a
// backup taken between them and seq 3) holds seq 3 only: acked_seq must not
// claim 1 and 2, or the app drops the only copies left (docs/SYNC.md §6.7).
// Resending them makes it 3.
func TestAckedSeqIsTheHighestContiguousSeqHeld(t *testing.T) {
	f := newEpochFixture(t)
	id := uuid.Must(uuid.NewV7())
	at := ago(2 * time.Hour)
	queue := []tsync.Mutation{f.start("phone", id, f.vessel, at), f.answer("phone", id, "nav.lights", "no", 1, at), f.answer("phone", id, "fire.extinguishers", "yes", 1, at)}
	wantStatuses(t, f.push("phone", queue...), "applied", "applied", "applied")
	pg, err := f.pullAll("")
	if err != nil || ackedOf(pg) != 3 {
		t.Fatalf("acked_seq after three applied = %d (%v), want 3", ackedOf(pg), err)
	}
	f.exec(`DELETE FROM applied_mutations WHERE device_id = $1 AND seq < 3`, f.devices["phone"])
	if pg, err = f.pullAll(""); err != nil || ackedOf(pg) != 0 {
		t.Fatalf("acked_seq with seqs 1 and 2 lost = %d (%v), want 0", ackedOf(pg), err)
	}
	wantStatuses(t, f.push("phone", queue[:2]...), "applied:already_exists", "applied")
	if pg, err = f.pullAll(""); err != nil || ackedOf(pg) != 3 {
		t.Fatalf("acked_seq after the resend = %d (%v), want 3", ackedOf(pg), err)
	}
}

// After `tindal sync new-epoch` (or a restore, which changes the epoch by
// itself), a cursor, an acknowledgement or a verify of the old epoch
// answers ErrEpochChanged naming the new one, and a push carrying the old
// epoch applies nothing (docs/SYNC.md §6.10).
func TestAnotherEpochIsRefusedEverywhere(t *testing.T) {
	f := newEpochFixture(t)
	ctx := context.Background()
	first, err := f.pullAll("")
	if err != nil {
		t.Fatal(err)
	}
	old := first.Epoch
	if len(old) != 16 {
		t.Fatalf("page epoch = %q, want 16 hex digits", old)
	}
	id := uuid.Must(uuid.NewV7())
	res, err := f.eng.Push(ctx, f.scope("phone"), tsync.PushRequest{ProtocolVersion: 1, Epoch: old, Mutations: []tsync.Mutation{f.start("phone", id, f.vessel, ago(time.Hour))}})
	if err != nil || res.Epoch != old {
		t.Fatalf("push in the same epoch: epoch %q, err %v; want %q", res.Epoch, err, old)
	}
	if _, e, err := f.pe.Verify(ctx, f.v, []uuid.UUID{id}, old); err != nil || e != old {
		t.Fatalf("verify in the same epoch: epoch %q, err %v", e, err)
	}

	adv, err := tsync.NewEpoch(ctx, f.db)
	now := adv.Epoch
	if err != nil || now == old || !adv.Advanced {
		t.Fatalf("new epoch %q advanced %v (err %v), the old was %q", now, adv.Advanced, err, old)
	}
	var changed *tsync.EpochChangedError
	if _, err := f.pullAll(first.Cursor); !errors.As(err, &changed) || changed.Epoch != now || !errors.Is(err, tsync.ErrEpochChanged) {
		t.Fatalf("pull with a cursor of the old epoch: %v, want ErrEpochChanged naming %s", err, now)
	}
	other := uuid.Must(uuid.NewV7())
	_, err = f.eng.Push(ctx, f.scope("phone"), tsync.PushRequest{ProtocolVersion: 1, Epoch: old, AckSeq: 1,
		Mutations: []tsync.Mutation{f.start("phone", other, f.vessel, ago(time.Hour))}})
	if !errors.As(err, &changed) || changed.Epoch != now {
		t.Fatalf("push acknowledging in the old epoch: %v, want ErrEpochChanged", err)
	}
	if n := f.count(`SELECT count(*) FROM inspections WHERE id = $1`, other); n != 0 {
		t.Fatalf("a push refused for its epoch applied %d inspections", n)
	}
	if _, _, err := f.pe.Verify(ctx, f.v, []uuid.UUID{id}, old); !errors.As(err, &changed) {
		t.Fatalf("verify in the old epoch: %v, want ErrEpochChanged", err)
	}
	pg, err := f.pullAll("")
	if err != nil || pg.Epoch != now {
		t.Fatalf("a pull without a cursor: epoch %q (err %v), want %q", pg.Epoch, err, now)
	}
}

// ackedOf is the page's acked_seq, -1 when it carries none.
func ackedOf(p page) int64 {
	if p.AckedSeq == nil {
		return -1
	}
	return *p.AckedSeq
}
