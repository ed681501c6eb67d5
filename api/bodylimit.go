package api

import (
	"io"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
)

// Per-route body limits (docs/SECURITY.md): the app streams request bodies
// (StreamRequestBody), so that photo content and local blob uploads pass
// through with bounded memory; every other route is held to its limit here,
// before anything reads its body.
const pushBodyLimit = 1 << 20

// ownerPhotosLimit bounds the owners' rectification and appeal forms, photos
// and all.
const ownerPhotosLimit = 40 << 20

// streamedRoute reports routes whose handlers read the body as a stream and
// enforce their own limit while reading: photo content, PUT and PATCH
// (photo.MaxSize), and the local store's signed uploads (checked against
// their signed size). They are the upload routes: no deadline applies to
// their whole body (progressBody).
func streamedRoute(method, path string) bool {
	if method != fiber.MethodPut && method != fiber.MethodPatch {
		return false
	}
	if method == fiber.MethodPut && strings.HasPrefix(path, "/v1/blobs/") {
		return true
	}
	rest, ok := strings.CutPrefix(path, "/v1/photos/")
	return ok && strings.HasSuffix(rest, "/content") && strings.Count(rest, "/") == 1
}

// bodyLimitOf is the largest body a buffered route accepts.
func bodyLimitOf(path string) int {
	if path == "/v1/sync/push" {
		return pushBodyLimit // compressed; the push checks 1 MiB decompressed itself
	}
	if strings.HasPrefix(path, "/my/findings/") && strings.HasSuffix(path, "/rectify") {
		return ownerPhotosLimit // the owners' rectification form: up to 4 phone photos (web/my)
	}
	if strings.HasPrefix(path, "/my/notices/") && strings.HasSuffix(path, "/appeal") {
		return ownerPhotosLimit // the owners' appeal form: up to 4 phone photos (web/my)
	}
	return BodyLimit
}

// bodyLimitMiddleware refuses bodies over the route's limit with 413,
// from Content-Length when given and while reading otherwise (chunked),
// and buffers the accepted body for the handlers that bind it.
func bodyLimitMiddleware(c *fiber.Ctx) error {
	if streamedRoute(c.Method(), c.Path()) {
		err := c.Next()
		discardBody(c) // a refusal, or an answer that needed no bytes (already verified)
		return err
	}
	limit := bodyLimitOf(c.Path())
	if n := c.Request().Header.ContentLength(); n > limit {
		return tooLarge(c)
	}
	if s := c.Context().RequestBodyStream(); s != nil {
		b, err := io.ReadAll(io.LimitReader(s, int64(limit)+1))
		if err != nil {
			return fiber.ErrBadRequest
		}
		if len(b) > limit {
			return tooLarge(c)
		}
		c.Request().SetBodyRaw(b)
	}
	return c.Next()
}

// tooLarge refuses an oversized body. Up to 1 MiB of it is read first, so
// that a client still sending reads the 413 rather than a reset, and the
// connection is closed instead of parsed on from the middle of the body.
func tooLarge(c *fiber.Ctx) error {
	if s := c.Context().RequestBodyStream(); s != nil {
		_, _ = io.CopyN(io.Discard, s, 1<<20) //nolint:errcheck // draining a refused body, best effort
	}
	c.Context().SetConnectionClose()
	if isPush(c) {
		return pushTooLarge() // the push's one code for a body over its limit, plain or inflated (docs/SYNC.md §3)
	}
	return fiber.ErrRequestEntityTooLarge
}

// discardBody reads what is left of a streamed body a handler did not
// consume (up to the photo limit) so that the client, which sends it anyway,
// reads our answer instead of a reset; then the connection is closed
// rather than parsed on from the middle of a body.
func discardBody(c *fiber.Ctx) {
	s := c.Context().RequestBodyStream()
	if s == nil {
		return
	}
	if _, err := io.CopyN(io.Discard, s, maxStreamedBody+1); err == io.EOF {
		return // all read: the connection may serve the next request
	}
	c.Context().SetConnectionClose() // bounded: a longer body is cut off after maxStreamedBody
}

// maxStreamedBody is the most a refused streamed body is read for: past the
// photo limit, so that an upload a little over it (the usual mistake) is
// read to its end and its client reads the 413 instead of a reset.
const maxStreamedBody = photo.MaxSize + 1<<20

// contentEncodingMiddleware decides a request's Content-Encoding before
// anything reads its body: fasthttp's Ctx.Body() inflates every coding it
// knows, stacked too, with no limit, so an unchecked header is a
// decompression bomb for any route, before the route or the token is
// checked. Only a single gzip on the push is accepted (pushBodyMiddleware
// inflates it under the push's 1 MiB decompressed limit); a lone "identity"
// means no coding. Everything else, and any list of codings, is 415.
func contentEncodingMiddleware(c *fiber.Ctx) error {
	codings := contentCodings(c)
	switch {
	case len(codings) == 0, len(codings) == 1 && codings[0] == "identity":
		c.Request().Header.Del(fiber.HeaderContentEncoding)
	case len(codings) == 1 && codings[0] == "gzip" && isPush(c):
		c.Request().Header.Set(fiber.HeaderContentEncoding, "gzip")
	default:
		return unsupportedEncoding(c)
	}
	return c.Next()
}

// contentCodings lists the codings of every Content-Encoding header line,
// lower-cased, in order.
func contentCodings(c *fiber.Ctx) []string {
	var out []string
	for k, v := range c.Request().Header.All() {
		if !strings.EqualFold(string(k), fiber.HeaderContentEncoding) {
			continue
		}
		for _, t := range strings.Split(string(v), ",") {
			if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

func isPush(c *fiber.Ctx) bool {
	return c.Method() == fiber.MethodPost && string(c.Request().URI().PathOriginal()) == "/v1/sync/push"
}

// unsupportedEncoding refuses the coding without inflating a byte of the
// body; Accept-Encoding says what the route takes (RFC 7694).
func unsupportedEncoding(c *fiber.Ctx) error {
	accept, detail := "identity", "send the body without Content-Encoding"
	if isPush(c) {
		accept, detail = "gzip, identity", "a push may be sent with Content-Encoding: gzip (once) or uncompressed"
	}
	c.Set(fiber.HeaderAcceptEncoding, accept)
	if s := c.Context().RequestBodyStream(); s != nil {
		_, _ = io.CopyN(io.Discard, s, 1<<20) //nolint:errcheck // the raw bytes, never inflated
	}
	c.Context().SetConnectionClose()
	return models.Errorf(
		models.KindInvalid,
		"unsupported_content_encoding",
		"Content-Encoding %q is not accepted here: %s",
		c.Get(fiber.HeaderContentEncoding),
		detail,
	)
}
