package photo_test

import (
	"bytes"
	"image/jpeg"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
)

// upload plans, PUTs and completes a small photo.
func (e *env) upload(user string, id [16]byte, data []byte) {
	e.t.Helper()
	p := e.plan(user, id, data, photo.TypeJPEG)
	if p.Status != photo.PlanUpload {
		return
	}
	if code, body := send(e.t, p.Put.Method, p.Put.URL, p.Put.Header, data); code != http.StatusOK {
		e.t.Fatalf("PUT: %d %s", code, body)
	}
	if _, err := e.complete(user, id); err != nil {
		e.t.Fatal(err)
	}
}

func TestThumbnailsAndExif(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		e.inspection("far", "insp", "KARWAR", 15.40, 73.80)                                // tens of km away
		e.inspectionAt("late", "insp", "KARWAR", 14.8019, 74.1240, "2026-01-16T12:00:00Z") // 31 hours later
		cases := []struct {
			label, insp, fixture string
			wantFlags            []string
			gps                  bool
		}{
			{"gps", "i1", "gps_karwar.jpg", []string{}, true},
			{"gps-far", "far", "gps_karwar.jpg", []string{photo.FlagFar}, true},
			{"gps-late", "late", "gps_karwar.jpg", []string{photo.FlagTimeOff}, true},
			{"no-gps", "i1", "offset_no_gps.jpg", []string{photo.FlagNoExifGPS}, false},
			{"no-exif", "i1", "no_exif.jpg", []string{photo.FlagNoExif}, false},
		}
		for _, c := range cases {
			e.upload("insp", e.attach(c.label, c.insp, "", readFixture(t, c.fixture), photo.TypeJPEG), readFixture(t, c.fixture))
		}
		if n, err := e.svc.ProcessQueue(ctx(t), 10); err != nil || n != len(cases) {
			t.Fatalf("ProcessQueue = %d, %v", n, err)
		}
		for _, c := range cases {
			v, err := e.svc.Get(ctx(t), e.scope("sup"), e.id(c.label))
			if err != nil {
				t.Fatal(err)
			}
			if v.ThumbState != "done" || !v.Thumbnails || v.URLs.Small == nil || v.URLs.Large == nil || v.URLs.Original == nil {
				t.Errorf("%s: thumbnails %s/%v, urls %+v", c.label, v.ThumbState, v.Thumbnails, v.URLs)
				continue
			}
			if !slices.Equal(v.Flags, c.wantFlags) {
				t.Errorf("%s: flags %v, want %v", c.label, v.Flags, c.wantFlags)
			}
			if (v.ExifLat != nil) != c.gps {
				t.Errorf("%s: EXIF position %v, want present=%v", c.label, v.ExifLat, c.gps)
			}
			if v.Width == nil || *v.Width != 640 {
				t.Errorf("%s: width %v", c.label, v.Width)
			}
			if d := time.Until(v.URLs.Original.Expires); d < 4*time.Minute || d > 6*time.Minute {
				t.Errorf("download URL lasts %v, want 5 minutes", d)
			}
			checkThumb(t, v.URLs.Small, 320)
		}
		v, _ := e.svc.Get(ctx(t), e.scope("sup"), e.id("no-gps"))
		if v.ExifTakenAt == nil || !v.ExifTakenAt.Equal(time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC)) || *v.TimeOffsetS != 5*3600+1800 {
			t.Errorf("no-gps: taken %v, offset %v", v.ExifTakenAt, v.TimeOffsetS)
		}
		if n, _ := e.svc.ProcessQueue(ctx(t), 10); n != 0 {
			t.Errorf("work ran twice: %d", n)
		}
	})
}

