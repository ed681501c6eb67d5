package api_test

import (
	"fmt"
	"net/http"
	"testing"
)

// TestNulAndInvalidUTF8AreA400NamingTheField is issue 10 hole 7 (REST):
// PostgreSQL refuses NUL in text, so before the fix these answered 500;
// now each is a 400 problem naming the field, and nothing is written.
func TestNulAndInvalidUTF8AreA400NamingTheField(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	addr := h.listen()
	vessel := `{"registration_number":"KA-KAR-0777","name":%s,"kind":"mechanised","category":"B","zone":2,"engine_power":{"value":220,"unit":"kW"},"use":"passenger","jurisdiction_id":"` +
		h.ids["KARWAR"].String() + `","owner_id":"` + h.ids["owner-KARWAR"].String() + `"}`
	cases := []struct {
		name, method, path, user, body, field, code string
	}{
		{"escaped NUL in a vessel name", "POST", "/v1/vessels", "registrar", fmt.Sprintf(vessel, `"Boat\u0000"`), "name", "nul_byte"},
		{"invalid UTF-8 in a vessel name", "POST", "/v1/vessels", "registrar", fmt.Sprintf(vessel, "\"Boat \xff\xfe\""), "name", "invalid_utf8"},
		{"NUL in an owner's name", "POST", "/v1/owners", "registrar",
			`{"kind":"person","name":"A\u0000B","jurisdiction_id":"` + h.ids["KARWAR"].String() + `","preferred_language":"kn"}`, "name", "nul_byte"},
		{"NUL in the login email", "POST", "/v1/auth/login", "", `{"email":"admin@test.tindal\u0000","password":"x","installation_id":"i"}`, "email", "nul_byte"},
		{"NUL in a nested key's value", "POST", "/v1/rules/evaluate", "inspector", `{"vessel":{"name":"\u0000"}}`, "vessel.name", "nul_byte"},
		{"NUL in a query parameter", "GET", "/v1/owners?q=a%00b", "registrar", "", "q", "nul_byte"},
		{"invalid UTF-8 in a query parameter", "GET", "/v1/crew-members?q=%FF", "registrar", "", "q", "invalid_utf8"},
		{"NUL in a path parameter", "POST", "/v1/admin/jobs/house%00keeping/run", "admin", `{}`, "", ""},
	}
	before := h.count("vessels") + h.count("owners")
	for _, c := range cases {
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		r := rawRequest(t, addr, c.method, c.path, h.tokens[c.user], body)
		if c.field == "" { // a percent-encoded path is not a route at all
			if r.status != http.StatusNotFound {
				t.Errorf("%s: %d %s", c.name, r.status, r.body)
			}
			continue
		}
		if r.status != http.StatusBadRequest || !namesField(r, c.field, c.code) {
			t.Errorf("%s: %d %s, want 400 naming %s (%s)", c.name, r.status, r.body, c.field, c.code)
		}
	}
	if after := h.count("vessels") + h.count("owners"); after != before {
		t.Errorf("rows written: %d before, %d after", before, after)
	}
	// The same vessel with a clean name is accepted: the body was refused for its text alone.
	if r := rawRequest(t, addr, "POST", "/v1/vessels", h.tokens["registrar"], []byte(fmt.Sprintf(vessel, `"Boat"`))); r.status != http.StatusCreated {
		t.Errorf("clean vessel: %d %s", r.status, r.body)
	}
}

func namesField(r response, field, code string) bool {
	errs, _ := r.json()["errors"].([]any)
	for _, e := range errs {
		m, _ := e.(map[string]any)
		if m["field"] == field && m["code"] == code {
			return true
		}
	}
	return false
}
