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

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/gofiber/fiber/v2"

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

var defineFormats stdsync.Once

// loadContract parses and validates the embedded spec.
func loadContract(a authenticator) (*contract, error) {
	defineFormats.Do(func() {
		openapi3.DefineStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(anyUUID))
	})
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
	return &contract{doc: doc, router: r, authn: a}, nil
}

func (k *contract) middleware(c *fiber.Ctx) error {
	req, err := httpRequest(c)
	if err != nil {
		return err
	}
	route, params, err := k.router.FindRoute(req)
	if err != nil {
		if errors.Is(err, routers.ErrMethodNotAllowed) {
			return fiber.ErrMethodNotAllowed
		}
		return c.Next() // not an API route: static pages, metrics, or 404
	}
	op := route.Operation
	if needsAuth(k.doc, op) {
		scope, err := k.authorise(c, op.OperationID)
		if err != nil {
			return err
		}
		c.SetUserContext(withScope(c.UserContext(), scope))
	}
	if err := k.validate(c, req, route, params); err != nil {
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
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	streamed := streamedRoute(c.Method(), c.Path())
	in.Options.ExcludeRequestBody = streamed // its handler reads the body as a stream
	if err := openapi3filter.ValidateRequest(c.UserContext(), in); err != nil {
		return contractError(err)
	}
	if route.Operation.RequestBody != nil && !streamed && len(c.Body()) > 0 {
		var v any
		if err := json.Unmarshal(c.Body(), &v); err != nil {
			return models.Errorf(models.KindInvalid, "malformed_json", "the body is not valid JSON")
		}
		c.Locals(validatedBodyKey, v)
	}
	return nil
}

// httpRequest adapts Fiber's request for kin-openapi.
func httpRequest(c *fiber.Ctx) (*http.Request, error) {
	u, err := url.ParseRequestURI(string(c.Request().RequestURI()))
	if err != nil {
		return nil, models.Errorf(models.KindInvalid, "invalid_request", "the request URI cannot be parsed")
	}
	var body []byte
	if !streamedRoute(c.Method(), c.Path()) { // reading a streamed body here would buffer it
		body = c.Body()
	}
	req, err := http.NewRequestWithContext(c.UserContext(), c.Method(), u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, models.Errorf(models.KindInvalid, "invalid_request", "the request cannot be read")
	}
	c.Request().Header.VisitAll(func(k, v []byte) { req.Header.Add(string(k), string(v)) })
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
