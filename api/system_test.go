package api_test

import (
	"strings"
	"testing"
)

func TestSystemEndpoints(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.run(t, []scenario{
		{name: "healthz", method: "GET", path: "/healthz", wantStatus: 200},
		{name: "readyz reports the database", method: "GET", path: "/readyz", wantStatus: 200,
			check: func(t *testing.T, r response) {
				if r.json()["checks"].(map[string]any)["database"] != "ok" {
					t.Fatalf("database not ok: %s", r.body)
				}
			}},
		{name: "contract served", method: "GET", path: "/openapi.yaml", wantStatus: 200,
			check: func(t *testing.T, r response) {
				if !strings.HasPrefix(string(r.body), "openapi: 3.0.3") {
					t.Fatalf("not the contract: %.40s", r.body)
				}
			}},
		{name: "docs render the contract without external assets", method: "GET", path: "/docs", wantStatus: 200,
			check: func(t *testing.T, r response) {
				s := string(r.body)
				if !strings.Contains(s, "/v1/vessels") || !strings.Contains(s, `<script src="/docs/redoc.standalone.js">`) || strings.Contains(s, `src="http`) {
					t.Fatal("docs page lacks the operations or the embedded renderer, or loads remote assets")
				}
			}},
		{name: "metrics are not served on the API port", method: "GET", path: "/metrics", wantStatus: 404, wantCode: "route_not_found"},
		{name: "unknown route is a problem", method: "GET", path: "/v1/nowhere", wantStatus: 404, wantCode: "route_not_found"},
		{name: "wrong method is a problem", method: "PUT", path: "/v1/vessels", user: "admin", body: "{}", wantStatus: 405, wantCode: "method_not_allowed"},
		{name: "malformed JSON is a problem", method: "POST", path: "/v1/auth/login", body: `{"email":`, wantStatus: 400, wantCode: "malformed_json"},
		{name: "bad uuid in path names the parameter", method: "GET", path: "/v1/vessels/not-a-uuid", user: "admin", wantStatus: 400, check: fieldNamed("id")},
	})
	t.Run("request id is echoed and problems carry it", func(t *testing.T) {
		r := h.with(t).do("GET", "/v1/nowhere", "", nil, "X-Request-Id", "req-12345678")
		if r.header.Get("X-Request-Id") != "req-12345678" || r.json()["instance"] != "req-12345678" {
			t.Fatalf("request id not carried: %v %s", r.header, r.body)
		}
	})
	t.Run("metrics listener exposes request counts and pool stats", func(t *testing.T) {
		r := h.with(t).scrape()
		s := string(r.body)
		if r.status != 200 || !strings.Contains(s, "tindal_http_requests_total") || !strings.Contains(s, "tindal_db_pool_total_conns") {
			t.Fatalf("metrics missing: %d", r.status)
		}
	})
}

func TestAuthEndpoints(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	login := map[string]any{"email": "inspector@test.tindal", "password": testPassword, "installation_id": "phone-1", "device_name": "Redmi"}
	first := h.do("POST", "/v1/auth/login", "", login)
	if first.status != 200 || first.json()["token_type"] != "Bearer" {
		t.Fatalf("login: %d %s", first.status, first.body)
	}
	refresh := first.json()["refresh_token"].(string)
	h.run(t, []scenario{
		{name: "wrong password", method: "POST", path: "/v1/auth/login", body: map[string]any{"email": "inspector@test.tindal", "password": "wrong password!", "installation_id": "x"}, wantStatus: 401, wantCode: "invalid_credentials"},
		{name: "me names the device and jurisdictions", method: "GET", path: "/v1/me", user: first.json()["access_token"].(string), wantStatus: 200,
			check: func(t *testing.T, r response) {
				m := r.json()
				if m["device_id"] != first.json()["device_id"] || len(m["jurisdiction_ids"].([]any)) != 1 || m["role"] != "inspector" {
					t.Fatalf("me: %s", r.body)
				}
			}},
		{name: "garbage token", method: "GET", path: "/v1/me", user: "not.a.jwt", wantStatus: 401, wantCode: "invalid_token"},
		{name: "alg none token", method: "GET", path: "/v1/me", user: "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwiZXhwIjo0MTAyNDQ0ODAwfQ.", wantStatus: 401},
	})
	rotated := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh})
	if rotated.status != 200 || rotated.json()["refresh_token"] == refresh {
		t.Fatalf("refresh: %d %s", rotated.status, rotated.body)
	}
	// The first response was "lost": presenting the spent token again returns the same successor.
	again := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh})
	if again.status != 200 || again.json()["refresh_token"] != rotated.json()["refresh_token"] {
		t.Fatalf("lost-response retry: %d %s", again.status, again.body)
	}
	next := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": rotated.json()["refresh_token"]})
	if next.status != 200 {
		t.Fatalf("refresh successor: %d %s", next.status, next.body)
	}
	if reuse := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh}); reuse.status != 401 || reuse.json()["code"] != "refresh_token_reused" {
		t.Fatalf("reuse of an old token: %d %s", reuse.status, reuse.body)
	}
	if dead := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": next.json()["refresh_token"]}); dead.status != 401 {
		t.Fatalf("family not revoked after reuse: %d", dead.status)
	}
	// The reuse ended the session: its access tokens are refused at once.
	if me := h.do("GET", "/v1/me", next.json()["access_token"].(string), nil); me.status != 401 || me.json()["code"] != "session_ended" {
		t.Fatalf("access token of a revoked family: %d %s", me.status, me.body)
	}
	fresh := h.do("POST", "/v1/auth/login", "", login)
	if out := h.do("POST", "/v1/auth/logout", fresh.json()["access_token"].(string), nil); out.status != 204 {
		t.Fatalf("logout: %d %s", out.status, out.body)
	}
}

// Request methods used as metric labels must not alias fasthttp's reused
// buffers: after requests of several methods on one keep-alive connection
// the scrape still succeeds and names only real methods.
func TestMetricsLabelsSurviveConnectionReuse(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for i := 0; i < 3; i++ {
		for _, m := range []string{"GET", "POST", "PUT", "DELETE", "OPTIONS"} {
			h.overHTTP(m, "/v1/vessels", "admin", "{}")
		}
	}
	r := h.scrape()
	if r.status != 200 {
		t.Fatalf("scrape after mixed methods: %d %s", r.status, r.body)
	}
	for _, line := range strings.Split(string(r.body), "\n") {
		i := strings.Index(line, `method="`)
		if !strings.HasPrefix(line, "tindal_http_requests_total") || i < 0 {
			continue
		}
		method := line[i+8 : i+8+strings.IndexByte(line[i+8:], '"')]
		switch method {
		case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other":
		default:
			t.Fatalf("label method=%q in %s", method, line)
		}
	}
}
