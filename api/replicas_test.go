package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
)

// TestReplicasKeepTheSyncProtocol runs three complete servers over one
// database and one bucket (docs/SCALING.md §5) and checks that the sync
// protocol holds across them:
//
//   - devices push concurrently through different replicas, resend a batch
//     to another replica after a lost answer, send one batch to two replicas
//     at once, and replay it from a second device of the same user: every
//     mutation is applied exactly once (one "applied" among all its answers,
//     the rest "replayed", "retry" or 409 push_in_progress with Retry-After;
//     one applied_mutations row; no effect audited twice; the replicas'
//     own counters add up to the table);
//   - pullers whose pages go to a different replica each time, polling while
//     the writers run, are served every change row of their scope exactly
//     once, page after page, with no gap and nothing out of order, compared
//     at the end with change_log itself; versions never go back and end at
//     the database's; acked_seq read on one replica covers pushes answered
//     by the others;
//   - mutations deferred on replica A because their inspection is unknown
//     are applied by replica B's backlog worker once the inspection is
//     created through B (sweeps are off, so no other path can have drained
//     them), and applied once when B's worker and the sweeps of A and C
//     race for them;
//   - a photo attached by a push through one replica is uploaded through a
//     second and downloaded with a URL the third presigned.
func TestReplicasKeepTheSyncProtocol(t *testing.T) {
	c := newCluster(t, 3)
	c.addInspectors("inspector2", "inspector3")
	rA, rB, rC := c.replicas[0], c.replicas[1], c.replicas[2]
	w0, w0b := c.login(rA, "inspector", "phone-0"), c.login(rB, "inspector", "phone-0-restored")
	w1, w2 := c.login(rB, "inspector2", "phone-1"), c.login(rC, "inspector3", "phone-2")
	x := c.login(rA, "inspector3", "phone-2-second")
	var pullers []*puller
	for i, label := range []string{"admin", "supervisor", "owner"} {
		p := &puller{d: c.login(c.replicas[i], label, "desk-"+label), first: i}
		c.initialSync(p)
		pullers = append(pullers, p)
	}
	stop := make(chan struct{})
	var polling stdsync.WaitGroup
	for _, p := range pullers {
		polling.Add(1)
		go func() { defer polling.Done(); c.poll(p, stop) }()
	}
	stopPolling := stdsync.OnceFunc(func() { close(stop); polling.Wait() })
	defer stopPolling() // a fatal step below must not leave pullers running

	l := newLedger()
	writers := []struct {
		d, mirror *installation
		w         *offlineWork
	}{
		{w0, w0b, c.session(1, 3, nil)},
		{w1, nil, c.session(1, 3, fixture(t, "gps_karwar.jpg"))},
		{w2, nil, c.session(1, 3, nil)},
	}
	var writing stdsync.WaitGroup
	for i, j := range writers {
		writing.Add(1)
		go func() { defer writing.Done(); c.runDevice(j.d, j.mirror, j.w.ms, i, l) }()
	}
	writing.Wait()
	c.photoAcrossReplicas(writers[1].d, writers[1].w, l)
	drained := c.backlogAcrossReplicas(x, w2, len(writers[2].w.ms)+1, l)
	swept := c.sweepsAcrossReplicas(x, w2, len(writers[2].w.ms)+2, l)

	stopPolling()
	if t.Failed() {
		t.FailNow()
	}
	all := []*offlineWork{writers[0].w, writers[1].w, writers[2].w, drained, swept}
	c.checkExactlyOnce(all, l)
	rows := make([]int, len(pullers))
	for i, p := range pullers {
		rows[i] = c.checkPuller(p)
	}
	for d, want := range map[*installation]int{w0: len(writers[0].w.ms), w1: len(writers[1].w.ms), w2: len(writers[2].w.ms) + 2, x: 4} {
		if got := c.ackedSeq(rC, d); got != int64(want) {
			t.Errorf("%s: a pull on replica C reports acked_seq %d, want %d (its last pushed seq)", d.label, got, want)
		}
	}
	t.Logf("pushes %d (409 push_in_progress %d); results %v; admin, supervisor, owner: %v change rows in %d, %d, %d pages",
		l.pushes, l.busy, l.tally(), rows, len(pullers[0].pages), len(pullers[1].pages), len(pullers[2].pages))
}

