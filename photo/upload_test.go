package photo_test

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
)

func TestSinglePresignedPut(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "gps_karwar.jpg")
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		p := e.plan("insp", id, data, photo.TypeJPEG)
		if p.Status != photo.PlanUpload || p.Method != photo.MethodSingle || p.Put == nil {
			t.Fatalf("plan = %+v", p)
		}
		if d := time.Until(p.Put.Expires); d < 14*time.Minute || d > 16*time.Minute {
			t.Errorf("upload URL lasts %v, want 15 minutes", d)
		}
		again := e.plan("insp", id, data, photo.TypeJPEG) // the same request: the same plan
		if again.Method != p.Method || keyOf(again.Put.URL) != keyOf(p.Put.URL) {
			t.Errorf("second plan differs: %+v vs %+v", again, p)
		}
		if _, err := e.complete("insp", id); codeOf(err) != "not_uploaded" {
			t.Fatalf("complete before upload: %v, want not_uploaded", err)
		}
		if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, data); code != http.StatusOK {
			t.Fatalf("PUT: %d %s", code, body)
		}
		res, err := e.complete("insp", id)
		if err != nil || res.State != photo.StateVerified {
			t.Fatalf("complete = %+v, %v", res, err)
		}
		if !bytes.Equal(e.readBack(data), data) {
			t.Error("bytes read back differ from those uploaded")
		}
		if res, err := e.complete("insp", id); err != nil || res.State != photo.StateVerified {
			t.Errorf("second complete = %+v, %v; want verified again", res, err)
		}
		if p := e.plan("insp", id, data, photo.TypeJPEG); p.Status != photo.PlanVerified {
			t.Errorf("plan after verification = %s", p.Status)
		}
		ev, err := photo.EvidenceCounts(ctx(t), e.db.Gorm, e.id("i1"))
		if err != nil || ev.String() != "1/1 verified" {
			t.Errorf("evidence = %v, %v", ev, err)
		}
		if n := e.count(`SELECT evidence_verified FROM inspections WHERE id = ?`, e.id("i1")); n != 1 {
			t.Errorf("inspections.evidence_verified = %d", n)
		}
	})
}

// keyOf is the object a presigned URL names (its path without the query).
func keyOf(url string) string {
	url, _, _ = strings.Cut(url, "?")
	return url
}

func TestMultipartInterruptedAndResumed(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := bigJPEG(t, 20<<20)
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		p := e.plan("insp", id, data, photo.TypeJPEG)
		if p.Method != photo.MethodMultipart || p.PartCount != 4 || len(p.Parts) != 4 || p.PartSize != 5<<20 {
			t.Fatalf("plan = %+v", p)
		}
		for _, part := range p.Parts[:2] { // then the connection drops
			sendPart(t, part, data)
		}
		if again := e.plan("insp", id, data, photo.TypeJPEG); len(again.Parts) != 4 || again.Parts[0].URL == "" {
			t.Fatalf("repeated plan = %+v", again)
		}
		if _, err := e.complete("insp", id); codeOf(err) != "parts_missing" {
			t.Fatalf("complete with two parts: %v, want parts_missing", err)
		}
		st, err := e.svc.UploadStatus(ctx(t), e.scope("insp"), id)
		if err != nil || len(st.Received) != 2 || len(st.Parts) != 2 || st.Parts[0].Number != 3 || st.Parts[1].Number != 4 {
			t.Fatalf("status = %+v, %v; want parts 1-2 received and URLs for 3-4", st, err)
		}
		for _, part := range st.Parts {
			sendPart(t, part, data)
		}
		res, err := e.complete("insp", id)
		if err != nil || res.State != photo.StateVerified {
			t.Fatalf("complete = %+v, %v", res, err)
		}
		if !bytes.Equal(e.readBack(data), data) {
			t.Error("bytes read back differ")
		}
		if k := e.objectKey(sum(data)); k != blob.StagingKey(id.String()) || e.exists(blob.ContentKey(sum(data))) {
			t.Errorf("the verified bytes are at %s, want where the upload assembled them and no second copy", k)
		}
		if res, err := e.complete("insp", id); err != nil || res.State != photo.StateVerified {
			t.Errorf("complete again = %+v, %v", res, err)
		}
	})
}

func sendPart(t *testing.T, part photo.PartURL, data []byte) {
	t.Helper()
	lo := (part.Number - 1) * photo.PartSize
	hi := min(lo+photo.PartSize, len(data))
	if code, body := send(t, part.Method, part.URL, part.Header, data[lo:hi]); code != http.StatusOK {
		t.Fatalf("part %d: %d %s", part.Number, code, body)
	}
}

