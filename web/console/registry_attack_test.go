package console_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web/webtest"
)

// mangaluruRegistrar adds a registrar of the Mangaluru office (the demo has
// none) and answers the account's email.
func mangaluruRegistrar(t *testing.T, s *webtest.Server) string {
	t.Helper()
	j := idOf(t, s, `SELECT id FROM jurisdictions WHERE code = 'MANGALURU'`)
	email := "registrar.mangaluru@demo.tindal"
	_, _, err := s.Auth.UpsertUser(context.Background(), storage.Actor{RequestID: "test"}, auth.NewUser{
		Email: email, Name: "Lakshmi Bangera", Role: models.RoleRegistrar, Password: webtest.DemoPassword,
		Jurisdictions: []uuid.UUID{j}, AssignedFrom: time.Now().AddDate(0, 0, -1)})
	if err != nil {
		t.Fatal(err)
	}
	return email
}

// TestOtherOfficesGetTheAPIsNotFound: officials of Mangaluru and Paradip
// opening a Karwar owner, vessel, crew member, certificate or penalty
// notice by its id get the same 404 as from the API, and a Mangaluru
// registrar's edit of a Karwar vessel is the same 404 and changes nothing.
func TestOtherOfficesGetTheAPIsNotFound(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	notice := karwarNotice(t, s)
	vessel := vesselID(t, s, "KA-KWR-M-0006")
	owner := idOf(t, s, `SELECT owner_id FROM vessels WHERE id = ?`, vessel)
	cert := idOf(t, s, `SELECT id FROM certificates WHERE vessel_id = ? LIMIT 1`, vessel)
	crew := idOf(t, s, `SELECT c.id FROM crew_members c JOIN jurisdictions j ON j.id = c.jurisdiction_id
		WHERE j.code = 'KARWAR' LIMIT 1`)
	pages := []string{
		"/console/owners/" + owner.String(), "/console/owners/" + owner.String() + "/edit",
		"/console/vessels/" + vessel.String(), "/console/vessels/" + vessel.String() + "/edit",
		"/console/crew/" + crew.String(), "/console/certificates/" + cert.String(),
		"/console/notices/" + notice.String(),
	}
	registrar := mangaluruRegistrar(t, s)
	for _, email := range []string{"inspector.mangaluru@demo.tindal", "supervisor.paradip@demo.tindal",
		"inspector.paradip@demo.tindal", registrar} {
		c := newClient(t, s)
		if res := c.signIn(email); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s did not sign in (%d)", email, res.StatusCode)
		}
		for _, p := range pages {
			if strings.HasSuffix(p, "/edit") && email != registrar {
				continue // other roles are refused the form itself (403) before any lookup
			}
			res, body := c.do("GET", p, nil, nil)
			// The error page of a 404, in the person's language (the
			// Paradip supervisor reads Hindi): the same as for an id
			// that exists nowhere.
			if res.StatusCode != http.StatusNotFound || !strings.Contains(body, "404") {
				t.Errorf("%s opening %s: %d\n%.300s", email, p, res.StatusCode, body)
			}
			api := apiStatus(t, s, email, apiPathOf(p))
			if api != http.StatusNotFound && !strings.HasSuffix(p, "/edit") {
				t.Errorf("%s: the API answers %d for %s, the page 404", email, api, apiPathOf(p))
			}
		}
	}
	c := newClient(t, s)
	c.signIn(registrar)
	tok := c.csrf("/console/vessels")
	res, _ := c.do("POST", "/console/vessels/"+vessel.String(), url.Values{"csrf": {tok}, "version": {"1"},
		"registration_number": {"KA-KWR-M-0006"}, "name": {"Taken Over"}, "use": {"passenger"},
		"owner_id": {owner.String()}, "jurisdiction_id": {uuid.NewString()}, "status": {"active"}}, nil)
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("another office's registrar's edit answered %d", res.StatusCode)
	}
	assertVesselName(t, s, vessel, "Taken Over")
}

// apiPathOf is the API path of a console page of a record.
func apiPathOf(page string) string {
	p := strings.TrimSuffix(strings.TrimPrefix(page, "/console"), "/edit")
	p = strings.Replace(p, "/crew/", "/crew-members/", 1)
	return "/v1" + strings.Replace(p, "/notices/", "/penalty-notices/", 1)
}

// apiStatus is what the API answers email for GET path.
func apiStatus(t *testing.T, s *webtest.Server, email, path string) int {
	t.Helper()
	login := `{"email":"` + email + `","password":"` + webtest.DemoPassword + `","installation_id":"` + uuid.NewString() + `"}`
	res, err := http.Post(s.URL+"/v1/auth/login", "application/json", strings.NewReader(login))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("API login of %s: %d %v", email, res.StatusCode, err)
	}
	req, _ := http.NewRequestWithContext(context.Background(), "GET", s.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	ans, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ans.Body.Close()
	return ans.StatusCode
}

func assertVesselName(t *testing.T, s *webtest.Server, id uuid.UUID, notName string) {
	t.Helper()
	var name string
	if err := s.DB.Gorm.Raw(`SELECT name FROM vessels WHERE id = ?`, id).Scan(&name).Error; err != nil {
		t.Fatal(err)
	}
	if name == notName {
		t.Errorf("the vessel was renamed to %q", name)
	}
}

// TestInspectorCannotEditTheRegister: an inspector of the office reads a
// vessel but posting its edit form is 403 and changes nothing; a POST
// without the CSRF token is 403 for the registrar too.
func TestInspectorCannotEditTheRegister(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	vessel := vesselID(t, s, "KA-KWR-M-0006")
	owner := idOf(t, s, `SELECT owner_id FROM vessels WHERE id = ?`, vessel)
	form := url.Values{"version": {"1"}, "registration_number": {"KA-KWR-M-0006"}, "name": {"Edited By Inspector"},
		"use": {"passenger"}, "owner_id": {owner.String()}, "status": {"active"},
		"jurisdiction_id": {idOf(t, s, `SELECT jurisdiction_id FROM vessels WHERE id = ?`, vessel).String()}}

	insp := newClient(t, s)
	insp.signIn("inspector.karwar@demo.tindal")
	if res, _ := insp.do("GET", "/console/vessels/"+vessel.String(), nil, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the inspector cannot read the vessel (%d)", res.StatusCode)
	}
	form.Set("csrf", insp.csrf("/console/vessels/"+vessel.String()))
	if res, body := insp.do("POST", "/console/vessels/"+vessel.String(), form, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("the inspector's edit answered %d:\n%.300s", res.StatusCode, body)
	}
	if res, _ := insp.do("GET", "/console/vessels/"+vessel.String()+"/edit", nil, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("the inspector's edit form answered %d", res.StatusCode)
	}
	assertVesselName(t, s, vessel, "Edited By Inspector")

	reg := newClient(t, s)
	reg.signIn("registrar.karwar@demo.tindal")
	form.Del("csrf")
	form.Set("name", "Edited Without Token")
	if res, body := reg.do("POST", "/console/vessels/"+vessel.String(), form, nil); res.StatusCode != http.StatusForbidden ||
		!strings.Contains(body, "did not come from this site") {
		t.Errorf("a POST without the token answered %d:\n%.300s", res.StatusCode, body)
	}
	assertVesselName(t, s, vessel, "Edited Without Token")
}