// addInspectors creates more inspectors of Karwar.
func (c *cluster) addInspectors(labels ...string) {
	for _, label := range labels {
		_, err := c.auth.CreateUser(c.t.Context(), storage.Actor{}, auth.NewUser{Email: label + "@test.tindal", Name: label,
			Role: models.RoleInspector, Password: testPassword, Jurisdictions: []uuid.UUID{c.ids["KARWAR"]}, AssignedFrom: assignedLongAgo})
		c.must(err)
	}
}

// wireMutation is a mutation as the phone sends it.
type wireMutation struct {
	ID          uuid.UUID      `json:"id"`
	Seq         int            `json:"seq"`
	Name        string         `json:"name"`
	Version     int            `json:"version"`
	Args        map[string]any `json:"args"`
	BaseVersion int64          `json:"base_version"`
	CapturedAt  string         `json:"captured_at"`
}

// offlineWork is one device's queue and what it should create.
type offlineWork struct {
	ms          []wireMutation
	inspections []uuid.UUID
	answers     int // per inspection
	findings    []uuid.UUID
	photo       uuid.UUID
	photoData   []byte
}

// session is an offline stretch on the Karwar vessel: n inspections, each
// started, answered on six items, given two findings (penalised ones, so
// pushes meet on the owner's penalty chain) and submitted; the first gets
// a photo when photoData is given. Seqs count from seq0.
func (c *cluster) session(seq0, n int, photoData []byte) *offlineWork {
	tpl := checklist.TemplateID("ka-form2-annex", 1)
	var items []string
	for _, x := range checklist.Templates() {
		if x.ID == tpl {
			for _, it := range x.Items[:6] {
				items = append(items, it.ID)
			}
		}
	}
	w := &offlineWork{answers: len(items), photoData: photoData}
	at := time.Now().Add(-10 * time.Minute).UTC()
	add := func(name string, args map[string]any) {
		w.ms = append(w.ms, wireMutation{ID: uuid.Must(uuid.NewV7()), Seq: seq0 + len(w.ms), Name: name, Version: 1, Args: args, BaseVersion: 1,
			CapturedAt: at.Add(time.Duration(len(w.ms)) * time.Second).Format(time.RFC3339Nano)})
	}
	codes := [][2]string{{"11004", "07003"}, {"10008", "11002"}, {"14001", "20001"}}
	for k := range n {
		id := uuid.Must(uuid.NewV7())
		w.inspections = append(w.inspections, id)
		add("inspection.start", map[string]any{"id": id, "vessel_id": c.ids["vessel-KARWAR"], "template_id": tpl, "kind": "routine"})
		for i, item := range items {
			add("inspection.answer", map[string]any{"inspection_id": id, "item_id": item, "answer": []string{"yes", "no", "na"}[i%3]})
		}
		for _, code := range codes[k%len(codes)] {
			f := uuid.Must(uuid.NewV7())
			w.findings = append(w.findings, f)
			add("finding.record", map[string]any{"id": f, "inspection_id": id, "code": code, "note": "found on board"})
		}
		if k == 0 && photoData != nil {
			w.photo = uuid.Must(uuid.NewV7())
			add("photo.attach", map[string]any{"id": w.photo, "inspection_id": id, "sha256": hexSum(photoData),
				"size": len(photoData), "content_type": "image/jpeg"})
		}
		add("inspection.submit", map[string]any{"inspection_id": id})
	}
	return w
}