func TestWrongBytesRejected(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		// Single PUT: the store refuses bytes other than the declared ones.
		data := readFixture(t, "gps_karwar.jpg")
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		p := e.plan("insp", id, data, photo.TypeJPEG)
		wrong := bytes.Clone(data)
		wrong[500] ^= 0xff
		if code, _ := send(t, p.Put.Method, p.Put.URL, p.Put.Header, wrong); code < 400 || code >= 500 {
			t.Fatalf("PUT of other bytes: %d, want 4xx", code)
		}
		if _, err := e.complete("insp", id); codeOf(err) != "not_uploaded" {
			t.Fatalf("complete: %v, want not_uploaded", err)
		}
		// Multipart: wrong bytes get through the parts, complete refuses them.
		big := bigJPEG(t, 6<<20)
		id2 := e.attach("p2", "i1", "f1", big, photo.TypeJPEG)
		p2 := e.plan("insp", id2, big, photo.TypeJPEG)
		bad := bytes.Clone(big)
		bad[len(bad)-10] ^= 0xff
		for _, part := range p2.Parts {
			sendPart(t, part, bad)
		}
		_, err := e.complete("insp", id2)
		if codeOf(err) != photo.RejectChecksum {
			t.Fatalf("complete of wrong bytes: %v, want checksum_mismatch", err)
		}
		if e.exists(blob.StagingKey(id2.String())) || e.exists(blob.ContentKey(sum(big))) {
			t.Error("rejected bytes were kept")
		}
		if s := e.state(id2); s != photo.StatePending {
			t.Errorf("photo state %s, want pending_upload (may upload again)", s)
		}
		if _, err := e.complete("insp", id2); codeOf(err) != photo.RejectChecksum {
			t.Errorf("complete again: %v, want the same rejection", err)
		}
		// A fresh plan, the right bytes, and it verifies.
		p2 = e.plan("insp", id2, big, photo.TypeJPEG)
		for _, part := range p2.Parts {
			sendPart(t, part, big)
		}
		if res, err := e.complete("insp", id2); err != nil || res.State != photo.StateVerified {
			t.Fatalf("complete after re-upload = %+v, %v", res, err)
		}
	})
}

func TestWrongTypeSizeAndOversize(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		text := []byte(strings.Repeat("this is not a photo, it is a text file named photo.jpg\n", 40))
		id := e.attach("p1", "i1", "f1", text, photo.TypeJPEG)
		p := e.plan("insp", id, text, photo.TypeJPEG)
		if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, text); code != http.StatusOK {
			t.Fatalf("PUT: %d %s", code, body)
		}
		if _, err := e.complete("insp", id); codeOf(err) != photo.RejectType {
			t.Fatalf("complete of a text file: %v, want unsupported_type", err)
		}
		if e.exists(blob.ContentKey(sum(text))) {
			t.Error("rejected text file kept")
		}
		if s := e.state(id); s != photo.StateRejected {
			t.Errorf("state %s, want rejected", s)
		}
		// A PNG declared as JPEG.
		png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 100)...)
		id2 := e.attach("p2", "i1", "f1", png, photo.TypeJPEG)
		_, err := e.svc.PutContent(ctx(t), e.scope("insp"), id2, bytes.NewReader(png), int64(len(png)))
		if codeOf(err) != photo.RejectTypeDiffers {
			t.Errorf("PNG declared as JPEG: %v, want type_mismatch", err)
		}
		// Wrong size: the body is not as long as declared.
		data := readFixture(t, "no_exif.jpg")
		id3 := e.attach("p3", "i1", "f1", data, photo.TypeJPEG)
		_, err = e.svc.PutContent(ctx(t), e.scope("insp"), id3, bytes.NewReader(data[:100]), 100)
		if codeOf(err) != photo.RejectSize {
			t.Errorf("short body: %v, want size_mismatch", err)
		}
		_, err = e.svc.PutContent(ctx(t), e.scope("insp"), id3, bytes.NewReader(data[:100]), -1)
		if codeOf(err) != photo.RejectSize {
			t.Errorf("short chunked body: %v, want size_mismatch", err)
		}
		// Oversize: refused before any URL is signed.
		_, err = e.svc.Plan(ctx(t), e.scope("insp"), photo.PlanRequest{PhotoID: id3, SHA256: sum(data), Size: 26 << 20, ContentType: photo.TypeJPEG})
		if codeOf(err) != "photo_too_large" {
			t.Errorf("26 MiB plan: %v, want photo_too_large", err)
		}
		// A plan that contradicts the attach.
		_, err = e.svc.Plan(ctx(t), e.scope("insp"), photo.PlanRequest{PhotoID: id3, SHA256: sum(text), Size: int64(len(data)), ContentType: photo.TypeJPEG})
		if codeOf(err) != "attach_mismatch" {
			t.Errorf("contradicting plan: %v, want attach_mismatch", err)
		}
	})
}

