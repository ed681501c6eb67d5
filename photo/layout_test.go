package photo_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// countingStore counts the calls that write bytes into the store, and
// the requests that read an object or its description.
type countingStore struct {
	blob.Store
	puts, copies atomic.Int64
	reads        atomic.Int64
}

func (c *countingStore) Stat(ctx context.Context, key string) (blob.Info, error) {
	c.reads.Add(1)
	return c.Store.Stat(ctx, key)
}

func (c *countingStore) Exists(ctx context.Context, key string) (bool, error) {
	c.reads.Add(1)
	return c.Store.Exists(ctx, key)
}

func (c *countingStore) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	c.reads.Add(1)
	return c.Store.Get(ctx, key)
}

func (c *countingStore) GetRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	c.reads.Add(1)
	return c.Store.GetRange(ctx, key, off, n)
}

func (c *countingStore) Open(ctx context.Context, key string) (io.ReadCloser, blob.Info, error) {
	c.reads.Add(1)
	return c.Store.Open(ctx, key)
}

func (c *countingStore) Put(ctx context.Context, key string, r io.Reader, size int64, o blob.PutOptions) (blob.Info, error) {
	c.puts.Add(1)
	return c.Store.Put(ctx, key, r, size, o)
}

func (c *countingStore) Copy(ctx context.Context, src, dst string) (blob.Info, error) {
	c.copies.Add(1)
	return c.Store.Copy(ctx, src, dst)
}

// writes is how many byte-writing calls were made since the last call.
func (c *countingStore) writes() int64 { return c.puts.Swap(0) + c.copies.Swap(0) }

// TestVerifiedBytesStayWhereUploaded (docs/PHOTOS.md §7): complete reads
// the upload once and writes nothing but rows; the verified bytes stay at
// the key the upload wrote, single, multipart or through the server (whose
// one write is the spool's way into the store), and no copy appears at a
// content key. Bytes uploaded again by another photo are deduplicated by
// the blobs table: the second copy is removed, the first serves both. The
// staged-object sweeps never take a blob's object, and the photo is
// downloaded from where it lies.
func TestVerifiedBytesStayWhereUploaded(t *testing.T) {
	for _, kind := range []string{"minio", "local"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			var s blob.Store = testkit.LocalBlobs(t)
			if kind == "minio" {
				s = testkit.MinIO(t)
			}
			cs := &countingStore{Store: s}
			e := newEnv(t, cs, photo.Options{})
			single, multi, through := readFixture(t, "gps_karwar.jpg"), bigJPEG(t, 6<<20), bigJPEG(t, 40_000)

			a := e.attach("a", "i1", "f1", single, photo.TypeJPEG)
			p := e.plan("insp", a, single, photo.TypeJPEG)
			if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, single); code != http.StatusOK {
				t.Fatalf("PUT: %d %s", code, body)
			}
			cs.writes()
			if _, err := e.complete("insp", a); err != nil {
				t.Fatal(err)
			}
			if n := cs.writes(); n != 0 {
				t.Errorf("complete of a single upload wrote %d objects, want none", n)
			}

			b := e.attach("b", "i1", "f1", multi, photo.TypeJPEG)
			for _, part := range e.plan("insp", b, multi, photo.TypeJPEG).Parts {
				sendPart(t, part, multi)
			}
			cs.writes()
			if _, err := e.complete("insp", b); err != nil {
				t.Fatal(err)
			}
			if n := cs.writes(); n != 0 {
				t.Errorf("complete of a multipart upload wrote %d objects, want none", n)
			}

			c := e.attach("c", "i1", "f1", through, photo.TypeJPEG)
			cs.writes()
			if _, err := e.svc.PutContent(ctx(t), e.scope("insp"), c, bytes.NewReader(through), int64(len(through))); err != nil {
				t.Fatal(err)
			}
			if n := cs.writes(); n != 1 {
				t.Errorf("an upload through the server wrote %d objects, want 1", n)
			}

			for _, w := range []struct {
				data []byte
				key  string
			}{
				{single, blob.StagingKey(a.String() + ".single")},
				{multi, blob.StagingKey(b.String())},
				{through, blob.StagingKey(c.String() + ".put")},
			} {
				if k := e.objectKey(sum(w.data)); k != w.key {
					t.Errorf("blob at %q, want %q where the upload put it", k, w.key)
				}
				if e.exists(blob.ContentKey(sum(w.data))) {
					t.Errorf("a second copy at the content key of %s", w.key)
				}
				if !bytes.Equal(e.readBack(w.data), w.data) {
					t.Errorf("the bytes at %s differ", w.key)
				}
			}

			// Mangaluru's inspector holds the same bytes: a hash is no proof,
			// so they are uploaded, verified, and the second copy removed.
			e.inspection("m1", "insp-m", "MANGALURU", 12.87, 74.84)
			d := e.attach("d", "m1", "", single, photo.TypeJPEG)
			pd := e.plan("insp-m", d, single, photo.TypeJPEG)
			if pd.Status != photo.PlanUpload {
				t.Fatalf("plan of another jurisdiction = %s, want upload", pd.Status)
			}
			if code, body := send(t, pd.Put.Method, pd.Put.URL, pd.Put.Header, single); code != http.StatusOK {
				t.Fatalf("PUT: %d %s", code, body)
			}
			cs.writes()
			if res, err := e.complete("insp-m", d); err != nil || res.State != photo.StateVerified {
				t.Fatalf("complete of the same bytes: %+v %v", res, err)
			}
			if n := cs.writes(); n != 0 {
				t.Errorf("complete of bytes stored already wrote %d objects", n)
			}
			if e.exists(blob.StagingKey(d.String()+".single")) || e.objectKey(sum(single)) != blob.StagingKey(a.String()+".single") {
				t.Error("the second copy was kept, or it displaced the first")
			}
			v, err := e.svc.Get(ctx(t), e.scope("insp-m"), d)
			if err != nil || v.URLs.Original == nil {
				t.Fatalf("Get = %+v %v", v, err)
			}
			if got := download(t, v.URLs.Original.URL); !bytes.Equal(got, single) {
				t.Errorf("download of the deduplicated photo: %d bytes, want %d", len(got), len(single))
			}

			// The sweeps of staged objects, hours later, leave every blob's bytes.
			if _, err := e.svc.Housekeep(ctx(t), time.Now().Add(2*time.Hour)); err != nil {
				t.Fatal(err)
			}
			for _, data := range [][]byte{single, multi, through} {
				if !bytes.Equal(e.readBack(data), data) {
					t.Error("housekeeping took a verified photo's bytes")
				}
			}
		})
	}
}

