package field_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/field"
	"github.com/tindal/tindal/web/webtest"
)

// threeG is Chrome DevTools' "3G" (Fast 3G) preset, the link Lighthouse
// and the DevTools throttle call 3G: 562.5 ms of latency, 1.44 Mbit/s down,
// 675 kbit/s up.
var threeG = network.Conditions{Latency: 562.5, DownloadThroughput: 1.44e6 / 8, UploadThroughput: 675e3 / 8}

// BenchmarkFirstLoad measures the app's first load (no service worker,
// nothing cached: every load is a new origin) as the navigation's
// loadEventEnd, once the sign-in screen is drawn: on an emulated 3G link
// (3g: Network.emulateNetworkConditionsByRule, DevTools' 3G) beside the
// same load unthrottled (its baseline). `make bench` writes both to
// bench/results/latest.md.
func BenchmarkFirstLoad(b *testing.B) {
	s := webtest.NewServer(b)
	ctx := webtest.Tab(b, webtest.PhoneWidth, webtest.PhoneHeight)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		cond *network.Conditions
	}{{"3g", &threeG}, {"baseline-unthrottled", nil}} {
		b.Run(c.name, func(b *testing.B) {
			var total float64
			for range b.N {
				total += firstLoad(b, ctx, s.URL, c.cond)
			}
			b.ReportMetric(total/float64(b.N), "load-ms")
		})
	}
}

// BenchmarkAppScript gzips the app's own script as a server would send it
// and reports its size, raw and gzipped (TestScriptStaysSmall keeps the
// gzipped size at most 150 KB), for bench/results/latest.md.
func BenchmarkAppScript(b *testing.B) {
	app, err := fs.ReadFile(field.Files(), "app.js")
	if err != nil {
		b.Fatal(err)
	}
	var z bytes.Buffer
	for range b.N {
		z.Reset()
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		_, _ = w.Write(app)
		_ = w.Close()
	}
	b.ReportMetric(float64(len(app))/1024, "app.js-KB")
	b.ReportMetric(float64(z.Len())/1024, "app.js-gzip-KB")
}

// firstLoad opens the app at a new origin (a new link to the server: no
// service worker, no cache) under the conditions c (nil: none) and answers
// the navigation's loadEventEnd in milliseconds, checking that the
// sign-in screen is drawn.
func firstLoad(b *testing.B, ctx context.Context, server string, c *network.Conditions) float64 {
	b.Helper()
	b.StopTimer()
	l := newLink(b, server)
	rules := []*network.Conditions{}
	if c != nil {
		rules = append(rules, c)
	}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule,
		network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: rules}); err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
	webtest.Do(b, ctx, chromedp.Navigate(l.URL+"/field/"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('#main')?.dataset.screen === 'signin:'`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		b.Fatalf("the sign-in screen never showed: %v", err)
	}
	b.StopTimer()
	ms := webtest.Get(b, ctx, chromedp.Evaluate[float64](`performance.getEntriesByType('navigation')[0].loadEventEnd`))
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule,
		network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{}}); err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
	return ms
}
