package field_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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

// TestAQueueCrossesASchemaUpgrade: work queued offline by version 1 of
// the app's database (mutations and a photo's bytes) is opened, still
// offline, by the app whose schema has a migration more (as after a
// service-worker update): the upgrade keeps every mutation and the photo,
// and back in coverage each mutation crosses the network once, is applied
// once, and the photo is verified with the hash the phone computed.
func TestAQueueCrossesASchemaUpgrade(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)
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
	net.Restore()
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/not-the-app"))
	if got := webtest.Get(t, ctx, chromedp.Evaluate[string](toVersion1, chromedp.EvalAwaitPromise)); got != "1 0" {
		t.Fatalf("the database was rewritten as %q, want version 1 with no index on photos", got)
	}
	net.Cut()

	// The new version of the app opens it, offline: the upgrade ran and kept everything.
	webtest.Do(t, ctx, chromedp.Navigate(net.URL+"/field/#/inspection/"+insp))
	onScreen(t, ctx, "inspection:"+insp)
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#thumbs li').length`)); n != 1 {
		t.Errorf("after the upgrade the inspection shows %d photos, want 1", n)
	}
	after := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if v := fmt.Sprint(after["version"]); v != "[2]" {
		t.Errorf("the app opened the database at version %s, want 2 (the upgrade)", v)
	}
	if !slices.Equal(slices.Sorted(slices.Values(after["pending"])), made) || len(after["final"]) != 0 {
		t.Fatalf("after the upgrade the queue is pending %v final %v, want pending %v", after["pending"], after["final"], made)
	}
	if !slices.Equal(after["photos"], before["photos"]) {
		t.Fatalf("after the upgrade the photos are %v, want %v (bytes and all)", after["photos"], before["photos"])
	}

	// Back in coverage: one sync.
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	waitFor(t, ctx, `!document.querySelector('#uploads') && (document.querySelector('#waiting')?.textContent ?? '') === 'Everything is sent.'`,
		90*time.Second)
	for _, id := range made {
		if n := net.Sent(id); n != 1 {
			t.Errorf("mutation %s crossed the network %d times, want once", id, n)
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