// TestCompleteOfASinglePutIsOneStoreRequest (docs/PHOTOS.md §7): complete
// of a presigned PUT makes one request to the store, the GET that reads
// the bytes, whose headers give the size and the SHA-256 the store
// recorded (there was a HEAD before it).
func TestCompleteOfASinglePutIsOneStoreRequest(t *testing.T) {
	for _, kind := range []string{"minio", "local"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			var s blob.Store = testkit.LocalBlobs(t)
			if kind == "minio" {
				s = testkit.MinIO(t)
			}
			cs := &countingStore{Store: s}
			e := newEnv(t, cs, photo.Options{})
			data := readFixture(t, "gps_karwar.jpg")
			id := e.attach("a", "i1", "f1", data, photo.TypeJPEG)
			p := e.plan("insp", id, data, photo.TypeJPEG)
			if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, data); code != http.StatusOK {
				t.Fatalf("PUT: %d %s", code, body)
			}
			cs.reads.Store(0)
			if res, err := e.complete("insp", id); err != nil || res.State != photo.StateVerified {
				t.Fatalf("complete: %+v %v", res, err)
			}
			if n := cs.reads.Load(); n != 1 {
				t.Errorf("complete of a single upload made %d requests that read the store, want 1", n)
			}
		})
	}
}

func download(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url) //nolint:gosec,noctx // a presigned URL of the test's own store
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return b
}