// checkThumb downloads a thumbnail through its presigned URL.
func checkThumb(t *testing.T, p *blob.Presigned, px int) {
	t.Helper()
	res, err := http.Get(p.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if res.StatusCode != 200 || err != nil || max(cfg.Width, cfg.Height) != px {
		t.Errorf("thumbnail: %d, %v, %dx%d; want a %d px JPEG", res.StatusCode, err, cfg.Width, cfg.Height, px)
	}
}

func TestWorkerQuarantinesChangedBytes(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "gps_karwar.jpg")
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		e.upload("insp", id, data)
		// Someone with store access replaces the object behind our back.
		other := readFixture(t, "no_exif.jpg")
		if _, err := e.store.Put(ctx(t), e.objectKey(sum(data)), bytes.NewReader(other), int64(len(other)), blob.PutOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.ProcessQueue(ctx(t), 5); err != nil {
			t.Fatal(err)
		}
		if s := e.state(id); s != photo.StateQuarantined {
			t.Fatalf("state %s, want quarantined", s)
		}
		if n := e.count(`SELECT count(*) FROM blobs WHERE state = 'quarantined'`); n != 1 {
			t.Errorf("quarantined blobs: %d", n)
		}
		if n := e.count(`SELECT count(*) FROM notifications WHERE template = 'photo_quarantined' AND user_id = ?`, e.id("admin")); n != 1 {
			t.Errorf("admin alerts: %d", n)
		}
		var ok bool
		e.must(e.db.InTx(ctx(t), storageActor(), func(tx *txT) error {
			var err error
			ev, err := photo.EvidenceCounts(ctx(t), tx.DB, e.id("i1"))
			ok = ev.Complete()
			return err
		}))
		if ok {
			t.Error("evidence complete with a quarantined photo")
		}
	})
}

func TestHousekeeping(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		big := bigJPEG(t, 6<<20)
		id := e.attach("p1", "i1", "f1", big, photo.TypeJPEG)
		p := e.plan("insp", id, big, photo.TypeJPEG)
		sendPart(t, p.Parts[0], big)
		// A day later the unfinished upload is aborted.
		h, err := e.svc.Housekeep(ctx(t), time.Now().Add(25*time.Hour))
		if err != nil || h.UploadsAborted != 1 {
			t.Fatalf("Housekeep = %+v, %v", h, err)
		}
		if _, err := e.complete("insp", id); codeOf(err) != "upload_expired" {
			t.Fatalf("complete after abort: %v, want upload_expired", err)
		}
		p2 := e.plan("insp", id, big, photo.TypeJPEG)
		for _, part := range p2.Parts {
			sendPart(t, part, big)
		}
		if _, err := e.complete("insp", id); err != nil {
			t.Fatalf("complete on the new plan: %v", err)
		}
		// A discarded photo's blob goes after 7 days; a referenced one stays.
		keep := readFixture(t, "gps_karwar.jpg")
		e.upload("insp", e.attach("p2", "i1", "f1", keep, photo.TypeJPEG), keep)
		e.exec(`UPDATE photos SET deleted_at = now() WHERE id = ?`, id)
		bigKey, keepKey := e.objectKey(sum(big)), e.objectKey(sum(keep))
		if h, err := e.svc.Housekeep(ctx(t), time.Now().Add(8*24*time.Hour)); err != nil || h.BlobsCollected != 1 {
			t.Fatalf("Housekeep = %+v, %v", h, err)
		}
		if bigKey == "" || e.exists(bigKey) || !e.exists(keepKey) {
			t.Error("collected the wrong blob")
		}
		if n := e.count(`SELECT count(*) FROM blobs`); n != 1 {
			t.Errorf("%d blob rows left, want 1", n)
		}
		// Failed background work is re-queued.
		e.exec(`UPDATE photos SET thumb_state = 'failed', thumb_attempts = 5 WHERE id = ?`, e.id("p2"))
		if n, err := e.svc.RequeueFailed(ctx(t)); err != nil || n != 1 {
			t.Errorf("RequeueFailed = %d, %v", n, err)
		}
		if n, _ := e.svc.ProcessQueue(ctx(t), 5); n != 1 {
			t.Errorf("re-queued work not processed: %d", n)
		}
	})
}

func TestHEICStoredWithoutThumbnail(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		heic := heicBytes(4032, 3024, bigJPEG(t, 20000)[13000:17000])
		id := e.attach("h", "i1", "", heic, photo.TypeHEIC)
		if _, err := e.svc.PutContent(ctx(t), e.scope("insp"), id, bytes.NewReader(heic), int64(len(heic))); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.ProcessQueue(ctx(t), 5); err != nil {
			t.Fatal(err)
		}
		v, err := e.svc.Get(ctx(t), e.scope("insp"), id)
		if err != nil || v.State != photo.StateVerified || v.ThumbState != "done" || v.Thumbnails || v.URLs.Original == nil || v.URLs.Small != nil {
			t.Errorf("HEIC photo = %+v, %v; want verified, done, no thumbnails", v, err)
		}
	})
}

func TestReviewFlagsPure(t *testing.T) {
	if !strings.HasPrefix(photo.ThumbKey(strings.Repeat("ab", 32), 320), "thumbs/ab/abab") {
		t.Error("thumb key not built from the hash")
	}
}