// runDevice pushes a device's queue in batches of 7, rotating replicas.
// Every third batch (not the last) reaches two replicas at the same time
// from the device — a resend after a timeout while the first push still
// runs — and a third replica from mirror, another device of the same user
// (a phone restored from a backup). The batch after it is pushed, its
// answer lost, and the whole batch resent to the next replica.
func (c *cluster) runDevice(d, mirror *installation, ms []wireMutation, first int, l *pushLedger) {
	n := len(c.replicas)
	batches := slices.Collect(slices.Chunk(ms, 7))
	for b, batch := range batches {
		at := first + b
		switch {
		case b%3 == 0 && b < len(batches)-1:
			var wg stdsync.WaitGroup
			var left [2][]wireMutation
			for k := range 2 {
				wg.Add(1)
				go func() { defer wg.Done(); left[k], _ = c.push(c.replicas[(at+k)%n], d, batch, l) }()
			}
			if mirror != nil {
				wg.Add(1)
				go func() { defer wg.Done(); c.pushUntilFinal(at+2, mirror, batch, l) }()
			}
			wg.Wait()
			var both []wireMutation // without a final result from either replica
			for _, m := range left[0] {
				if slices.ContainsFunc(left[1], func(o wireMutation) bool { return o.ID == m.ID }) {
					both = append(both, m)
				}
			}
			c.pushUntilFinal(at+2, d, both, l)
		case b%3 == 1:
			c.push(c.replicas[at%n], d, batch, l) // the answer is lost on the way back
			c.pushUntilFinal(at+1, d, batch, l)
		default:
			c.pushUntilFinal(at, d, batch, l)
		}
	}
}

// photoAcrossReplicas uploads the bytes of the photo attached by a push
// through a replica other than the one that applied the attach, and
// downloads them through the presigned URL a third replica hands out.
// It waits (bounded) for a replica's photo worker to finish the
// thumbnails, so that every write is over before the pullers stop.
func (c *cluster) photoAcrossReplicas(d *installation, w *offlineWork, l *pushLedger) {
	t := c.t
	attach := w.ms[slices.IndexFunc(w.ms, func(m wireMutation) bool { return m.Name == "photo.attach" })]
	by := slices.IndexFunc(c.replicas, func(r *replica) bool { return r.name == l.appliedBy[attach.ID] })
	if by < 0 {
		t.Fatalf("photo.attach: no replica answered applied")
	}
	up, down := c.replicas[(by+1)%3], c.replicas[(by+2)%3]
	res := c.send(up, "PUT", "/v1/photos/"+w.photo.String()+"/content", d, w.photoData)
	if res.status != 200 || res.json()["state"] != "verified" {
		t.Fatalf("content PUT on %s: %d %s", up.name, res.status, res.body)
	}
	res = c.send(down, "GET", "/v1/photos/"+w.photo.String(), d, nil)
	var view struct {
		URLs struct {
			Original struct{ URL string } `json:"original"`
		} `json:"urls"`
	}
	c.must(json.Unmarshal(res.body, &view))
	got, err := c.client.Get(view.URLs.Original.URL)
	c.must(err)
	defer got.Body.Close()
	body, err := io.ReadAll(got.Body)
	c.must(err)
	if got.StatusCode != 200 || string(body) != string(w.photoData) {
		t.Fatalf("original through %s's presigned URL: %d, %d bytes", down.name, got.StatusCode, len(body))
	}
	c.await("the photo's thumbnails", `SELECT count(*) FROM photos WHERE id = ? AND thumb_state IN ('done', 'failed')`, 1, w.photo)
}

// backlogAcrossReplicas: x, a second phone of w's user, pushes an answer
// and a finding on an inspection it has not got yet through replica A;
// both wait in the backlog. w then starts the inspection through replica
// B. B's backlog worker, woken by B's own push, must apply them: the
// periodic sweep is off on every replica and x does not push again until
// they are applied, so B's queue is the only path. A's applied counter
// must not move; B's moves by three (the start and the two drained).
func (c *cluster) backlogAcrossReplicas(x, w *installation, seq int, l *pushLedger) *offlineWork {
	rA, rB := c.replicas[0], c.replicas[1]
	o := c.orphans(1, seq)
	appliedA, appliedB := rA.counter(tsync.StatusApplied), rB.counter(tsync.StatusApplied)
	c.deferOn(rA, x, o, l)
	c.pushUntilFinal(1, w, o.ms[:1], l)
	c.awaitDrained(o)
	if dA, dB := rA.counter(tsync.StatusApplied)-appliedA, rB.counter(tsync.StatusApplied)-appliedB; dA != 0 || dB != 3 || l.appliedBy[o.ms[0].ID] != "B" {
		c.t.Errorf("applied on A %v, on B %v (start applied by %q): want the start and the two drained, all on B", dA, dB, l.appliedBy[o.ms[0].ID])
	}
	c.resendDrained(c.replicas[2], x, o, l)
	return o
}

