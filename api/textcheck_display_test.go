package api_test

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

// stringFields lists the dotted paths of every string member a schema
// takes, through references, allOf and arrays (an array member's path takes
// index 0).
func stringFields(s *openapi3.SchemaRef, path string, depth int, out map[string]bool) {
	if s == nil || s.Value == nil || depth > 6 {
		return
	}
	v := s.Value
	for _, sub := range v.AllOf {
		stringFields(sub, path, depth+1, out)
	}
	switch {
	case v.Type.Is("string"):
		if path != "" {
			out[path] = true
		}
	case v.Type.Is("array"):
		stringFields(v.Items, path+".0", depth+1, out)
	default:
		for name, p := range v.Properties {
			stringFields(p, strings.TrimPrefix(path+"."+name, "."), depth+1, out)
		}
	}
}

// nested builds the smallest body holding value at path ("crew.0.name").
func nested(path string, value any) any {
	head, rest, more := strings.Cut(path, ".")
	inner := any(value)
	if more {
		inner = nested(rest, value)
	}
	if head == "0" {
		return []any{inner}
	}
	return map[string]any{head: inner}
}

// TestEveryFreeTextFieldRefusesBidiAndLineBreaks walks every free-text
// member of every JSON body of the contract (vessel and owner names,
// certificate numbers, addresses, notes, reasons, …): a bidirectional
// override or isolate is a 422 naming the field, and so is a line break in
// any member that is not prose (issue 19 item 16: "KA-01\u202E9999" reads
// reversed on the public page and in the PDF; a CR/LF in a name starts a
// new mail header). Nothing is written.
func TestEveryFreeTextFieldRefusesBidiAndLineBreaks(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	h.must(err)
	tables := []string{"owners", "vessels", "certificates", "crew_members", "jurisdictions", "inspections", "detention_orders", "audit_log"}
	before := map[string]int64{}
	for _, tb := range tables {
		before[tb] = h.count(tb)
	}
	users := []string{"admin", "registrar", "supervisor", "inspector", "owner"}
	walked, prose := 0, 0
	for path, item := range doc.Paths.Map() {
		if path == "/v1/sync/push" { // mutations are judged one by one (TestPushRefusesUnsafeText)
			continue
		}
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value.Content.Get("application/json") == nil {
				continue
			}
			fields := map[string]bool{}
			stringFields(op.RequestBody.Value.Content.Get("application/json").Schema, "", 0, fields)
			names := make([]string, 0, len(fields))
			for f := range fields {
				names = append(names, f)
			}
			sort.Strings(names)
			url := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, uuid.NewString())
			for _, field := range names {
				walked++
				cases := []struct{ value, code string }{
					{"KA-01\u202E9999", "bidi_control"}, {"Sea \u2067Queen\u2069", "bidi_control"}, {"\u202Aabc", "bidi_control"},
				}
				last := field[strings.LastIndex(field, ".")+1:]
				if models.MultilineField(last) {
					prose++
				} else {
					cases = append(cases, struct{ value, code string }{"Sea Queen\r\nBcc: x@example.com", "line_break"},
						struct{ value, code string }{"line\none", "line_break"})
				}
				for _, c := range cases {
					r := refusedAs(h, method, url, users, nested(field, c.value))
					errs, _ := r.json()["errors"].([]any)
					if r.status != 422 || r.json()["code"] != "unsafe_text" || len(errs) != 1 ||
						errs[0].(map[string]any)["field"] != field || errs[0].(map[string]any)["code"] != c.code {
						t.Errorf("%s %s (%s) field %s = %q: %d %s, want 422 unsafe_text naming %s (%s)",
							method, path, op.OperationID, field, c.value, r.status, r.body, field, c.code)
					}
				}
				if models.MultilineField(last) {
					r := refusedAs(h, method, url, users, nested(field, "first line\nsecond line"))
					if r.json()["code"] == "unsafe_text" {
						t.Errorf("%s %s: prose field %s refuses a line break: %s", method, path, field, r.body)
					}
				}
			}
		}
	}
	// Vessel, owner and crew names, certificate numbers and addresses are
	// among the fields walked, and notes and reasons keep their lines.
	if walked < 100 || prose < 5 {
		t.Fatalf("walked %d fields (%d prose): the contract has more", walked, prose)
	}
	for _, tb := range tables {
		if n := h.count(tb); n != before[tb] {
			t.Errorf("%s: %d rows, %d before: a refused body wrote", tb, n, before[tb])
		}
	}
}

// refusedAs sends body as the first user allowed to call the operation.
func refusedAs(h *harness, method, url string, users []string, body any) response {
	var r response
	for _, u := range users {
		r = h.do(method, url, u, body)
		if !slices.Contains([]int{401, 403}, r.status) {
			return r
		}
	}
	return r
}