// TestBlobsVerifiedBeforeTheLayoutStillServed: a blob migration 00055
// left at its content key (object_key names it) is downloaded, re-hashed
// by the worker without quarantine, and collected with its object.
func TestBlobsVerifiedBeforeTheLayoutStillServed(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "gps_karwar.jpg")
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		e.upload("insp", id, data)
		old, legacy := e.objectKey(sum(data)), blob.ContentKey(sum(data))
		if _, err := e.store.Copy(ctx(t), old, legacy); err != nil { // as the code before 00055 stored it
			t.Fatal(err)
		}
		e.must(e.store.Delete(ctx(t), old))
		e.exec(`UPDATE blobs SET object_key = ? WHERE sha256 = ?`, legacy, sum(data))

		v, err := e.svc.Get(ctx(t), e.scope("insp"), id)
		if err != nil || v.URLs.Original == nil || !bytes.Equal(download(t, v.URLs.Original.URL), data) {
			t.Fatalf("a blob at its content key is not served: %+v %v", v, err)
		}
		if _, err := e.svc.ProcessQueue(ctx(t), 5); err != nil {
			t.Fatal(err)
		}
		if s := e.state(id); s != photo.StateVerified {
			t.Fatalf("state %s after the worker, want verified", s)
		}
		e.exec(`UPDATE photos SET deleted_at = now() WHERE id = ?`, id)
		if h, err := e.svc.Housekeep(ctx(t), time.Now().Add(8*24*time.Hour)); err != nil || h.BlobsCollected != 1 {
			t.Fatalf("Housekeep = %+v, %v", h, err)
		}
		if e.exists(legacy) {
			t.Error("the collected blob's object is still at its content key")
		}
	})
}

// TestOrphanSweepAfterRestoreTakesStagedBytes: a database restored from a
// backup forgets the photos verified after it, whose bytes lie at the key
// their upload wrote (staging/…) with thumbnails by hash. After the grace
// the orphan sweep deletes those and their thumbnails, and keeps a
// verified photo's bytes the restored rows know and an upload in progress;
// within the grace after the restore it deletes nothing.
func TestOrphanSweepAfterRestoreTakesStagedBytes(t *testing.T) {
	store := testkit.MinIO(t)
	e := newEnv(t, store, photo.Options{})
	known, lost, open := readFixture(t, "gps_karwar.jpg"), readFixture(t, "no_exif.jpg"), readFixture(t, "offset_no_gps.jpg")
	e.upload("insp", e.attach("known", "i1", "f1", known, photo.TypeJPEG), known)
	lostID := e.attach("lost", "i1", "f1", lost, photo.TypeJPEG)
	e.upload("insp", lostID, lost)
	if _, err := e.svc.ProcessQueue(ctx(t), 5); err != nil {
		t.Fatal(err)
	}
	openID := e.attach("open", "i1", "f1", open, photo.TypeJPEG)
	p := e.plan("insp", openID, open, photo.TypeJPEG)
	if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, open); code != http.StatusOK {
		t.Fatalf("PUT: %d %s", code, body)
	}
	lostKey, knownKey := e.objectKey(sum(lost)), e.objectKey(sum(known))
	lostThumb, knownThumb := photo.ThumbKey(sum(lost), photo.ThumbSmall), photo.ThumbKey(sum(known), photo.ThumbLarge)
	if !e.exists(lostThumb) || !e.exists(knownThumb) {
		t.Fatal("no thumbnails were made")
	}
	// The restore: the backup was taken before "lost" was attached.
	e.exec(`DELETE FROM photo_uploads WHERE photo_id = ?`, lostID)
	e.exec(`DELETE FROM photos WHERE id = ?`, lostID)
	e.exec(`DELETE FROM blobs WHERE sha256 = ?`, sum(lost))
	time.Sleep(2100 * time.Millisecond)
	e.exec(`UPDATE sync_epoch SET advanced_at = now()`)
	sweep := photo.NewOrphans(e.db, store, photo.OrphanOptions{Grace: 2 * time.Second})
	if n, err := sweep.Sweep(ctx(t), time.Now()); err != nil || n.Deleted != 0 || !e.exists(lostKey) {
		t.Fatalf("a sweep just after a restore: %+v %v, want nothing deleted", n, err)
	}
	e.exec(`UPDATE sync_epoch SET advanced_at = now() - interval '1 hour'`)
	n, err := sweep.Sweep(ctx(t), time.Now())
	if err != nil || n.Deleted != 3 {
		t.Fatalf("sweep: %+v %v, want the lost photo and its 2 thumbnails deleted", n, err)
	}
	if e.exists(lostKey) || e.exists(lostThumb) {
		t.Error("the lost photo's bytes or thumbnail are still there")
	}
	for _, key := range []string{knownKey, knownThumb, blob.StagingKey(openID.String() + ".single")} {
		if !e.exists(key) {
			t.Errorf("%s was deleted", key)
		}
	}
}
