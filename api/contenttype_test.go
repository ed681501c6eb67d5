package api_test

import (
	"io"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"github.com/tindal/tindal/openapi"
)

// TestEveryWriteRouteRefusesAnUnlistedContentType walks every operation of
// the contract that takes a body with bodies of media types it does not
// list: each is a 415 problem naming the types it takes, before any
// validation (after authentication: a caller without a token still gets
// 401), and nothing is written (issue 19 item 15:
// POST /v1/auth/login with text/plain '{}' was a 500 from a nil pointer in
// the mapping of the validator's error).
func TestEveryWriteRouteRefusesAnUnlistedContentType(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	h.must(err)
	tables := []string{"devices", "refresh_tokens", "login_attempts", "owners", "vessels", "inspections", "audit_log", "change_log", "users", "user_jurisdictions", "password_resets"}
	before := map[string]int64{}
	for _, tb := range tables {
		before[tb] = h.count(tb)
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	bodies := []struct{ ct, body string }{
		{"text/plain", "{}"},
		{"text/plain; charset=utf-8", `{"email":"admin@test.tindal","password":"x"}`},
		{"", "{}"}, // no Content-Type at all
		{"image/png", "\x89PNG\r\n\x1a\n"},
		{"application/x-www-form-urlencoded", "email=a&password=b"},
		{"multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--\r\n"},
		{"application/json; charset=iso-8859-1", "{}"},
		{"application/json;;", "{}"},
		{"application/xml", "<a/>"},
	}
	walked := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil {
				continue
			}
			walked++
			var listed []string
			for ct := range op.RequestBody.Value.Content {
				listed = append(listed, ct)
			}
			url := param.ReplaceAllString(path, uuid.NewString())
			for _, b := range bodies {
				if slices.Contains(listed, b.ct) {
					continue
				}
				var headers []string
				if b.ct != "" {
					headers = []string{"Content-Type", b.ct}
				}
				{
					r, user := h.doAsAllowed(method, url, b.body, headers...)
					if r.status != 415 || r.json()["code"] != "unsupported_media_type" {
						t.Errorf("%s %s (%s) as %q with Content-Type %q: %d %s, want 415 unsupported_media_type", method, path, op.OperationID, user, b.ct, r.status, r.body)
						continue
					}
					if !strings.Contains(r.header.Get("Accept"), listed[0]) || !strings.Contains(r.json()["detail"].(string), listed[0]) {
						t.Errorf("%s %s: the 415 does not name %s: Accept %q, %s", method, path, listed[0], r.header.Get("Accept"), r.body)
					}
				}
			}
		}
	}
	if walked < 30 {
		t.Fatalf("walked %d write operations; the contract has more", walked)
	}
	for _, tb := range tables {
		if n := h.count(tb); n != before[tb] {
			t.Errorf("%s: %d rows, %d before: a refused body wrote", tb, n, before[tb])
		}
	}
	// The listed type still works, parameters and case aside.
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"} {
		body := `{"email":"admin@test.tindal","password":"` + testPassword + `","installation_id":"ct-test"}`
		if r := h.doRaw("POST", "/v1/auth/login", "", body, "Content-Type", ct); r.status != 200 {
			t.Errorf("login with Content-Type %q: %d %s", ct, r.status, r.body)
		}
	}
}

// doAsAllowed sends the request as the first user the operation lets
// through authorisation ("" for a public operation).
func (h *harness) doAsAllowed(method, path, body string, headers ...string) (response, string) {
	var r response
	for _, u := range []string{"", "admin", "registrar", "supervisor", "inspector", "owner"} {
		r = h.doRaw(method, path, u, body, headers...)
		if r.status != 401 && r.status != 403 {
			return r, u
		}
	}
	return r, "nobody"
}

// doRaw is do with the body sent as it is and no Content-Type unless a
// header names one.
func (h *harness) doRaw(method, path, user, body string, headers ...string) response {
	h.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if tok, ok := h.tokens[user]; ok {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := h.app.Test(req, 10000)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, body: out}
	h.validate(req, []byte(body), r)
	return r
}
