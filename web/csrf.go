package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// CSRFField is the form field (and CSRFHeader the header) that carries the
// session's CSRF token on every state-changing request.
const (
	CSRFField  = "csrf"
	CSRFHeader = "X-CSRF-Token"
)

// csrf refuses a state-changing request (anything but GET and HEAD) whose
// form field or header does not carry the session's token, compared in
// constant time (the synchroniser-token pattern), and one whose Origin
// names another site. The cookie's SameSite=Strict already keeps it from
// cross-site requests; this holds where SameSite does not (old browsers, a
// sibling subdomain).
func (s *Site) csrf(c *fiber.Ctx) error {
	if c.Method() == fiber.MethodGet || c.Method() == fiber.MethodHead {
		return c.Next()
	}
	if !sameOrigin(c) {
		return errCSRF()
	}
	want := s.sessions.GetString(c.UserContext(), keyCSRF)
	got := c.Get(CSRFHeader)
	if got == "" {
		got = c.FormValue(CSRFField)
	}
	if want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(got)) != 1 {
		return errCSRF()
	}
	return c.Next()
}

func errCSRF() error {
	return models.Errorf(models.KindForbidden, "csrf_failed",
		"this form has expired or did not come from this site; reload the page and try again")
}

// sameOrigin is false when the request names an Origin (or, lacking one, a
// Referer) on another host than the one it was sent to.
func sameOrigin(c *fiber.Ctx) bool {
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" || origin == "null" {
		origin = c.Get(fiber.HeaderReferer)
	}
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	return strings.EqualFold(u.Host, c.Hostname())
}

// CSRFToken is the session's token, made on first use.
func (s *Site) CSRFToken(c *fiber.Ctx) string {
	ctx := c.UserContext()
	if t := s.sessions.GetString(ctx, keyCSRF); t != "" {
		return t
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	t := base64.RawURLEncoding.EncodeToString(b)
	s.sessions.Put(ctx, keyCSRF, t)
	return t
}
