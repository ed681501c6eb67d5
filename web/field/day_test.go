package field_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

const inspector = "inspector.karwar@demo.tindal"

// signedIn starts a server behind a link and a phone-sized tab in which
// the inspector signed in online: the first sync pulled the register and
// the plan, and the service worker controls the page.
func signedIn(t *testing.T) (*webtest.Server, *link, context.Context) {
	t.Helper()
	s := webtest.NewServer(t)
	net := newLink(t, s.URL)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/field/"))
	onScreen(t, ctx, "signin:")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#email"), inspector),
		chromedp.SendKeys(chromedp.CSS("#password"), webtest.DemoPassword),
		chromedp.Click(chromedp.CSS("#signin button")))
	onScreen(t, ctx, "plan:")
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#plan li")))
	waitFor(t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	return s, net, ctx
}

// onScreen waits until the app has drawn the screen key ("plan:",
// "inspection:<id>"; a key ending in ":" matches any id).
func onScreen(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	js := fmt.Sprintf(`document.querySelector('#main')?.dataset.screen === %q`, key)
	if strings.HasSuffix(key, ":") {
		js = fmt.Sprintf(`(document.querySelector('#main')?.dataset.screen ?? '').startsWith(%q)`, key)
	}
	waitFor(t, ctx, js, 30*time.Second)
}

