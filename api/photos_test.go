package api_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// photoHarness is the API harness with a photo service on a blob store,
// served on a real listener (presigned local URLs and streamed bodies
// need one).
type photoHarness struct {
	*harness
	base  string
	store blob.Store
	svc   *photo.Service
}

// pinger adapts a store for /readyz as cmd/tindal does.
type pinger struct{ s blob.Store }

func (p pinger) Ping(ctx context.Context) error { return p.s.Health(ctx) }

// newPhotoHarness builds the server over store; local selects the
// local-disk store served by the app itself under /v1/blobs/.
func newPhotoHarness(t *testing.T, kind string, cfg *blob.Config) *photoHarness {
	t.Helper()
	return newPhotoHarnessTimeouts(t, kind, cfg, api.Timeouts{})
}

// newPhotoHarnessTimeouts is newPhotoHarness with the server's timeouts.
func newPhotoHarnessTimeouts(t *testing.T, kind string, cfg *blob.Config, timeouts api.Timeouts) *photoHarness {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	var store blob.Store
	var local *blob.Local
	switch {
	case cfg != nil:
		if store, err = blob.NewMinIO(*cfg); err != nil {
			t.Fatal(err)
		}
	case kind == "local":
		key := make([]byte, 32)
		_, _ = rand.Read(key)
		local, err = blob.NewLocal(blob.Config{Dir: t.TempDir(), SigningKey: key, PublicBaseURL: base + "/v1/blobs"})
		if err != nil {
			t.Fatal(err)
		}
		if err := local.EnsureBucket(context.Background()); err != nil {
			t.Fatal(err)
		}
		store = local
	default:
		store = testkit.MinIO(t)
	}
	db := testkit.NewDB(t)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: authtest.CheapHasher()})
	svc := photo.New(db, store, photo.Options{})
	d := fullDeps(t, db, authSvc, time.Now)
	d.Blobs, d.Photos, d.LocalBlobs, d.Timeouts = pinger{store}, svc, local, timeouts
	app, err := api.NewServer(d)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		t.Fatal(err)
	}
	doc.Servers = nil
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, app: app, db: db, auth: authSvc, router: router, tokens: map[string]string{}, ids: map[string]uuid.UUID{}}
	h.seed()
	ph := &photoHarness{harness: h, base: base, store: store, svc: svc}
	ph.seedInspection()
	return ph
}

// seedInspection adds a checklist template and an inspection at Karwar by
// the Karwar inspector, as inspection.start would.
func (p *photoHarness) seedInspection() {
	var row struct{ ID uuid.UUID }
	p.must(p.db.Gorm.Raw(`SELECT id FROM users WHERE email = 'inspector@test.tindal'`).Scan(&row).Error)
	insp := row.ID
	p.ids["inspector"] = insp
	p.ids["tpl"], p.ids["inspection"] = uuid.New(), uuid.New()
	p.must(p.db.Gorm.Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items)
		VALUES (?, 'basic', 1, 'KA-IV-2025', 'Basic', '[]')`, p.ids["tpl"]).Error)
	p.must(p.db.Gorm.Exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id,
		rule_set_id, kind, started_at, lat, lon) VALUES (?, ?, ?, ?, ?, ?, 'KA-IV-2025', 'routine', now(), 14.8, 74.12)`,
		p.ids["inspection"], p.ids["vessel-KARWAR"], insp, p.ids["KARWAR"], p.ids["owner-KARWAR"], p.ids["tpl"]).Error)
}

