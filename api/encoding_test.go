package api_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"net/http"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
)

// gzipOf compresses r, streaming, at the best ratio.
func gzipOf(tb testing.TB, r io.Reader) []byte {
	tb.Helper()
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if _, err := io.Copy(zw, r); err != nil {
		tb.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

var (
	bombOnce                  stdsync.Once
	gibBomb, midBomb, twoBomb []byte
)

// bombs are 1 GiB of zeros gzipped (about 1 MB), 64 MiB gzipped (about
// 64 KB, under the push's compressed limit), and the 1 GiB bomb gzipped
// again (a few KB: the 1,830-byte "gzip, gzip" login body).
func bombs(tb testing.TB) (gib, mid, twice []byte) {
	bombOnce.Do(func() {
		gibBomb = zeroBomb(tb, 1<<30)
		midBomb = zeroBomb(tb, 64<<20)
		// The construction is checked on the 64 MiB bomb: it inflates to
		// exactly its size, as gzip's own reader and trailer check say.
		n, err := io.Copy(io.Discard, mustGunzip(tb, midBomb))
		if err != nil || n != 64<<20 {
			tb.Fatalf("64 MiB bomb inflates to %d bytes: %v", n, err)
		}
		twoBomb = gzipOf(tb, bytes.NewReader(gibBomb))
	})
	return gibBomb, midBomb, twoBomb
}

// zeroBomb is n zero bytes gzipped at the best ratio, built without
// compressing n bytes (compressing 1 GiB took three minutes under -race):
// once the window holds only zeros, every flushed 1 MiB of zeros encodes
// to the same deflate block, so the stream is the first block, that block
// repeated, and the final empty block, in a gzip header and trailer. n is
// a multiple of 1 MiB.
func zeroBomb(tb testing.TB, n int64) []byte {
	tb.Helper()
	const chunk = 1 << 20
	zero := make([]byte, chunk)
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	block := func() []byte {
		_, _ = zw.Write(zero)
		_ = zw.Flush()
		b := bytes.Clone(buf.Bytes())
		buf.Reset()
		return b
	}
	first, second, third := block(), block(), block()
	if !bytes.Equal(second, third) || n%chunk != 0 || n < chunk {
		tb.Fatalf("zeroBomb: repeated blocks differ (%d, %d bytes) or n %d not a multiple of 1 MiB", len(second), len(third), n)
	}
	_ = zw.Close()
	final := bytes.Clone(buf.Bytes())
	crc := uint32(0)
	for range n / chunk {
		crc = crc32.Update(crc, crc32.IEEETable, zero)
	}
	var out bytes.Buffer
	out.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff}) // RFC 1952 header: deflate, best compression, unknown OS
	out.Write(first)
	for range n/chunk - 1 {
		out.Write(second)
	}
	out.Write(final)
	out.Write(binary.LittleEndian.AppendUint32(nil, crc))
	out.Write(binary.LittleEndian.AppendUint32(nil, uint32(n)))
	return out.Bytes()
}

func mustGunzip(tb testing.TB, b []byte) io.Reader {
	tb.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		tb.Fatal(err)
	}
	return zr
}

func deflateOf(b []byte) []byte {
	var out bytes.Buffer
	zw, _ := flate.NewWriter(&out, flate.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return out.Bytes()
}

// TestContentEncodingIsDecidedBeforeTheBody is issue 10 hole 2: every
// coding but a single gzip on the push is 415 on every route class, before
// the route, the token or a byte of the body is looked at; a gzip push that
// inflates past 1 MiB is 413.
func TestContentEncodingIsDecidedBeforeTheBody(t *testing.T) {
	gib, mid, twice := bombs(t)
	h := newHarness(t)
	addr := h.listen()
	dev := h.deviceOf("inspector")
	push := []string{"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	login, _ := json.Marshal(map[string]any{"email": "admin@test.tindal", "password": testPassword, "installation_id": "enc"})
	routes := []struct {
		name, method, path, user string
		headers                  []string
	}{
		{"login", "POST", "/v1/auth/login", "", nil},
		{"push", "POST", "/v1/sync/push", "inspector", push},
		{"push without a token", "POST", "/v1/sync/push", "", push},
		{"registry write", "POST", "/v1/vessels", "registrar", nil},
		{"photo content", "PUT", "/v1/photos/" + uuid.NewString() + "/content", "inspector", nil},
		{"unknown route", "POST", "/v1/nowhere", "", nil},
	}
	codings := []struct {
		name, header string
		body         []byte
		pushOK       bool // the push accepts it (and then judges the inflated body)
	}{
		{"stacked gzip bomb", "gzip, gzip", twice, false},
		{"two gzip header lines", "gzip\r\nContent-Encoding: gzip", twice, false},
		{"deflate", "deflate", deflateOf(login), false},
		{"br", "br", []byte{0x0b, 0x02, 0x80}, false},
		{"zstd", "zstd", login, false},
		{"unknown", "x-tindal", login, false},
		{"gzip with identity", "gzip, identity", gzipOf(t, bytes.NewReader(login)), false},
		{"1 GiB gzip bomb", "gzip", gib, true},
	}
	for _, rt := range routes {
		for _, c := range codings {
			isPush := rt.path == "/v1/sync/push"
			if c.pushOK && isPush {
				continue // below
			}
			r := rawRequest(t, addr, rt.method, rt.path, h.tokens[rt.user], c.body, append([]string{"Content-Encoding", c.header}, rt.headers...)...)
			if r.status != http.StatusUnsupportedMediaType || r.json()["code"] != "unsupported_content_encoding" {
				t.Errorf("%s, %s: %d %.200s, want 415 unsupported_content_encoding", rt.name, c.name, r.status, r.body)
			}
		}
	}
	// The push takes gzip, inflated while reading under 1 MiB decompressed.
	for _, c := range []struct {
		name string
		body []byte
	}{{"1 GiB bomb (over the compressed limit)", gib}, {"64 MiB bomb", mid}} {
		r := rawRequest(t, addr, "POST", "/v1/sync/push", h.tokens["inspector"], c.body, append([]string{"Content-Encoding", "gzip"}, push...)...)
		if r.status != http.StatusRequestEntityTooLarge {
			t.Errorf("push, %s: %d %.200s, want 413", c.name, r.status, r.body)
		}
	}
	// identity is no coding at all; a real gzip push is applied.
	if r := rawRequest(t, addr, "POST", "/v1/auth/login", "", login, "Content-Encoding", "identity"); r.status != 200 {
		t.Errorf("login, identity: %d %s", r.status, r.body)
	}
	ok, _ := json.Marshal(pushBody(h, uuid.Must(uuid.NewV7()), 0))
	if r := rawRequest(t, addr, "POST", "/v1/sync/push", h.tokens["inspector"], gzipOf(t, bytes.NewReader(ok)),
		append([]string{"Content-Encoding", "GZip"}, push...)...); r.status != 200 {
		t.Errorf("gzip push: %d %s", r.status, r.body)
	}
}
