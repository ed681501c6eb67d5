package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	stdsync "sync"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

// validatedBodyKey is where the generated strict handlers look for the body
// that passed validation (see openapi.gen.go), so they bind exactly what was
// validated instead of decoding the body a second time, case-insensitively.
const validatedBodyKey = "x-oapi-codegen-validated-body"

// contract routes each request through the OpenAPI document: unknown paths
// and methods are refused, the caller is authenticated and authorised for
// the operation, then the request is validated against the spec.
type contract struct {
	doc    *openapi3.T
	router routers.Router
	authn  authenticator
}

type authenticator interface {
	authenticate(ctx context.Context, authorization string) (models.Scope, error)
}

// anyUUID accepts every RFC 9562 UUID, v7 included (kin-openapi's
// predefined pattern stops at v5, and phones generate UUIDv7).
const anyUUID = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

// loadContract returns the contract over the embedded spec, parsed and
// validated once per process (parsedContract): the document and its router
// are only read after loading, so every server shares them.
func loadContract(a authenticator) (*contract, error) {
	parsed, err := parsedContract()
	if err != nil {
		return nil, err
	}
	return &contract{doc: parsed.doc, router: parsed.router, authn: a}, nil
}

// parsedContract parses and validates the embedded spec and routes it.
// Parsing takes a noticeable part of a second (several times that under
// the race detector), which each test server used to pay again.
var parsedContract = stdsync.OnceValues(func() (*contract, error) {
	openapi3.DefineStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(anyUUID))
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(openapi.Spec)
	if err != nil {
		return nil, fmt.Errorf("load openapi.yaml: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi.yaml is invalid: %w", err)
	}
	doc.Servers = nil // match on path alone, whatever host serves us
	if err := relaxPushBody(doc); err != nil {
		return nil, err
	}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route openapi.yaml: %w", err)
	}
	return &contract{doc: doc, router: r}, nil
})

// middleware fails closed: it is the last thing before the operations'
// handlers, so a request the contract does not route (a trailing slash, a
// changed case, a dot segment, a percent-encoded letter) is a 404 or 405
// here and reaches no handler, authenticated or not. Fiber routes strictly
// and case-sensitively (NewServer) and only canonical paths get this far, so
// the operation authorised here is the one Fiber dispatches to.
func (k *contract) middleware(c *fiber.Ctx) error {
	if !canonicalPath(c.Request().URI().PathOriginal()) {
		return fiber.ErrNotFound
	}
	req, err := httpRequest(c)
	if err != nil {
		return err
	}
	route, params, err := k.router.FindRoute(req)
	if err != nil {
		if errors.Is(err, routers.ErrMethodNotAllowed) {
			return fiber.ErrMethodNotAllowed
		}
		return fiber.ErrNotFound
	}
	op := route.Operation
	if noStore[op.OperationID] {
		c.Set(fiber.HeaderCacheControl, "no-store") // the answer carries tokens
	}
	if needsAuth(k.doc, op) {
		scope, err := k.authorise(c, op.OperationID)
		if err != nil {
			return err
		}
		c.SetUserContext(withScope(c.UserContext(), scope))
	}
	if err := checkContentType(c, op); err != nil { // an authorised caller learns what the operation takes
		return err
	}
	c.Locals(routedKey, routed{route: route, params: params})
	return c.Next()
}

// routed is the operation the contract middleware found and authorised,
// for the validation step.
type routed struct {
	route  *routers.Route
	params map[string]string
}

const routedKey = "tindal-contract-routed"

// validation validates the request against the operation the contract
// middleware routed. It runs after pushBodyMiddleware, which itself runs
// after authentication, so that a push body is inflated only for a caller
// allowed to push. A request that was not routed here is a 404.
func (k *contract) validation(c *fiber.Ctx) error {
	r, ok := c.Locals(routedKey).(routed)
	if !ok {
		return fiber.ErrNotFound
	}
	req, err := httpRequest(c) // with the body as it is now (inflated, for a push)
	if err != nil {
		return err
	}
	if err := k.validate(c, req, r.route, r.params); err != nil {
		return err
	}
	return c.Next()
}

// noStore lists the operations whose answers carry tokens or end a
// session: no cache, proxy or browser may keep them.
var noStore = map[string]bool{
	"login":               true,
	"signInOneTime":       true,
	"refresh":             true,
	"logout":              true,
	"createCalendarToken": true,
	"listCalendarTokens":  true,
	// Accounts: a password link's answer and the completion that takes
	// its token, and the users' personal data.
	"requestPasswordReset":  true,
	"completePasswordReset": true,
	"listUsers":             true,
	"getUser":               true,
}

