package api

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/document"
)

// mountVerifyPage serves GET /v/{code} to a browser as a page: the URL a
// printed order or notice carries under its QR code, so that a phone that
// scans it reads whether the document is valid, superseded or released, in
// the reader's language (Accept-Language). A client that prefers JSON,
// sends no Accept, or asks ?format=json, goes on to the contract's
// verifyDocument; so does a
// path that is no code (the contract answers it). Registered after
// /v/vessel/{registration}, which it leaves alone. The same per-address
// limit as verifyDocument.
func (h *handlers) mountVerifyPage(app *fiber.App) {
	app.Get("/v/:code", h.verifyPage)
}

func (h *handlers) verifyPage(c *fiber.Ctx) error {
	code := strings.ToUpper(c.Params("code"))
	if c.Query("format") == "json" || !document.ValidCode(code) || c.Get(fiber.HeaderAccept) == "" ||
		c.Accepts(fiber.MIMETextHTML, fiber.MIMEApplicationJSON) != fiber.MIMETextHTML {
		return c.Next()
	}
	lang := publicLanguage(c)
	c.Set(fiber.HeaderContentLanguage, lang)
	c.Set(fiber.HeaderVary, "Accept, Accept-Language")
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	if ok, err := h.verifyAllowed(c.UserContext(), remoteAddr(c.UserContext())); err != nil {
		return err
	} else if !ok {
		c.Set(fiber.HeaderRetryAfter, "60")
		c.Set(fiber.HeaderCacheControl, "no-store")
		body, err := document.CheckHTML(nil, lang, true, h.d.Issuer)
		if err != nil {
			return err
		}
		return c.Status(fiber.StatusTooManyRequests).Send(body)
	}
	c.Set(fiber.HeaderCacheControl, "no-store") // a status changes when a revision or a release is issued
	v, err := document.Verify(c.UserContext(), h.d.DB.Gorm, code)
	if errors.Is(err, document.ErrUnknownCode) {
		body, err := document.CheckHTML(nil, lang, false, h.d.Issuer)
		if err != nil {
			return err
		}
		return c.Status(fiber.StatusNotFound).Send(body)
	}
	if err != nil {
		return err
	}
	body, err := document.CheckHTML(&v, lang, false, h.d.Issuer)
	if err != nil {
		return err
	}
	return c.Send(body)
}
