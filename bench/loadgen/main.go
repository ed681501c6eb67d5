// Command loadgen simulates N inspector devices each doing an offline day
// against a running Tindal server: log in, pull, one inspection (start, 40
// answers, 8 findings, 6 photo records, submit) pushed in batches with
// retries, pull again. It prints throughput, p50/p95/p99 of push and pull,
// errors, and the ratio against a raw pgx baseline that writes the same
// rows directly in the same run.
//
// By default every device inspects a boat of its own owner, as a state's
// inspectors do: with -db the load generator registers that fleet (one
// owner and one vessel per device, in the inspector's jurisdiction, ids
// derived from the index so reruns reuse them) before it starts. -shared
// puts every device on the vessels of one owner instead (every push then
// queues on that owner's penalty-chain lock), to measure contention. -rate
// starts devices at that many per second instead of all at once. The
// phones hold yesterday's sync (one untimed initial pull whose cursor
// they share; cursors are per user) unless -initial makes each start with
// a full initial pull.
//
//	loadgen -url http://127.0.0.1:8080 -devices 200 -email inspector.karwar@demo.tindal -password "$TINDAL_DEMO_PASSWORD" -db "$TINDAL_DATABASE_URL"
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	stdsync "sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tindal/tindal/inspect"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

type config struct {
	url, email, password, dbURL string
	devices, batch              int
	shared, initial             bool
	rate                        float64
}

func run(ctx context.Context, args []string, out io.Writer) error {
	var c config
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.StringVar(&c.url, "url", "http://127.0.0.1:8080", "server base URL")
	fs.StringVar(&c.email, "email", "inspector.karwar@demo.tindal", "inspector to log in as (one device per simulated phone)")
	fs.StringVar(&c.password, "password", os.Getenv("TINDAL_DEMO_PASSWORD"), "password")
	fs.StringVar(&c.dbURL, "db", os.Getenv("TINDAL_DATABASE_URL"), "database for the raw baseline (empty: skip)")
	fs.IntVar(&c.devices, "devices", 50, "simulated devices, all concurrent")
	fs.IntVar(&c.batch, "batch", 64, "mutations per push")
	fs.BoolVar(&c.shared, "shared", false, "every device on the vessels of one owner (penalty-chain contention) instead of a boat of its own")
	fs.BoolVar(&c.initial, "initial", false, "every device starts with a full initial pull (a phone installed today) instead of the cursor of yesterday's sync")
	fs.Float64Var(&c.rate, "rate", 0, "devices started per second (0: all at once)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.dbURL != "" {
		pool, err := pgxpool.New(ctx, c.dbURL)
		if err != nil {
			return err
		}
		defer pool.Close()
		var mu stdsync.Mutex
		resetLogins = func(ctx context.Context) {
			mu.Lock()
			defer mu.Unlock()
			_, _ = pool.Exec(ctx, "DELETE FROM login_attempts")
		}
	}
	vessels, err := inspectableVessels(ctx, c)
	if err != nil {
		return err
	}
	fleet := "the vessels of one owner (-shared)"
	if c.shared && c.dbURL != "" {
		if vessels, err = oneOwner(ctx, c, vessels); err != nil {
			return err
		}
	}
	if !c.shared {
		if c.dbURL == "" {
			return errors.New("a boat per device needs -db to register the fleet; or pass -shared")
		}
		if vessels, err = ownFleet(ctx, c, vessels[0]); err != nil {
			return err
		}
		fleet = "one boat of its own owner per device"
	}
	fmt.Fprintf(out, "fleet: %s (%d vessels)\n", fleet, len(vessels))
	st := &stats{}
	clients, err := loginAll(ctx, c)
	if err != nil {
		return err
	}
	if !c.initial {
		// The phones synced yesterday: one initial pull (not timed), whose
		// cursor every device holds, so the morning pull is incremental.
		if err := clients[0].pullAll(ctx, &stats{}); err != nil && !errors.Is(err, errNoPull) {
			return err
		}
		for _, cl := range clients[1:] {
			cl.cursor = clients[0].cursor
		}
	}
	start := time.Now()
	var wg stdsync.WaitGroup
	for i := 0; i < c.devices; i++ {
		if c.rate > 0 && i > 0 {
			time.Sleep(time.Until(start.Add(time.Duration(float64(i) / c.rate * float64(time.Second)))))
		}
		wg.Add(1)
		go func() { defer wg.Done(); st.err(device(ctx, c, clients[i], vessels[i%len(vessels)], st)) }()
	}
	wg.Wait()
	elapsed := time.Since(start)
	st.report(out, c.devices, elapsed)
	if c.dbURL != "" {
		return baseline(ctx, c, out, elapsed)
	}
	return nil
}

