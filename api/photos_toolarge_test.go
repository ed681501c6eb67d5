package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
)

// zeroReader is an endless reader of zero bytes, cut to length by the callers.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestPhotoContentOverLimitIsRead is issue 11 item 9: a fallback upload of
// 25 MiB + 1 byte gets a 413 problem the client reads, never a reset —
// for a net/http client that asks Expect: 100-continue (413 instead of
// 100: the body is never sent), for one that does not (the server reads
// and discards the body, then answers), and for a raw connection that
// writes the whole body before reading.
func TestPhotoContentOverLimitIsRead(t *testing.T) {
	p := newPhotoHarness(t, "minio", nil)
	data := fixture(t, "no_exif.jpg")
	id := p.attach(data)
	path := "/v1/photos/" + id.String() + "/content"
	const size = photo.MaxSize + 1

	checkProblem := func(t *testing.T, status int, ct string, body []byte) {
		t.Helper()
		var prob map[string]any
		if status != 413 || !strings.HasPrefix(ct, "application/problem+json") || json.Unmarshal(body, &prob) != nil ||
			prob["code"] != "photo_too_large" {
			t.Fatalf("got %d %q %s, want a 413 photo_too_large problem", status, ct, body)
		}
	}
	for _, expect := range []bool{true, false} {
		t.Run(fmt.Sprintf("net/http expect-100=%v", expect), func(t *testing.T) {
			sent := &countingReader{r: io.LimitReader(zeroReader{}, size)}
			req, err := http.NewRequest("PUT", p.base+path, sent)
			p.must(err)
			req.ContentLength = size
			req.Header.Set("Authorization", "Bearer "+p.tokens["inspector"])
			req.Header.Set("Content-Type", "application/octet-stream")
			if expect {
				req.Header.Set("Expect", "100-continue")
			}
			tr := &http.Transport{ExpectContinueTimeout: 5 * time.Second}
			defer tr.CloseIdleConnections()
			res, err := (&http.Client{Transport: tr, Timeout: time.Minute}).Do(req)
			if err != nil {
				t.Fatalf("the client saw no answer (%v): a reset, not a 413", err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			checkProblem(t, res.StatusCode, res.Header.Get("Content-Type"), body)
			if expect && sent.n > 0 {
				t.Errorf("with Expect: 100-continue the client sent %d body bytes; want none (413 instead of 100)", sent.n)
			}
		})
	}
	t.Run("raw connection writing the whole body", func(t *testing.T) {
		conn, err := net.Dial("tcp", strings.TrimPrefix(p.base, "http://"))
		p.must(err)
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(time.Minute))
		fmt.Fprintf(conn, "PUT %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n",
			path, p.tokens["inspector"], size)
		if _, err := io.Copy(conn, io.LimitReader(zeroReader{}, size)); err != nil {
			t.Fatalf("writing the body: %v (the server closed the connection unread)", err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("reading the answer: %v", err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		checkProblem(t, res.StatusCode, res.Header.Get("Content-Type"), body)
	})
	// The photo is untouched: an upload of the declared bytes still works.
	r := p.httpDo("PUT", path, "inspector", strings.NewReader(string(data)), int64(len(data)), map[string]any{"Content-Type": "application/octet-stream"})
	if r.status != 200 {
		t.Errorf("upload after the refusals: %d %s", r.status, r.body)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
