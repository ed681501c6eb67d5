package field_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestAPushWhoseAnswerIsLostAppliesOnce: the server applies a push and
// its answer never reaches the phone (a server killed after its commit, a
// link that drops at that moment). The phone keeps every mutation pending,
// says it could not reach the office, and its next sync sends them again:
// the server answers replayed and holds each exactly once.
func TestAPushWhoseAnswerIsLostAppliesOnce(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)
	net.Cut()
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	answer(t, ctx, 1, "no")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))
	made := slices.Sorted(slices.Values(queued(t, ctx)["pending"]))
	if len(made) != 4 {
		t.Fatalf("queued %v, want 4 mutations", made)
	}

	net.LoseAnswers(true)
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	var applied int
	for range 60 { // the server applies the push; its answer is lost on the way back
		if err := s.DB.SQL.QueryRowContext(t.Context(), `SELECT count(*) FROM applied_mutations WHERE aggregate_id = $1`, insp).Scan(&applied); err != nil {
			t.Fatal(err)
		}
		if applied == 4 {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if applied != 4 {
		t.Fatalf("the server applied %d of the lost push's mutations, want all 4 (the answer, not the push, was lost)", applied)
	}
	failed := messages(t, "en")["field.sync.failed"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#notices #sync')?.textContent === %q`, failed), 60*time.Second)
	if q := queued(t, ctx); len(q["pending"]) != 4 {
		t.Fatalf("after a lost answer the queue is %v, want the 4 still pending", q)
	}

	net.LoseAnswers(false)
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	done := messages(t, "en")["field.sync.done"]
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#waiting')?.textContent === %q`, done), 60*time.Second)
	statuses := webtest.Get(t, ctx, chromedp.Evaluate[[]string](`new Promise(resolve => {
	  const r = indexedDB.open('tindal-field');
	  r.onsuccess = () => {
	    const g = r.result.transaction('queue').objectStore('queue').getAll();
	    g.onsuccess = () => { r.result.close(); resolve(g.result.map(e => e.result.status + '/' + (e.result.outcome?.status ?? ''))); };
	  };
	})`, chromedp.EvalAwaitPromise))
	for _, st := range statuses {
		if st != "replayed/applied" {
			t.Errorf("a resent mutation answered %s, want replayed (applied the first time)", st)
		}
	}
	rows, err := s.DB.SQL.QueryContext(t.Context(), `SELECT id::text FROM applied_mutations WHERE aggregate_id = $1 ORDER BY id`, insp)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	_ = rows.Close()
	if !slices.Equal(ids, made) {
		t.Errorf("the server holds %v, the phone made %v: each once", ids, made)
	}
}
