package field_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/web/webtest"
)

// TestAPrivateWindowWithoutIndexedDBRefusesCapture: a browser that cannot
// keep data (a private window whose IndexedDB refuses to open, as some
// browsers' private modes do) gets the app's message and nothing else: no
// sign-in, no navigation, no vessel's card and so no inspection, so
// nothing is captured that closing the window would lose.
func TestAPrivateWindowWithoutIndexedDBRefusesCapture(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `IDBFactory.prototype.open = function () {
		  throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
		};`,
	}); err != nil {
		t.Fatal(err)
	}
	var vessel string
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT id::text FROM vessels ORDER BY id LIMIT 1`).Scan(&vessel); err != nil {
		t.Fatal(err)
	}
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/field/#/vessel/"+vessel))
	unsupported := messages(t, "en")["field.storage.unsupported"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#notices #storage')?.textContent === %q`, unsupported), 30*time.Second)
	route(t, ctx, "#/plan")
	route(t, ctx, "#/vessel/"+vessel)
	// Nothing to tap but the language: no form, no link, no start.
	shown := webtest.Get(t, ctx, chromedp.Evaluate[string](`[
	  document.querySelector('#main').dataset.screen ?? 'none',
	  document.querySelectorAll('#main *').length,
	  document.querySelectorAll('#nav a, #nav button').length,
	  !!document.querySelector('#start, #signin, #email'),
	].join(' ')`))
	if shown != "none 0 0 false" {
		t.Errorf("without IndexedDB the app shows (screen, elements, navigation, a form or start) %q, want only its message", shown)
	}
	// The language still changes, and the message follows it.
	setLang(t, ctx, "kn")
	kn := messages(t, "kn")["field.storage.unsupported"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#notices #storage')?.textContent === %q`, kn), 10*time.Second)
	webtest.Shot(t, ctx, "no-indexeddb")
}

// clock is the sign-in service's clock, which a test moves forward: the
// phone's tokens age while it is offline, as on a jetty for weeks.
type clock struct {
	mu    stdsync.Mutex
	ahead time.Duration
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *clock) Skip(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += d
}

// signInAgain fills the sign-in screen the app shows.
func signInAgain(t *testing.T, ctx context.Context) {
	t.Helper()
	onScreen(t, ctx, "signin:")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#email"), inspector),
		chromedp.SendKeys(chromedp.CSS("#password"), webtest.DemoPassword),
		chromedp.Click(chromedp.CSS("#signin button")))
}

// appliedOnce checks that the server holds each of the phone's mutations
// of an inspection exactly once, and the inspection submitted.
func appliedOnce(t *testing.T, s *webtest.Server, insp string, made []string) {
	t.Helper()
	rows, err := s.DB.SQL.QueryContext(t.Context(), `SELECT id::text FROM applied_mutations WHERE aggregate_id = $1 ORDER BY id`, insp)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	_ = rows.Close()
	if want := slices.Sorted(slices.Values(made)); !slices.Equal(ids, want) {
		t.Errorf("the server holds %v, the phone made %v: each once", ids, want)
	}
	var status string
	_ = s.DB.SQL.QueryRowContext(t.Context(), `SELECT status FROM inspections WHERE id = $1`, insp).Scan(&status)
	if status != "submitted" {
		t.Errorf("the inspection is %q, want submitted", status)
	}
}

// allFinal is true in the page when every mutation of the phone's queue
// has the server's final answer.
const allFinal = `new Promise(resolve => {
  const r = indexedDB.open('tindal-field');
  r.onsuccess = () => {
    const g = r.result.transaction('queue').objectStore('queue').getAll();
    g.onsuccess = () => { r.result.close(); resolve(g.result.length > 0 && g.result.every(e => e.state === 'final')); };
  };
})`

