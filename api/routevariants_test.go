package api_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"github.com/tindal/tindal/openapi"
)

// listen serves the harness's app on a real loopback listener and returns
// its address: the attacks below send request lines byte for byte, which
// net/http and Fiber's in-memory transport would normalise first.
func (h *harness) listen() string {
	h.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	go func() { _ = h.app.Listener(ln) }()
	h.t.Cleanup(func() { _ = ln.Close() })
	return ln.Addr().String()
}

// sendRaw dials addr and writes one HTTP/1.1 request with exactly this
// request target, byte for byte; token "" sends no Authorization. The
// caller reads the answer and closes the connection.
func sendRaw(t testing.TB, addr, method, target, token string, body []byte, headers ...string) net.Conn {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: tindal.test\r\nConnection: close\r\n", method, target)
	if token != "" {
		fmt.Fprintf(&b, "Authorization: Bearer %s\r\n", token)
	}
	if body != nil {
		fmt.Fprintf(&b, "Content-Type: application/json\r\nContent-Length: %d\r\n", len(body))
	}
	for i := 0; i+1 < len(headers); i += 2 {
		fmt.Fprintf(&b, "%s: %s\r\n", headers[i], headers[i+1])
	}
	b.WriteString("\r\n")
	if _, err := io.WriteString(conn, b.String()); err != nil {
		conn.Close()
		t.Fatal(err)
	}
	if _, err := conn.Write(body); err != nil {
		conn.Close()
		t.Fatal(err)
	}
	return conn
}

// rawRequest writes one HTTP/1.1 request with exactly this request target
// and reads the answer; token "" sends no Authorization.
func rawRequest(t testing.TB, addr, method, target, token string, body []byte, headers ...string) response {
	t.Helper()
	conn := sendRaw(t, addr, method, target, token, body, headers...)
	defer conn.Close()
	res, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: out}
}

// variant is one way an attacker spells a route differently.
type variant struct{ name, path string }

// variantsOf spells a concrete path (params filled) every way that must not
// name the route: trailing slash, changed case, empty, dot and dot-dot
// segments, percent-encoded letters and slashes.
func variantsOf(tmpl, p string) []variant {
	segs := strings.Split(p[1:], "/") // "v1", "vessels", ...
	literal := strings.Split(tmpl[1:], "/")
	first, rest := segs[0], ""
	if len(segs) > 1 {
		rest = "/" + strings.Join(segs[1:], "/")
	}
	out := []variant{
		{"trailing slash", p + "/"},
		{"upper-case first segment", "/" + strings.ToUpper(first) + rest},
		{"whole path upper-case", strings.ToUpper(p)},
		{"double slash first", "/" + p},
		{"dot segment", "/./" + p[1:]},
		{"dot-dot segment", "/x/../" + p[1:]},
		{"encoded first letter", fmt.Sprintf("/%%%02X%s%s", first[0], first[1:], rest)},
		{"encoded lower-case hex", fmt.Sprintf("/%%%02x%s%s", first[0], first[1:], rest)},
		{"absolute-form, trailing slash", "http://tindal.test" + p + "/"},
		{"absolute-form, upper case", "http://tindal.test" + strings.ToUpper(p)},
		{"backslash", "/" + first + "\\" + strings.TrimPrefix(rest, "/")},
		{"semicolon parameter", p + ";x=1"},
	}
	if rest != "" {
		out = append(out,
			variant{"double slash inner", "/" + first + "/" + rest},
			variant{"inner dot segment", "/" + first + "/." + rest},
			variant{"inner dot-dot segment", "/" + first + "/x/.." + rest},
			variant{"encoded inner letter", fmt.Sprintf("/%s/%%%02X%s", first, rest[1], rest[2:])})
		i := strings.LastIndex(p, "/")
		out = append(out, variant{"encoded slash", p[:i] + "%2F" + p[i+1:]})
	}
	for i := len(segs) - 1; i >= 0; i-- { // the last literal segment, capitalised
		if s := segs[i]; !strings.Contains(literal[i], "{") && s[0] >= 'a' && s[0] <= 'z' {
			c := append([]string{}, segs...)
			c[i] = strings.ToUpper(s[:1]) + s[1:]
			out = append(out, variant{"capitalised segment", "/" + strings.Join(c, "/")})
			break
		}
	}
	return out
}

