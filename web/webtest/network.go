package webtest

import (
	"context"
	"fmt"
	stdsync "sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Requests are the answers to every request the pages of one tab made
// while the browser loaded them (documents, stylesheets, images, icons,
// scripts), read from the browser's network events.
type Requests struct {
	mu     stdsync.Mutex
	seen   int
	failed []string
}

// WatchRequests records the answers to the requests of the tab from now
// on: call it before navigating.
func WatchRequests(t testing.TB, ctx context.Context) *Requests {
	t.Helper()
	r := &Requests{}
	answers := chromedp.Events(ctx, network.ResponseReceived)
	failures := chromedp.Events(ctx, network.LoadingFailed)
	go func() {
		for ev, err := range answers {
			if err != nil {
				return
			}
			r.add(ev.Response.Status, ev.Response.URL, ev.Type)
		}
	}()
	go func() {
		for ev, err := range failures {
			if err != nil {
				return
			}
			if !ev.Canceled {
				r.add(0, ev.ErrorText, ev.Type)
			}
		}
	}()
	return r
}

func (r *Requests) add(status int64, url string, typ network.ResourceType) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen++
	if status == 0 || status >= 400 {
		r.failed = append(r.failed, fmt.Sprintf("%d %s (%s)", status, url, typ))
	}
}

// Failed are the requests answered 4xx or 5xx, or not answered at all,
// so far, and how many answers were seen in all.
func (r *Requests) Failed() (failed []string, seen int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.failed...), r.seen
}
