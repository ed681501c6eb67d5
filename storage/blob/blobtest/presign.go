package blobtest

import (
	"bytes"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
)

// answer is what a test reads of a response, kept after its body is closed.
type answer struct {
	StatusCode int
	Header     http.Header
}

// send makes the presigned request as a phone would: its method, URL and
// headers, with body; edit may change the request first.
func send(t *testing.T, p blob.Presigned, body []byte, edit func(*http.Request)) (answer, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctxT(t), p.Method, p.URL, bytes.NewReader(body))
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	if body == nil {
		req.Body, req.ContentLength = nil, 0
	}
	for k, v := range p.Header {
		req.Header[k] = v
	}
	if edit != nil {
		edit(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", p.Method, p.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{StatusCode: resp.StatusCode, Header: resp.Header}, string(b)
}

func presignPut(t *testing.T, s blob.Store, key, sum string, size int, ttl time.Duration) blob.Presigned {
	t.Helper()
	p, err := s.PresignPut(
		ctxT(t),
		key,
		blob.PresignPutOptions{SHA256: sum, Size: int64(size), ContentType: "image/jpeg", TTL: ttl},
	)
	if err != nil {
		t.Fatalf("PresignPut: %v", err)
	}
	if p.Method != http.MethodPut || p.Header.Get("X-Amz-Checksum-Sha256") == "" || time.Until(p.Expires) <= 0 {
		t.Fatalf("PresignPut = %+v", p)
	}
	return p
}

func testPresignedPut(t *testing.T, s blob.Store) {
	b, sum := content(300_000)
	key := blob.ContentKey(sum)
	p := presignPut(t, s, key, sum, len(b), 0)
	if d := time.Until(p.Expires); d < 14*time.Minute || d > 16*time.Minute {
		t.Fatalf("upload URL lasts %v, want the 15 minute default", d)
	}
	if resp, body := send(t, p, b, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("PUT with the declared bytes: %d %s", resp.StatusCode, body)
	}
	st, err := s.Stat(ctxT(t), key)
	if err != nil || st.SHA256 != sum || st.Size != int64(len(b)) || st.ContentType != "image/jpeg" {
		t.Fatalf("Stat after presigned PUT = %+v, %v; want recorded sha256 %s", st, err, sum)
	}
	rc, op, err := s.Open(ctxT(t), key) // what complete reads (photo.judgeObject)
	if err != nil || op.SHA256 != sum || op.Size != int64(len(b)) || op.ContentType != "image/jpeg" {
		t.Fatalf("Open after presigned PUT = %+v, %v; want recorded sha256 %s", op, err, sum)
	}
	_ = rc.Close()
	// The same URL again with the same bytes is harmless (a retried upload).
	if resp, body := send(t, p, b, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("repeated PUT: %d %s", resp.StatusCode, body)
	}
}

func testPresignedPutWrongBody(t *testing.T, s blob.Store) {
	b, sum := content(200_000)
	key := blob.ContentKey(sum)
	p := presignPut(t, s, key, sum, len(b), 0)
	wrong := bytes.Clone(b)
	wrong[1000] ^= 0xff // same size, one byte changed
	resp, body := send(t, p, wrong, nil)
	if resp.StatusCode < 400 || resp.StatusCode >= 500 {
		t.Fatalf("PUT of other bytes: %d %s; want a 4xx refusal", resp.StatusCode, body)
	}
	wantAbsent(t, s, key)
	// A client that lies about the checksum header is refused too.
	resp, body = send(t, p, wrong, func(r *http.Request) {
		r.Header.Set("X-Amz-Checksum-Sha256", "1B2M2Y8AsgTpgAmY7PhCfg==")
	})
	if resp.StatusCode < 400 || resp.StatusCode >= 500 {
		t.Fatalf("PUT with a changed checksum header: %d %s", resp.StatusCode, body)
	}
	wantAbsent(t, s, key)
}

func testPresignedPutDroppedHeader(t *testing.T, s blob.Store) {
	b, sum := content(1000)
	key := blob.ContentKey(sum)
	p := presignPut(t, s, key, sum, len(b), 0)
	resp, body := send(t, p, b, func(r *http.Request) { r.Header.Del("X-Amz-Checksum-Sha256") })
	if resp.StatusCode < 400 || resp.StatusCode >= 500 {
		t.Fatalf("PUT without the signed checksum header: %d %s", resp.StatusCode, body)
	}
	wantAbsent(t, s, key)
}

func testPresignedPutExpired(t *testing.T, s blob.Store) {
	b, sum := content(1000)
	key := blob.ContentKey(sum)
	p := presignPut(t, s, key, sum, len(b), time.Second)
	time.Sleep(2100 * time.Millisecond)
	resp, body := send(t, p, b, nil)
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("PUT after expiry: %d %s; want 403", resp.StatusCode, body)
	}
	wantAbsent(t, s, key)
}

func testPresignedGet(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	b, sum := content(70_000)
	key := blob.ContentKey(sum)
	put(t, s, key, b, "image/webp")
	p, err := s.PresignGet(ctx, key, 0)
	if err != nil {
		t.Fatalf("PresignGet: %v", err)
	}
	if d := time.Until(p.Expires); d < 4*time.Minute || d > 6*time.Minute {
		t.Fatalf("download URL lasts %v, want the 5 minute default", d)
	}
	resp, body := send(t, p, nil, nil)
	if resp.StatusCode != http.StatusOK || body != string(b) || resp.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("GET: %d, %d bytes, type %q", resp.StatusCode, len(body), resp.Header.Get("Content-Type"))
	}
	resp, body = send(t, p, nil, func(r *http.Request) { r.Header.Set("Range", "bytes=100-199") })
	if resp.StatusCode != http.StatusPartialContent || body != string(b[100:200]) {
		t.Fatalf("ranged GET: %d, %d bytes", resp.StatusCode, len(body))
	}
	p, _ = s.PresignGet(ctx, "missing", 0)
	if resp, _ := send(t, p, nil, nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET of a missing key: %d, want 404", resp.StatusCode)
	}
	p, _ = s.PresignGet(ctx, key, time.Second)
	time.Sleep(2100 * time.Millisecond)
	if resp, _ := send(t, p, nil, nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("GET after expiry: %d, want 403", resp.StatusCode)
	}
}
