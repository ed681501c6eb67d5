package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// roleAuthenticator signs in whoever names a role as the bearer token, so
// that the fuzzed requests reach validation on every operation.
type roleAuthenticator struct{}

func (roleAuthenticator) authenticate(_ context.Context, authorization string) (models.Scope, error) {
	role := models.Role(strings.TrimPrefix(authorization, "Bearer "))
	return models.Scope{UserID: uuid.New(), Role: role, Jurisdictions: []uuid.UUID{uuid.New()}}, nil
}

// writeOp is one operation of the contract that takes a body, as a
// request line a test can send.
type writeOp struct {
	id, method, path, role string
	types                  []string // the media types it lists
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// writeOps lists every operation of the contract with a request body, its
// path parameters filled with a UUID, and a role allowed to call it.
func writeOps(t testing.TB, k *contract) []writeOp {
	var ops []writeOp
	for path, item := range k.doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			w := writeOp{id: op.OperationID, method: method, path: pathParam.ReplaceAllString(path, uuid.NewString())}
			for ct := range op.RequestBody.Value.Content {
				w.types = append(w.types, ct)
			}
			for _, r := range []models.Role{models.RoleAdmin, models.RoleRegistrar, models.RoleSupervisor, models.RoleInspector, models.RoleOwner} {
				if g, ok := authz[op.OperationID]; ok && g.of(r) != none && w.role == "" {
					w.role = string(r)
				}
			}
			ops = append(ops, w)
		}
	}
	slices.SortFunc(ops, func(a, b writeOp) int { return strings.Compare(a.method+a.path, b.method+b.path) })
	if len(ops) < 30 {
		t.Fatalf("found %d write operations in the contract; the walk is broken", len(ops))
	}
	return ops
}

// contentTypeApp is the server's middleware chain in front of a handler
// that only counts what reaches it: no recover, so a panic fails the fuzz.
func contentTypeApp(k *contract, reached *int) *fiber.App {
	app := fiber.New(fiber.Config{ErrorHandler: errorHandler(slog.New(slog.NewTextHandler(io.Discard, nil))),
		StreamRequestBody: true, CaseSensitive: true, StrictRouting: true, DisableStartupMessage: true})
	app.Use(requestIDMiddleware, contentEncodingMiddleware, bodyLimitMiddleware, k.middleware, pushBodyMiddleware, k.validation)
	app.Use(func(c *fiber.Ctx) error { *reached++; return c.SendStatus(http.StatusNoContent) })
	return app
}

// FuzzContentType sends any Content-Type with any body to every write
// operation of the contract: no input panics or answers 5xx, and a body of
// a media type the operation does not list is a 415 problem that reaches
// nothing behind the validator (issue 19 item 15: text/plain '{}' to the
// login panicked in the error mapping).
func FuzzContentType(f *testing.F) {
	for _, s := range []struct{ ct, body string }{
		{"text/plain", "{}"}, {"", "{}"}, {"image/png", "\x89PNG"}, {"application/x-www-form-urlencoded", "a=b"},
		{"multipart/form-data; boundary=x", "--x--"}, {"application/json", "{}"}, {"application/json; charset=utf-8", `{"a":1}`},
		{"application/json; charset=latin1", "{}"}, {"application/json;;", "{}"}, {"APPLICATION/JSON", "[]"},
		{"application/octet-stream", "\xff\xd8"}, {"*/*", "{}"}, {"application/*", "{}"}, {"application/json; x=\"", "{}"},
		{"text/plain", ""}, {"", ""}, {"application/problem+json", "{}"}, {"application/json\x00", "{}"},
	} {
		for i := range 4 {
			f.Add(uint8(i*11), s.ct, []byte(s.body))
		}
	}
	k, err := loadContract(roleAuthenticator{})
	if err != nil {
		f.Fatal(err)
	}
	ops := writeOps(f, k)
	var reached int
	app := contentTypeApp(k, &reached)
	f.Fuzz(func(t *testing.T, opIdx uint8, ct string, body []byte) {
		op := ops[int(opIdx)%len(ops)]
		req := httptest.NewRequest(op.method, op.path, strings.NewReader(string(body)))
		req.Header = http.Header{}
		if ct != "" {
			req.Header["Content-Type"] = []string{ct}
		}
		req.Header.Set("Authorization", "Bearer "+op.role)
		before := reached
		res, err := app.Test(req, -1)
		if err != nil {
			return // not a request fasthttp accepts (a control byte in the header): nothing served
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 500 {
			t.Fatalf("%s %s with Content-Type %q: %d %s", op.method, op.path, ct, res.StatusCode, out)
		}
		if listedType(op.types, ct) || (ct == "" && len(body) == 0) {
			return
		}
		if res.StatusCode != http.StatusUnsupportedMediaType || reached != before {
			t.Fatalf("%s %s with Content-Type %q: %d, reached the handler %v; want 415 before it: %s", op.method, op.path, ct, res.StatusCode, reached != before, out)
		}
		var p Problem
		if json.Unmarshal(out, &p) != nil || p.Code != "unsupported_media_type" || res.Header.Get("Content-Type") != "application/problem+json" {
			t.Fatalf("415 is not an unsupported_media_type problem: %s %q", res.Header.Get("Content-Type"), out)
		}
	})
}

// listedType is the test's own reading of "a type the operation lists":
// well-formed, one of the listed types, UTF-8 when a charset is named.
func listedType(types []string, ct string) bool {
	base, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return false
	}
	return slices.Contains(types, base)
}
