package console_test

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

var iconLink = regexp.MustCompile(`<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"`)

// TestPagesHaveAFaviconAndAnAppIcon: every page links the site's icons
// (the 32-px favicon, the SVG, the 192-px app icon), and each is served by
// the binary with its type and a day of caching, as are /favicon.ico
// (where browsers look whatever a page links) and the 512-px app icon;
// each PNG is the size its name says.
func TestPagesHaveAFaviconAndAnAppIcon(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	_, page := c.do("GET", "/console/signin", nil, nil)
	links := iconLink.FindAllStringSubmatch(page, -1)
	if len(links) < 3 {
		t.Errorf("the sign-in page links %d icons, want the favicon, the SVG and the app icon", len(links))
	}
	want := map[string]string{"/favicon.ico": "image/x-icon", "/assets/icon.svg": "image/svg+xml",
		"/assets/icon-192.png": "image/png", "/assets/icon-512.png": "image/png"}
	for _, l := range links {
		if _, ok := want[l[1]]; !ok {
			t.Errorf("the page links an icon %s the test does not know", l[1])
		}
	}
	for path, typ := range want {
		res, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != typ ||
			!strings.Contains(res.Header.Get("Cache-Control"), "max-age=86400") {
			t.Errorf("GET %s: %d %q %q, want 200 %s cached for a day", path, res.StatusCode,
				res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), typ)
			continue
		}
		switch {
		case strings.HasSuffix(path, ".png"):
			cfg, err := png.DecodeConfig(bytes.NewReader(body))
			size := strings.TrimSuffix(strings.TrimPrefix(path, "/assets/icon-"), ".png")
			if err != nil || size != strconv.Itoa(cfg.Width) || cfg.Width != cfg.Height {
				t.Errorf("%s is not a square PNG of %s px: %+v %v", path, size, cfg, err)
			}
		case strings.HasSuffix(path, ".svg"):
			if err := xml.Unmarshal(body, new(struct{})); err != nil {
				t.Errorf("%s is not XML: %v", path, err)
			}
		case strings.HasSuffix(path, ".ico"):
			if len(body) < 22 || !bytes.Equal(body[:4], []byte{0, 0, 1, 0}) {
				t.Errorf("%s is not an icon file", path)
			}
		}
	}
}
