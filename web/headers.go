package web

import "github.com/gofiber/fiber/v2"

// CSP is the pages' Content-Security-Policy: everything from this server
// only, no inline script or style, no framing, forms only to this site.
// Photos and charts are images from this server (img-src 'self'; data: for
// QR codes drawn inline).
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// headers marks every page: its policy, no framing, no caching (pages carry
// names, amounts and CSRF tokens), no Referer to another site.
func (s *Site) headers(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	c.Set(fiber.HeaderXFrameOptions, "DENY")
	c.Set(fiber.HeaderReferrerPolicy, "same-origin")
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set("Permissions-Policy", "camera=(self), geolocation=(), microphone=()")
	return c.Next()
}