func TestFallbackUpload(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := bigJPEG(t, 7<<20)
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		res, err := e.svc.PutContent(ctx(t), e.scope("insp"), id, bytes.NewReader(data), -1)
		if err != nil || res.State != photo.StateVerified {
			t.Fatalf("PutContent = %+v, %v", res, err)
		}
		if !bytes.Equal(e.readBack(data), data) {
			t.Error("bytes differ")
		}
		right := readFixture(t, "no_exif.jpg")
		wrong := bytes.Clone(right)
		wrong[700] ^= 0xff
		id2 := e.attach("p2", "i1", "f1", right, photo.TypeJPEG)
		if _, err := e.svc.PutContent(ctx(t), e.scope("insp"), id2, bytes.NewReader(wrong), int64(len(wrong))); codeOf(err) != photo.RejectChecksum {
			t.Errorf("wrong bytes: %v, want checksum_mismatch", err)
		}
		if e.count(`SELECT count(*) FROM blobs WHERE state = 'verified'`) != 1 {
			t.Error("want exactly one verified blob")
		}
	})
}

func TestDedupe(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "offset_no_gps.jpg")
		a := e.attach("a", "i1", "f1", data, photo.TypeJPEG)
		b := e.attach("b", "i1", "f2", data, photo.TypeJPEG) // the same image on another finding
		p := e.plan("insp", a, data, photo.TypeJPEG)
		send(t, p.Put.Method, p.Put.URL, p.Put.Header, data)
		if _, err := e.complete("insp", a); err != nil {
			t.Fatal(err)
		}
		if p := e.plan("insp", b, data, photo.TypeJPEG); p.Status != photo.PlanLinked {
			t.Fatalf("second finding's plan = %s, want linked (no upload)", p.Status)
		}
		if s := e.state(b); s != photo.StateVerified {
			t.Errorf("linked photo state %s", s)
		}
		if n := e.count(`SELECT count(DISTINCT blob_sha256) FROM photos WHERE id IN (?, ?)`, a, b); n != 1 {
			t.Errorf("photos use %d blobs, want 1", n)
		}
		// An inspector elsewhere who knows the hash must still upload the bytes.
		e.inspection("i-m", "insp-m", "MANGALURU", 12.87, 74.88)
		c := e.attach("c", "i-m", "", data, photo.TypeJPEG)
		if p := e.plan("insp-m", c, data, photo.TypeJPEG); p.Status != photo.PlanUpload {
			t.Errorf("other jurisdiction's plan = %s, want upload (a hash is not a password)", p.Status)
		}
		// A colleague in the same jurisdiction may reuse it.
		e.inspection("i2", "insp2", "KARWAR", 14.80, 74.12)
		d := e.attach("d", "i2", "", data, photo.TypeJPEG)
		if p := e.plan("insp2", d, data, photo.TypeJPEG); p.Status != photo.PlanLinked {
			t.Errorf("same jurisdiction's plan = %s, want linked", p.Status)
		}
	})
}

func TestPresignedURLLimits(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		short := photo.New(e.db, e.store, photo.Options{UploadTTL: time.Second})
		data := readFixture(t, "gps_karwar.jpg")
		other := readFixture(t, "no_exif.jpg")
		a := e.attach("a", "i1", "f1", data, photo.TypeJPEG)
		b := e.attach("b", "i1", "f1", other, photo.TypeJPEG)
		pa, err := short.Plan(ctx(t), e.scope("insp"), photo.PlanRequest{PhotoID: a, SHA256: sum(data), Size: int64(len(data)), ContentType: photo.TypeJPEG})
		if err != nil {
			t.Fatal(err)
		}
		pb := e.plan("insp", b, other, photo.TypeJPEG)
		// A's URL pointed at B's key is refused.
		forged := strings.Replace(pa.Put.URL, keyOf(pa.Put.URL), keyOf(pb.Put.URL), 1)
		hdr := pb.Put.Header
		if code, _ := send(t, http.MethodPut, forged, hdr, other); code != http.StatusForbidden {
			t.Errorf("A's URL for B's key: %d, want 403", code)
		}
		if e.exists(blob.StagingKey(b.String() + ".single")) {
			t.Error("B's key was written through A's URL")
		}
		time.Sleep(2100 * time.Millisecond)
		if code, _ := send(t, pa.Put.Method, pa.Put.URL, pa.Put.Header, data); code != http.StatusForbidden {
			t.Errorf("expired URL: %d, want 403", code)
		}
		if e.exists(blob.StagingKey(a.String() + ".single")) {
			t.Error("expired URL wrote the object")
		}
	})
}

