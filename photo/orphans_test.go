package photo_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// TestOrphanSweepDeletesOnlyOldUnreferencedObjects, against real MinIO: an
// object no row references and older than the grace is deleted with its
// thumbnail and counted; one a photo row references, one an upload plan
// references, and one written within the grace are kept. Within the grace
// after a restore nothing is deleted (docs/PHOTOS.md "Orphaned objects").
func TestOrphanSweepDeletesOnlyOldUnreferencedObjects(t *testing.T) {
	store := testkit.MinIO(t)
	e := newEnv(t, store, photo.Options{})
	obj := func(label string) []byte {
		data := []byte("bytes of " + label)
		_, err := store.Put(ctx(t), blob.ContentKey(sum(data)), bytes.NewReader(data), int64(len(data)), blob.PutOptions{})
		e.must(err)
		return data
	}
	orphan, referenced, planned := obj("a photo a restore lost"), obj("a photo a row names"), obj("an upload in progress")
	thumb := photo.ThumbKey(sum(orphan), photo.ThumbSmall)
	_, err := store.Put(ctx(t), thumb, bytes.NewReader([]byte("thumb")), 5, blob.PutOptions{})
	e.must(err)
	e.attach("p1", "i1", "", referenced, photo.TypeJPEG)
	e.attach("p2", "i1", "", planned, photo.TypeJPEG)
	e.plan("insp", e.id("p2"), planned, photo.TypeJPEG)
	e.exec(`DELETE FROM photos WHERE id = ?`, e.id("p2")) // only the upload row names it now
	// The store dates objects to the second: the next object is written in
	// a later second than the ones above.
	time.Sleep(1100 * time.Millisecond)
	fresh := obj("a photo being uploaded")
	// The sweep runs when the grace of the fresh object has not yet passed
	// and that of the older ones has, however long this machine took to
	// get here.
	const grace = 2 * time.Second
	freshInfo, err := store.Stat(ctx(t), blob.ContentKey(sum(fresh)))
	e.must(err)
	now := freshInfo.Modified.Add(grace)

	reg := prometheus.NewRegistry()
	sweep := photo.NewOrphans(e.db, store, photo.OrphanOptions{Grace: grace, Metrics: reg})
	e.exec(`UPDATE sync_epoch SET advanced_at = now()`) // a restore just now
	if n, err := sweep.Sweep(ctx(t), now); err != nil || n.Deleted != 0 || !e.exists(blob.ContentKey(sum(orphan))) {
		t.Fatalf("a sweep just after a restore: %+v %v, want nothing deleted", n, err)
	}
	e.exec(`UPDATE sync_epoch SET advanced_at = now() - interval '1 hour'`)
	n, err := sweep.Sweep(ctx(t), now)
	if err != nil || n.Deleted != 1 || n.Held != 2 || n.Young != 1 {
		t.Fatalf("sweep: %+v %v, want 1 deleted, 2 held, 1 young", n, err)
	}
	if e.exists(blob.ContentKey(sum(orphan))) || e.exists(thumb) {
		t.Error("the orphan or its thumbnail is still there")
	}
	for label, data := range map[string][]byte{"referenced": referenced, "planned": planned, "fresh": fresh} {
		if !e.exists(blob.ContentKey(sum(data))) {
			t.Errorf("the %s object was deleted", label)
		}
	}
	if got := counter(t, reg, "tindal_photo_orphans_deleted_total"); got != 1 {
		t.Errorf("tindal_photo_orphans_deleted_total = %v, want 1", got)
	}
}

// TestOrphanSweepSurvivesTheStoreBeingDown: with MinIO down the
// photo-orphans job fails with the store's error and deletes nothing,
// housekeeping still succeeds, and the next run, with the store back,
// deletes the orphan.
func TestOrphanSweepSurvivesTheStoreBeingDown(t *testing.T) {
	store := testkit.MinIO(t)
	e := newEnv(t, store, photo.Options{})
	data := []byte("an orphan")
	_, err := store.Put(ctx(t), blob.ContentKey(sum(data)), bytes.NewReader(data), int64(len(data)), blob.PutOptions{})
	e.must(err)
	down, err := blob.NewMinIO(blob.Config{Endpoint: "http://" + closedAddr(t), AccessKey: "k", SecretKey: "s", Bucket: "photos"})
	e.must(err)
	reg := prometheus.NewRegistry()
	failing := photo.NewOrphans(e.db, down, photo.OrphanOptions{Grace: time.Millisecond, Metrics: reg})
	current := failing
	svc := jobs.New(jobs.Deps{DB: e.db, PhotoOrphans: func(c context.Context, now time.Time) (int64, error) {
		n, err := current.Sweep(c, now)
		return int64(n.Deleted), err
	}})
	time.Sleep(10 * time.Millisecond)

	run, err := svc.RunNow(ctx(t), jobs.JobPhotoOrphans, time.Now())
	e.must(err)
	if run.Outcome != "failed" || run.Error == "" {
		t.Fatalf("photo-orphans with the store down: %s %q, want failed", run.Outcome, run.Error)
	}
	if !e.exists(blob.ContentKey(sum(data))) {
		t.Fatal("the orphan went while the store was down")
	}
	if run, err := svc.RunNow(ctx(t), jobs.JobHousekeeping, time.Now()); err != nil || run.Outcome != "succeeded" {
		t.Fatalf("housekeeping while the store is down: %+v %v, want succeeded", run, err)
	}
	if _, err := failing.Sweep(ctx(t), time.Now()); !errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("the sweep's error with the store down: %v, want ErrUnavailable", err)
	}
	if got := counter(t, reg, "tindal_photo_orphan_sweeps_total"); got != 2 {
		t.Errorf("tindal_photo_orphan_sweeps_total = %v, want the 2 failed sweeps", got)
	}

	current = photo.NewOrphans(e.db, store, photo.OrphanOptions{Grace: time.Millisecond})
	run, err = svc.RunNow(ctx(t), jobs.JobPhotoOrphans, time.Now())
	if err != nil || run.Outcome != "succeeded" || run.Counts["objects_deleted"] != 1 {
		t.Fatalf("the next run with the store back: %+v %v, want succeeded with 1 deleted", run, err)
	}
	if e.exists(blob.ContentKey(sum(data))) {
		t.Error("the orphan outlived the run after the outage")
	}
}

// closedAddr is a local address nothing listens on.
func closedAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // closed: connections are refused
	return addr
}

// counter is the value of a counter the registry exports.
func counter(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var v float64
	for _, mf := range mfs {
		if mf.GetName() == name {
			for _, m := range mf.GetMetric() {
				v += m.GetCounter().GetValue()
			}
		}
	}
	return v
}
