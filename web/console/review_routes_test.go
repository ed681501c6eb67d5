package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/web/console"
	"github.com/tindal/tindal/web/webtest"
)

// apiAs is an API client signed in as one person (a bearer token).
type apiAs struct {
	t     *testing.T
	s     *webtest.Server
	token string
}

func newAPI(t *testing.T, s *webtest.Server, email string) *apiAs {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": webtest.DemoPassword,
		"installation_id": "console-route-walk"})
	res, err := http.Post(s.URL+"/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("%s could not log in to the API (%d)", email, res.StatusCode)
	}
	return &apiAs{t: t, s: s, token: tok.AccessToken}
}

func (a *apiAs) status(method, path string, body any) int {
	a.t.Helper()
	var r *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, a.s.URL+path, r)
	req.Header.Set("Authorization", "Bearer "+a.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// walkRoute is one console route with the API operation it performs: the
// API's path and body for the same record.
type walkRoute struct {
	api  string // "" for a list, whose walk checks that no Karwar record shows
	form url.Values
	body any
}

// TestEveryReviewRouteAnswersAsTheAPI walks every route of the
// supervisor's pages (issue 21 item 4) × every official of another office
// and every Karwar role that may not act, with Karwar's ids: each answers
// the status the API answers that person for the same operation on the same
// record (404 out of scope, 403 for a role the table refuses), lists show
// no Karwar record, and nothing changes. A route missing from the walk
// fails it.
func TestEveryReviewRouteAnswersAsTheAPI(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regStern)
	detained := inspectionOf(t, s, regDetention)
	photoID := scalar[uuid.UUID](t, s, `SELECT id FROM photos WHERE inspection_id = ? ORDER BY id LIMIT 1`, insp)
	rect := rectify(t, s, regLifebuoy)
	order := karwarOrder(t, s)
	conflict := conflictOn(t, s, insp)
	amend := uuid.Must(uuid.NewV7()) // none in the demo: an unknown id is the same 404 everywhere
	deferred := deferredAnswer(t, s)
	held := uuid.Must(uuid.NewV7()) // no quarantine in the demo: the same 404 everywhere
	walk := map[string]walkRoute{
		"GET /queue":          {},
		"GET /rectifications": {},
		"GET /flags":          {},
		"GET /sync":           {},
		"POST /sync/backlog/" + deferred.String() + "/decide": {api: "/v1/sync/backlog/" + deferred.String() + "/decide",
			form: url.Values{"decision": {"discard"}, "reason": {"x"}}, body: map[string]any{"decision": "discard", "reason": "x"}},
		"POST /sync/quarantine/" + held.String() + "/decide": {api: "/v1/quarantine/" + held.String() + "/decide",
			form: url.Values{"decision": {"discard"}, "reason": {"x"}}, body: map[string]any{"decision": "discard", "reason": "x"}},
		"GET /inspections/" + insp.String(): {api: "/v1/inspections/" + insp.String()},
		"POST /inspections/" + insp.String() + "/review": {api: "/v1/inspections/" + insp.String() + "/review",
			form: url.Values{"decision": {"approve"}}, body: map[string]any{"decision": "approve"}},
		"GET /inspections/" + detained.String() + "/detention": {api: "/v1/inspections/" + detained.String() + "/detention"},
		"POST /inspections/" + insp.String() + "/detention": {api: "/v1/inspections/" + insp.String() + "/detention",
			form: url.Values{"present_location": {"x"}, "master_name": {"y"}},
			body: map[string]any{"present_location": "x", "master_name": "y"}},
		"POST /conflicts/" + conflict.ID.String() + "/resolve": {api: "/v1/conflicts/" + conflict.ID.String() + "/resolve",
			form: url.Values{"resolution": {"reverted"}}, body: map[string]any{"resolution": "reverted"}},
		"POST /amendment-requests/" + amend.String() + "/decide": {api: "/v1/amendment-requests/" + amend.String() + "/decide",
			form: url.Values{"decision": {"accept"}}, body: map[string]any{"decision": "accept"}},
		"GET /photos/" + photoID.String():                     {api: "/v1/photos/" + photoID.String()},
		"GET /photos/" + photoID.String() + "/content":        {api: "/v1/photos/" + photoID.String()},
		"GET /detention-orders/" + order.ID.String():          {api: "/v1/detention-orders/" + order.ID.String()},
		"GET /detention-orders/" + order.ID.String() + "/pdf": {api: "/v1/detention-orders/" + order.ID.String() + "/pdf"},
		"POST /detention-orders/" + order.ID.String() + "/release": {api: "/v1/detention-orders/" + order.ID.String() + "/release",
			form: url.Values{"towing_rupees": {"1"}}, body: map[string]any{"towing_rupees": 1}},
		"POST /rectifications/" + rect.String() + "/decide": {api: "/v1/rectifications/" + rect.String() + "/decide",
			form: url.Values{"decision": {"accept"}}, body: map[string]any{"decision": "accept"}},
	}
	// Every registered route is walked, with the id of its kind.
	for _, r := range console.ReviewRoutes() {
		found := false
		for k := range walk {
			method, path, _ := strings.Cut(k, " ")
			if method == r.Method && routeMatches(r.Path, path) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s /console%s is not in the route walk", r.Method, r.Path)
		}
	}
	state := func() string {
		return scalar[string](t, s, `SELECT (SELECT string_agg(status, ',' ORDER BY id) FROM inspections)
			|| (SELECT string_agg(status, ',') FROM finding_rectifications)
			|| (SELECT string_agg(status, ',') FROM detention_orders)
			|| (SELECT count(*) FROM conflicts WHERE resolved_at IS NOT NULL)::text
			|| (SELECT count(*) FROM mutation_backlog)::text`)
	}
	before := state()
	for _, email := range []string{"inspector.mangaluru@demo.tindal", "supervisor.paradip@demo.tindal",
		"inspector.paradip@demo.tindal", "inspector.karwar@demo.tindal", "registrar.karwar@demo.tindal"} {
		c := newClient(t, s)
		if res := c.signIn(email); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s did not sign in (%d)", email, res.StatusCode)
		}
		api := newAPI(t, s, email)
		tok := c.csrf("/console/")
		for k, w := range walk {
			method, path, _ := strings.Cut(k, " ")
			var form url.Values
			if method == http.MethodPost {
				form = url.Values{"csrf": {tok}}
				for f, v := range w.form {
					form[f] = v
				}
			}
			res, page := c.do(method, "/console"+path, form, nil)
			if w.api == "" {
				if res.StatusCode == 200 && (strings.Contains(page, regStern) || strings.Contains(page, "retro-reflective")) &&
					!strings.Contains(email, "karwar") {
					t.Errorf("%s %s shows a Karwar record", email, k)
				}
				continue
			}
			apiMethod := method
			if want := api.status(apiMethod, w.api, w.body); res.StatusCode != want {
				t.Errorf("%s %s: the console answered %d, the API %d", email, k, res.StatusCode, want)
			}
		}
	}
	if after := state(); after != before {
		t.Errorf("the walk changed records: %s → %s", before, after)
	}
}

// routeMatches reports whether a concrete path fits a route pattern with
// :params.
func routeMatches(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(ps) != len(xs) {
		return false
	}
	for i := range ps {
		if !strings.HasPrefix(ps[i], ":") && ps[i] != xs[i] {
			return false
		}
	}
	return true
}
