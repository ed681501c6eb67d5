package api_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/services/servicestest"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// replica is one complete Tindal server as `tindal serve` builds it: its
// own connection pool, services, push engine with its backlog worker, pull
// engine, photo service with its worker and MinIO client, on its own
// loopback listener. Replicas share only the database, the bucket, the JWT
// signing key and the cursor key — what a deployment's replicas share.
type replica struct {
	name    string
	base    string // http://127.0.0.1:port
	push    *tsync.Engine
	metrics *prometheus.Registry
}

// cluster is n replicas over the harness's database, and the harness's
// own pool for the checks a test makes underneath them.
type cluster struct {
	*harness
	replicas []*replica
	client   *http.Client
}

// clusterSweep is the backlog workers' periodic sweep (`serve` uses 5 s).
// It is an hour here so that a drain can only come from the queue of the
// replica whose push created the aggregate: the test can then say which
// replica drained.
const clusterSweep = time.Hour

// newCluster starts n replicas at once over a fresh seeded database and a
// fresh bucket, each seeding the checklist templates and ensuring the
// bucket at start, as every replica's `serve` does.
func newCluster(t *testing.T, n int) *cluster {
	t.Helper()
	h := newHarness(t)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	s3 := testkit.S3Config(t)
	s3.Bucket = bucketOf(t, testkit.MinIO(t))
	dbURL := h.db.Pool.Config().ConnString()
	c := &cluster{harness: h, replicas: make([]*replica, n),
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 16}}}
	var wg stdsync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.replicas[i] = startReplica(t, string(rune('A'+i)), dbURL, priv, s3)
		}()
	}
	wg.Wait()
	// Cleanups run last first: the client lets go of its keep-alive
	// connections before the servers shut down, which would otherwise wait
	// for them (up to the read timeout).
	t.Cleanup(c.client.CloseIdleConnections)
	for _, r := range c.replicas {
		if r == nil {
			t.FailNow() // startReplica reported why
		}
	}
	return c
}

// bucketOf is the name of the bucket testkit made (which also removes it
// when the test ends): presigning, which makes no network call, shows it.
func bucketOf(t *testing.T, s blob.Store) string {
	p, err := s.PresignGet(context.Background(), "probe", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(p.URL)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimPrefix(u.Path, "/"), "/")[0]
}

// startReplica builds and serves one replica; it reports errors with
// t.Error (it runs in a goroutine) and returns nil on failure. Its workers
// stop, its server shuts down and its pool closes when the test ends,
// before the database is dropped.
func startReplica(t *testing.T, name, dbURL string, key ed25519.PrivateKey, s3 blob.Config) *replica {
	ctx, cancel := context.WithCancel(context.Background())
	db, err := storage.Open(ctx, dbURL, storage.Options{MaxConns: 10})
	if err != nil {
		t.Errorf("replica %s: %v", name, err)
		cancel()
		return nil
	}
	var workers stdsync.WaitGroup
	var app interface{ ShutdownWithTimeout(time.Duration) error }
	t.Cleanup(func() {
		if app != nil {
			_ = app.ShutdownWithTimeout(10 * time.Second)
		}
		cancel()
		workers.Wait()
		db.Close()
	})
	store, err := blob.NewMinIO(s3)
	if err == nil {
		err = store.EnsureBucket(ctx)
	}
	insp := inspect.New(db, nil, time.Now)
	if err == nil {
		_, err = insp.SeedTemplates(ctx)
	}
	if err != nil {
		t.Errorf("replica %s: %v", name, err)
		return nil
	}
	reg := prometheus.NewRegistry()
	push := tsync.New(db, insp, time.Now, tsync.Options{Metrics: reg})
	pull, err := tsync.NewPullEngine(db, []byte("replica test cursor key, at least 32 bytes"), tsync.PullOptions{})
	if err != nil {
		t.Errorf("replica %s: %v", name, err)
		return nil
	}
	photos := photo.New(db, store, photo.Options{})
	srv, err := api.NewServer(api.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db, Blobs: pinger{store},
		Auth: auth.NewService(db, auth.NewKeySet(key), auth.Options{Hasher: authtest.CheapHasher()}), Metrics: reg,
		Set: servicestest.Complete(services.Set{Registry: registry.New(db, time.Now),
			Push: push, Pull: pull, Inspect: insp, Photos: photos, Jobs: jobs.New(jobs.Deps{DB: db}),
			Feed: &notify.Feed{DB: db}, Calendars: &notify.Calendars{DB: db}}, db), PublicBaseURL: "http://tindal.test",
		Printer: testPrinter()})
	if err != nil {
		t.Errorf("replica %s: %v", name, err)
		return nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Errorf("replica %s: %v", name, err)
		return nil
	}
	app = srv
	workers.Add(3)
	go func() { defer workers.Done(); _ = srv.Listener(ln) }()
	go func() { defer workers.Done(); push.Run(ctx, clusterSweep) }()
	go func() { defer workers.Done(); photos.RunWorker(ctx, 2) }()
	return &replica{name: name, base: "http://" + ln.Addr().String(), push: push, metrics: reg}
}