// sweepsAcrossReplicas is the same with every path at once: while w starts
// the inspection through B (whose worker then drains), replicas A and C run
// their periodic sweeps, as each replica does every 5 s in production.
// Each drain takes x's device row in turn; whichever is first applies the
// two mutations, and the others find them recorded. The replicas' applied
// counters, together, move by three.
func (c *cluster) sweepsAcrossReplicas(x, w *installation, seq int, l *pushLedger) *offlineWork {
	o := c.orphans(3, seq)
	before := c.appliedTotal()
	c.deferOn(c.replicas[2], x, o, l)
	var wg stdsync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); c.pushUntilFinal(1, w, o.ms[:1], l) }()
	for _, r := range []*replica{c.replicas[0], c.replicas[2]} {
		wg.Add(1)
		go func() { defer wg.Done(); c.sweepUntilEmpty(r, o) }()
	}
	wg.Wait()
	c.awaitDrained(o)
	if got := c.appliedTotal() - before; got != 3 {
		c.t.Errorf("the replicas' applied counters moved by %v together, want 3 (the start and the two drained)", got)
	}
	c.resendDrained(c.replicas[0], x, o, l)
	return o
}

// orphans is an inspection's start (w's, at seq) and an answer and a
// finding on it from x's phone (seqs seq0 and seq0+1), which x sends
// first.
func (c *cluster) orphans(seq0, seq int) *offlineWork {
	id, f := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	at := time.Now().Add(-5 * time.Minute).UTC().Format(time.RFC3339Nano)
	ms := []wireMutation{
		{ID: uuid.Must(uuid.NewV7()), Seq: seq, Name: "inspection.start", Version: 1, CapturedAt: at,
			Args: map[string]any{"id": id, "vessel_id": c.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}},
		{ID: uuid.Must(uuid.NewV7()), Seq: seq0, Name: "inspection.answer", Version: 1, BaseVersion: 1, CapturedAt: at,
			Args: map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no"}},
		{ID: uuid.Must(uuid.NewV7()), Seq: seq0 + 1, Name: "finding.record", Version: 1, BaseVersion: 1, CapturedAt: at,
			Args: map[string]any{"id": f, "inspection_id": id, "code": "11004", "note": "seen from the jetty"}},
	}
	return &offlineWork{ms: ms, inspections: []uuid.UUID{id}, answers: 1, findings: []uuid.UUID{f}}
}

// deferOn pushes x's two mutations through r before their inspection
// exists: both must wait in the backlog.
func (c *cluster) deferOn(r *replica, x *installation, o *offlineWork, l *pushLedger) {
	queued := o.ms[1:]
	left, _ := c.push(r, x, queued, l)
	if len(left) != 2 || !slices.Equal(l.statuses[queued[0].ID], []string{"deferred"}) || !slices.Equal(l.statuses[queued[1].ID], []string{"deferred"}) {
		c.t.Fatalf("on %s, before the inspection exists: %v %v, want both deferred", r.name, l.statuses[queued[0].ID], l.statuses[queued[1].ID])
	}
	c.await("x's backlog", `SELECT count(*) FROM mutation_backlog WHERE mutation_id IN (?, ?)`, 2, queued[0].ID, queued[1].ID)
}

// awaitDrained waits until x's two mutations are applied and the backlog
// is empty.
func (c *cluster) awaitDrained(o *offlineWork) {
	c.await("the drain of x's backlog", `SELECT count(*) FROM applied_mutations WHERE id IN (?, ?)`, 2, o.ms[1].ID, o.ms[2].ID)
	c.await("an empty backlog", `SELECT count(*) FROM mutation_backlog`, 0)
}

// sweepUntilEmpty runs r's periodic sweep until x's mutations have left
// the backlog (at most eventually). It runs in a goroutine: it reports with
// Errorf.
func (c *cluster) sweepUntilEmpty(r *replica, o *offlineWork) {
	for deadline := time.Now().Add(eventually); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if err := r.push.DrainReady(c.t.Context()); err != nil {
			c.t.Errorf("sweep on %s: %v", r.name, err)
			return
		}
		var n int64
		err := c.db.Gorm.Raw(`SELECT count(*) FROM mutation_backlog WHERE mutation_id IN (?, ?)`, o.ms[1].ID, o.ms[2].ID).Scan(&n).Error
		if err != nil || n == 0 {
			if err != nil {
				c.t.Errorf("sweep on %s: %v", r.name, err)
			}
			return
		}
	}
}

