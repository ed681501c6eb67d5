// Package webtest drives Tindal's pages in a real browser for tests:
// Debian's headless Chromium through chromedp (one browser per test
// binary, a tab per test), screenshots saved as test artifacts, axe-core
// run on a page, and a server with the demo data serving the API and every
// page (NewServer). The suite fails, never skips, without Chromium
// (scripts/services.sh installs it) or axe-core (tools/axe, installed here
// with npm ci when missing).
package webtest

import (
	"context"
	"os"
	"os/exec"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var browser struct {
	once   stdsync.Once
	ctx    context.Context
	cancel func()
	err    error
}

// Main runs the package's tests and then closes the shared browser:
// call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	dropSeeded()
	if browser.cancel != nil {
		browser.cancel()
	}
	os.Exit(code)
}

// chromiumPath finds Debian's chromium ($TINDAL_CHROMIUM first).
func chromiumPath() (string, error) {
	for _, name := range []string{os.Getenv("TINDAL_CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

func startBrowser() (context.Context, func(), error) {
	path, err := chromiumPath()
	if err != nil {
		return nil, nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("lang", "en-IN"),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil { // start it now
		bcancel()
		acancel()
		return nil, nil, err
	}
	return bctx, func() { bcancel(); acancel() }, nil
}

// Tab opens a tab of width×height CSS pixels in the shared browser, closed
// when the test ends. A Content-Security-Policy violation or an uncaught
// script error on a page fails the test: the pages must work under their
// own policy.
func Tab(t testing.TB, width, height int64) context.Context {
	t.Helper()
	browser.once.Do(func() { browser.ctx, browser.cancel, browser.err = startBrowser() })
	if browser.err != nil {
		t.Fatalf("start chromium (scripts/services.sh installs it): %v", browser.err)
	}
	ctx, cancel := chromedp.NewContext(testProfile(t))
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	var mu stdsync.Mutex
	var broken []string
	messages := chromedp.Console(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Source == "security" || m.IsException() || strings.Contains(m.Text, "Content Security Policy") {
				mu.Lock()
				broken = append(broken, m.String())
				mu.Unlock()
			}
		}
	}()
	// A hang detector, not a budget: a test of three owners' sign-ins that
	// takes 11 s on a quiet machine took over 3 minutes in make test on 2
	// cores at a load of 18, and was cut off mid-page.
	tctx, cancelTime := context.WithTimeout(ctx, 8*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, v := range broken {
			t.Errorf("the page broke its own policy or threw: %s", v)
		}
	})
	return tctx
}

// profiles are the browser contexts (as separate browser profiles: their
// own cookies and storage) of the tests running, one per top-level test:
// the tabs of a test share its sign-in, and tests running in parallel
// never see each other's cookies (a cookie is the host's whatever the
// port, and every test server is 127.0.0.1).
var profiles struct {
	mu  stdsync.Mutex
	ctx map[string]context.Context
}

// testProfile is the browser context of t's top-level test, made on its
// first tab and disposed when that test ends (or with the browser).
func testProfile(t testing.TB) context.Context {
	t.Helper()
	root, _, sub := strings.Cut(t.Name(), "/")
	profiles.mu.Lock()
	defer profiles.mu.Unlock()
	if ctx, ok := profiles.ctx[root]; ok {
		return ctx
	}
	ctx, cancel := chromedp.NewContext(browser.ctx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatalf("open a browser context: %v", err)
	}
	if profiles.ctx == nil {
		profiles.ctx = map[string]context.Context{}
	}
	profiles.ctx[root] = ctx
	if !sub { // a subtest's profile lasts as long as its top-level test's
		t.Cleanup(func() {
			profiles.mu.Lock()
			delete(profiles.ctx, root)
			profiles.mu.Unlock()
			cancel()
		})
	}
	return ctx
}

// The sizes people use: a 390-px phone, a 1366×768 laptop, a 1024-wide
// tablet.
const (
	PhoneWidth   = 390  // a phone's width in CSS pixels
	PhoneHeight  = 844  // a phone's height
	LaptopWidth  = 1366 // a laptop's width
	LaptopHeight = 768  // a laptop's height
	TabletWidth  = 1024 // a tablet's width
	TabletHeight = 768  // a tablet's height
)

// Do runs actions in the tab, failing the test on an error.
func Do(t testing.TB, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// Get runs one action that answers a value, failing the test on an error.
func Get[T any](t testing.TB, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}

// Text is the visible text of the page.
func Text(t testing.TB, ctx context.Context) string {
	t.Helper()
	return Get(t, ctx, chromedp.Text(chromedp.CSS("body")))
}

// Location is the page's address.
func Location(t testing.TB, ctx context.Context) string {
	t.Helper()
	return Get(t, ctx, chromedp.Location())
}
