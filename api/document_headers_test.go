package api_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestPagesAndDocumentsCarrySecurityHeaders requests every HTML page and
// document the server renders (issue 19 item 17): each HTML answer names
// its charset, forbids framing and carries a Content-Security-Policy that
// loads nothing from another origin; the orders and notices, HTML and PDF,
// which name people and addresses, are kept out of every cache; /docs
// serves no asset that fetches from a CDN.
func TestPagesAndDocumentsCarrySecurityHeaders(t *testing.T) {
	h := newHarness(t)
	insp := h.criteriaInspection("inspector", h.compliantBoat(1), "no", nil)
	order := h.do("POST", "/v1/inspections/"+insp.String()+"/detention", "supervisor", confirmBody)
	if order.status != 201 {
		t.Fatalf("detention order: %d %s", order.status, order.body)
	}
	oid := order.json()["id"].(string)
	p := h.pusher("inspector")
	n := h.approve(h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	var reg string
	h.row(&reg, "SELECT registration_number FROM vessels WHERE id = ?", h.ids["vessel-KARWAR"])

	cases := []struct {
		name, path, user string
		html, private    bool
	}{
		{"detention order HTML", "/v1/detention-orders/" + oid + "/html", "supervisor", true, true},
		{"detention order PDF", "/v1/detention-orders/" + oid + "/pdf", "supervisor", false, true},
		{"penalty notice HTML", "/v1/penalty-notices/" + n.ID + "/html", "owner", true, true},
		{"penalty notice PDF", "/v1/penalty-notices/" + n.ID + "/pdf", "owner", false, true},
		{"API reference", "/docs", "", true, false},
		{"public status page", public.PathOf(reg), "", true, false},
		{"public status page, unknown vessel", "/v/vessel/KA-NONE-9999", "", true, false},
	}
	for _, c := range cases {
		var r response
		if strings.Contains(c.name, "unknown") { // a page for a browser, not a problem: around do's contract check
			res, err := h.app.Test(httptest.NewRequest("GET", c.path, nil), 10000)
			h.must(err)
			_ = res.Body.Close() // only the status and headers are checked
			r = response{status: res.StatusCode, header: res.Header}
		} else {
			r = h.do("GET", c.path, c.user, nil, "Accept", "text/html")
		}
		if r.status >= 500 || (r.status != 200 && !strings.Contains(c.name, "unknown")) {
			t.Errorf("%s: %d %s", c.name, r.status, r.body)
			continue
		}
		ct, csp := r.header.Get("Content-Type"), r.header.Get("Content-Security-Policy")
		if c.html {
			if !strings.HasPrefix(ct, "text/html") || !strings.Contains(strings.ToLower(ct), "charset=utf-8") {
				t.Errorf("%s: Content-Type %q, want text/html with charset=utf-8", c.name, ct)
			}
			if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "http") {
				t.Errorf("%s: Content-Security-Policy %q, want default-src 'none', frame-ancestors 'none', no other origin", c.name, csp)
			}
			if r.header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("%s: X-Frame-Options %q, want DENY", c.name, r.header.Get("X-Frame-Options"))
			}
		}
		if got := r.header.Get("Cache-Control"); c.private && got != "private, no-store" {
			t.Errorf("%s: Cache-Control %q, want private, no-store", c.name, got)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no X-Content-Type-Options: nosniff", c.name)
		}
	}
	for _, asset := range []string{"/docs/redoc.standalone.js", "/docs/init.js"} {
		if r := h.do("GET", asset, "", nil); r.status != 200 || strings.Contains(string(r.body), "cdn.redoc.ly") {
			t.Errorf("%s: %d, fetches from cdn.redoc.ly: %v", asset, r.status, strings.Contains(string(r.body), "cdn.redoc.ly"))
		}
	}
}