// counter reads one push result counter of a replica's own metrics.
func (r *replica) counter(status string) float64 {
	mfs, _ := r.metrics.Gather()
	for _, mf := range mfs {
		if mf.GetName() != "tindal_push_results_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "status" && l.GetValue() == status {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// installation is an app signed in on a phone or a desk: a device of its
// own, and its access token.
type installation struct {
	label, token, id string
}

// login signs in as the harness user label on replica r with a new
// installation, which gets a device of its own.
func (c *cluster) login(r *replica, label, installationID string) *installation {
	c.t.Helper()
	res := c.send(r, "POST", "/v1/auth/login", nil, map[string]any{"email": label + "@test.tindal", "password": testPassword,
		"installation_id": installationID, "device_name": installationID})
	if res.status != 200 {
		c.t.Fatalf("login %s on %s: %d %s", label, r.name, res.status, res.body)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
		DeviceID    string `json:"device_id"`
	}
	c.must(json.Unmarshal(res.body, &tok))
	return &installation{label: label, token: tok.AccessToken, id: tok.DeviceID}
}

// send makes one request to a replica over HTTP, as d (nil: anonymous),
// and checks the response against the contract. body is sent as JSON, or
// as it is when it is a []byte. Safe for concurrent use.
func (c *cluster) send(r *replica, method, path string, d *installation, body any, headers ...string) response {
	var raw []byte
	ct := "application/json"
	switch b := body.(type) {
	case nil:
	case []byte:
		raw, ct = b, "application/octet-stream"
	default:
		raw, _ = json.Marshal(b)
	}
	req, err := http.NewRequest(method, r.base+path, bytes.NewReader(raw))
	if err != nil {
		c.t.Errorf("%s %s: %v", method, path, err)
		return response{}
	}
	if raw != nil {
		req.Header.Set("Content-Type", ct)
	}
	if d != nil {
		req.Header.Set("Authorization", "Bearer "+d.token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.client.Do(req)
	if err != nil {
		c.t.Errorf("%s %s on %s: %v", method, path, r.name, err)
		return response{}
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	resp := response{status: res.StatusCode, header: res.Header, body: out}
	c.validate(req, raw, resp)
	return resp
}

// cursorPosition reads what a pull cursor says of the log: the position
// of the last change row scanned, the scope keys and the entity types it
// was served. Clients never look inside a cursor; the test does, to check
// each page's window of the log against change_log itself.
type cursorPosition struct {
	P int64    `json:"p"`
	K []string `json:"k"`
	T []string `json:"t"`
}

func decodeCursorPosition(s string) (cursorPosition, error) {
	var c cursorPosition
	payload, _, _ := strings.Cut(s, ".")
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err == nil {
		err = json.Unmarshal(raw, &c)
	}
	return c, err
}

// pushLedger keeps every answer every mutation got, from every replica.
type pushLedger struct {
	mu        stdsync.Mutex
	statuses  map[uuid.UUID][]string
	appliedBy map[uuid.UUID]string   // replica that answered "applied"
	replays   map[uuid.UUID][]string // outcome status of each replay
	pushes    int
	busy      int
}

func newLedger() *pushLedger {
	return &pushLedger{statuses: map[uuid.UUID][]string{}, appliedBy: map[uuid.UUID]string{}, replays: map[uuid.UUID][]string{}}
}

func (l *pushLedger) tally() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := map[string]int{}
	for _, ss := range l.statuses {
		for _, s := range ss {
			n[s]++
		}
	}
	return n
}

// finalStatus reports whether a status ends the mutation's life in the queue.
func finalStatus(status string) bool {
	return status == tsync.StatusApplied || status == tsync.StatusReplayed || status == tsync.StatusMerged || status == tsync.StatusRejected
}

// push sends ms as d through r once and records the answer. It returns the
// mutations still without a final result, and whether the device was busy
// (409 push_in_progress, which must carry Retry-After). Safe for concurrent
// use; it reports failures with Errorf and then returns nothing pending.
func (c *cluster) push(r *replica, d *installation, ms []wireMutation, l *pushLedger) ([]wireMutation, bool) {
	res := c.send(r, "POST", "/v1/sync/push", d, map[string]any{"ack_seq": 0, "mutations": ms}, "X-Device-Id", d.id,
		"X-Protocol-Version", "1", "X-App-Version", "1.4.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339Nano))
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pushes++
	switch res.status {
	case 409:
		l.busy++
		if ra, err := strconv.Atoi(res.header.Get("Retry-After")); res.json()["code"] != "push_in_progress" || err != nil || ra < 1 {
			c.t.Errorf("409 from %s without push_in_progress and Retry-After: %v %s", r.name, res.header, res.body)
		}
		return ms, true
	case 200:
	default:
		c.t.Errorf("push of %s on %s: %d %s", d.label, r.name, res.status, res.body)
		return nil, false
	}
	var out tsync.PushResponse
	if err := json.Unmarshal(res.body, &out); err != nil || len(out.Results) != len(ms) {
		c.t.Errorf("push on %s: %d results for %d mutations (%v)", r.name, len(out.Results), len(ms), err)
		return nil, false
	}
	var pending []wireMutation
	for i, x := range out.Results {
		if x.ID != ms[i].ID {
			c.t.Errorf("push on %s: result %d is for %s, want %s (results come in request order)", r.name, i, x.ID, ms[i].ID)
		}
		l.statuses[x.ID] = append(l.statuses[x.ID], x.Status)
		switch {
		case x.Status == tsync.StatusApplied || x.Status == tsync.StatusMerged:
			l.appliedBy[x.ID] = r.name
		case x.Status == tsync.StatusReplayed && x.Outcome != nil:
			l.replays[x.ID] = append(l.replays[x.ID], x.Outcome.Status)
		}
		if !finalStatus(x.Status) {
			pending = append(pending, ms[i])
		}
	}
	return pending, false
}

// pushUntilFinal resends what has no final result, each time to the next
// replica, as a phone behind a load balancer does. After a 409 it waits
// less than Retry-After asks (resending early is safe: it answers 409
// again), to keep the test short.
func (c *cluster) pushUntilFinal(start int, d *installation, ms []wireMutation, l *pushLedger) {
	for attempt := 0; len(ms) > 0; attempt++ {
		if attempt == 60 {
			c.t.Errorf("%s: %d mutations still without a final result after 60 pushes", d.label, len(ms))
			return
		}
		var busy bool
		ms, busy = c.push(c.replicas[(start+attempt)%len(c.replicas)], d, ms, l)
		if busy {
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// ackedSeq pulls as d through r to the end and returns the last page's
// acked_seq.
func (c *cluster) ackedSeq(r *replica, d *installation) int64 {
	cursor := ""
	for range 100 {
		pg := c.pullPage(r, d, cursor, 2000)
		if pg == nil {
			return -1
		}
		if !pg.HasMore {
			if pg.AckedSeq == nil {
				c.t.Errorf("%s: the last page carries no acked_seq", d.label)
				return -1
			}
			return *pg.AckedSeq
		}
		cursor = pg.Cursor
	}
	c.t.Errorf("%s: the pull never ended", d.label)
	return -1
}

// pulled is one page as the client reads it.
type pulled struct {
	Items    []pulledItem `json:"items"`
	Cursor   string       `json:"cursor"`
	HasMore  bool         `json:"has_more"`
	Phase    string       `json:"phase"`
	AckedSeq *int64       `json:"acked_seq"`
}

type pulledItem struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Op       string `json:"op"`
	Position int64  `json:"position"`
	Version  int64  `json:"version"`
}

// pullPage asks r for one page after cursor; nil (reported) on failure.
func (c *cluster) pullPage(r *replica, d *installation, cursor string, limit int) *pulled {
	path := "/v1/sync/pull?limit=" + strconv.Itoa(limit)
	if cursor != "" {
		path += "&cursor=" + url.QueryEscape(cursor)
	}
	res := c.send(r, "GET", path, d, nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
	if res.status != 200 {
		c.t.Errorf("pull as %s on %s: %d %s", d.label, r.name, res.status, res.body)
		return nil
	}
	var pg pulled
	if err := json.Unmarshal(res.body, &pg); err != nil {
		c.t.Errorf("pull as %s on %s: %v", d.label, r.name, err)
		return nil
	}
	return &pg
}

// puller is a desk polling the log while others write, each page through
// the next replica.
type puller struct {
	d      *installation
	first  int // replica of its login and initial sync
	cursor string
	start  cursorPosition // where the initial sync left it
	seen   []pulledItem   // the initial sync's items
	pages  []pullWindow
}

// pullWindow is one polled page: the window (from, to] of the log it
// scanned, by the positions in the cursor sent and the cursor received.
type pullWindow struct {
	replica  string
	from, to int64
	phase    string
	items    []pulledItem
}

// initialSync pulls as p through its first replica until has_more is
// false, before any writer starts.
func (c *cluster) initialSync(p *puller) {
	for range 100 {
		pg := c.pullPage(c.replicas[p.first], p.d, p.cursor, 500)
		if pg == nil {
			c.t.FailNow()
		}
		p.seen, p.cursor = append(p.seen, pg.Items...), pg.Cursor
		if !pg.HasMore {
			var err error
			p.start, err = decodeCursorPosition(p.cursor)
			c.must(err)
			return
		}
	}
	c.t.Fatalf("%s: the initial sync never ended", p.d.label)
}

// pollLimits vary the page size, so that windows end inside commits.
var pollLimits = []int{3, 40, 500}

// poll pulls as p, each page through the next replica, until a page
// requested after stop was closed says there is no more.
func (c *cluster) poll(p *puller, stop <-chan struct{}) {
	from := p.start.P
	for i := range 20000 {
		var last bool
		select {
		case <-stop:
			last = true
		default:
		}
		r := c.replicas[(p.first+i)%len(c.replicas)]
		pg := c.pullPage(r, p.d, p.cursor, pollLimits[i%len(pollLimits)])
		if pg == nil {
			return
		}
		to, err := decodeCursorPosition(pg.Cursor)
		if err != nil {
			c.t.Errorf("%s: cursor from %s: %v", p.d.label, r.name, err)
			return
		}
		p.pages = append(p.pages, pullWindow{replica: r.name, from: from, to: to.P, phase: pg.Phase, items: pg.Items})
		p.cursor, from = pg.Cursor, to.P
		switch {
		case pg.HasMore:
		case last:
			return
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
	c.t.Errorf("%s: still pulling after 20000 pages", p.d.label)
}