// stats collects latencies and errors from every device.
type stats struct {
	mu         stdsync.Mutex
	push, pull []time.Duration
	first      time.Time // first push sent
	last       time.Time // last push answered
	pushed     int       // offline days whose push completed
	errors     int
	lastErr    error
}

func (s *stats) add(kind string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if kind == "push" {
		s.push = append(s.push, d)
		now := time.Now()
		if s.first.IsZero() || now.Add(-d).Before(s.first) {
			s.first = now.Add(-d)
		}
		if now.After(s.last) {
			s.last = now
		}
	} else {
		s.pull = append(s.pull, d)
	}
}

func (s *stats) err(err error) {
	if err == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors++
	s.lastErr = err
}

func (s *stats) report(out io.Writer, devices int, elapsed time.Duration) {
	fmt.Fprintf(out, "devices %d, offline days %d in %s: %.1f offline-day pushes/s, errors %d\n",
		devices, devices-s.errors, elapsed.Round(time.Millisecond), float64(devices-s.errors)/elapsed.Seconds(), s.errors)
	if s.lastErr != nil {
		fmt.Fprintln(out, "last error:", s.lastErr)
	}
	if w := s.last.Sub(s.first); s.pushed > 0 && w > 0 {
		fmt.Fprintf(out, "push phase: %d offline-day pushes between the first push sent and the last answered (%s): %.1f/s\n",
			s.pushed, w.Round(time.Millisecond), float64(s.pushed)/w.Seconds())
	}
	for _, x := range []struct {
		name string
		ds   []time.Duration
	}{{"push", s.push}, {"pull", s.pull}} {
		fmt.Fprintf(out, "%s: n=%d p50=%s p95=%s p99=%s\n", x.name, len(x.ds), pct(x.ds, 50), pct(x.ds, 95), pct(x.ds, 99))
	}
}

func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, len(s)*p/100)].Round(100 * time.Microsecond)
}

