package api_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/testkit"
)

// slowLink is a phone's 2G link on loopback: a TCP proxy that carries the
// phone's bytes to the server at rate bytes a second after latency, and
// cuts a connection after a random number of bytes in [cutMin, cutMax)
// (never when cutMax is 0; the first connection always after cutMin, so
// that a test through it sees at least one cut): the phone sees a reset,
// the server the end of its input. up counts every byte carried towards
// the server.
type slowLink struct {
	target         string
	ln             net.Listener
	rate           int
	latency        time.Duration
	cutMin, cutMax int
	up, cuts       atomic.Int64
	conns          atomic.Int64 // connections carried so far
}

func newSlowLink(t *testing.T, target string, rate int, latency time.Duration, cutMin, cutMax int) *slowLink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &slowLink{target: target, ln: ln, rate: rate, latency: latency, cutMin: cutMin, cutMax: cutMax}
	t.Cleanup(func() { ln.Close() })
	go l.serve()
	return l
}

func (l *slowLink) base() string { return "http://" + l.ln.Addr().String() }

func (l *slowLink) serve() {
	for {
		phone, err := l.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", l.target)
		if err != nil {
			phone.Close()
			continue
		}
		go func() {
			time.Sleep(l.latency)
			_, _ = io.Copy(phone, server)
			phone.Close()
		}()
		go l.carry(phone, server)
	}
}

// carry paces the phone's bytes to the server and cuts the connection
// when its budget is spent.
func (l *slowLink) carry(phone, server net.Conn) {
	budget := -1
	switch first := l.conns.Add(1) == 1; {
	case l.cutMax > 0 && first:
		budget = l.cutMin
	case l.cutMax > 0:
		budget = l.cutMin + mrand.IntN(l.cutMax-l.cutMin)
	}
	buf := make([]byte, 512)
	start, sent := time.Now().Add(l.latency), 0
	for {
		n, err := phone.Read(buf)
		if budget >= 0 && sent+n >= budget {
			n = budget - sent
		}
		if n > 0 {
			sent += n
			time.Sleep(time.Until(start.Add(time.Duration(sent) * time.Second / time.Duration(l.rate))))
			if _, werr := server.Write(buf[:n]); werr != nil {
				break
			}
			l.up.Add(int64(n))
		}
		if budget >= 0 && sent >= budget {
			l.cuts.Add(1)
			if tc, ok := phone.(*net.TCPConn); ok {
				_ = tc.SetLinger(0) // the phone sees a reset
			}
			break
		}
		if err != nil {
			break
		}
	}
	phone.Close()
	server.Close()
}

// padded is a real JPEG padded to size with random bytes, a photo of its
// own each time.
func padded(t *testing.T, size int) []byte {
	data := fixture(t, "offset_no_gps.jpg")
	pad := make([]byte, size-len(data))
	_, _ = rand.Read(pad)
	return append(data, pad...)
}

// through sends a request to the server through the link; a transport
// error (the link cut the connection) is status 0.
func (p *photoHarness) through(link *slowLink, method, path string, body []byte, headers ...string) response {
	p.t.Helper()
	var url string
	if strings.HasPrefix(path, "/") {
		url = link.base() + path
	} else {
		url = link.base() + path[strings.Index(path[len("http://"):], "/")+len("http://"):]
	}
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	p.must(err)
	req.ContentLength = int64(len(body))
	req.Header.Set("Authorization", "Bearer "+p.tokens["inspector"])
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return response{}
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		return response{}
	}
	return response{status: res.StatusCode, header: res.Header, body: out}
}

// The link of these tests is 2G scaled down so that the suite stays fast:
// a 256 KiB photo at 64 KiB/s takes 4 s against a whole-request read
// timeout of 1 s, as a 2 MiB photo at 40 kbit/s takes 420 s against the
// default 60 s.
const (
	slowPhoto   = 256 << 10
	slowRate    = 64 << 10
	slowLatency = 100 * time.Millisecond
)

var slowTimeouts = api.Timeouts{Read: time.Second, UploadIdle: 2 * time.Second}