// resendDrained: x resends its queue through r, as it does until every
// mutation has a final result, and learns by the replay that a worker
// applied it.
func (c *cluster) resendDrained(r *replica, x *installation, o *offlineWork, l *pushLedger) {
	queued := o.ms[1:]
	if left, _ := c.push(r, x, queued, l); len(left) != 0 {
		c.t.Fatalf("x resends through %s: %d still pending", r.name, len(left))
	}
	for _, m := range queued {
		if got := l.statuses[m.ID]; !slices.Equal(got, []string{"deferred", "replayed"}) || !slices.Equal(l.replays[m.ID], []string{"applied"}) {
			c.t.Errorf("%s: answers %v, replayed outcomes %v; want deferred then replayed with the drain's applied outcome", m.Name, got, l.replays[m.ID])
		}
		l.statuses[m.ID] = append(l.statuses[m.ID], statusDrained)
	}
}

// appliedTotal adds the replicas' applied and merged counters.
func (c *cluster) appliedTotal() float64 {
	var n float64
	for _, r := range c.replicas {
		n += r.counter(tsync.StatusApplied) + r.counter(tsync.StatusMerged)
	}
	return n
}

// statusDrained stands in the ledger for the application by a backlog
// worker, which answers no device: the device learns of it by a replay.
const statusDrained = "drained"

// eventually is how long the replica tests wait for what the servers do
// in the background (a drain, a thumbnail) before they call it lost: a
// hang detector, not a budget. A thumbnail took over 15 s, the previous
// figure, in make test on 2 cores at a load of 15.
const eventually = 2 * time.Minute