// canonicalPath reports a path in the one form the contract routes: rooted,
// no empty, "." or ".." segment, no trailing slash, and only RFC 3986
// unreserved characters: no percent-encoding, no ";" path parameters, no
// backslash (no operation of the contract takes a path parameter that
// would need one; they are UUIDs and job names). Any other spelling of a
// route is refused rather than normalised, so no two components can
// disagree about what it names.
func canonicalPath(p []byte) bool {
	if len(p) == 0 || p[0] != '/' {
		return false
	}
	if len(p) == 1 {
		return true
	}
	for _, seg := range bytes.Split(p[1:], []byte("/")) {
		if len(seg) == 0 || string(seg) == "." || string(seg) == ".." {
			return false
		}
		for _, b := range seg {
			if !pathChar(b) {
				return false
			}
		}
	}
	return true
}

// pathChar is an RFC 3986 unreserved character.
func pathChar(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return b == '-' || b == '.' || b == '_' || b == '~'
}

// secured is the strict handlers' defence in depth: an operation that needs
// a signed-in caller refuses to run without one, should a request ever
// reach it around the contract middleware. Operation names the contract
// does not know count as secured.
func (k *contract) secured(f openapi.StrictHandlerFunc, operationID string) openapi.StrictHandlerFunc {
	public := false
	for _, item := range k.doc.Paths.Map() {
		for _, op := range item.Operations() {
			if strings.EqualFold(op.OperationID, operationID) && !needsAuth(k.doc, op) {
				public = true
			}
		}
	}
	if public {
		return f
	}
	return func(c *fiber.Ctx, args any) (any, error) {
		if err := requireScope(c.UserContext()); err != nil {
			return nil, err
		}
		return f(c, args)
	}
}

// requireScope refuses a context that carries no authenticated caller.
func requireScope(ctx context.Context) error {
	s, ok := ctx.Value(scopeKey{}).(models.Scope)
	if !ok || s.UserID == uuid.Nil || s.Role == "" || s.Access == none {
		return models.Errorf(models.KindUnauthenticated, "unauthenticated", "this operation needs a signed-in caller")
	}
	return nil
}

// requireScopeHandler is requireScope for the handlers outside the strict
// server (photo content).
func requireScopeHandler(c *fiber.Ctx) error {
	if err := requireScope(c.UserContext()); err != nil {
		return err
	}
	return c.Next()
}

func (k *contract) authorise(c *fiber.Ctx, opID string) (models.Scope, error) {
	scope, err := k.authn.authenticate(c.UserContext(), c.Get(fiber.HeaderAuthorization))
	if err != nil {
		return scope, err
	}
	g, ok := authz[opID]
	if !ok {
		return scope, fmt.Errorf("operation %s has no row in the authorization table", opID)
	}
	scope.Access = g.of(scope.Role)
	if scope.Access == none {
		return scope, models.Errorf(models.KindForbidden, "forbidden", "your role (%s) may not do this", scope.Role)
	}
	scope.RequestID = requestID(c)
	return scope, nil
}

func needsAuth(doc *openapi3.T, op *openapi3.Operation) bool {
	sec := doc.Security
	if op.Security != nil {
		sec = *op.Security
	}
	return len(sec) > 0
}

func (k *contract) validate(c *fiber.Ctx, req *http.Request, route *routers.Route, params map[string]string) error {
	if err := checkParams(c, params); err != nil {
		return err
	}
	streamed := streamedRoute(c.Method(), c.Path())
	var raw []byte
	if !streamed { // reading a streamed body here would buffer it, or wait for it
		raw = c.Request().Body() // raw bytes: the encoding was decided before (contentEncodingMiddleware)
	}
	var body any
	// Only JSON bodies are decoded here; a CSV statement
	// (importBankStatement) is read, row and column, by its handler.
	csvBody := isCSVOperation(route)
	decoded := route.Operation.RequestBody != nil && len(raw) > 0 && !csvBody
	if decoded {
		if err := json.Unmarshal(raw, &body); err != nil {
			return models.Errorf(models.KindInvalid, "malformed_json", "the body is not valid JSON")
		}
		if c.Path() != "/v1/sync/push" { // a push's mutations are judged one by one by the push
			if err := checkStrings(raw, body); err != nil {
				return err
			}
		}
	}
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	in.Options.ExcludeRequestBody = streamed || csvBody // its handler reads the body
	if err := openapi3filter.ValidateRequest(c.UserContext(), in); err != nil {
		return contractError(err)
	}
	// A push whose bytes are not all UTF-8 decoded with U+FFFD in their
	// place: its handler binds the raw body instead, so that the engine
	// finds the mutation holding them and rejects it alone (invalid_text,
	// docs/SYNC.md §2), keeping its exact bytes, rather than storing what
	// the phone did not send.
	if decoded && (c.Path() != "/v1/sync/push" || utf8.Valid(raw)) {
		c.Locals(validatedBodyKey, body)
	}
	return nil
}

