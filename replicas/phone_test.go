package replicas

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
)

// mutation is a mutation as the phone sends it.
type mutation struct {
	ID          uuid.UUID      `json:"id"`
	Seq         int            `json:"seq"`
	Name        string         `json:"name"`
	Version     int            `json:"version"`
	Args        map[string]any `json:"args"`
	BaseVersion int64          `json:"base_version"`
	CapturedAt  string         `json:"captured_at"`
}

// phone is an inspector's app: its device, its token, its queue, and every
// answer it got.
type phone struct {
	label, token, device string
	queue                []mutation
	inspections          []uuid.UUID
	findings             []uuid.UUID
	photo                uuid.UUID
	photoData            []byte

	mu        stdsync.Mutex
	statuses  map[uuid.UUID][]string
	answers   map[string]int // HTTP answers by kind: "200", "409", "502", "transport", …
	unretried []string       // answers a phone cannot retry: they fail the test
	cuts      []string       // the transport errors seen
	servedBy  []string       // the replica (X-Replica) of each push answered 200
}

// newPhone signs in through base as email and fills a queue of n
// inspections of the seeded vessel (start, six answers, two penalised
// findings, submit), the first with a photo when photoData is given.
func newPhone(t *testing.T, base, email, label string, n int, photoData []byte) *phone {
	t.Helper()
	p, err := makePhone(base, email, label, n, photoData)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// makePhone is newPhone for a goroutine: it returns the error.
func makePhone(base, email, label string, n int, photoData []byte) (*phone, error) {
	tok, err := tryLogin(base, email, label)
	if err != nil {
		return nil, err
	}
	p := &phone{label: label, token: tok, statuses: map[uuid.UUID][]string{}, answers: map[string]int{}}
	if err := set.db.Gorm.Raw(`SELECT d.id::text FROM devices d JOIN users u ON u.id = d.user_id
		WHERE u.email = ? AND d.installation_id = ?`, email, label).Scan(&p.device).Error; err != nil || p.device == "" {
		return nil, fmt.Errorf("%s: no device (%v)", label, err)
	}
	tpl := checklist.TemplateID("ka-form2-annex", 1)
	var items []string
	for _, x := range checklist.Templates() {
		if x.ID == tpl {
			for _, it := range x.Items[:6] {
				items = append(items, it.ID)
			}
		}
	}
	at := time.Now().Add(-10 * time.Minute).UTC()
	add := func(name string, args map[string]any) {
		p.queue = append(p.queue, mutation{ID: uuid.Must(uuid.NewV7()), Seq: 1 + len(p.queue), Name: name, Version: 1, Args: args,
			BaseVersion: 1, CapturedAt: at.Add(time.Duration(len(p.queue)) * time.Second).Format(time.RFC3339Nano)})
	}
	codes := [][2]string{{"11004", "07003"}, {"10008", "11002"}, {"14001", "20001"}}
	for k := range n {
		id := uuid.Must(uuid.NewV7())
		p.inspections = append(p.inspections, id)
		add("inspection.start", map[string]any{"id": id, "vessel_id": set.ids["vessel"], "template_id": tpl, "kind": "routine"})
		for i, item := range items {
			add("inspection.answer", map[string]any{"inspection_id": id, "item_id": item, "answer": []string{"yes", "no", "na"}[i%3]})
		}
		for _, code := range codes[k%len(codes)] {
			f := uuid.Must(uuid.NewV7())
			p.findings = append(p.findings, f)
			add("finding.record", map[string]any{"id": f, "inspection_id": id, "code": code, "note": "found on board"})
		}
		if k == 0 && photoData != nil {
			p.photo, p.photoData = uuid.Must(uuid.NewV7()), photoData
			add("photo.attach", map[string]any{"id": p.photo, "inspection_id": id, "sha256": sum(photoData),
				"size": len(photoData), "content_type": "image/jpeg"})
		}
		add("inspection.submit", map[string]any{"inspection_id": id})
	}
	return p, nil
}

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// pushOnce sends ms through base and records the answer. It returns the
// mutations still without a final result. Answers a phone retries (a 200
// with retry or deferred results, 409 push_in_progress, 502–504 from the
// proxy, 503 with Retry-After, a connection cut) leave everything pending;
// any other answer is recorded as not retryable.
func (p *phone) pushOnce(base string, ms []mutation) []mutation {
	a := set.do(base, "POST", "/v1/sync/push", p.token, map[string]any{"ack_seq": 0, "mutations": ms}, "X-Device-Id", p.device,
		"X-Protocol-Version", "1", "X-App-Version", "1.4.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339Nano))
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case a.err != nil:
		p.answers["transport"]++
		p.cuts = append(p.cuts, a.err.Error())
		return ms
	case a.status == 200:
		p.answers["200"]++
		p.servedBy = append(p.servedBy, a.header.Get("X-Replica"))
	case a.status == 409 && a.json()["code"] == "push_in_progress" && a.header.Get("Retry-After") != "",
		a.status == 502, a.status == 504, a.status == 503 && a.header.Get("Retry-After") != "",
		a.status == 503 && bytes.Contains(a.body, []byte("No server is available")):
		p.answers[strconv.Itoa(a.status)]++
		return ms
	default:
		p.unretried = append(p.unretried, fmt.Sprintf("%d %s", a.status, a.body))
		return ms
	}
	var out struct {
		Results []struct {
			ID      uuid.UUID `json:"id"`
			Status  string    `json:"status"`
			Outcome *struct {
				Status string `json:"status"`
			} `json:"outcome"`
		} `json:"results"`
	}
	if err := json.Unmarshal(a.body, &out); err != nil || len(out.Results) != len(ms) {
		p.unretried = append(p.unretried, fmt.Sprintf("200 with %d results for %d mutations: %s", len(out.Results), len(ms), a.body))
		return ms
	}
	var pending []mutation
	for i, r := range out.Results {
		p.statuses[r.ID] = append(p.statuses[r.ID], r.Status)
		switch r.Status {
		case "applied", "merged", "replayed", "rejected":
		default:
			pending = append(pending, ms[i])
		}
	}
	return pending
}

// pushUntilFinal resends what has no final result until nothing is left
// (at most a minute).
func (p *phone) pushUntilFinal(t *testing.T, base string, ms []mutation) {
	for deadline := time.Now().Add(60 * time.Second); len(ms) > 0; {
		if time.Now().After(deadline) {
			t.Errorf("%s: %d mutations without a final result after a minute", p.label, len(ms))
			return
		}
		before := len(ms)
		ms = p.pushOnce(base, ms)
		if len(ms) == before {
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// run pushes the queue in batches of 5; every other batch is pushed, its
// answer dropped, and pushed again whole, as after a lost response.
func (p *phone) run(t *testing.T, base string) {
	for b, batch := range slices.Collect(slices.Chunk(p.queue, 5)) {
		if b%2 == 1 {
			p.pushOnce(base, batch)
		}
		p.pushUntilFinal(t, base, batch)
	}
}

// checkExactlyOnce: every mutation of every phone was answered applied
// (or merged) exactly once among all its answers, the rest replayed,
// retry or deferred; underneath, one applied_mutations row each and every
// effect once.
func checkExactlyOnce(t *testing.T, phones ...*phone) {
	t.Helper()
	var ids, inspections, findings []uuid.UUID
	for _, p := range phones {
		if len(p.unretried) > 0 {
			t.Errorf("%s got answers a phone cannot retry: %v", p.label, p.unretried)
		}
		for _, m := range p.queue {
			ids = append(ids, m.ID)
			applied := 0
			for _, s := range p.statuses[m.ID] {
				switch s {
				case "applied", "merged":
					applied++
				case "replayed", "retry", "deferred":
				default:
					t.Errorf("%s %s: answered %q", p.label, m.Name, s)
				}
			}
			// A push whose answer never came (a replica killed) may have
			// applied it: the phone then learns it by a replay.
			if applied > 1 || (applied == 0 && !slices.Contains(p.statuses[m.ID], "replayed")) {
				t.Errorf("%s %s: answers %v, want one applied (or, after a lost answer, replayed)", p.label, m.Name, p.statuses[m.ID])
			}
		}
		inspections, findings = append(inspections, p.inspections...), append(findings, p.findings...)
	}
	count := func(what string, want int, q string, args ...any) {
		t.Helper()
		var n int64
		must(t, set.db.Gorm.Raw(q, args...).Scan(&n).Error)
		if n != int64(want) {
			t.Errorf("%s: %d, want %d", what, n, want)
		}
	}
	count("applied_mutations rows", len(ids), `SELECT count(*) FROM applied_mutations WHERE id IN ? AND status IN ('applied', 'merged')`, ids)
	count("inspections", len(inspections), `SELECT count(*) FROM inspections WHERE id IN ?`, inspections)
	count("submitted", len(inspections), `SELECT count(*) FROM inspections WHERE id IN ? AND status = 'submitted'`, inspections)
	count("findings", len(findings), `SELECT count(*) FROM findings WHERE id IN ?`, findings)
	count("answers", 6*len(inspections), `SELECT count(*) FROM inspection_answers WHERE inspection_id IN ?`, inspections)
	count("starts audited twice", 0, `SELECT count(*) FROM (SELECT 1 FROM audit_log WHERE action IN
		('inspection.start', 'inspection.submit', 'finding.record', 'photo.attach') AND entity_id IN ? GROUP BY action, entity_id HAVING count(*) > 1) d`,
		append(slices.Clone(inspections), findings...))
	count("starts audited", len(inspections), `SELECT count(*) FROM audit_log WHERE action = 'inspection.start' AND entity_id IN ?`, inspections)
}

// pulledItem is one item of a pull page.
type pulledItem struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Op       string `json:"op"`
	Position int64  `json:"position"`
	Version  int64  `json:"version"`
}

// desk pulls as a supervisor, page after page, each page through the
// proxy (so by another replica than the page before: its cursor was
// minted elsewhere), and keeps the last version of each record.
type desk struct {
	token, cursor string
	last          map[string]pulledItem
	pages         int
	twice         []string
}

func (d *desk) pull(t *testing.T, base string, limit int) bool {
	path := "/v1/sync/pull?limit=" + strconv.Itoa(limit)
	if d.cursor != "" {
		path += "&cursor=" + url.QueryEscape(d.cursor)
	}
	for range 100 {
		a := set.do(base, "GET", path, d.token, nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
		if a.err != nil || a.status == 502 || a.status == 503 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if a.status != http.StatusOK {
			t.Errorf("pull: %d %s", a.status, a.body)
			return false
		}
		var pg struct {
			Items   []pulledItem `json:"items"`
			Cursor  string       `json:"cursor"`
			HasMore bool         `json:"has_more"`
		}
		must(t, json.Unmarshal(a.body, &pg))
		for _, it := range pg.Items {
			k := it.Type + "/" + it.ID
			if prev, ok := d.last[k]; ok && prev.Op == it.Op && prev.Version == it.Version {
				d.twice = append(d.twice, k)
			}
			if prev, ok := d.last[k]; ok && it.Version < prev.Version && it.Op == prev.Op {
				t.Errorf("%s went back from version %d to %d", k, prev.Version, it.Version)
			}
			d.last[k] = it
		}
		d.cursor = pg.Cursor
		d.pages++
		return pg.HasMore
	}
	t.Errorf("pull: no answer")
	return false
}

// checkDesk: what the desk holds is the database: every inspection,
// finding and answer row of the jurisdiction at its current version.
func checkDesk(t *testing.T, d *desk, phones ...*phone) {
	t.Helper()
	var inspections, findings []uuid.UUID
	for _, p := range phones {
		inspections, findings = append(inspections, p.inspections...), append(findings, p.findings...)
	}
	queries := map[string]struct {
		q    string
		args []uuid.UUID
	}{"inspection": {"SELECT id::text AS id, version FROM inspections WHERE id IN ?", inspections},
		"finding":           {"SELECT id::text AS id, version FROM findings WHERE id IN ?", findings},
		"inspection_answer": {"SELECT id::text AS id, version FROM inspection_answers WHERE inspection_id IN ?", inspections}}
	if len(d.twice) > 0 {
		t.Errorf("served twice at the same version: %v", d.twice)
	}
	compared := 0
	for typ, q := range queries {
		var rows []struct {
			ID      string
			Version int64
		}
		must(t, set.db.Gorm.Raw(q.q, q.args).Scan(&rows).Error)
		for _, r := range rows {
			it, ok := d.last[typ+"/"+r.ID]
			switch {
			case !ok:
				t.Errorf("the desk never got %s/%s", typ, r.ID)
			case it.Version != r.Version:
				t.Errorf("the desk holds %s/%s at version %d, the database %d", typ, r.ID, it.Version, r.Version)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Error("nothing to compare")
	}
}