// operation is one method and path of the contract.
type operation struct {
	method, template, path string
	op                     *openapi3.Operation
}

// contractOperations lists every operation of openapi.yaml with its path
// parameters filled from the harness's seeded rows where there is one.
func (h *harness) contractOperations() []operation {
	h.t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	h.must(err)
	var ops []operation
	for tmpl, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, operation{method: method, template: tmpl, path: h.fill(tmpl), op: op})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].template+ops[i].method < ops[j].template+ops[j].method })
	return ops
}

func (h *harness) fill(tmpl string) string {
	id := uuid.New().String()
	switch {
	case strings.HasPrefix(tmpl, "/v1/jurisdictions/"):
		id = h.ids["KARWAR"].String()
	case strings.HasPrefix(tmpl, "/v1/owners/"):
		id = h.ids["owner-KARWAR"].String()
	case strings.HasPrefix(tmpl, "/v1/vessels/"):
		id = h.ids["vessel-KARWAR"].String()
	}
	r := strings.NewReplacer("{id}", id, "{token_id}", uuid.NewString(), "{mutation_id}", uuid.NewString(), "{assignment_id}", uuid.NewString(),
		"{name}", "housekeeping", "{chart}", "fines")
	return r.Replace(tmpl)
}

func secured(op *openapi3.Operation) bool { return op.Security == nil || len(*op.Security) > 0 }

// TestRouteVariantsNeverReachAHandler is the attack of issue 10 hole 1 over
// every operation of the contract: each spelling of its path that is not
// the path, with no token and with every role's token, is refused as an
// unknown route (404/405 problem) and reaches no handler. The canonical
// path of each secured operation without a token is 401.
func TestRouteVariantsNeverReachAHandler(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	addr := h.listen()
	users := []string{"", "inspector", "supervisor", "registrar", "admin", "owner"}
	var failures []string
	fail := func(format string, args ...any) { failures = append(failures, fmt.Sprintf(format, args...)) }
	for _, o := range h.contractOperations() {
		var body []byte
		if o.op.RequestBody != nil {
			body = []byte(`{"now":"2100-01-01"}`) // housekeeping's, as the attack sent it; others refuse it
		}
		methods := []string{o.method}
		if o.method == http.MethodGet {
			methods = append(methods, http.MethodHead)
		}
		for _, m := range methods {
			if secured(o.op) {
				if r := rawRequest(t, addr, m, o.path, "", body); r.status != http.StatusUnauthorized {
					fail("%s %s (canonical, no token): %d, want 401", m, o.path, r.status)
				}
			}
			for _, v := range variantsOf(o.template, o.path) {
				for _, u := range users {
					r := rawRequest(t, addr, m, v.path, h.tokens[u], body)
					if !unrouted(m, r) {
						fail("%s %s (%s, user %q): %d %.120s", m, v.path, v.name, u, r.status, r.body)
					}
				}
			}
		}
	}
	for i, f := range failures {
		if i == 40 {
			t.Errorf("... and %d more", len(failures)-40)
			break
		}
		t.Error(f)
	}
}

// unrouted reports an answer of the router, not of a handler: 404 or 405
// problems with the router's codes (HEAD answers carry no body).
func unrouted(method string, r response) bool {
	if r.status != http.StatusNotFound && r.status != http.StatusMethodNotAllowed {
		return false
	}
	if method == http.MethodHead {
		return true
	}
	code := r.json()["code"]
	return code == "route_not_found" || code == "method_not_allowed"
}

// TestHeadIsAuthenticatedAsGet checks HEAD of a secured GET: without a token
// 401, with one the GET's status and no body.
func TestHeadIsAuthenticatedAsGet(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	addr := h.listen()
	if r := rawRequest(t, addr, "HEAD", "/v1/admin/devices", "", nil); r.status != 401 {
		t.Fatalf("HEAD without a token: %d", r.status)
	}
	if r := rawRequest(t, addr, "HEAD", "/v1/admin/devices", h.tokens["inspector"], nil); r.status != 403 {
		t.Fatalf("HEAD as an inspector: %d", r.status)
	}
	r := rawRequest(t, addr, "HEAD", "/v1/admin/devices", h.tokens["admin"], nil)
	if r.status != 200 || len(r.body) != 0 {
		t.Fatalf("HEAD as admin: %d %q", r.status, r.body)
	}
}