// TestUploadsOnSlowLink: a photo that takes several times the server's
// read timeout to send completes through every upload route the server
// serves itself (issue 25): the fallback PUT, the local-disk store's
// signed PUT, and the resumable PATCH. Before, the read timeout cut the
// fallback with 422 and the local store's PUT with a text/plain 500.
func TestUploadsOnSlowLink(t *testing.T) {
	slowStores(t, func(t *testing.T, p *photoHarness) {
		link := newSlowLink(t, strings.TrimPrefix(p.base, "http://"), slowRate, slowLatency, 0, 0)
		data := padded(t, slowPhoto)
		id := p.attach(data)
		r := p.through(link, "PUT", "/v1/photos/"+id.String()+"/content", data, "Content-Type", "application/octet-stream")
		if r.status != 200 || r.json()["state"] != "verified" {
			t.Fatalf("fallback PUT over the slow link: %d %s", r.status, r.body)
		}
		if p.storeKind() != "local" {
			return
		}
		data = padded(t, slowPhoto)
		id = p.attach(data)
		plan := p.do("POST", "/v1/photos", "inspector", planBody(id, data))
		put := plan.json()["put"].(map[string]any)
		var hdr []string
		for k, v := range put["headers"].(map[string]any) {
			hdr = append(hdr, k, v.(string))
		}
		if r := p.through(link, "PUT", put["url"].(string), data, hdr...); r.status != 200 {
			t.Fatalf("local store PUT over the slow link: %d %s", r.status, r.body)
		}
		if r := p.do("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil); r.status != 200 || r.json()["state"] != "verified" {
			t.Fatalf("complete: %d %s", r.status, r.body)
		}
	})
}

// slowStores runs fn on each store with the scaled-down timeouts.
func slowStores(t *testing.T, fn func(t *testing.T, p *photoHarness)) {
	for _, kind := range []string{"minio", "local"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, newPhotoHarnessTimeouts(t, kind, nil, slowTimeouts))
		})
	}
}

// storeKind tells the harness's store apart.
func (p *photoHarness) storeKind() string {
	if strings.Contains(fmt.Sprintf("%T", p.store), "Local") {
		return "local"
	}
	return "minio"
}

// TestResumableUploadOnLossyLink: on a slow link that cuts connections
// every 48–96 KiB, a photo sent with the resumable plan (PATCH from the
// server's offset) ends verified, once, having carried at most 10% more
// than its size (issue 25: a reset upload used to start again from byte
// 0). The phone's algorithm is docs/PHOTOS.md §4's.
func TestResumableUploadOnLossyLink(t *testing.T) {
	slowStores(t, func(t *testing.T, p *photoHarness) {
		link := newSlowLink(t, strings.TrimPrefix(p.base, "http://"), slowRate, slowLatency, 48<<10, 96<<10)
		data := padded(t, slowPhoto)
		id := p.attach(data)
		body := planBody(id, data)
		body["method"] = "resumable"
		plan := p.do("POST", "/v1/photos", "inspector", body)
		if plan.status != 200 || plan.json()["method"] != "resumable" || plan.json()["offset"] != float64(0) {
			t.Fatalf("resumable plan: %d %s", plan.status, plan.body)
		}
		res := p.sendResumable(link, id, data)
		if res.status != 200 || res.json()["state"] != "verified" {
			t.Fatalf("resumable upload: %d %s", res.status, res.body)
		}
		if link.cuts.Load() == 0 {
			t.Error("the link never cut the upload: the test proves nothing")
		}
		if up := link.up.Load(); up > int64(len(data))*11/10 {
			t.Errorf("carried %d bytes for a %d-byte photo (%d cuts): more than 10%% over", up, len(data), link.cuts.Load())
		}
		t.Logf("%d bytes carried for %d (%.1f%%), %d cuts", link.up.Load(), len(data), 100*float64(link.up.Load())/float64(len(data))-100, link.cuts.Load())
		if n := p.countRows(`SELECT count(*) FROM photos WHERE id = ? AND state = 'verified'`, id); n != 1 {
			t.Errorf("photo verified %d times, want once", n)
		}
		if n := p.countRows(`SELECT count(*) FROM photo_upload_spool WHERE photo_id = ?`, id); n != 0 {
			t.Errorf("%d spool chunks left after verification", n)
		}
		if !bytes.Equal(p.readContent(data), data) {
			t.Error("stored bytes differ")
		}
	})
}