// attach inserts the photo row an applied photo.attach creates.
func (p *photoHarness) attach(data []byte) uuid.UUID {
	id := uuid.New()
	p.must(p.db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, ?, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`,
		id, hexSum(data), len(data), p.ids["inspection"]).Error)
	return id
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func planBody(id uuid.UUID, data []byte) map[string]any {
	return map[string]any{"id": id, "sha256": hexSum(data), "size": len(data), "content_type": "image/jpeg"}
}

// httpDo sends a request to the listening server with a plain client.
func (p *photoHarness) httpDo(method, url, user string, body io.Reader, length int64, headers map[string]any) response {
	p.t.Helper()
	if strings.HasPrefix(url, "/") {
		url = p.base + url
	}
	req, err := http.NewRequest(method, url, body)
	p.must(err)
	req.ContentLength = length
	if user != "" {
		req.Header.Set("Authorization", "Bearer "+p.tokens[user])
	}
	for k, v := range headers {
		req.Header.Set(k, fmt.Sprint(v))
	}
	res, err := http.DefaultClient.Do(req)
	p.must(err)
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: out}
}

func photoStores(t *testing.T, fn func(t *testing.T, p *photoHarness)) {
	for _, kind := range []string{"minio", "local"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, newPhotoHarness(t, kind, nil))
		})
	}
}

func fixture(t *testing.T, name string) []byte {
	b, err := os.ReadFile("../photo/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPhotoEndToEnd(t *testing.T) {
	photoStores(t, func(t *testing.T, p *photoHarness) {
		data := fixture(t, "gps_karwar.jpg")
		id := p.attach(data)
		res := p.do("POST", "/v1/photos", "inspector", planBody(id, data))
		if res.status != 200 || res.json()["status"] != "upload" || res.json()["method"] != "single" {
			t.Fatalf("plan: %d %s", res.status, res.body)
		}
		put := res.json()["put"].(map[string]any)
		hdr := map[string]any{}
		for k, v := range put["headers"].(map[string]any) {
			hdr[k] = v
		}
		if r := p.httpDo("PUT", put["url"].(string), "", bytes.NewReader(data), int64(len(data)), hdr); r.status != 200 {
			t.Fatalf("presigned PUT: %d %s", r.status, r.body)
		}
		res = p.do("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil)
		if res.status != 200 || res.json()["state"] != "verified" {
			t.Fatalf("complete: %d %s", res.status, res.body)
		}
		if n, err := p.svc.ProcessQueue(context.Background(), 4); err != nil || n != 1 {
			t.Fatalf("thumbnail work: %d, %v", n, err)
		}
		for _, who := range []string{"supervisor", "inspector", "owner", "admin"} {
			res = p.do("GET", "/v1/photos/"+id.String(), who, nil)
			if res.status != 200 {
				t.Fatalf("%s GET photo: %d %s", who, res.status, res.body)
			}
		}
		urls := res.json()["urls"].(map[string]any)
		orig := p.httpDo("GET", urls["original"].(map[string]any)["url"].(string), "", nil, 0, nil)
		if orig.status != 200 || !bytes.Equal(orig.body, data) {
			t.Errorf("download original: %d, %d bytes", orig.status, len(orig.body))
		}
		ranged := p.httpDo("GET", urls["original"].(map[string]any)["url"].(string), "", nil, 0, map[string]any{"Range": "bytes=100-199"})
		if ranged.status != 206 || !bytes.Equal(ranged.body, data[100:200]) {
			t.Errorf("ranged download: %d, %d bytes", ranged.status, len(ranged.body))
		}
		if urls["thumb_320"] == nil || urls["thumb_1280"] == nil {
			t.Errorf("no thumbnail URLs: %v", urls)
		}
		if res := p.do("GET", "/v1/photos/"+id.String(), "inspector-mangaluru", nil); res.status != 404 {
			t.Errorf("outsider GET photo: %d, want 404", res.status)
		}
	})
}

func TestPhotoErrors(t *testing.T) {
	p := newPhotoHarness(t, "minio", nil)
	data := fixture(t, "no_exif.jpg")
	res := p.do("POST", "/v1/photos", "inspector", planBody(uuid.New(), data))
	if res.status != 404 || res.json()["code"] != "attach_first" {
		t.Errorf("plan before attach: %d %s", res.status, res.body)
	}
	id := p.attach(data)
	big := planBody(id, data)
	big["size"] = 26 << 20
	if res := p.do("POST", "/v1/photos", "inspector", big); res.status != 413 || res.json()["code"] != "photo_too_large" {
		t.Errorf("26 MiB: %d %s", res.status, res.body)
	}
	gif := planBody(id, data)
	gif["content_type"] = "image/gif"
	if res := p.do("POST", "/v1/photos", "inspector", gif); res.status != 400 {
		t.Errorf("image/gif: %d %s", res.status, res.body)
	}
	if res := p.do("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil); res.status != 409 || res.json()["code"] != "no_upload_plan" {
		t.Errorf("complete before plan: %d %s", res.status, res.body)
	}
	// Owners upload only the photos they record of their own findings
	// (POST /v1/findings/{id}/photos): the inspector's photo is not theirs.
	if res := p.do("POST", "/v1/photos", "owner", planBody(id, data)); res.status != 404 {
		t.Errorf("owner plans the inspector's photo: %d, want 404", res.status)
	}
	// Bodies of ordinary routes keep their 256 KiB limit although the app streams.
	huge := `{"id":"` + id.String() + `","pad":"` + strings.Repeat("x", 300<<10) + `"}`
	if r := p.httpDo("POST", "/v1/photos", "inspector", strings.NewReader(huge), -1, map[string]any{"Content-Type": "application/json"}); r.status != 413 {
		t.Errorf("300 KiB chunked body: %d, want 413", r.status)
	}
	if r := p.httpDo("POST", "/v1/photos", "inspector", strings.NewReader(huge), int64(len(huge)), map[string]any{"Content-Type": "application/json"}); r.status != 413 {
		t.Errorf("300 KiB body: %d, want 413", r.status)
	}
}

func TestPhotoContentFallback(t *testing.T) {
	photoStores(t, func(t *testing.T, p *photoHarness) {
		data := fixture(t, "offset_no_gps.jpg")
		data = append(data, make([]byte, 8<<20)...) // 8 MiB: more than fasthttp buffers
		id := p.attach(data)
		url := "/v1/photos/" + id.String() + "/content"
		ct := map[string]any{"Content-Type": "application/octet-stream"}
		r := p.httpDo("PUT", url, "inspector", bytes.NewReader(data), int64(len(data)), ct)
		if r.status != 200 || r.json()["state"] != "verified" {
			t.Fatalf("fallback PUT: %d %s", r.status, r.body)
		}
		if r := p.httpDo("PUT", url, "inspector", bytes.NewReader(data), int64(len(data)), ct); r.status != 200 {
			t.Errorf("repeated fallback PUT: %d %s", r.status, r.body)
		}
		text := []byte(strings.Repeat("not a photo\n", 100))
		tid := p.attach(text)
		r = p.httpDo("PUT", "/v1/photos/"+tid.String()+"/content", "inspector", bytes.NewReader(text), int64(len(text)), ct)
		if r.status != 422 || r.json()["code"] != "unsupported_type" {
			t.Errorf("text as photo: %d %s", r.status, r.body)
		}
		if status := p.headersOnly("PUT", url, "inspector", 26<<20); status != 413 {
			t.Errorf("26 MiB body announced with Expect: 100-continue: %d, want 413 before the body is sent", status)
		}
		if r := p.httpDo("PUT", url, "inspector-mangaluru", bytes.NewReader(data), int64(len(data)), ct); r.status != 404 {
			t.Errorf("outsider PUT: %d, want 404", r.status)
		}
	})
}

// headersOnly sends a request's head announcing length body bytes with
// Expect: 100-continue, and reads the answer without sending any of the
// body: what a server that refuses from the head answers at once (a
// client that does not ask first has its body read and discarded, see
// TestPhotoContentOverLimitIsRead).
func (p *photoHarness) headersOnly(method, path, user string, length int) int {
	p.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.base, "http://"))
	p.must(err)
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n",
		method, path, p.tokens[user], length)
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	p.must(err)
	res.Body.Close()
	return res.StatusCode
}