// await polls the checking pool until query counts want, for at most eventually.
func (c *cluster) await(what, query string, want int64, args ...any) {
	c.t.Helper()
	deadline := time.Now().Add(eventually)
	for {
		var n int64
		c.must(c.db.Gorm.Raw(query, args...).Scan(&n).Error)
		if n == want {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%s: %d after %s, want %d", what, n, eventually, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// checkExactlyOnce compares every answer and the database with the work
// sent: each mutation applied once, each effect once.
func (c *cluster) checkExactlyOnce(all []*offlineWork, l *pushLedger) {
	t := c.t
	var ids []uuid.UUID
	var inspections, findings []uuid.UUID
	for _, w := range all {
		for _, m := range w.ms {
			ids = append(ids, m.ID)
			ss := l.statuses[m.ID]
			applied := 0
			for _, s := range ss {
				switch s {
				case tsync.StatusApplied, tsync.StatusMerged, statusDrained:
					applied++
				case tsync.StatusReplayed, tsync.StatusRetry, tsync.StatusDeferred:
				default:
					t.Errorf("%s %s: answered %q", m.Name, m.ID, s)
				}
			}
			if applied != 1 {
				t.Errorf("%s %s: applied %d times among its answers %v", m.Name, m.ID, applied, ss)
			}
			for _, o := range l.replays[m.ID] {
				if o != tsync.StatusApplied && o != tsync.StatusMerged {
					t.Errorf("%s %s: a replay carried outcome %q", m.Name, m.ID, o)
				}
			}
		}
		inspections, findings = append(inspections, w.inspections...), append(findings, w.findings...)
		for _, id := range w.inspections {
			c.expect(fmt.Sprintf("answers of %s", id), int64(w.answers), `SELECT count(*) FROM inspection_answers WHERE inspection_id = ?`, id)
		}
	}
	c.expect("applied_mutations rows", int64(len(ids)), `SELECT count(*) FROM applied_mutations WHERE id IN ? AND status IN ('applied', 'merged')`, ids)
	c.expect("applied_mutations rows in all", int64(len(ids)), `SELECT count(*) FROM applied_mutations`)
	c.expect("inspections", int64(len(inspections)), `SELECT count(*) FROM inspections`)
	c.expect("inspector findings", int64(len(findings)), `SELECT count(*) FROM findings WHERE id IN ?`, findings)
	c.expect("submitted inspections", int64(len(inspections)-2), `SELECT count(*) FROM inspections WHERE status = 'submitted'`)
	c.expect("effects audited twice", 0, `SELECT count(*) FROM (SELECT 1 FROM audit_log WHERE action IN
		('inspection.start', 'inspection.submit', 'finding.record', 'photo.attach') GROUP BY action, entity_id HAVING count(*) > 1) d`)
	c.expect("starts audited", int64(len(inspections)), `SELECT count(*) FROM audit_log WHERE action = 'inspection.start'`)
	c.expect("backlog", 0, `SELECT count(*) FROM mutation_backlog`)
	c.expect("quarantine", 0, `SELECT count(*) FROM quarantine`)
	if counted := c.appliedTotal(); counted != float64(len(ids)) {
		t.Errorf("the replicas' push_results_total{applied,merged} add up to %v, want %d", counted, len(ids))
	}
}

func (c *cluster) expect(what string, want int64, query string, args ...any) {
	c.t.Helper()
	var n int64
	c.must(c.db.Gorm.Raw(query, args...).Scan(&n).Error)
	if n != want {
		c.t.Errorf("%s: %d, want %d", what, n, want)
	}
}

// checkPuller replays p's pages against change_log: the rows filed under
// its scope keys after its initial sync, cut into the windows its cursors
// stated, must account for its items. A pull serves an entity at the last
// of its rows its snapshot shows (docs/SYNC.md §6.9: each version once per
// stream), so in each window the items are, in position order, rows of
// the served types that are the last of their entity in the window; such a
// row with no later row of its entity anywhere in the log must be served;
// and a row not served must have a later row of its entity in the log.
// Nothing missed, nothing repeated, nothing after its final cursor. It
// returns how many change rows it compared.
func (c *cluster) checkPuller(p *puller) int {
	t := c.t
	end, err := decodeCursorPosition(p.cursor)
	c.must(err)
	if !slices.Equal(end.K, p.start.K) || !slices.Equal(end.T, p.start.T) {
		t.Errorf("%s: the scope changed while polling: %v %v → %v %v", p.d.label, p.start.K, p.start.T, end.K, end.T)
	}
	log := c.changeRows(end.K, p.start.P)
	served := map[string]bool{}
	for _, typ := range end.T {
		served[typ] = true
	}
	// later[i]: the entity of log[i] has a later row in the log.
	later := make([]bool, len(log))
	seenAfter := map[string]bool{}
	for i := len(log) - 1; i >= 0; i-- {
		k := log[i].Type + "/" + log[i].ID
		later[i], seenAfter[k] = seenAfter[k], true
	}
	i := 0
	for n, pg := range p.pages {
		if pg.phase != "log" || pg.to < pg.from {
			t.Errorf("%s page %d (replica %s): phase %q, window (%d, %d]", p.d.label, n, pg.replica, pg.phase, pg.from, pg.to)
		}
		start := i
		for i < len(log) && log[i].Position <= pg.to {
			i++
		}
		window := log[start:i]
		lastIn := map[string]int64{} // entity → its last position in the window
		for _, r := range window {
			lastIn[r.Type+"/"+r.ID] = r.Position
		}
		got := map[int64]pulledItem{}
		for j, it := range pg.items {
			k := it.Type + "/" + it.ID
			if !served[it.Type] || lastIn[k] != it.Position || (j > 0 && it.Position <= pg.items[j-1].Position) {
				t.Errorf("%s page %d (replica %s, window (%d, %d]): item %d %s at %d is not the last row of its entity in the window (%d), or out of order",
					p.d.label, n, pg.replica, pg.from, pg.to, j, k, it.Position, lastIn[k])
				return 0
			}
			got[it.Position] = pulledItem{Type: it.Type, ID: it.ID, Position: it.Position}
		}
		for w, r := range window {
			_, sent := got[r.Position]
			if served[r.Type] && !sent && !later[start+w] {
				t.Errorf("%s page %d (replica %s, window (%d, %d]): %s/%s at %d is its entity's last change, yet was not served",
					p.d.label, n, pg.replica, pg.from, pg.to, r.Type, r.ID, r.Position)
				return 0
			}
		}
	}
	if i != len(log) {
		t.Errorf("%s: %d change rows after its final position %d were never served", p.d.label, len(log)-i, end.P)
	}
	c.checkVersions(p)
	return len(log)
}

// changeRows reads the change rows filed under keys after position.
func (c *cluster) changeRows(keys []string, after int64) []pulledItem {
	rows, err := c.db.Pool.Query(c.t.Context(), `SELECT position, entity_type, entity_id::text FROM change_log
		WHERE scope_key = ANY($1) AND position > $2 ORDER BY position`, keys, after)
	c.must(err)
	defer rows.Close()
	var out []pulledItem
	for rows.Next() {
		var it pulledItem
		c.must(rows.Scan(&it.Position, &it.Type, &it.ID))
		out = append(out, it)
	}
	c.must(rows.Err())
	return out
}

// versionTables are the synced tables whose row versions the puller's
// last copy is compared with.
var versionTables = map[string]string{"inspection": "inspections", "inspection_answer": "inspection_answers", "finding": "findings",
	"photo": "photos", "offence": "offences", "penalty": "penalties", "vessel": "vessels", "owner": "owners"}

// checkVersions: a record's version never goes back from one upsert to the
// next, and the last one p holds is the database's.
func (c *cluster) checkVersions(p *puller) {
	items := p.seen
	for _, pg := range p.pages {
		items = append(items, pg.items...)
	}
	last := map[string]pulledItem{}
	for _, it := range items {
		k := it.Type + "/" + it.ID
		if prev, ok := last[k]; ok && it.Op == "upsert" && prev.Op == "upsert" && it.Version < prev.Version {
			c.t.Errorf("%s: %s went back from version %d to %d", p.d.label, k, prev.Version, it.Version)
		}
		if prev, ok := last[k]; ok && it.Op == prev.Op && it.Version == prev.Version {
			c.t.Errorf("%s: %s %s version %d arrived twice (docs/SYNC.md §6.9: at most once per stream)", p.d.label, it.Op, k, it.Version)
		}
		last[k] = it
	}
	ids := map[string][]string{} // by type, the records p holds as upserted
	for _, it := range last {
		if _, ok := versionTables[it.Type]; ok && it.Op == "upsert" {
			ids[it.Type] = append(ids[it.Type], it.ID)
		}
	}
	compared := 0
	for typ, list := range ids {
		rows, err := c.db.Pool.Query(c.t.Context(), "SELECT id::text, version FROM "+versionTables[typ]+" WHERE id = ANY($1::uuid[])", list)
		c.must(err)
		for rows.Next() {
			var id string
			var v int64
			c.must(rows.Scan(&id, &v))
			if held := last[typ+"/"+id]; held.Version != v {
				c.t.Errorf("%s holds %s/%s at version %d; the database has %d", p.d.label, typ, id, held.Version, v)
			}
			compared++
		}
		rows.Close()
	}
	if compared == 0 {
		c.t.Errorf("%s: no record to compare", p.d.label)
	}
}