// loginAll logs every simulated phone in before the clock starts (logins
// are rate-limited per account and hash a password: not what is
// measured), four at a time, retrying a refused one.
func loginAll(ctx context.Context, c config) ([]*client, error) {
	out := make([]*client, c.devices)
	errs := make(chan error, c.devices)
	sem := make(chan struct{}, 4)
	var wg stdsync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			cl := &client{base: c.url, http: &http.Client{Timeout: 60 * time.Second}}
			var err error
			for attempt := 0; attempt < 30; attempt++ {
				if err = cl.login(ctx, c.email, c.password, fmt.Sprintf("loadgen-%d-%d", i, time.Now().UnixNano())); err == nil {
					break
				}
				time.Sleep(time.Duration(50*(attempt+1)) * time.Millisecond)
			}
			out[i] = cl
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// device is one phone's day after login: pull, push the day, pull.
func device(ctx context.Context, c config, cl *client, vessel string, st *stats) error {
	if err := cl.pullAll(ctx, st); err != nil && !errors.Is(err, errNoPull) {
		return err
	}
	ms := offlineDay(vessel)
	for lo := 0; lo < len(ms); {
		hi := min(lo+c.batch, len(ms))
		done, err := cl.push(ctx, ms[lo:hi], st)
		if err != nil {
			return err
		}
		lo += done
	}
	st.mu.Lock()
	st.pushed++
	st.mu.Unlock()
	if err := cl.pullAll(ctx, st); !errors.Is(err, errNoPull) {
		return err
	}
	return nil
}

// errNoPull is a server without the pull wired (503): pushes are still
// measured.
var errNoPull = errors.New("pull not served")

// offlineDay is start, 40 answers, 8 findings, 6 photos and submit.
func offlineDay(vessel string) []map[string]any {
	id := uuid.Must(uuid.NewV7())
	at := time.Now().Add(-6 * time.Hour)
	var out []map[string]any
	add := func(name string, args map[string]any) {
		at = at.Add(time.Minute)
		out = append(out, map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": len(out) + 1, "name": name, "version": 1, "args": args,
			"base_version": 1, "captured_at": at.UTC().Format(time.RFC3339Nano), "captured_raw": at.UTC().Format(time.RFC3339Nano)})
	}
	t := inspect.Templates()[0]
	for _, x := range inspect.Templates() {
		if x.Key == "ka-form2-annex" {
			t = x
		}
	}
	add("inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": t.ID, "kind": "routine"})
	for i := 0; i < 40; i++ {
		add("inspection.answer", map[string]any{"inspection_id": id, "item_id": t.Items[i%len(t.Items)].ID, "answer": []string{"yes", "no", "na"}[i%3]})
	}
	for _, code := range []string{"11004", "07003", "10008", "11002", "14001", "20001", "03007", "11006"} {
		add("finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": code, "note": "found on board"})
	}
	for i := 0; i < 6; i++ {
		add("photo.attach", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "sha256": randomSHA(), "size": 250000, "content_type": "image/jpeg"})
	}
	add("inspection.submit", map[string]any{"inspection_id": id})
	return out
}

// randomSHA is a random hex SHA-256, as a photo's would be.
func randomSHA() string {
	u := uuid.New()
	sum := sha256.Sum256(u[:])
	return hex.EncodeToString(sum[:])
}

// client is one device's HTTP session.
type client struct {
	base, token, device, cursor string
	http                        *http.Client
}

