package photo_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// outageDeletes is the store with its deletes failing, as during an
// object-store outage.
type outageDeletes struct{ blob.Store }

func (outageDeletes) Delete(context.Context, string) error { return blob.ErrUnavailable }

// TestHousekeepingRemovesStagedObjectsOfFinishedUploads: a verified
// photo's second copy of bytes stored already, which outlived a store
// outage at its verdict, and a
// discarded photo whose staged object appeared after its upload was ended
// (a complete still running), both lose it to housekeeping; the staged
// object of an upload in progress, and the object of a verified blob
// (which stays at the key its upload wrote), are kept.
func TestHousekeepingRemovesStagedObjectsOfFinishedUploads(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		jpeg := readFixture(t, "gps_karwar.jpg")
		staged := func(id uuid.UUID) string { return blob.StagingKey(id.String() + ".single") }
		upload := func(label, insp string, data []byte) uuid.UUID {
			id := e.attach(label, insp, "", data, photo.TypeJPEG)
			p := e.plan("insp", id, data, photo.TypeJPEG)
			if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, data); code != http.StatusOK {
				t.Fatalf("PUT %s: %d %s", label, code, body)
			}
			return id
		}

		home := upload("home", "i1", jpeg)
		if _, err := e.complete("insp", home); err != nil {
			t.Fatal(err)
		}
		// Mangaluru's inspector uploads the same bytes: a second copy,
		// which the verdict removes, but the store is failing deletes then.
		e.inspection("m1", "insp-m", "MANGALURU", 12.87, 74.84)
		verified := e.attach("verified", "m1", "", jpeg, photo.TypeJPEG)
		p := e.plan("insp-m", verified, jpeg, photo.TypeJPEG)
		if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, jpeg); code != http.StatusOK {
			t.Fatalf("PUT: %d %s", code, body)
		}
		down := photo.New(e.db, outageDeletes{e.store}, photo.Options{})
		if res, err := down.Complete(ctx(t), e.scope("insp-m"), verified); err != nil || res.State != photo.StateVerified {
			t.Fatalf("complete during the outage: %+v %v", res, err)
		}
		if !e.exists(staged(verified)) {
			t.Fatal("the outage did not leave the staged object behind; the test proves nothing")
		}

		e.inspection("i2", "insp", "KARWAR", 14.8019, 74.1240)
		discarded := upload("discarded", "i2", append(bytes.Clone(jpeg), "discarded"...))
		e.must(e.db.InTx(ctx(t), storage.Actor{}, func(tx *storage.Tx) error {
			if err := tx.DB.Exec(`UPDATE inspections SET deleted_at = now() WHERE id = ?`, e.id("i2")).Error; err != nil {
				return err
			}
			return photo.DiscardInspection(tx, e.id("i2"))
		}))
		if _, err := e.svc.EndUploads(ctx(t)); err != nil {
			t.Fatal(err)
		}
		late := []byte("bytes a complete staged after the upload was ended")
		_, err := e.store.Put(ctx(t), staged(discarded), bytes.NewReader(late), int64(len(late)), blob.PutOptions{})
		e.must(err)

		inProgress := upload("in-progress", "i1", append(bytes.Clone(jpeg), "in progress"...))

		for run := range 2 { // a second run finds nothing more to do, and still keeps the upload in progress
			if _, err := e.svc.Housekeep(ctx(t), time.Now()); err != nil {
				t.Fatalf("housekeeping run %d: %v", run+1, err)
			}
			if e.exists(staged(verified)) {
				t.Errorf("run %d: the verified photo's staged object is still there", run+1)
			}
			if e.exists(staged(discarded)) {
				t.Errorf("run %d: the discarded photo's staged object is still there", run+1)
			}
			if !e.exists(staged(inProgress)) {
				t.Errorf("run %d: the staged object of an upload in progress was removed", run+1)
			}
			if !e.exists(staged(home)) {
				t.Errorf("run %d: the verified bytes, which stay where their upload put them, were removed", run+1)
			}
		}
		if res, err := e.complete("insp", inProgress); err != nil || res.State != photo.StateVerified {
			t.Errorf("the upload in progress completes after housekeeping: %+v %v", res, err)
		}
	})
}

// TestSweptUploadIsSweptAgainAfterItChanges: an upload marked clean once
// it settled is swept again when it changes (a new plan and upload after a
// rejection), since a new staged object may be left behind by then.
func TestSweptUploadIsSweptAgainAfterItChanges(t *testing.T) {
	e := newEnv(t, testkit.MinIO(t), photo.Options{})
	id := e.attach("p", "i1", "", readFixture(t, "gps_karwar.jpg"), photo.TypeJPEG)
	e.plan("insp", id, readFixture(t, "gps_karwar.jpg"), photo.TypeJPEG)
	e.exec(`UPDATE photo_uploads SET state = 'verified', updated_at = now() - interval '2 hours' WHERE photo_id = ?`, id)
	if _, err := e.svc.SweepStaged(ctx(t), time.Now()); err != nil {
		t.Fatal(err)
	}
	if n := e.count(`SELECT count(*) FROM photo_uploads WHERE photo_id = ? AND staged_clean`, id); n != 1 {
		t.Fatalf("a settled upload is not marked clean after the sweep")
	}
	e.exec(`UPDATE photo_uploads SET state = 'rejected', updated_at = now() WHERE photo_id = ?`, id)
	if n := e.count(`SELECT count(*) FROM photo_uploads WHERE photo_id = ? AND NOT staged_clean`, id); n != 1 {
		t.Fatalf("a changed upload stays marked clean")
	}
}
