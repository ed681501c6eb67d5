package api_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// rawExchange sends one HTTP/1.1 request and returns the status, the
// header and every byte the server wrote after the header block. Go's
// client drops the body of an answer to HEAD, so a server that sends one
// anyway is only visible on the wire.
func rawExchange(t *testing.T, addr, method, target, token string, headers ...string) (int, http.Header, []byte) {
	t.Helper()
	conn := sendRaw(t, addr, method, target, token, nil, headers...)
	defer conn.Close()
	wire, _ := io.ReadAll(conn) // Connection: close, so EOF ends the answer
	end := bytes.Index(wire, []byte("\r\n\r\n"))
	if end < 0 {
		t.Fatalf("%s %s: no header block in %q", method, target, wire)
	}
	res, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(wire[:end+4])), &http.Request{Method: http.MethodHead})
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer res.Body.Close() // a HEAD answer: no body to read
	rest := wire[end+4:]
	if method == http.MethodGet && res.Header.Get("Transfer-Encoding") == "chunked" {
		// the byte count of a chunked body is not what a HEAD compares
		rest = []byte("chunked")
	}
	return res.StatusCode, res.Header, rest
}

// headIgnored are the response fields that may differ between two
// requests for the same representation: the clock and the request id.
var headIgnored = map[string]bool{"Date": true, "X-Request-Id": true}

