package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
)

// newSyncHarness is the harness with the pull engine wired in, as main
// wires it: a signing key, and a minimum and latest app version.
func newSyncHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	pull, err := sync.NewPullEngine(h.db, []byte("api test cursor key, at least 32 bytes"), sync.PullOptions{MinAppVersion: "1.2.0", LatestAppVersion: "1.5.0"})
	h.must(err)
	d := fullDeps(t, h.db, h.auth, time.Now)
	d.Pull = pull
	h.app, err = api.NewServer(d)
	h.must(err)
	return h
}

type syncItem struct {
	Type    string `json:"type"`
	ID      string `json:"id"`
	Op      string `json:"op"`
	Version int64  `json:"version"`
}

// pullAll pulls as user from cursor until has_more is false; every page is
// validated against the contract by h.do, and each item's data against its
// type's schema by checkPulled.
func (h *harness) pullAll(user, cursor string) ([]syncItem, string) {
	h.t.Helper()
	var items []syncItem
	for range 100 {
		path := "/v1/sync/pull?limit=2000"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		r := h.do("GET", path, user, nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
		if r.status != 200 {
			h.t.Fatalf("pull: %d %s", r.status, r.body)
		}
		var p struct {
			Items   []syncItem `json:"items"`
			Cursor  string     `json:"cursor"`
			HasMore bool       `json:"has_more"`
		}
		h.must(json.Unmarshal(r.body, &p))
		checkPulled(h.t, r.body) // each item against the SyncItem union
		items, cursor = append(items, p.Items...), p.Cursor
		if !p.HasMore {
			return items, cursor
		}
	}
	h.t.Fatal("pull never ended")
	return nil, ""
}

func upserted(items []syncItem, typ string) []string {
	var ids []string
	for _, it := range items {
		if it.Type == typ && it.Op == "upsert" {
			ids = append(ids, it.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// listed is the ids a REST list returns to user.
func (h *harness) listed(path, user string) []string {
	h.t.Helper()
	r := h.do("GET", path+"?limit=500", user, nil)
	var p struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	h.must(json.Unmarshal(r.body, &p))
	var ids []string
	for _, it := range p.Items {
		ids = append(ids, it.ID)
	}
	slices.Sort(ids)
	return ids
}

func TestEachRolePullsWhatItsRESTListsShow(t *testing.T) {
	h := newSyncHarness(t)
	for _, user := range []string{"admin", "registrar", "supervisor", "inspector", "inspector-mangaluru", "owner"} {
		t.Run(user, func(t *testing.T) {
			h := h.with(t)
			items, _ := h.pullAll(user, "")
			for typ, path := range map[string]string{"vessel": "/v1/vessels", "owner": "/v1/owners", "jurisdiction": "/v1/jurisdictions"} {
				if got, want := upserted(items, typ), h.listed(path, user); !slices.Equal(got, want) {
					t.Errorf("%s: pull sent %v, REST lists %v", typ, got, want)
				}
			}
		})
	}
}

func TestSyncPullScenarios(t *testing.T) {
	h := newSyncHarness(t)
	first := h.do("GET", "/v1/sync/pull", "inspector", nil)
	cursor, _ := first.json()["cursor"].(string)
	tampered := []byte(cursor)
	tampered[5] ^= 2
	h.run(t, []scenario{
		{name: "first page", method: "GET", path: "/v1/sync/pull?limit=1", user: "inspector", wantStatus: 200,
			check: func(t *testing.T, r response) {
				if r.json()["has_more"] != true || len(r.json()["items"].([]any)) == 0 {
					t.Fatalf("want a first page with more to come: %s", r.body)
				}
			}},
		{name: "signed in only", method: "GET", path: "/v1/sync/pull", wantStatus: 401},
		{name: "tampered cursor", method: "GET", path: "/v1/sync/pull?cursor=" + url.QueryEscape(string(tampered)), user: "inspector",
			wantStatus: 400, wantCode: "invalid_cursor"},
		{name: "another user's cursor", method: "GET", path: "/v1/sync/pull?cursor=" + url.QueryEscape(cursor), user: "owner",
			wantStatus: 400, wantCode: "invalid_cursor"},
		{name: "limit over the cap", method: "GET", path: "/v1/sync/pull?limit=2001", user: "inspector", wantStatus: 400},
		{name: "old app", method: "GET", path: "/v1/sync/pull", user: "inspector", headers: []string{"X-App-Version", "1.1.9"},
			wantStatus: 426, wantCode: "upgrade_required", check: func(t *testing.T, r response) {
				if r.json()["minimum_version"] != "1.2.0" || r.json()["latest_version"] != "1.5.0" {
					t.Fatalf("426 must name the minimum and latest versions: %s", r.body)
				}
			}},
		{name: "unreadable app version", method: "GET", path: "/v1/sync/pull", user: "inspector", headers: []string{"X-App-Version", "latest"},
			wantStatus: 400, wantCode: "invalid_app_version"},
		{name: "verify", method: "POST", path: "/v1/sync/verify", user: "inspector",
			body:       map[string]any{"ids": []string{h.ids["vessel-KARWAR"].String(), h.ids["vessel-MANGALURU"].String(), h.ids["KARWAR"].String()}},
			wantStatus: 200, check: func(t *testing.T, r response) {
				var got []string
				for _, x := range r.json()["results"].([]any) {
					got = append(got, x.(map[string]any)["state"].(string))
				}
				if !slices.Equal(got, []string{"exists", "out_of_scope", "exists"}) {
					t.Fatalf("states %v: %s", got, r.body)
				}
			}},
		{name: "verify needs ids", method: "POST", path: "/v1/sync/verify", user: "inspector", body: map[string]any{"ids": []string{}}, wantStatus: 400},
	})
}

func TestSyncPullGzip(t *testing.T) {
	h := newSyncHarness(t)
	req := httptest.NewRequest("GET", "/v1/sync/pull", nil)
	req.Header.Set("Authorization", "Bearer "+h.tokens["inspector"])
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	res, err := h.app.Test(req, 10000)
	h.must(err)
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("status %d, headers %v", res.StatusCode, res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	h.must(err)
	body, err := io.ReadAll(zr)
	h.must(err)
	var p map[string]any
	if err := json.Unmarshal(body, &p); err != nil || p["cursor"] == nil {
		t.Fatalf("gzip body is not a page: %v %.200s", err, body)
	}
}

// An inspector moved from Karwar to Mangaluru: their assignment ends and a
// new one starts; the next pull with the same token removes Karwar's rows
// and snapshots Mangaluru's.
func TestReassignedInspectorLosesTheOldJurisdictionAndGetsTheNew(t *testing.T) {
	h := newSyncHarness(t)
	items, cursor := h.pullAll("inspector", "")
	if !slices.Contains(upserted(items, "vessel"), h.ids["vessel-KARWAR"].String()) {
		t.Fatal("the Karwar inspector must get the Karwar vessel")
	}
	ctx := context.Background()
	_, err := h.db.Pool.Exec(ctx, `UPDATE user_jurisdictions SET starts_on = current_date - 10, ends_on = current_date - 1
		WHERE user_id = (SELECT id FROM users WHERE email = 'inspector@test.tindal')`)
	h.must(err)
	_, err = h.db.Pool.Exec(ctx, `INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on)
		SELECT gen_random_uuid(), id, $1, current_date - 1 FROM users WHERE email = 'inspector@test.tindal'`, h.ids["MANGALURU"])
	h.must(err)
	items, _ = h.pullAll("inspector", cursor)
	ops := map[string]string{}
	for _, it := range items {
		ops[it.ID] = it.Op
	}
	if ops[h.ids["vessel-KARWAR"].String()] != "remove_from_scope" || ops[h.ids["owner-KARWAR"].String()] != "remove_from_scope" {
		t.Errorf("Karwar's vessel and owner must be removed: %v", ops)
	}
	if ops[h.ids["vessel-MANGALURU"].String()] != "upsert" {
		t.Errorf("Mangaluru's vessel must be snapshotted: %v", ops)
	}
}

func TestCursorOlderThanTheLogAnswers410(t *testing.T) {
	h := newSyncHarness(t)
	_, cursor := h.pullAll("inspector", "")
	h.must(h.db.InTx(context.Background(), storage.Actor{}, func(tx *storage.Tx) error {
		tx.Changed("vessel", h.ids["vessel-KARWAR"], storage.ScopeJurisdiction(h.ids["KARWAR"]))
		return nil
	}))
	_, err := sync.PruneChangeLog(context.Background(), h.db, time.Now().Add(time.Hour))
	h.must(err)
	r := h.do("GET", "/v1/sync/pull?cursor="+url.QueryEscape(cursor), "inspector", nil)
	if r.status != 410 || r.json()["code"] != "reset_required" {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	if !bytes.Contains(r.body, []byte("push")) {
		t.Errorf("the problem must tell the app to push first: %s", r.body)
	}
}