// sendResumable is the phone's loop: learn the offset, PATCH the rest,
// and after a cut start again from the offset the server holds.
func (p *photoHarness) sendResumable(link *slowLink, id uuid.UUID, data []byte) response {
	p.t.Helper()
	for range 40 {
		st := p.through(link, "GET", "/v1/photos/"+id.String()+"/upload", nil)
		if st.status != 200 {
			continue // cut: ask again
		}
		var plan struct {
			Status string `json:"status"`
			Offset int64  `json:"offset"`
		}
		p.must(json.Unmarshal(st.body, &plan))
		if plan.Status != "upload" {
			p.t.Fatalf("upload status: %s", st.body)
		}
		r := p.through(link, "PATCH", "/v1/photos/"+id.String()+"/content", data[plan.Offset:],
			"Upload-Offset", strconv.FormatInt(plan.Offset, 10), "Content-Type", "application/offset+octet-stream")
		if r.status == 200 {
			return r
		}
		if r.status != 0 && r.status != 204 && r.status != 400 {
			p.t.Fatalf("PATCH from %d: %d %s", plan.Offset, r.status, r.body)
		}
	}
	p.t.Fatal("the upload did not finish in 40 tries")
	return response{}
}

func (p *photoHarness) countRows(q string, args ...any) int {
	var n int
	p.must(p.db.Gorm.Raw(q, args...).Scan(&n).Error)
	return n
}