func (c *client) do(ctx context.Context, method, path string, body any, hdr map[string]string) (*http.Response, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

// resetLogins, when set, clears the login rate-limit counters before each
// login: hundreds of simulated phones log in from one address within a
// minute, which the limiter (rightly) refuses in production.
var resetLogins func(ctx context.Context)

func (c *client) login(ctx context.Context, email, password, installation string) error {
	if resetLogins != nil {
		resetLogins(ctx)
	}
	res, b, err := c.do(ctx, "POST", "/v1/auth/login", map[string]any{"email": email, "password": password, "installation_id": installation}, nil)
	if err != nil {
		return err
	}
	if res.StatusCode != 200 {
		return fmt.Errorf("login: %d %s", res.StatusCode, b)
	}
	var t struct{ AccessToken, DeviceID string }
	var raw map[string]any
	_ = json.Unmarshal(b, &raw)
	t.AccessToken, _ = raw["access_token"].(string)
	t.DeviceID, _ = raw["device_id"].(string)
	c.token, c.device = t.AccessToken, t.DeviceID
	return nil
}

// pullAll pulls until has_more is false.
func (c *client) pullAll(ctx context.Context, st *stats) error {
	for {
		path := "/v1/sync/pull?limit=2000"
		if c.cursor != "" {
			path += "&cursor=" + c.cursor
		}
		t0 := time.Now()
		res, b, err := c.do(ctx, "GET", path, nil, map[string]string{"X-Protocol-Version": "1", "X-App-Version": "1.0.0"})
		if err != nil {
			return err
		}
		if res.StatusCode == http.StatusServiceUnavailable {
			return errNoPull
		}
		st.add("pull", time.Since(t0))
		if res.StatusCode != 200 {
			return fmt.Errorf("pull: %d %s", res.StatusCode, b)
		}
		var page struct {
			Cursor  string `json:"cursor"`
			HasMore bool   `json:"has_more"`
		}
		_ = json.Unmarshal(b, &page)
		c.cursor = page.Cursor
		if !page.HasMore {
			return nil
		}
	}
}

// push sends a batch, retrying on 409/503 and resending retry results; it
// returns how many leading mutations got a final or deferred result.
func (c *client) push(ctx context.Context, ms []map[string]any, st *stats) (int, error) {
	for attempt := 0; attempt < 20; attempt++ {
		t0 := time.Now()
		res, b, err := c.do(ctx, "POST", "/v1/sync/push", map[string]any{"mutations": ms},
			map[string]string{"X-Device-Id": c.device, "X-Device-Time": time.Now().UTC().Format(time.RFC3339Nano), "X-App-Version": "1.0.0"})
		if err != nil {
			return 0, err
		}
		st.add("push", time.Since(t0))
		if res.StatusCode == 409 || res.StatusCode == 503 {
			time.Sleep(time.Duration(100*(attempt+1)) * time.Millisecond)
			continue
		}
		if res.StatusCode != 200 {
			return 0, fmt.Errorf("push: %d %s", res.StatusCode, b)
		}
		var out struct {
			Results []struct{ Status, Code string }
		}
		_ = json.Unmarshal(b, &out)
		done := 0
		for _, r := range out.Results {
			if r.Status == "retry" {
				break
			}
			if r.Status == "rejected" {
				return 0, fmt.Errorf("push: mutation rejected (%s)", r.Code)
			}
			done++
		}
		if done > 0 {
			return done, nil
		}
		time.Sleep(time.Duration(100*(attempt+1)) * time.Millisecond)
	}
	return 0, fmt.Errorf("push: still retry after 20 attempts")
}

// inspectableVessels finds the Karnataka mechanised vessels the inspector
// may inspect; devices spread over them (and so over their owners' chains).
func inspectableVessels(ctx context.Context, c config) ([]string, error) {
	cl := &client{base: c.url, http: http.DefaultClient}
	if err := cl.login(ctx, c.email, c.password, "loadgen-setup"); err != nil {
		return nil, err
	}
	res, b, err := cl.do(ctx, "GET", "/v1/vessels?limit=500", nil, nil)
	if err != nil {
		return nil, err
	}
	var list struct {
		Items []struct {
			ID, Kind, Regime string
		}
	}
	if res.StatusCode != 200 || json.Unmarshal(b, &list) != nil {
		return nil, fmt.Errorf("list vessels: %d %s", res.StatusCode, b)
	}
	var out []string
	for _, v := range list.Items {
		if v.Regime == "KA-IV-2025" && v.Kind == "mechanised" {
			out = append(out, v.ID)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no Karnataka mechanised vessel visible to %s", c.email)
	}
	return out, nil
}

// ownFleet registers one owner and one Karnataka mechanised vessel per
// device in the jurisdiction of a vessel the inspector can see (with its
// change-log rows, as the registry would), and returns the vessel ids.
// Ids and registration numbers come from the device index, so a rerun
// reuses the same fleet.
func ownFleet(ctx context.Context, c config, seen string) ([]string, error) {
	pool, err := pgxpool.New(ctx, c.dbURL)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	var jur string
	if err := pool.QueryRow(ctx, "SELECT jurisdiction_id FROM vessels WHERE id = $1", seen).Scan(&jur); err != nil {
		return nil, fmt.Errorf("jurisdiction of the inspector's vessels: %w", err)
	}
	ns := uuid.MustParse("5b0c8f0e-2d7a-4c1e-9f3b-6a4d2e8c1b07")
	out := make([]string, c.devices)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	for i := range out {
		owner := uuid.NewSHA1(ns, []byte(fmt.Sprintf("owner-%d", i)))
		vessel := uuid.NewSHA1(ns, []byte(fmt.Sprintf("vessel-%d", i)))
		out[i] = vessel.String()
		if _, err := tx.Exec(ctx, `INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES ($1, 'person', $2, $3) ON CONFLICT (id) DO NOTHING`,
			owner, fmt.Sprintf("Loadgen owner %d", i), jur); err != nil {
			return nil, fmt.Errorf("register owner: %w", err)
		}
		tag, err := tx.Exec(ctx, `INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
			VALUES ($1, $2, $3, 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', $4, $5) ON CONFLICT DO NOTHING`,
			vessel, fmt.Sprintf("KA-LG-%05d", i), fmt.Sprintf("Loadgen boat %d", i), jur, owner)
		if err != nil {
			return nil, fmt.Errorf("register vessel: %w", err)
		}
		if tag.RowsAffected() == 0 {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO change_log (entity_type, entity_id, scope_key) VALUES ('owner', $1, 'j:' || $3::text), ('owner', $1, 'o:' || $1::text),
			('vessel', $2, 'j:' || $3::text), ('vessel', $2, 'o:' || $1::text)`, owner, vessel, jur); err != nil {
			return nil, fmt.Errorf("log fleet: %w", err)
		}
	}
	return out, tx.Commit(ctx)
}

// oneOwner narrows the visible vessels to those of the owner who has the
// most of them: every push then needs that owner's penalty-chain lock.
func oneOwner(ctx context.Context, c config, visible []string) ([]string, error) {
	pool, err := pgxpool.New(ctx, c.dbURL)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	rows, err := pool.Query(ctx, `SELECT id::text FROM vessels WHERE id::text = ANY($1) AND owner_id = (
		SELECT owner_id FROM vessels WHERE id::text = ANY($1) GROUP BY owner_id ORDER BY count(*) DESC, owner_id LIMIT 1) ORDER BY id`, visible)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err == nil && len(out) == 0 {
		err = errors.New("no vessel of one owner is visible")
	}
	return out, err
}

// baseline writes the same rows with pgx directly: one transaction per
// offline day, the same concurrency, and prints the ratio.
func baseline(ctx context.Context, c config, out io.Writer, pushed time.Duration) error {
	pool, err := pgxpool.New(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	var vessel, jur, owner, user, tpl string
	err = pool.QueryRow(ctx, `SELECT i.vessel_id, i.jurisdiction_id, i.owner_id, i.inspector_id, i.template_id FROM inspections i ORDER BY created_at DESC LIMIT 1`).
		Scan(&vessel, &jur, &owner, &user, &tpl)
	if err != nil {
		return fmt.Errorf("baseline needs one pushed inspection: %w", err)
	}
	start := time.Now()
	var wg stdsync.WaitGroup
	errs := make(chan error, c.devices)
	for i := 0; i < c.devices; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); errs <- rawDay(ctx, pool, vessel, jur, owner, user, tpl) }()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	raw := time.Since(start)
	fmt.Fprintf(out, "raw pgx baseline: %d offline days in %s; push/raw ratio %.1f×\n", c.devices, raw.Round(time.Millisecond), pushed.Seconds()/raw.Seconds())
	return nil
}

func rawDay(ctx context.Context, pool *pgxpool.Pool, vessel, jur, owner, user, tpl string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	id := uuid.Must(uuid.NewV7())
	now := time.Now()
	if _, err := tx.Exec(ctx, `INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'KA-IV-2025-draft.1', 'routine', $7)`, id, vessel, user, jur, owner, tpl, now); err != nil {
		return err
	}
	for j := 0; j < 40; j++ {
		if _, err := tx.Exec(ctx, `INSERT INTO inspection_answers (id, inspection_id, item_id, answer, stamp_version, stamp_time, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, $3, 'no', 1, $4, $5, $6, $7)`, uuid.New(), id, fmt.Sprintf("item-%d", j), now, jur, owner, user); err != nil {
			return err
		}
	}
	for j := 0; j < 8; j++ {
		if _, err := tx.Exec(ctx, `INSERT INTO findings (id, inspection_id, code, source, jurisdiction_id, owner_id, inspector_id) VALUES ($1, $2, '11004', 'inspector', $3, $4, $5)`,
			uuid.New(), id, jur, owner, user); err != nil {
			return err
		}
	}
	for j := 0; j < 6; j++ {
		if _, err := tx.Exec(ctx, `INSERT INTO photos (id, inspection_id, sha256, size, content_type, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, $3, 250000, 'image/jpeg', $4, $5, $6)`, uuid.New(), id, fmt.Sprintf("%064x", j+1), jur, owner, user); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE inspections SET status = 'submitted', submitted_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