// waitFor polls js until it is true; on a timeout the test fails with what
// the screen shows, and a screenshot.
func waitFor(t *testing.T, ctx context.Context, js string, d time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d))); err != nil {
		webtest.Shot(t, ctx, "timeout")
		where, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + ' ' + (document.querySelector('#main')?.dataset.screen ?? '')`))
		text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("body")))
		title, _ := chromedp.Run(ctx, chromedp.Title())
		t.Fatalf("waiting for %s: %v\nat %s (%s)\n%s", js, err, where, title, text)
	}
}

// route sets the app's route as a tap on a link would.
func route(t *testing.T, ctx context.Context, hash string) {
	t.Helper()
	webtest.Get(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(`location.hash = %q`, hash)))
}

// photos writes n distinct JPEGs, as a camera would, and their SHA-256s.
func photos(t *testing.T, n int) (files, sums []string) {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		img := image.NewRGBA(image.Rect(0, 0, 64, 48))
		for y := range 48 {
			for x := range 64 {
				img.Set(x, y, color.RGBA{uint8(40 * i), uint8(x * 4), uint8(y * 5), 0xff})
			}
		}
		f := filepath.Join(dir, fmt.Sprintf("IMG_%04d.jpg", i+1))
		w, err := os.Create(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := jpeg.Encode(w, img, nil); err != nil {
			t.Fatal(err)
		}
		_ = w.Close()
		b, _ := os.ReadFile(f)
		sum := sha256.Sum256(b)
		files, sums = append(files, f), append(sums, hex.EncodeToString(sum[:]))
	}
	return files, sums
}

// startInspection opens the plan's vessels in turn until one has a
// checklist that fits it, starts an inspection there and returns its id.
func startInspection(t *testing.T, ctx context.Context, skip map[string]bool) (vessel, inspection string) {
	t.Helper()
	route(t, ctx, "#/plan")
	onScreen(t, ctx, "plan:")
	links := webtest.Get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#plan a')].map(a => a.getAttribute('href'))`))
	for _, l := range links {
		id := strings.TrimPrefix(l, "#/vessel/")
		if skip[id] {
			continue
		}
		route(t, ctx, l)
		onScreen(t, ctx, "vessel:"+id)
		if !webtest.Get(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector('#start')`)) {
			continue
		}
		webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#start")))
		onScreen(t, ctx, "inspection:")
		hash := webtest.Get(t, ctx, chromedp.Evaluate[string](`location.hash`))
		return id, strings.TrimPrefix(hash, "#/inspection/")
	}
	t.Fatal("no vessel of the plan has a checklist that fits it")
	return "", ""
}

// answer taps an answer of the checklist's item i.
func answer(t *testing.T, ctx context.Context, i int, a string) {
	t.Helper()
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`label[for="a-%d-%s"]`, i, a))))
}

// queued is what the phone's store holds in its queue: mutation ids by state.
func queued(t *testing.T, ctx context.Context) map[string][]string {
	t.Helper()
	return webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](`new Promise((resolve, reject) => {
	  const r = indexedDB.open('tindal-field');
	  r.onerror = () => reject(r.error);
	  r.onsuccess = () => {
	    const g = r.result.transaction('queue').objectStore('queue').getAll();
	    g.onsuccess = () => {
	      const out = {};
	      for (const e of g.result) (out[e.state] ??= []).push(e.mutation.id);
	      r.result.close();
	      resolve(out);
	    };
	  };
	})`, chromedp.EvalAwaitPromise))
}

// TestADayWithoutNetwork is the inspector's day: signed in and synced in
// the office, then no network at all: the app reloads from its service
// worker, two boats are inspected (one with three photos from the camera
// and a finding with a fine), the tab is closed and opened again still
// offline with everything there; back in coverage one sync sends it all.
// The server then holds every mutation exactly once, every photo verified
// with the bytes the phone hashed, and the phone shows the server's fines.
func TestADayWithoutNetwork(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)

	// On the jetty: no network. A reload comes back from the service worker.
	net.Cut()
	webtest.Do(t, ctx, chromedp.Reload())
	onScreen(t, ctx, "plan:")
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#plan li")))
	webtest.Shot(t, ctx, "offline-plan")

	// The first boat: three answers, a finding with a fine, three photos; submitted.
	files, sums := photos(t, 3)
	vessel1, insp1 := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	answer(t, ctx, 2, "na")
	webtest.Do(t, ctx, chromedp.SendKeys(chromedp.CSS("#fq"), "01001"))
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#catalogue button")))
	waitFor(t, ctx, `document.querySelectorAll('#recorded li').length === 1`, 10*time.Second)
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), files))
	waitFor(t, ctx, `document.querySelectorAll('#thumbs li').length === 3`, 20*time.Second)
	phoneSums := webtest.Get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#thumbs li')].map(li => li.dataset.sha256)`))
	slices.Sort(phoneSums)
	want := slices.Sorted(slices.Values(sums))
	if !slices.Equal(phoneSums, want) {
		t.Errorf("the phone hashed %v, the files are %v", phoneSums, want)
	}
	webtest.Shot(t, ctx, "offline-inspection")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))

	// The second boat: one answer, submitted.
	_, insp2 := startInspection(t, ctx, map[string]bool{vessel1: true})
	answer(t, ctx, 0, "yes")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	made := queued(t, ctx)
	if len(made["final"]) != 0 || len(made["pending"]) != 12 {
		t.Fatalf("offline, the queue holds %d pending and %d final mutations, want 12 pending (9 + 3)", len(made["pending"]), len(made["final"]))
	}

	// The tab is closed, and opened again, still offline: everything is there.
	if err := chromedp.Cancel(ctx); err != nil {
		t.Fatal(err)
	}
	ctx = webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/field/#/inspection/"+insp1))
	onScreen(t, ctx, "inspection:"+insp1)
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#thumbs li').length`)); n != 3 {
		t.Errorf("reopened offline, the inspection shows %d photos, want 3", n)
	}
	if again := queued(t, ctx); !slices.Equal(slices.Sorted(slices.Values(again["pending"])), slices.Sorted(slices.Values(made["pending"]))) {
		t.Errorf("reopened offline, the queue is %v, want %v", again, made)
	}

	// Back in coverage: one sync sends everything.
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	waitFor(t, ctx, `!document.querySelector('#uploads') && (document.querySelector('#waiting')?.textContent ?? '') === 'Everything is sent.'`,
		90*time.Second)
	sent := queued(t, ctx)
	if len(sent["pending"]) != 0 || len(sent["final"]) != 12 {
		t.Errorf("after the sync the queue holds %v, want 12 final (kept 30 days)", sent)
	}

	// The server: every mutation exactly once, every photo verified with the phone's bytes.
	db := s.DB.SQL
	// Every mutation the server holds for the two inspections is one the
	// phone made, and each of the phone's is there once.
	rows, err := db.QueryContext(t.Context(), `SELECT id::text FROM applied_mutations WHERE aggregate_id IN ($1, $2) ORDER BY id`, insp1, insp2)
	if err != nil {
		t.Fatal(err)
	}
	var applied []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		applied = append(applied, id)
	}
	_ = rows.Close()
	if mine := slices.Sorted(slices.Values(made["pending"])); !slices.Equal(applied, mine) {
		t.Errorf("the server applied %v, the phone made %v: each once", applied, mine)
	}
	rows, err = db.QueryContext(t.Context(), `SELECT sha256, state FROM photos WHERE inspection_id = $1 ORDER BY sha256`, insp1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var sum, state string
		if err := rows.Scan(&sum, &state); err != nil {
			t.Fatal(err)
		}
		if state != "verified" {
			t.Errorf("photo %s is %s, want verified", sum, state)
		}
		got = append(got, sum)
	}
	_ = rows.Close()
	if !slices.Equal(got, want) {
		t.Errorf("the server holds photos %v, the phone hashed %v", got, want)
	}
	var status1, status2 string
	_ = db.QueryRowContext(t.Context(), `SELECT status FROM inspections WHERE id = $1`, insp1).Scan(&status1)
	_ = db.QueryRowContext(t.Context(), `SELECT status FROM inspections WHERE id = $1`, insp2).Scan(&status2)
	if status1 != "submitted" || status2 != "submitted" {
		t.Errorf("inspections are %q and %q, want both submitted", status1, status2)
	}

	// The phone shows what the server computed: the fines.
	var fines int
	if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM penalties WHERE inspection_id = $1`, insp1).Scan(&fines); err != nil {
		t.Fatal(err)
	}
	if fines == 0 {
		t.Fatal("the server computed no fine for finding 01001")
	}
	route(t, ctx, "#/inspection/"+insp1)
	onScreen(t, ctx, "inspection:"+insp1)
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#fines li').length`)); n != fines {
		t.Errorf("the phone shows %d fines, the server computed %d", n, fines)
	}
	webtest.Shot(t, ctx, "synced-inspection")
}
