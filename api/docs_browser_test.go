package api_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestDocsRenderInChromium opens /docs in headless Chromium (Debian's
// package, which scripts/services.sh installs) and reads the page Redoc
// drew: the reference is there only if the embedded bundle ran, fetched the
// contract from this server and rendered the push body's fields. The
// browser is offline (no background networking), as an office machine may
// be.
func TestDocsRenderInChromium(t *testing.T) {
	bin := chromium(t)
	h := newHarness(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	go func() { _ = h.app.Listener(ln) }()
	t.Cleanup(func() { _ = ln.Close() })

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=20000", "--dump-dom", "http://"+ln.Addr().String()+"/docs")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	dom := string(out)
	for _, want := range []string{
		"redoc-wrap", // Redoc mounted
		"Push queued intents (mutations) from this device", // an operation's summary, from the fetched contract
		"mutations",   // a field of the push body's schema
		"X-Device-Id", // a header parameter of the push
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the rendered reference lacks %q (%d bytes of DOM)", want, len(dom))
		}
	}
	if strings.Contains(dom, "Something went wrong") {
		t.Errorf("Redoc reported an error rendering the contract")
	}
}

// chromium finds Debian's chromium; the suite fails, never skips, without
// it (scripts/services.sh installs it).
func chromium(t *testing.T) string {
	for _, name := range []string{os.Getenv("TINDAL_CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium is not installed: run scripts/services.sh (it installs Debian's chromium package)")
	return ""
}