// httpRequest adapts Fiber's request for kin-openapi. HEAD is routed as the
// GET of the same path, so it is authenticated and authorised as GET is.
func httpRequest(c *fiber.Ctx) (*http.Request, error) {
	u, err := url.ParseRequestURI(string(c.Request().RequestURI()))
	if err != nil {
		return nil, models.Errorf(models.KindInvalid, "invalid_request", "the request URI cannot be parsed")
	}
	var body []byte
	if !streamedRoute(c.Method(), c.Path()) { // reading a streamed body here would buffer it
		body = c.Request().Body() // never c.Body(), which inflates any Content-Encoding
	}
	method := c.Method()
	if method == fiber.MethodHead {
		method = fiber.MethodGet
	}
	req, err := http.NewRequestWithContext(c.UserContext(), method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, models.Errorf(models.KindInvalid, "invalid_request", "the request cannot be read")
	}
	for k, v := range c.Request().Header.All() {
		req.Header.Add(string(k), string(v))
	}
	return req, nil
}

var unsupportedProperty = regexp.MustCompile(`^property "([^"]+)" is unsupported$`)

// contractError turns kin-openapi's validation errors into one problem that
// names every field at fault.
func contractError(err error) error {
	var fields models.FieldErrors
	var multi openapi3.MultiError
	if errors.As(err, &multi) {
		for _, e := range multi {
			if fe, malformed := fieldErrors(e); malformed {
				return models.Errorf(models.KindInvalid, "malformed_json", "the body is not valid JSON")
			} else {
				fields = append(fields, fe...)
			}
		}
	} else if fe, malformed := fieldErrors(err); malformed {
		return models.Errorf(models.KindInvalid, "malformed_json", "the body is not valid JSON")
	} else {
		fields = fe
	}
	e := models.Invalid(fields...)
	e.Code = "invalid_request"
	return e
}

// fieldErrors describes one validation error as field errors; malformed
// reports a body that could not be decoded at all.
func fieldErrors(err error) (out []models.FieldError, malformed bool) {
	var re *openapi3filter.RequestError
	if !errors.As(err, &re) {
		return []models.FieldError{{Field: "", Code: "invalid", Message: "the request does not match the contract"}}, false
	}
	var pe *openapi3filter.ParseError
	if errors.As(re.Err, &pe) && re.RequestBody != nil {
		return nil, true
	}
	prefix := "body"
	if re.Parameter != nil {
		prefix = re.Parameter.Name
	}
	if re.Err == nil { // kin-openapi gives some errors only a reason
		return []models.FieldError{{Field: prefix, Code: "invalid", Message: re.Reason}}, false
	}
	var multi openapi3.MultiError
	if errors.As(re.Err, &multi) {
		for _, e := range multi {
			out = append(out, schemaField(prefix, e))
		}
		return out, false
	}
	return []models.FieldError{schemaField(prefix, re.Err)}, false
}

func schemaField(prefix string, err error) models.FieldError {
	var se *openapi3.SchemaError
	if errors.As(err, &se) {
		path := se.JSONPointer()
		field := prefix
		if len(path) > 0 {
			field = strings.Join(path, ".")
		}
		if prefix != "body" && len(path) > 0 {
			field = prefix + "." + field
		}
		code := se.SchemaField
		if code == "" {
			code = "invalid"
		}
		if m := unsupportedProperty.FindStringSubmatch(se.Reason); m != nil {
			field, code = strings.TrimPrefix(field+"."+m[1], "body."), "unknown_field"
		}
		return models.FieldError{Field: field, Code: code, Message: se.Reason}
	}
	msg := err.Error()
	if errors.Is(err, openapi3filter.ErrInvalidRequired) {
		return models.FieldError{Field: prefix, Code: "required", Message: "is required"}
	}
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return models.FieldError{Field: prefix, Code: "invalid", Message: msg}
}

// isCSVOperation reports an operation whose body is CSV only.
func isCSVOperation(route *routers.Route) bool {
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return false
	}
	_, csv := rb.Value.Content["text/csv"]
	return csv && len(rb.Value.Content) == 1
}
