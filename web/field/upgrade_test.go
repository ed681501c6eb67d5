package field_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/field"
	"github.com/tindal/tindal/web/webtest"
)

// toVersion1 rewrites the phone's database as version 1 of the app left
// it (migration 1's stores, no later migration), holding what it held:
// the queue, the photos' bytes, the session. Run in a page of the origin
// that is not the app, so no tab holds the database open.
const toVersion1 = `(async () => {
  const done = r => new Promise((ok, fail) => { r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); r.onblocked = () => fail(new Error('blocked')); });
  const db = await done(indexedDB.open('tindal-field'));
  const names = [...db.objectStoreNames];
  const t = db.transaction(names);
  const rows = {}, keys = {};
  for (const n of names) { rows[n] = done(t.objectStore(n).getAll()); keys[n] = done(t.objectStore(n).getAllKeys()); }
  for (const n of names) { rows[n] = await rows[n]; keys[n] = await keys[n]; }
  db.close();
  // The bytes, out of the database that is about to go.
  for (const p of rows.photos) p.blob = new Blob([await p.blob.arrayBuffer()], { type: p.blob.type });
  await done(indexedDB.deleteDatabase('tindal-field'));
  const open = indexedDB.open('tindal-field', 1);
  open.onupgradeneeded = () => { // migration 1, as shipped
    const d = open.result;
    d.createObjectStore('meta');
    d.createObjectStore('records', { keyPath: ['type', 'id'] }).createIndex('type', 'type');
    d.createObjectStore('staging', { keyPath: ['type', 'id'] });
    d.createObjectStore('queue', { keyPath: 'seq' }).createIndex('aggregate', 'aggregate');
    d.createObjectStore('photos', { keyPath: 'id' });
  };
  const v1 = await done(open);
  const w = v1.transaction(names, 'readwrite');
  for (const n of names) rows[n].forEach((v, i) => n === 'meta' ? w.objectStore(n).put(v, keys[n][i]) : w.objectStore(n).put(v));
  await new Promise((ok, fail) => { w.oncomplete = ok; w.onabort = () => fail(w.error); });
  const out = v1.version + ' ' + [...v1.transaction('photos').objectStore('photos').indexNames].length;
  v1.close();
  return out;
})()`

// held is what the phone's database holds: its version, the queue's
// mutation ids by state, and each photo as "sha256 size bytes-read".
const held = `(async () => {
  const done = r => new Promise((ok, fail) => { r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
  const db = await done(indexedDB.open('tindal-field'));
  const t = db.transaction(['queue', 'photos']);
  const q = await done(t.objectStore('queue').getAll());
  const ph = await done(t.objectStore('photos').getAll());
  const out = { version: [String(db.version)], pending: [], final: [], photos: [] };
  for (const e of q) out[e.state].push(e.mutation.id);
  for (const p of ph) out.photos.push(p.sha256 + ' ' + p.size + ' ' + (await p.blob.arrayBuffer()).byteLength);
  db.close();
  return out;
})()`

// bundleProxy stands between the phone's link and the server: it can serve
// another build of the app (version N+1) in place of the server's, and
// keep the API out of reach while the pages still load.
type bundleProxy struct {
	URL   string
	mu    stdsync.Mutex
	next  map[string][]byte // /field/<name> → the other build's bytes
	noAPI bool
	// pushed is every push body the proxy let through to the server: what
	// reached it, as opposed to what the link carried while the API was
	// out of reach.
	pushed []byte
}

func newBundleProxy(t *testing.T, server string) *bundleProxy {
	t.Helper()
	target, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	p := &bundleProxy{}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = func(res *http.Response) error {
		p.mu.Lock()
		b, ok := p.next[res.Request.URL.Path]
		p.mu.Unlock()
		if ok && res.StatusCode == http.StatusOK {
			_ = res.Body.Close()
			res.Body = io.NopCloser(bytes.NewReader(b))
			res.ContentLength = int64(len(b))
			res.Header.Set("Content-Length", strconv.Itoa(len(b)))
		}
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		noAPI := p.noAPI
		p.mu.Unlock()
		if noAPI && strings.HasPrefix(r.URL.Path, "/v1/") {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				_ = c.Close() // no answer at all, as out of coverage
			}
			return
		}
		if r.URL.Path == "/v1/sync/push" {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				return // the link was cut mid-body: nothing reached the server
			}
			p.mu.Lock()
			p.pushed = append(p.pushed, body...)
			p.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// Serve makes the proxy serve the build files (name → bytes) under /field/.
func (p *bundleProxy) Serve(files map[string][]byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next = map[string][]byte{}
	for name, b := range files {
		p.next["/field/"+name] = b
		if name == "index.html" {
			p.next["/field/"] = b
		}
	}
}

// Pushed counts how often s went to the server in a push.
func (p *bundleProxy) Pushed(s string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return bytes.Count(p.pushed, []byte(s))
}

// APIDown keeps /v1 out of reach (or gives it back).
func (p *bundleProxy) APIDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.noAPI = down
}

// nextBuild is version N+1 of the built app: the committed build with a
// third migration of the phone's database (an index of the queue by state)
// and a service worker of another version (its own cache), as the next
// release of the app would be.
func nextBuild(t *testing.T) (files map[string][]byte, cache string) {
	t.Helper()
	app, err := fs.ReadFile(field.Files(), "app.js")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := fs.ReadFile(field.Files(), "sw.js")
	if err != nil {
		t.Fatal(err)
	}
	last := `createIndex("inspection","inspection")}]`
	if bytes.Count(app, []byte(last)) != 1 {
		t.Fatalf("the built app.js has no single migration 2 (%q) to append a migration to", last)
	}
	app = bytes.Replace(app, []byte(last), []byte(`createIndex("inspection","inspection")},(e,t)=>{t.objectStore("queue").createIndex("state","state")}]`), 1)
	old := regexp.MustCompile(`tindal-field-[0-9a-f]{16}`).Find(sw)
	if old == nil {
		t.Fatal("the built sw.js names no versioned cache")
	}
	cache = string(old) + "-next"
	return map[string][]byte{"app.js": app, "sw.js": bytes.Replace(sw, old, []byte(cache), 1)}, cache
}

