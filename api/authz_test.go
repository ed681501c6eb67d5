package api_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestAuthorizationMatrix walks every operation of the contract for every
// role: signed out is 401 wherever security applies; a role the table
// forbids gets 403; a role it allows is never refused for who it is.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		t.Fatal(err)
	}
	users := map[models.Role]string{models.RoleAdmin: "admin", models.RoleRegistrar: "registrar", models.RoleSupervisor: "supervisor",
		models.RoleInspector: "inspector", models.RoleOwner: "owner"}
	walked := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			secured := len(doc.Security) > 0
			if op.Security != nil {
				secured = len(*op.Security) > 0
			}
			if !secured {
				continue
			}
			walked++
			url := pathParam.ReplaceAllString(path, h.ids["vessel-MANGALURU"].String())
			t.Run(method+" "+path, func(t *testing.T) {
				h := h.with(t)
				if r := h.do(method, url, "", "{}"); r.status != 401 {
					t.Errorf("signed out: %d, want 401", r.status)
				}
				for _, role := range models.Roles {
					access, listed := api.AccessFor(op.OperationID, role)
					if !listed {
						t.Fatalf("operation %s has no row in the authorization table", op.OperationID)
					}
					r := h.do(method, url, users[role], "{}")
					switch {
					case access == models.AccessNone && r.status != 403:
						t.Errorf("%s: %d, want 403 (%s)", role, r.status, r.body)
					case access != models.AccessNone && (r.status == 401 || r.status == 403):
						t.Errorf("%s: %d, want the operation to be reached (%s)", role, r.status, r.body)
					case r.status >= 500 && r.status != 503:
						// A bare "{}" is bad input: it must get a clear 4xx, never a server error.
						t.Errorf("%s: %d for bad input (%s)", role, r.status, r.body)
					}
				}
			})
			if op.OperationID == "logout" { // it ended every role's session: sign in again
				for _, label := range users {
					h.tokens[label] = h.login(label + "@test.tindal")
				}
			}
		}
	}
	if walked < 20 {
		t.Fatalf("walked only %d secured operations", walked)
	}
}

func TestCrossJurisdictionWritesAreRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	other := h.ids["vessel-MANGALURU"].String()
	h.run(t, []scenario{
		{name: "registrar patches another jurisdiction's vessel", method: "PATCH", path: "/v1/vessels/" + other, user: "registrar",
			body: map[string]any{"name": "Hijacked"}, headers: []string{"If-Match", "1"}, wantStatus: 404},
		{name: "registrar deletes another jurisdiction's vessel", method: "DELETE", path: "/v1/vessels/" + other, user: "registrar",
			headers: []string{"If-Match", "1"}, wantStatus: 404},
		{name: "registrar adds a certificate to another jurisdiction's vessel", method: "POST", path: "/v1/certificates", user: "registrar",
			// answered as an absent vessel, not 403: a write must not confirm another jurisdiction's ids
			body: map[string]any{"vessel_id": other, "kind": "insurance", "number": "I-9", "issued_on": "2026-01-01"}, wantStatus: 422, check: fieldNamed("vessel_id")},
		{name: "inspector reads another jurisdiction's owner", method: "GET", path: "/v1/owners/" + h.ids["owner-MANGALURU"].String(), user: "inspector", wantStatus: 404},
	})
	var name string
	h.must(h.db.Gorm.Raw("SELECT name FROM vessels WHERE id = ?", h.ids["vessel-MANGALURU"]).Scan(&name).Error)
	if strings.Contains(name, "Hijacked") {
		t.Fatal("a refused write changed the vessel")
	}
}
