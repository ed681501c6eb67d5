package field

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

// maxScriptGzip is the most the app's own script may weigh gzipped: a
// cheap phone on a 2G link loads it in well under a minute.
const maxScriptGzip = 150 << 10

func TestScriptStaysSmall(t *testing.T) {
	b, err := fs.ReadFile(Files(), "app.js")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	t.Logf("app.js: %d bytes, %d gzipped (limit %d)", len(b), z.Len(), maxScriptGzip)
	if z.Len() > maxScriptGzip {
		t.Errorf("app.js is %d bytes gzipped, over the %d the phones can afford", z.Len(), maxScriptGzip)
	}
}

func TestServesTheBuiltAppUnderItsPolicy(t *testing.T) {
	app := fiber.New(fiber.Config{CaseSensitive: true, StrictRouting: true})
	Mount(app)
	cases := []struct {
		path, wantType string
		wantStatus     int
		wantBody       string
	}{
		{"/field/", "text/html", 200, `<script src="app.js" defer></script>`},
		{"/field/app.js", "text/javascript", 200, ""},
		{"/field/sw.js", "text/javascript", 200, "tindal-field-"},
		{"/field/manifest.webmanifest", "application/manifest+json", 200, `"display": "standalone"`},
		{"/field/icon-192.png", "image/png", 200, ""},
		{"/field/icon-512.png", "image/png", 200, ""},
		{"/field", "", 301, ""},
		{"/field/nothing.js", "", 404, ""},
		{"/field/..%2ffield.go", "", 404, ""},
		{"/field/field.go", "", 404, ""},
		{"/field/%00", "", 404, ""},
	}
	for _, c := range cases {
		res, err := app.Test(httptest.NewRequest("GET", c.path, nil), -1)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != c.wantStatus {
			t.Errorf("%s: status %d, want %d", c.path, res.StatusCode, c.wantStatus)
			continue
		}
		if c.wantStatus != 200 {
			continue
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.wantType) {
			t.Errorf("%s: Content-Type %q, want %s", c.path, ct, c.wantType)
		}
		if got := res.Header.Get("Content-Security-Policy"); got != CSP {
			t.Errorf("%s: policy %q, want the app's", c.path, got)
		}
		if !strings.Contains(string(body), c.wantBody) {
			t.Errorf("%s: body lacks %q", c.path, c.wantBody)
		}
	}
}

// The policy is the pages' with only what an offline app needs added:
// nothing from another origin, no inline script or style.
func TestPolicyAllowsNothingFromElsewhere(t *testing.T) {
	for _, d := range []string{"script-src 'self';", "style-src 'self';", "connect-src 'self';", "worker-src 'self';",
		"img-src 'self' data: blob:;", "frame-ancestors 'none'", "default-src 'none'"} {
		if !strings.Contains(CSP, d) {
			t.Errorf("policy lacks %q", d)
		}
	}
	for _, bad := range []string{"unsafe-inline", "unsafe-eval", "http:", "https:", "*"} {
		if strings.Contains(CSP, bad) {
			t.Errorf("policy allows %q", bad)
		}
	}
}
