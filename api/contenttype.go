package api

import (
	"mime"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// checkContentType refuses, with 415, a request body whose Content-Type the
// operation does not list in the contract: none at all, a type of its own
// (text/plain, image/png, a form), an unparseable one, or JSON in a charset
// other than UTF-8. It runs once the route is known and the caller
// authorised (a caller without a token still gets 401), before anything
// reads or decodes the body, so a body is only ever parsed as a media type
// the operation declares; before it, a JSON text sent as text/plain passed
// our JSON decoding and reached the validator's content lookup, which
// answered with an error that has no cause, and mapping it panicked (a 500
// with a stack in the log, on every write route, before login).
//
// A request without a body and without a Content-Type is left to the
// validator, which knows whether the body is required.
func checkContentType(c *fiber.Ctx, op *openapi3.Operation) error {
	if op.RequestBody == nil || op.RequestBody.Value == nil || len(op.RequestBody.Value.Content) == 0 {
		return nil
	}
	ct := strings.TrimSpace(string(c.Request().Header.ContentType()))
	if ct == "" && !hasBody(c) {
		return nil
	}
	content := op.RequestBody.Value.Content
	if ct != "" && acceptedMediaType(content, ct) {
		return nil
	}
	return unsupportedMediaType(c, content)
}

// acceptedMediaType reports a well-formed media type the operation lists
// (parameters aside), in UTF-8 if it names a charset.
func acceptedMediaType(content openapi3.Content, ct string) bool {
	base, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return false
	}
	_, listed := content[base]
	return listed
}

// hasBody reports a request that carries body bytes, without reading a
// streamed body (photo content) to find out.
func hasBody(c *fiber.Ctx) bool {
	if streamedRoute(c.Method(), c.Path()) {
		return c.Request().Header.ContentLength() != 0
	}
	return len(c.Request().Body()) > 0 // buffered raw bytes (bodyLimitMiddleware)
}

// unsupportedMediaType is the 415, naming the types the operation takes in
// the message and in Accept (RFC 9110 §15.5.16).
func unsupportedMediaType(c *fiber.Ctx, content openapi3.Content) error {
	types := make([]string, 0, len(content))
	for t := range content {
		types = append(types, t)
	}
	slices.Sort(types)
	list := strings.Join(types, " or ")
	c.Set(fiber.HeaderAccept, list)
	return models.Errorf(
		models.KindInvalid,
		"unsupported_media_type",
		"this operation takes a body of Content-Type %s",
		list,
	)
}