func TestAttachFirstAndOutsiders(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "gps_karwar.jpg")
		_, err := e.svc.Plan(ctx(t), e.scope("insp"), photo.PlanRequest{PhotoID: e.id("unknown"), SHA256: sum(data), Size: int64(len(data)), ContentType: photo.TypeJPEG})
		if codeOf(err) != "attach_first" {
			t.Fatalf("plan before attach: %v, want attach_first", err)
		}
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		if _, err := e.svc.Plan(ctx(t), e.scope("insp2"), photo.PlanRequest{PhotoID: id, SHA256: sum(data), Size: int64(len(data)), ContentType: photo.TypeJPEG}); codeOf(err) != "not_found" {
			t.Errorf("another inspector's plan: %v, want not_found", err)
		}
		for _, who := range []string{"insp-m", "owner-user-MANGALURU"} {
			if _, err := e.svc.Get(ctx(t), e.scope(who), id); codeOf(err) != "not_found" {
				t.Errorf("%s reads the photo: %v, want not_found", who, err)
			}
		}
		for _, who := range []string{"insp", "insp2", "sup", "admin", "owner-user-KARWAR"} {
			if _, err := e.svc.Get(ctx(t), e.scope(who), id); err != nil {
				t.Errorf("%s reads the photo: %v", who, err)
			}
		}
	})
}

func TestDeferredAttach(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := readFixture(t, "gps_karwar.jpg")
		id := e.id("deferred")
		e.exec(`INSERT INTO devices (id, user_id, installation_id) VALUES (?, ?, 'phone')`, e.id("dev"), e.id("insp"))
		e.exec(`INSERT INTO mutation_backlog (mutation_id, device_id, user_id, aggregate_id, seq, payload, request_hash, captured_at)
			VALUES (?, ?, ?, ?, 1, ?::jsonb, '\x00', now())`, e.id("m"), e.id("dev"), e.id("insp"), e.id("i1"),
			`{"name":"photo.attach","args":{"id":"`+id.String()+`","inspection_id":"`+e.id("i1").String()+`","sha256":"`+sum(data)+`","size":`+itoa(len(data))+`,"content_type":"image/jpeg"}}`)
		p := e.plan("insp", id, data, photo.TypeJPEG)
		send(t, p.Put.Method, p.Put.URL, p.Put.Header, data)
		res, err := e.complete("insp", id)
		if err != nil || !res.Deferred || res.State != photo.StateVerified {
			t.Fatalf("complete of a deferred photo = %+v, %v", res, err)
		}
		// The attach applies: the photo links to the bytes already verified.
		e.attach("deferred", "i1", "f1", data, photo.TypeJPEG)
		e.must(e.db.InTx(ctx(t), storageActor(), func(tx *txT) error { return photo.LinkAttached(tx, id) }))
		if s := e.state(id); s != photo.StateVerified {
			t.Errorf("state after attach = %s, want verified", s)
		}
		// An attach applied without LinkAttached is linked by housekeeping.
		other := readFixture(t, "no_exif.jpg")
		id2 := e.id("deferred2")
		e.exec(`INSERT INTO photo_uploads (photo_id, user_id, inspection_id, sha256, size, content_type, method, state)
			VALUES (?, ?, ?, ?, ?, 'image/jpeg', 'single', 'open')`, id2, e.id("insp"), e.id("i1"), sum(other), len(other))
		e.attach("deferred2", "i1", "", other, photo.TypeJPEG)
		if _, err := e.svc.PutContent(ctx(t), e.scope("insp"), id2, bytes.NewReader(other), int64(len(other))); err != nil {
			t.Fatal(err)
		}
		e.exec(`UPDATE photos SET state = 'pending_upload', blob_sha256 = NULL WHERE id = ?`, id2) // as if verified while deferred
		if n, err := e.svc.LinkPending(ctx(t)); err != nil || n != 1 || e.state(id2) != photo.StateVerified {
			t.Errorf("LinkPending = %d, %v; state %s", n, err, e.state(id2))
		}
	})
}

func TestConcurrentCompletes(t *testing.T) {
	stores(t, func(t *testing.T, e *env) {
		data := bigJPEG(t, 6<<20)
		id := e.attach("p1", "i1", "f1", data, photo.TypeJPEG)
		p := e.plan("insp", id, data, photo.TypeJPEG)
		for _, part := range p.Parts {
			sendPart(t, part, data)
		}
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.complete("insp", id)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil && codeOf(err) != "verification_in_progress" {
				t.Errorf("concurrent complete: %v", err)
			}
		}
		if s := e.state(id); s != photo.StateVerified {
			t.Errorf("state %s", s)
		}
	})
}