// TestAQueueCrossesASchemaUpgrade: work queued offline by version N of the
// app (mutations and a photo's bytes, in a database of schema version 1)
// crosses a real service-worker update: the server now serves version N+1,
// whose database has a migration more; the browser installs its worker,
// the app offers it, the person takes it and the page reloads into N+1,
// all with the API out of reach. Every mutation and the photo's bytes are
// still there under schema version 3, and back in coverage each mutation
// crosses the network once, is applied once, and the photo is verified
// with the hash the phone computed.
func TestAQueueCrossesASchemaUpgrade(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	proxy := newBundleProxy(t, s.URL)
	net := newLink(t, proxy.URL)
	ctx := signIn(t, net.URL)
	waitFor(t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	net.Cut()
	files, sums := photos(t, 1)
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), files))
	waitFor(t, ctx, `document.querySelectorAll('#thumbs li').length === 1`, 20*time.Second)
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	before := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	made := slices.Sorted(slices.Values(before["pending"]))
	if len(made) != 5 || len(before["photos"]) != 1 {
		t.Fatalf("offline, the phone holds %v, want 5 pending mutations and a photo", before)
	}

	// Version 1's database: written in a page of the origin the app does
	// not run in (outside /field/), so nothing syncs meanwhile.
	proxy.APIDown(true) // from here until the update is done, nothing is pushed
	net.Restore()
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/not-the-app"))
	if got := webtest.Get(t, ctx, chromedp.Evaluate[string](toVersion1, chromedp.EvalAwaitPromise)); got != "1 0" {
		t.Fatalf("the database was rewritten as %q, want version 1 with no index on photos", got)
	}

	// The server serves version N+1. The app opens (version N, from its
	// worker's cache, upgrading the database to 2); the browser finds the
	// new worker, installs it, and the app offers it.
	next, cache := nextBuild(t)
	proxy.Serve(next)
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/field/#/inspection/"+insp))
	onScreen(t, ctx, "inspection:"+insp)
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#update-now")))
	webtest.Get(t, ctx, chromedp.Evaluate[bool](`window.versionN = true`))
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#update-now")))
	// The page reloads into N+1: until it has, the page may be detached.
	reloaded := fmt.Sprintf(`window.versionN === undefined && document.querySelector('#main')?.dataset.screen === %q`, "inspection:"+insp)
	for deadline := time.Now().Add(60 * time.Second); ; {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](reloaded, chromedp.WithPollingTimeout(5*time.Second))); err == nil {
			break
		} else if time.Now().After(deadline) {
			waitFor(t, ctx, reloaded, time.Second) // fails with what the screen shows
		}
	}
	caches := webtest.Get(t, ctx, chromedp.Evaluate[[]string](`caches.keys()`, chromedp.EvalAwaitPromise))
	if !slices.Equal(caches, []string{cache}) {
		t.Errorf("after the update the caches are %v, want only the new version's %s", caches, cache)
	}
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#thumbs li').length`)); n != 1 {
		t.Errorf("after the update the inspection shows %d photos, want 1", n)
	}
	after := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if v := fmt.Sprint(after["version"]); v != "[3]" {
		t.Errorf("version N+1 opened the database at version %s, want 3 (its migration ran)", v)
	}
	if !slices.Equal(slices.Sorted(slices.Values(after["pending"])), made) || len(after["final"]) != 0 {
		t.Fatalf("after the update the queue is pending %v final %v, want pending %v", after["pending"], after["final"], made)
	}
	if !slices.Equal(after["photos"], before["photos"]) {
		t.Fatalf("after the update the photos are %v, want %v (bytes and all)", after["photos"], before["photos"])
	}
	var answered int
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT count(*) FROM applied_mutations WHERE aggregate_id = $1`, insp).Scan(&answered); err != nil {
		t.Fatal(err)
	}
	if answered != 0 {
		t.Fatalf("the server applied %d mutations before the update was done, want none (the API was out of reach)", answered)
	}
	// Back in coverage. The app may push on its own the moment the API is
	// back, before the sync below is pressed: what counts is what reached
	// the server (the proxy's record), not what the link carried while the
	// API was out of reach.
	proxy.APIDown(false)
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	waitFor(t, ctx, `!document.querySelector('#uploads') && (document.querySelector('#waiting')?.textContent ?? '') === 'Everything is sent.'`,
		90*time.Second)
	for _, id := range made {
		if n := proxy.Pushed(id); n != 1 {
			t.Errorf("mutation %s reached the server %d times, want once", id, n)
		}
	}
	rows, err := s.DB.SQL.QueryContext(t.Context(), `SELECT id::text FROM applied_mutations WHERE aggregate_id = $1 ORDER BY id`, insp)
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
	if !slices.Equal(applied, made) {
		t.Errorf("the server applied %v, the phone made %v: each once", applied, made)
	}
	var sum, state string
	var n int
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT count(*), min(sha256), min(state) FROM photos WHERE inspection_id = $1`, insp).Scan(&n, &sum, &state); err != nil {
		t.Fatal(err)
	}
	if n != 1 || sum != sums[0] || state != "verified" {
		t.Errorf("the server holds %d photos (%s, %s), want one verified with the phone's hash %s", n, sum, state, sums[0])
	}
}