// readContent reads back the verified bytes of data from the store.
func (p *photoHarness) readContent(data []byte) []byte {
	var key string
	p.must(p.db.Gorm.Raw(`SELECT object_key FROM blobs WHERE sha256 = ?`, hexSum(data)).Scan(&key).Error)
	rc, err := p.store.Get(p.t.Context(), key)
	if err != nil {
		p.t.Fatalf("read content: %v", err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	return b
}

// TestUploadCutShortIsProblem: a body that ends before its Content-Length
// is answered 400 upload_interrupted as problem+json, on the fallback PUT
// (its bytes kept: PATCH sends the rest) and on the local-disk store's
// PUT (nothing stored) — never a 500, which a phone would retry as a
// server fault (issue 25).
func TestUploadCutShortIsProblem(t *testing.T) {
	p := newPhotoHarnessTimeouts(t, "local", nil, slowTimeouts)
	data := padded(t, 200<<10)
	id := p.attach(data)
	half := len(data) / 2
	auth := "Authorization: Bearer " + p.tokens["inspector"] + "\r\nContent-Type: application/octet-stream\r\n"
	st, ct, body := p.cutShort("PUT", "/v1/photos/"+id.String()+"/content", auth, data, half)
	if st != 400 || ct != "application/problem+json" || !strings.Contains(body, `"upload_interrupted"`) {
		t.Errorf("fallback PUT cut short: %d %s %s", st, ct, body)
	}
	r := p.do("GET", "/v1/photos/"+id.String()+"/upload", "inspector", nil)
	if r.status != 200 || r.json()["offset"] != float64(half) {
		t.Fatalf("offset after the cut: %d %s, want %d", r.status, r.body, half)
	}
	r = p.httpDo("PATCH", "/v1/photos/"+id.String()+"/content", "inspector", bytes.NewReader(data[half-10:]), int64(len(data)-half+10),
		map[string]any{"Upload-Offset": half - 10, "Content-Type": "application/offset+octet-stream"})
	if r.status != 409 || r.json()["code"] != "offset_mismatch" || r.header.Get("Upload-Offset") != strconv.Itoa(half) {
		t.Errorf("PATCH from the wrong offset: %d %s %v", r.status, r.body, r.header)
	}
	r = p.httpDo("PATCH", "/v1/photos/"+id.String()+"/content", "inspector", bytes.NewReader(data[half:]), int64(len(data)-half),
		map[string]any{"Upload-Offset": half, "Content-Type": "application/offset+octet-stream"})
	if r.status != 200 || r.json()["state"] != "verified" {
		t.Fatalf("PATCH the rest: %d %s", r.status, r.body)
	}
	if r := p.httpDo("PATCH", "/v1/photos/"+id.String()+"/content", "inspector-mangaluru", bytes.NewReader(nil), 0,
		map[string]any{"Upload-Offset": 0, "Content-Type": "application/offset+octet-stream"}); r.status != 404 {
		t.Errorf("outsider PATCH: %d, want 404", r.status)
	}

	data = padded(t, 200<<10)
	id = p.attach(data)
	plan := p.do("POST", "/v1/photos", "inspector", planBody(id, data))
	put := plan.json()["put"].(map[string]any)
	hdr := ""
	for k, v := range put["headers"].(map[string]any) {
		hdr += k + ": " + v.(string) + "\r\n"
	}
	url := put["url"].(string)
	st, ct, body = p.cutShort("PUT", url[strings.Index(url, "/v1/"):], hdr, data, half)
	if st != 400 || ct != "application/problem+json" || !strings.Contains(body, `"upload_interrupted"`) {
		t.Errorf("local store PUT cut short: %d %s %s", st, ct, body)
	}
	st, ct, body = p.stalled("PUT", url[strings.Index(url, "/v1/"):], hdr, data, half)
	if st != 400 || ct != "application/problem+json" || !strings.Contains(body, `"upload_interrupted"`) {
		t.Errorf("local store PUT stalled past the idle limit: %d %s %s", st, ct, body)
	}
	st, ct, body = p.stalled("PUT", "/v1/photos/"+id.String()+"/content", auth, data, half)
	if st != 400 || ct != "application/problem+json" || !strings.Contains(body, `"upload_interrupted"`) {
		t.Errorf("fallback PUT stalled past the idle limit: %d %s %s", st, ct, body)
	}
}

// stalled sends a request announcing all of data, its first n bytes, and
// then nothing, and reads the answer the server gives up with.
func (p *photoHarness) stalled(method, target, headers string, data []byte, n int) (int, string, string) {
	p.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.base, "http://"))
	p.must(err)
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: x\r\n%sContent-Length: %d\r\n\r\n", method, target, headers, len(data))
	_, _ = conn.Write(data[:n])
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, "", err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), string(b)
}

// cutShort sends a request announcing all of data but only its first n
// bytes, then half-closes the connection, and reads the answer.
func (p *photoHarness) cutShort(method, target, headers string, data []byte, n int) (int, string, string) {
	p.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.base, "http://"))
	p.must(err)
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: x\r\n%sContent-Length: %d\r\n\r\n", method, target, headers, len(data))
	_, _ = conn.Write(data[:n])
	_ = conn.(*net.TCPConn).CloseWrite()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, "", err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), string(b)
}

// TestKeepAliveOutlastsThePhone: the server keeps an idle connection
// longer than the phones' HTTP stacks keep it pooled (OkHttp: 5 minutes),
// so the phone closes it first and never writes a request on a connection
// the server has just closed (issue 25).
func TestKeepAliveOutlastsThePhone(t *testing.T) {
	h := newHarness(t)
	if idle := h.app.Server().IdleTimeout; idle <= 5*time.Minute {
		t.Errorf("idle keep-alive %s: a phone reusing a connection pooled for up to 5 minutes finds it closed", idle)
	}
	if read := h.app.Server().ReadTimeout; read != 60*time.Second {
		t.Errorf("read timeout %s: the other routes keep their 60 s", read)
	}
}

