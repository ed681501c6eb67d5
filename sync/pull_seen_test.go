package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
)

// lastPullAt waits (up to 20 s) for the device's last_pull_at to be set,
// and returns it; nil when it never was.
func lastPullAt(t *testing.T, w *world, device uuid.UUID) *time.Time {
	t.Helper()
	for range 200 {
		var at *time.Time
		w.must(w.db.Pool.QueryRow(context.Background(), "SELECT last_pull_at FROM devices WHERE id = $1", device).Scan(&at))
		if at != nil {
			return at
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// A pull records the device's last pull (the stale-device gauge and the
// devices list read it), but never waits for that write: with the
// device's row locked by another transaction (its own push, say) for
// longer than the pull would ever wait, the pull answers, and the time is
// written once the lock goes. Before, the pull waited up to 2 s for the
// row and then dropped the write, so last_pull_at stayed empty.
func TestPullRecordsTheLastPullOffItsPath(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	user := w.assigned(models.RoleInspector, "KARWAR")
	v := w.staff(models.RoleInspector, user, "KARWAR")
	_, err := w.db.Pool.Exec(ctx, `INSERT INTO devices (id, user_id, installation_id) VALUES ($1, $2, 'phone')`,
		v.DeviceID, user)
	w.must(err)

	tx, err := w.db.Pool.Begin(ctx)
	w.must(err)
	defer func() { _ = tx.Rollback(ctx) }()
	var locked uuid.UUID
	w.must(tx.QueryRow(ctx, "SELECT id FROM devices WHERE id = $1 FOR UPDATE", v.DeviceID).Scan(&locked))

	answered := make(chan struct{})
	go func() {
		defer close(answered)
		w.pullAll(v, "")
	}()
	select {
	case <-answered:
	case <-time.After(60 * time.Second):
		t.Fatal("the pull waited for the device's row")
	}
	time.Sleep(3 * time.Second) // longer than the old write's 2 s
	w.must(tx.Rollback(ctx))

	if lastPullAt(t, w, v.DeviceID) == nil {
		t.Fatal("last_pull_at never written after the lock went")
	}
}

// Many pulls of many devices at once are written, each device once a
// minute at most.
func TestConcurrentPullsRecordEveryDevice(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	user := w.assigned(models.RoleInspector, "KARWAR")
	var devices []uuid.UUID
	b := &pgx.Batch{}
	for range 20 {
		d := uuid.New()
		devices = append(devices, d)
		b.Queue(`INSERT INTO devices (id, user_id, installation_id) VALUES ($1, $2, $3)`, d, user, d.String())
	}
	w.must(w.db.Pool.SendBatch(ctx, b).Close())
	done := make(chan struct{})
	for _, d := range devices {
		go func() {
			defer func() { done <- struct{}{} }()
			v := w.staff(models.RoleInspector, user, "KARWAR")
			v.DeviceID = d
			for range 3 {
				w.pull(v, "", 0)
			}
		}()
	}
	for range devices {
		<-done
	}
	first := map[uuid.UUID]time.Time{}
	for _, d := range devices {
		at := lastPullAt(t, w, d)
		if at == nil {
			t.Fatalf("device %s: last_pull_at never written", d)
		}
		first[d] = *at
	}
	// A pull within the minute writes nothing.
	v := w.staff(models.RoleInspector, user, "KARWAR")
	v.DeviceID = devices[0]
	w.pull(v, "", 0)
	time.Sleep(500 * time.Millisecond)
	if at := lastPullAt(t, w, devices[0]); !at.Equal(first[devices[0]]) {
		t.Errorf("second pull within the minute rewrote last_pull_at: %v → %v", first[devices[0]], at)
	}
}