// TestHeadAnswersEveryGetRoute walks every GET operation of the contract
// and sends HEAD for it as it sends GET (same token, same query, same
// headers): RFC 9110 §9.3.2 wants the same status and header fields as the
// GET and no content. Secured operations are called by the first role for
// which the GET succeeds, so HEAD is compared on a real representation,
// not only on a refusal; public ones (/healthz, /readyz, the calendar feed)
// without a token.
func TestHeadAnswersEveryGetRoute(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, harnessOptions{deps: func(d *api.Deps) {
		store := testkit.MinIO(t) // photos and /readyz answer from a real store
		d.Blobs, d.Photos = pinger{store}, photo.New(d.DB, store, photo.Options{})
		// a pull page carries server_time: one instant keeps GET and HEAD
		// of the same page byte for byte the same length
		at := time.Now().UTC().Truncate(time.Second)
		pull, err := tsync.NewPullEngine(d.DB, []byte("harness-cursor-key-of-at-least-32-bytes"), tsync.PullOptions{Clock: func() time.Time { return at }})
		if err != nil {
			t.Fatal(err)
		}
		d.Pull = pull
	}})
	h.seedExpiring()
	addr := h.listen()
	karwar, owner, vessel := h.ids["KARWAR"].String(), h.ids["owner-KARWAR"].String(), h.ids["vessel-KARWAR"].String()

	crew := h.do("POST", "/v1/crew-members", "admin", map[string]any{"indivc_number": "KA-CREW-0001", "name": "Raghu Naik", "jurisdiction_id": karwar})
	cert := h.do("POST", "/v1/certificates", "admin", map[string]any{"vessel_id": vessel, "kind": "insurance", "number": "INS-HEAD-1", "issued_on": "2026-03-02"})
	tok := h.do("POST", "/v1/owners/"+owner+"/calendar-tokens", "owner", nil)
	if crew.status != 201 || cert.status != 201 || tok.status != 201 {
		t.Fatalf("seed: crew %d %s, certificate %d %s, calendar token %d %s", crew.status, crew.body, cert.status, cert.body, tok.status, tok.body)
	}
	inspection, photo := uuid.New(), uuid.New()
	h.must(h.db.Gorm.Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items)
		VALUES (?, 'head-basic', 1, 'KA-IV-2025', 'Basic', '[]')`, uuid.New()).Error)
	h.must(h.db.Gorm.Exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id,
		rule_set_id, kind, started_at, lat, lon)
		SELECT ?, ?, u.id, ?, ?, t.id, 'KA-IV-2025', 'routine', now(), 14.8, 74.12
		FROM users u, checklist_templates t WHERE u.email = 'inspector@test.tindal' AND t.key = 'head-basic'`,
		inspection, vessel, karwar, owner).Error)
	h.must(h.db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, 3, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`,
		photo, strings.Repeat("ab", 32), inspection).Error)

	ids := map[string]string{
		"/v1/crew-members/{id}":  crew.json()["id"].(string),
		"/v1/certificates/{id}":  cert.json()["id"].(string),
		"/v1/inspections/{id}":   inspection.String(),
		"/v1/photos/{id}":        photo.String(),
		"/v1/photos/{id}/upload": photo.String(),
	}
	query := map[string]string{
		"/v1/owners/{id}/calendar.ics": "?token=" + tok.json()["token"].(string),
	}
	// sync/pull wants the app's headers; the others ignore them.
	appHeaders := []string{"X-App-Version", "1.4.0", "X-Protocol-Version", "1"}
	roles := []string{"admin", "supervisor", "inspector", "registrar", "owner"}

	seen := 0
	for _, o := range h.contractOperations() {
		if o.method != http.MethodGet {
			continue
		}
		seen++
		path := o.path
		for tmpl, id := range ids {
			if strings.HasPrefix(o.template, tmpl) {
				path = strings.Replace(o.template, "{id}", id, 1)
			}
		}
		path += query[o.template]
		token := ""
		if secured(o.op) {
			token = h.tokens[roles[0]]
			for _, role := range roles {
				if s, _, _ := rawExchange(t, addr, http.MethodGet, path, h.tokens[role], appHeaders...); s < 300 {
					token = h.tokens[role]
					break
				}
			}
		}
		gs, gh, gb := rawExchange(t, addr, http.MethodGet, path, token, appHeaders...)
		hs, hh, hb := rawExchange(t, addr, http.MethodHead, path, token, appHeaders...)
		if hs != gs {
			t.Errorf("HEAD %s: status %d, GET %d", path, hs, gs)
			continue
		}
		if len(hb) != 0 {
			t.Errorf("HEAD %s: %d bytes of content: %.80q", path, len(hb), hb)
		}
		if diff := headerDiff(gh, hh); diff != "" {
			t.Errorf("HEAD %s (%d) header differs from GET's: %s", path, hs, diff)
		}
		if gs < 300 && len(gb) == 0 && gs != http.StatusNoContent && gs != http.StatusNotModified {
			t.Logf("GET %s: %d with no content", path, gs)
		}
		t.Logf("%s: %d", path, gs)
	}
	if seen < 20 {
		t.Fatalf("only %d GET operations in the contract", seen)
	}
}

// headerDiff lists the header fields whose values differ, "" when none.
func headerDiff(get, head http.Header) string {
	keys := map[string]bool{}
	for k := range get {
		keys[k] = true
	}
	for k := range head {
		keys[k] = true
	}
	var out []string
	for k := range keys {
		if headIgnored[k] {
			continue
		}
		if g, h := strings.Join(get.Values(k), ", "), strings.Join(head.Values(k), ", "); g != h {
			out = append(out, fmt.Sprintf("%s: GET %q, HEAD %q", k, g, h))
		}
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// TestRetryAfterIsDeclaredWhereSent makes the server send Retry-After the
// ways a client meets it (failed logins past the account limit: 429; the
// photo endpoints while the object store is down: 503) and checks that
// the contract declares the header on that operation and status, so a
// generated client knows to read it.
func TestRetryAfterIsDeclaredWhereSent(t *testing.T) {
	down := testkit.S3Config(t)
	down.Endpoint, down.PublicEndpoint, down.Bucket = "http://"+freeAddr(t), "", "down" // nothing listens there
	store, err := blob.NewMinIO(down)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, harnessOptions{auth: auth.Options{AccountLimit: auth.RateLimit{Max: 2, Window: time.Hour}},
		deps: func(d *api.Deps) { d.Photos = photo.New(d.DB, store, photo.Options{}) }})
	photo := uuid.NewString()
	type sent struct {
		method, path string
		res          response
	}
	var got []sent
	for i := 0; i < 4; i++ {
		res := h.do("POST", "/v1/auth/login", "", map[string]any{"email": "inspector@test.tindal", "password": "wrong password", "installation_id": "install-x"})
		got = append(got, sent{"POST", "/v1/auth/login", res})
	}
	for _, r := range []struct{ method, path string }{
		{"POST", "/v1/photos"}, {"GET", "/v1/photos/" + photo}, {"GET", "/v1/photos/" + photo + "/upload"}, {"POST", "/v1/photos/" + photo + "/complete"},
	} {
		var body any
		if r.path == "/v1/photos" {
			body = map[string]any{"id": photo, "sha256": strings.Repeat("ab", 32), "size": 3, "content_type": "image/jpeg"}
		}
		got = append(got, sent{r.method, r.path, h.do(r.method, r.path, "inspector", body)})
	}
	statuses := map[int]bool{}
	for _, g := range got {
		if g.res.header.Get("Retry-After") == "" {
			continue
		}
		statuses[g.res.status] = true
		req, _ := http.NewRequest(g.method, g.path, nil)
		route, _, err := h.router.FindRoute(req)
		if err != nil {
			t.Fatalf("%s %s: %v", g.method, g.path, err)
		}
		resp := route.Operation.Responses.Status(g.res.status)
		if resp == nil || resp.Value == nil || resp.Value.Headers["Retry-After"] == nil {
			t.Errorf("%s %s answered %d with Retry-After %s; the contract does not declare it there", g.method, route.Path, g.res.status, g.res.header.Get("Retry-After"))
		}
	}
	if !statuses[http.StatusTooManyRequests] || !statuses[http.StatusServiceUnavailable] {
		t.Fatalf("Retry-After seen on %v, want 429 (login) and 503 (photos)", statuses)
	}
}
