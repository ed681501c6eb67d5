package api_test

import (
	"net/netip"
	"testing"
	"time"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
)

// TestSecurityHeaders is issue 10 hole 10: every response says nosniff;
// answers of the token operations are never stored by a cache.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	login := map[string]any{"email": "inspector@test.tindal", "password": testPassword, "installation_id": "phone-9"}
	in := h.do("POST", "/v1/auth/login", "", login)
	refreshed := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": in.json()["refresh_token"]})
	cases := []struct {
		name    string
		r       response
		noStore bool
	}{
		{"login", in, true},
		{"refresh", refreshed, true},
		{"failed login", h.do("POST", "/v1/auth/login", "", map[string]any{"email": "inspector@test.tindal", "password": "wrong password!", "installation_id": "x"}), true},
		{"a read", h.do("GET", "/v1/vessels", "inspector", nil), false},
		{"an unknown route", h.do("GET", "/v1/nowhere", "", nil), false},
		{"no token", h.do("GET", "/v1/me", "", nil), false},
		{"logout", h.do("POST", "/v1/auth/logout", refreshed.json()["access_token"].(string), nil), true},
	}
	for _, c := range cases {
		if c.r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s (%d): no X-Content-Type-Options: nosniff", c.name, c.r.status)
		}
		if got := c.r.header.Get("Cache-Control"); c.noStore && got != "no-store" {
			t.Errorf("%s (%d): Cache-Control %q, want no-store", c.name, c.r.status, got)
		}
	}
	if in.status != 200 || refreshed.status != 200 {
		t.Fatalf("login %d, refresh %d", in.status, refreshed.status)
	}
}

// TestLoggedOutAccessTokenIsRefused is issue 10 hole 10 over HTTP: before
// the fix the access token kept working for its 15 minutes after logout.
func TestLoggedOutAccessTokenIsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	tok := h.tokens["inspector"]
	if r := h.do("GET", "/v1/me", tok, nil); r.status != 200 {
		t.Fatalf("before logout: %d", r.status)
	}
	if r := h.do("POST", "/v1/auth/logout", tok, nil); r.status != 204 {
		t.Fatalf("logout: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v1/me", tok, nil); r.status != 401 || r.json()["code"] != "session_ended" {
		t.Fatalf("after logout: %d %s", r.status, r.body)
	}
}

// TestForwardedForOnlyFromTrustedProxies is issue 10 hole 9: login
// failures are counted per client address, which is the socket's peer
// unless the peer is a configured proxy; then the nearest untrusted
// X-Forwarded-For entry. The test's peer is 127.0.0.1.
func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	for _, c := range []struct {
		name    string
		trusted []netip.Prefix
		xff     string
		counted string
	}{
		{"no proxies configured", nil, "203.0.113.7", "address:127.0.0.1"},
		{"peer is not a trusted proxy", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}, "203.0.113.7", "address:127.0.0.1"},
		{"peer is a trusted proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, "203.0.113.7", "address:203.0.113.7"},
		{"a client's own claim left of the proxy's entry is ignored", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			"198.51.100.1, 203.0.113.7", "address:203.0.113.7"},
		{"chained trusted proxies are skipped", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")},
			"203.0.113.7, 10.1.2.3", "address:203.0.113.7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // a server and database of its own
			h := newHarnessWith(t, harnessOptions{
				auth: auth.Options{AddressLimit: auth.RateLimit{Max: 2, Window: 15 * time.Minute}},
				deps: func(d *api.Deps) { d.TrustedProxies = c.trusted },
			})
			addr := h.listen()
			body := []byte(`{"email":"inspector@test.tindal","password":"wrong password!","installation_id":"x"}`)
			if r := rawRequest(t, addr, "POST", "/v1/auth/login", "", body, "X-Forwarded-For", c.xff); r.status != 401 {
				t.Fatalf("failed login: %d %s", r.status, r.body)
			}
			var keys []string
			h.must(h.db.Gorm.Raw(`SELECT key FROM login_attempts WHERE key LIKE 'address:%' AND count > 0`).Scan(&keys).Error)
			if len(keys) != 1 || keys[0] != c.counted {
				t.Fatalf("counted under %v, want %s", keys, c.counted)
			}
		})
	}
}
