package field_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestTwoTabsNeverPushTheSameMutationTwice: work queued offline, then two
// tabs of the app told to sync at the same moment: the Web Lock lets one
// push, and every mutation crosses the network once.
func TestTwoTabsNeverPushTheSameMutationTwice(t *testing.T) {
	t.Parallel()
	_, net, one := signedIn(t)
	net.Cut()
	_, _ = startInspection(t, one, nil)
	for i := range 3 {
		answer(t, one, i, "yes")
	}
	webtest.Do(t, one, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, one, chromedp.WaitVisible(chromedp.CSS("#status")))
	made := queued(t, one)["pending"]
	if len(made) != 5 {
		t.Fatalf("queued %d mutations, want 5", len(made))
	}
	two := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, two, chromedp.Navigate(net.URL+"/field/#/sync"))
	onScreen(t, two, "sync:")
	route(t, one, "#/sync")
	onScreen(t, one, "sync:")

	net.Restore()
	both := `document.querySelector('#sync-now').click()`
	webtest.Get(t, one, chromedp.Evaluate[any](both))
	webtest.Get(t, two, chromedp.Evaluate[any](both))
	// One of them pushed (the other was told another window syncs); the
	// queue, which both share, empties.
	waitFor(t, one, `new Promise(resolve => {
	  const r = indexedDB.open('tindal-field');
	  r.onsuccess = () => {
	    const g = r.result.transaction('queue').objectStore('queue').getAll();
	    g.onsuccess = () => { r.result.close(); resolve(g.result.length === 5 && g.result.every(e => e.state === 'final')); };
	  };
	})`, 60*time.Second)
	done := messages(t, "en")["field.sync.done"]
	for _, tab := range []context.Context{one, two} { // each syncs again on its own: nothing left to push
		webtest.Get(t, tab, chromedp.Evaluate[any](both))
		waitFor(t, tab, fmt.Sprintf(`document.querySelector('#waiting')?.textContent === %q`, done), 60*time.Second)
	}
	for _, id := range made {
		if n := net.Sent(id); n != 1 {
			t.Errorf("mutation %s crossed the network %d times, want once", id, n)
		}
	}
}
