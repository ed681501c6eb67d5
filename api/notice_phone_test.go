package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// phoneProbe frames a page at a 390 px phone's width and writes how wide
// its content is (the page itself runs no script: its CSP forbids it).
const phoneProbe = `<!doctype html><html><body style="margin:0">
<iframe id="f" src="/page" style="width:390px;height:844px;border:0"></iframe><pre id="w"></pre>
<script>document.getElementById('f').onload = function () {
  var d = this.contentDocument.documentElement;
  document.getElementById('w').textContent = 'width=' + d.scrollWidth + ' viewport=' + d.clientWidth;
};</script></body></html>`

// TestPenaltyNoticeFitsAPhone renders the owner's copy of a penalty notice
// in headless Chromium at 390 px (issue 19 item 21: it was 658 px wide, so
// an owner reading it on a phone scrolled sideways through the table).
func TestPenaltyNoticeFitsAPhone(t *testing.T) {
	bin := chromium(t)
	h := newHarness(t)
	p := h.pusher("inspector")
	h.approve(h.submittedWith(p, testkit.Now().Add(-10*24*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	n := h.approve(h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing},
		finding{code: rules.CodePassengerNoLifejacket, ref: "PAX-AADHAAR-1111", persons: 1}))
	for _, lang := range []string{"en", "kn", "hi"} {
		h.must(h.db.Gorm.Exec("UPDATE owners SET preferred_language = ? WHERE id = ?", lang, h.ids["owner-KARWAR"]).Error)
		r := h.do("GET", "/v1/penalty-notices/"+n.ID+"/html", "owner", nil)
		if r.status != 200 {
			t.Fatalf("notice HTML: %d %s", r.status, r.body)
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if req.URL.Path == "/page" {
				_, _ = w.Write(r.body)
				return
			}
			_, _ = w.Write([]byte(phoneProbe))
		}))
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		out, err := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
			"--user-data-dir="+t.TempDir(), "--virtual-time-budget=10000", "--dump-dom", srv.URL+"/").Output()
		cancel()
		srv.Close()
		if err != nil {
			t.Fatalf("chromium: %v", err)
		}
		m := regexp.MustCompile(`width=(\d+) viewport=(\d+)`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("%s: the probe measured nothing:\n%s", lang, out)
		}
		width, viewport := atoi(string(m[1])), atoi(string(m[2]))
		t.Logf("%s: content %d px wide at a %d px viewport", lang, width, viewport)
		if viewport == 0 || viewport > 390 || width > viewport {
			t.Errorf("%s: the notice is %d px wide at a %d px phone: it must fit", lang, width, viewport)
		}
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