// TestOfflineDayPushesOnceOverALossyLink: an offline day pushed over the
// slow link that resets connections every 1–4 KiB — the request cut on its
// way, or its answer lost after the server applied it — is resent whole
// until every result is final, and every mutation is applied exactly once
// (issue 25, item 4; docs/SYNC.md §2: a resend is safe by mutation id).
func TestOfflineDayPushesOnceOverALossyLink(t *testing.T) {
	p := newPhotoHarnessTimeouts(t, "local", nil, slowTimeouts)
	if _, err := inspect.New(p.db, nil, nil).SeedTemplates(context.Background()); err != nil {
		t.Fatal(err)
	}
	link := newSlowLink(t, strings.TrimPrefix(p.base, "http://"), slowRate, slowLatency, 1<<10, 4<<10)
	ms, inspection, findings := offlineDay(p.ids["vessel-KARWAR"])
	body, err := json.Marshal(map[string]any{"ack_seq": 0, "mutations": ms})
	p.must(err)
	dev := p.deviceOf("inspector")
	final := false
	tries := 0
	for ; tries < 60 && !final; tries++ {
		r := p.through(link, "POST", "/v1/sync/push", body, "Content-Type", "application/json", "X-Device-Id", dev,
			"X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
		if r.status != 200 {
			continue // cut, or the body arrived short: send the whole push again
		}
		var out struct{ Results []struct{ Status string } }
		p.must(json.Unmarshal(r.body, &out))
		final = len(out.Results) == len(ms)
		for _, res := range out.Results {
			final = final && (res.Status == "applied" || res.Status == "replayed")
		}
	}
	if !final {
		t.Fatalf("the offline day did not reach a final answer in %d tries (%d cuts)", tries, link.cuts.Load())
	}
	if link.cuts.Load() == 0 {
		t.Error("the link never cut a push: the test proves nothing")
	}
	t.Logf("%d tries, %d cuts, %d bytes carried for a %d-byte push", tries, link.cuts.Load(), link.up.Load(), len(body))
	if n := p.countRows(`SELECT count(*) FROM applied_mutations WHERE device_id = ?`, dev); n != len(ms) {
		t.Errorf("%d mutations recorded for %d sent", n, len(ms))
	}
	if n := p.countRows(`SELECT count(DISTINCT id) FROM applied_mutations WHERE device_id = ? AND status = 'applied'`, dev); n != len(ms) {
		t.Errorf("%d mutations applied, want each of %d once", n, len(ms))
	}
	if n := p.countRows(`SELECT count(*) FROM inspections WHERE id = ? AND status = 'submitted'`, inspection); n != 1 {
		t.Errorf("%d submitted inspections, want 1", n)
	}
	if n := p.countRows(`SELECT count(*) FROM findings WHERE inspection_id = ? AND id IN ?`, inspection, findings); n != 2 {
		t.Errorf("%d recorded findings, want 2", n)
	}
}

// offlineDay is one inspection of the vessel as a phone queues it: start,
// six answers, two findings, submit.
func offlineDay(vessel uuid.UUID) (ms []map[string]any, inspection uuid.UUID, findings []uuid.UUID) {
	tpl := checklist.TemplateID("ka-form2-annex", 1)
	var items []string
	for _, x := range checklist.Templates() {
		if x.ID == tpl {
			for _, it := range x.Items[:6] {
				items = append(items, it.ID)
			}
		}
	}
	at := testkit.Now().Add(-2 * time.Hour).UTC()
	add := func(name string, args map[string]any) {
		ms = append(ms, map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": len(ms) + 1, "name": name, "version": 1, "args": args,
			"base_version": 1, "captured_at": at.Add(time.Duration(len(ms)) * time.Minute).Format(time.RFC3339Nano)})
	}
	id := uuid.Must(uuid.NewV7())
	add("inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": tpl, "kind": "routine"})
	for i, item := range items {
		add("inspection.answer", map[string]any{"inspection_id": id, "item_id": item, "answer": []string{"yes", "no", "na"}[i%3],
			"note": "checked on board"})
	}
	for _, code := range []string{"11004", "07003"} {
		f := uuid.Must(uuid.NewV7())
		findings = append(findings, f)
		add("finding.record", map[string]any{"id": f, "inspection_id": id, "code": code, "note": "found on board"})
	}
	add("inspection.submit", map[string]any{"inspection_id": id})
	return ms, id, findings
}