// TestAnExpiredSessionNeverBlocksCapture: signed in online, then offline
// for longer than the tokens live (the sign-in service's clock moved 31
// days: the access token's 15 minutes and the refresh token's 30 days are
// both over). Capture goes on without the network or a token; back in
// coverage the refresh is refused, the app asks for a sign-in and keeps
// the queue; signed in again, every mutation is applied once.
func TestAnExpiredSessionNeverBlocksCapture(t *testing.T) {
	t.Parallel()
	var c clock
	s := webtest.NewServer(t, webtest.Options{Auth: func(o *auth.Options) { o.Clock = c.Now }})
	net := newLink(t, s.URL)
	ctx := signIn(t, net.URL)
	waitFor(t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)

	net.Cut()
	c.Skip(31 * 24 * time.Hour)
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	made := queued(t, ctx)["pending"]
	if len(made) != 4 {
		t.Fatalf("captured offline with an expired session: %d mutations queued, want 4", len(made))
	}

	// Coverage again: the push is refused (401), so is the refresh; the
	// app asks for a sign-in and keeps everything.
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	onScreen(t, ctx, "signin:")
	again := messages(t, "en")["field.signin.again"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#signin-msg')?.textContent === %q`, again), 10*time.Second)
	if q := queued(t, ctx); len(q["pending"]) != 4 || len(q["final"]) != 0 {
		t.Fatalf("asked to sign in again, the phone's queue is %v, want the 4 pending", q)
	}
	var n int
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT count(*) FROM applied_mutations WHERE aggregate_id = $1`, insp).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("the server applied %d mutations of an expired session, want none", n)
	}

	signInAgain(t, ctx)
	waitFor(t, ctx, allFinal, 60*time.Second)
	appliedOnce(t, s, insp, made)
}

// TestSigningOutWithUnsentWorkWarnsAndKeepsIt: work queued offline (an
// inspection with a photo), then "Sign out": the app warns with the
// number of unsent changes; cancelled, nothing happens; confirmed, the
// tokens are wiped and the queue and the photo's bytes stay on the phone.
// Signed in again (the same inspector), everything is pushed and applied
// once and the photo verified with the phone's hash.
func TestSigningOutWithUnsentWorkWarnsAndKeepsIt(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)
	dialogs := make(chan string, 4)
	if err := chromedp.Listen(ctx, func(ev any) {
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			dialogs <- d.Message
		}
	}); err != nil {
		t.Fatal(err)
	}
	// signOut taps "Sign out" and answers the warning.
	signOut := func(confirm bool) string {
		t.Helper()
		webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#signout")))
		var msg string
		select {
		case msg = <-dialogs:
		case <-ctx.Done():
			t.Fatal("no warning at sign-out")
		}
		if _, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: confirm}); err != nil {
			t.Fatal(err)
		}
		return msg
	}
	const session = `new Promise(resolve => {
	  const r = indexedDB.open('tindal-field');
	  r.onsuccess = () => {
	    const g = r.result.transaction('meta').objectStore('meta').get('session');
	    g.onsuccess = () => { r.result.close(); resolve(g.result?.refresh ?? ''); };
	  };
	})`
	refresh := webtest.Get(t, ctx, chromedp.Evaluate[string](session, chromedp.EvalAwaitPromise))
	if refresh == "" {
		t.Fatal("signed in, the phone holds no refresh token")
	}

	net.Cut()
	files, sums := photos(t, 1)
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), files))
	waitFor(t, ctx, `document.querySelectorAll('#thumbs li').length === 1`, 20*time.Second)
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	before := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if len(before["pending"]) != 4 || len(before["photos"]) != 1 {
		t.Fatalf("offline, the phone holds %v, want 4 pending mutations and a photo", before)
	}

	want := strings.ReplaceAll(messages(t, "en")["field.signout.confirm"], "{{.Count}}", strconv.Itoa(len(before["pending"])))
	if msg := signOut(false); msg != want {
		t.Errorf("the sign-out warning says %q, want %q", msg, want)
	}
	if got := webtest.Get(t, ctx, chromedp.Evaluate[string](session, chromedp.EvalAwaitPromise)); got != refresh {
		t.Fatal("a cancelled sign-out ended the session")
	}
	signOut(true)
	onScreen(t, ctx, "signin:")
	if got := webtest.Get(t, ctx, chromedp.Evaluate[string](session, chromedp.EvalAwaitPromise)); got != "" {
		t.Error("signed out, the phone still holds the refresh token")
	}
	after := webtest.Get(t, ctx, chromedp.Evaluate[map[string][]string](held, chromedp.EvalAwaitPromise))
	if !slices.Equal(after["pending"], before["pending"]) || !slices.Equal(after["photos"], before["photos"]) {
		t.Fatalf("signed out, the phone holds %v, want what it held before %v", after, before)
	}

	net.Restore()
	signInAgain(t, ctx)
	onScreen(t, ctx, "plan:") // the sign-in's sync is over
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	done := messages(t, "en")["field.sync.done"]
	waitFor(t, ctx, fmt.Sprintf(`!document.querySelector('#uploads') && document.querySelector('#waiting')?.textContent === %q`, done), 60*time.Second)
	appliedOnce(t, s, insp, before["pending"])
	var sum, state string
	if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT sha256, state FROM photos WHERE inspection_id = $1`, insp).Scan(&sum, &state); err != nil {
		t.Fatal(err)
	}
	if sum != sums[0] || state != "verified" {
		t.Errorf("the server holds the photo %s %s, want %s verified", sum, state, sums[0])
	}
}
