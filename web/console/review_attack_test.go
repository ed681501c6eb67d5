package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// reviewAPIStatus is the status the API answers email for GET path.
func reviewAPIStatus(t *testing.T, s *webtest.Server, email, path string) int {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": webtest.DemoPassword,
		"installation_id": "console-attack-test"})
	res, err := http.Post(s.URL+"/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if tok.AccessToken == "" {
		t.Fatalf("%s could not log in to the API (%d)", email, res.StatusCode)
	}
	req, _ := http.NewRequestWithContext(context.Background(), "GET", s.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	res, err = (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// karwarOrder detains the demo vessel whose inspection proposes it, as the
// Karwar supervisor, through the detention service, and returns the order.
func karwarOrder(t *testing.T, s *webtest.Server) models.DetentionOrder {
	t.Helper()
	var u models.User
	if err := s.DB.Gorm.Where("email = ?", "supervisor.karwar@demo.tindal").Take(&u).Error; err != nil {
		t.Fatal(err)
	}
	jur := scalar[uuid.UUID](t, s, `SELECT jurisdiction_id FROM user_jurisdictions WHERE user_id = ? LIMIT 1`, u.ID)
	sc := models.Scope{UserID: u.ID, Role: u.Role, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{jur},
		RequestID: "console-attack-test"}
	o, err := detention.New(s.Inspect).ConfirmDetention(context.Background(), sc, inspectionOf(t, s, regDetention),
		detention.DetentionInput{PresentLocation: "Karwar port, berth 3", MasterName: "Ramesh Naik"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestOtherOfficesGetTheAPIsNotFoundOnReviewPages: the Mangaluru inspector and the
// Paradip supervisor opening a Karwar inspection, its detention preview,
// a photo (page and bytes) or a detention order (page and PDF) by id get
// the 404 the API gives them for the same records; an owner gets nothing
// but the sign-in page.
func TestOtherOfficesGetTheAPIsNotFoundOnReviewPages(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regDetention)
	photoID := scalar[uuid.UUID](t, s, `SELECT id FROM photos WHERE inspection_id = ? ORDER BY id LIMIT 1`, insp)
	order := karwarOrder(t, s)
	routes := []struct{ console, api string }{
		{"/console/inspections/" + insp.String(), "/v1/inspections/" + insp.String()},
		{"/console/inspections/" + insp.String() + "/detention", "/v1/inspections/" + insp.String() + "/detention"},
		{"/console/photos/" + photoID.String(), "/v1/photos/" + photoID.String()},
		{"/console/photos/" + photoID.String() + "/content", "/v1/photos/" + photoID.String()},
		{"/console/photos/" + photoID.String() + "/content?size=320", "/v1/photos/" + photoID.String()},
		{"/console/detention-orders/" + order.ID.String(), "/v1/detention-orders/" + order.ID.String()},
		{"/console/detention-orders/" + order.ID.String() + "/pdf", "/v1/detention-orders/" + order.ID.String() + "/pdf"},
	}
	for _, email := range []string{"inspector.mangaluru@demo.tindal", "supervisor.paradip@demo.tindal"} {
		c := newClient(t, s)
		if res := c.signIn(email); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s did not sign in (%d)", email, res.StatusCode)
		}
		for _, r := range routes {
			res, page := c.do("GET", r.console, nil, nil)
			want := reviewAPIStatus(t, s, email, r.api)
			if res.StatusCode != http.StatusNotFound || want != http.StatusNotFound {
				t.Errorf("%s GET %s: console %d, API %d (want 404 from both)\n%.300s", email, r.console, res.StatusCode, want, page)
			}
		}
	}
	owner := newClient(t, s)
	owner.signIn("owner1@demo.tindal")
	for _, r := range append(routes, struct{ console, api string }{"/console/queue", ""},
		struct{ console, api string }{"/console/rectifications", ""}) {
		if res, _ := owner.do("GET", r.console, nil, nil); res.StatusCode != http.StatusSeeOther {
			t.Errorf("owner GET %s answered %d, not the sign-in page", r.console, res.StatusCode)
		}
	}
	// The same supervisors see the Karwar queue empty, as from the API.
	c := newClient(t, s)
	c.signIn("supervisor.paradip@demo.tindal")
	if res, page := c.do("GET", "/console/queue", nil, nil); res.StatusCode != 200 || bytes.Contains([]byte(page), []byte(regDetention)) {
		t.Errorf("the Paradip supervisor's queue (%d) shows Karwar's inspections", res.StatusCode)
	}
}

// TestDecisionsRefuseForgedAndForeignPosts: a decision without the
// session's CSRF token is 403 and changes nothing; the Paradip supervisor
// deciding a Karwar inspection, rectification or order with a good token
// gets the API's 404 and changes nothing (a conflict too); an inspector
// may not decide.
func TestDecisionsRefuseForgedAndForeignPosts(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regStern)
	rect := rectify(t, s, regLifebuoy)
	order := karwarOrder(t, s)
	conflict := conflictOn(t, s, insp)
	status := func() string {
		return scalar[string](t, s, `SELECT status || coalesce((SELECT resolution FROM conflicts WHERE id = ?), '')
			FROM inspections WHERE id = ?`, conflict.ID, insp) + "/" +
			scalar[string](t, s, `SELECT status FROM finding_rectifications WHERE id = ?`, rect) + "/" +
			scalar[string](t, s, `SELECT status FROM detention_orders WHERE id = ?`, order.ID)
	}
	before := status()
	posts := []struct {
		path string
		form url.Values
	}{
		{"/console/inspections/" + insp.String() + "/review", url.Values{"decision": {"approve"}}},
		{"/console/rectifications/" + rect.String() + "/decide", url.Values{"decision": {"accept"}}},
		{"/console/detention-orders/" + order.ID.String() + "/release", url.Values{"towing_rupees": {"1"}}},
		{"/console/conflicts/" + conflict.ID.String() + "/resolve", url.Values{"resolution": {"reverted"}}},
		{"/console/inspections/" + inspectionOf(t, s, regLifebuoy).String() + "/detention",
			url.Values{"present_location": {"x"}, "master_name": {"y"}}},
	}
	karwar := newClient(t, s)
	karwar.signIn("supervisor.karwar@demo.tindal")
	for _, p := range posts {
		if res, _ := karwar.do("POST", p.path, p.form, nil); res.StatusCode != http.StatusForbidden {
			t.Errorf("POST %s without a CSRF token answered %d", p.path, res.StatusCode)
		}
	}
	for email, want := range map[string]int{"supervisor.paradip@demo.tindal": http.StatusNotFound,
		"inspector.karwar@demo.tindal": http.StatusForbidden} {
		c := newClient(t, s)
		c.signIn(email)
		tok := c.csrf("/console/")
		for _, p := range posts {
			form := url.Values{"csrf": {tok}}
			for k, v := range p.form {
				form[k] = v
			}
			if res, page := c.do("POST", p.path, form, nil); res.StatusCode != want {
				t.Errorf("%s POST %s answered %d, want %d:\n%.300s", email, p.path, res.StatusCode, want, page)
			}
		}
	}
	if after := status(); after != before {
		t.Errorf("refused posts changed the records: %s → %s", before, after)
	}
	// The genuine one, with the token, still works: a return without a
	// comment is 422 with the message next to the comment.
	tok := karwar.csrf("/console/")
	res, page := karwar.do("POST", "/console/inspections/"+insp.String()+"/review",
		url.Values{"csrf": {tok}, "decision": {"return"}}, nil)
	if res.StatusCode != http.StatusUnprocessableEntity || !bytes.Contains([]byte(page), []byte(`id="comment-error"`)) {
		t.Errorf("a return without a comment answered %d:\n%.500s", res.StatusCode, page)
	}
}
