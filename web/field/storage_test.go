package field_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/storage"
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

// TestAFullStoreRefusesAPhotoAndKeepsTheQueue: the phone's storage runs
// full. The origin's quota is set with DevTools'
// Storage.overrideQuotaForOrigin (on the page's target, for the origin
// exactly as the page has it, before the page first stores anything) to
// 2 MiB, and the new photo is a camera's 2 MiB and more. Chromium's
// IndexedDB counts its room from the quota at its first write and asks the
// quota again only after 30 s or for a write larger than that room, so a
// photo larger than the quota is refused at once, where a smaller one that
// does not fit either would be refused only 30 s later. The browser
// refuses it with QuotaExceededError (navigator.storage.estimate() keeps
// reporting the device's quota); the app shows the message, keeps nothing
// of the photo and touches nothing recorded earlier; with space again
// every queued item reaches the server once.
func TestAFullStoreRefusesAPhotoAndKeepsTheQueue(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	net := newLink(t, s.URL)
	quota := float64(2 << 20)
	ctx := signIn(t, net.URL, func(ctx context.Context) {
		if _, err := chromedp.Call(ctx, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: net.URL, QuotaSize: &quota}); err != nil {
			t.Fatal(err)
		}
	})
	t.Cleanup(func() { // the browser is shared: the origin's quota as it was
		_, _ = chromedp.Call(ctx, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: net.URL})
	})
	waitFor(t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	net.Cut()
	files, _ := photos(t, 1)
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), files))
	waitFor(t, ctx, `document.querySelectorAll('#thumbs li').length === 1`, 20*time.Second)
	before := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if len(before["pending"]) != 4 || len(before["photos"]) != 1 {
		t.Fatalf("offline, the phone holds %v, want 4 pending mutations and a photo", before)
	}

	// The next photo is 64 KB more than the quota.
	use, err := chromedp.Call(ctx, storage.GetUsageAndQuota, storage.GetUsageAndQuotaParams{Origin: net.URL})
	if err != nil {
		t.Fatal(err)
	}
	if !use.OverrideActive || use.Quota != quota || use.Usage >= quota {
		t.Fatalf("the origin holds %.0f of a quota of %.0f (override %v), want the 2 MiB override with room left", use.Usage, use.Quota, use.OverrideActive)
	}
	big := filepath.Join(t.TempDir(), "IMG_0100.jpg")
	raw := make([]byte, int(quota)+64<<10)
	_, _ = rand.Read(raw)
	copy(raw, []byte{0xff, 0xd8, 0xff, 0xe0})
	if err := os.WriteFile(big, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), []string{big}))
	full := messages(t, "en")["field.storage.full"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#photo-msg')?.textContent === %q`, full), 20*time.Second)
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#thumbs li').length`)); n != 1 {
		t.Errorf("a full phone shows %d photos, want the 1 kept before", n)
	}
	after := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if !slices.Equal(slices.Sorted(slices.Values(after["pending"])), slices.Sorted(slices.Values(before["pending"]))) ||
		!slices.Equal(after["photos"], before["photos"]) {
		t.Fatalf("after the refusal the phone holds %v, want what it held before %v", after, before)
	}

	// Space again, and coverage: every queued item reaches the server once.
	if _, err := chromedp.Call(ctx, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: net.URL}); err != nil {
		t.Fatal(err)
	}
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	done := messages(t, "en")["field.sync.done"]
	waitFor(t, ctx, fmt.Sprintf(`!document.querySelector('#uploads') && document.querySelector('#waiting')?.textContent === %q`, done), 90*time.Second)
	var applied, verified int
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT (SELECT count(*) FROM applied_mutations WHERE aggregate_id = $1),
		(SELECT count(*) FROM photos WHERE inspection_id = $1 AND state = 'verified')`, insp).Scan(&applied, &verified); err != nil {
		t.Fatal(err)
	}
	if applied != 4 || verified != 1 {
		t.Errorf("the server applied %d mutations and verified %d photos, want the 4 and the 1 the phone kept", applied, verified)
	}
}
