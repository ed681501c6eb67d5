package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
)

// errorPage is what the error page shows: the API's problem for the error
// (the same status, code and safe message), never an internal cause.
type errorPage struct {
	Status    int
	Code      string
	Message   string
	RequestID string
}

// renderError answers a failed request with the error page: a person who
// is not signed in goes to sign in; an internal error is logged once and
// shown only with its request id.
func (s *Site) renderError(c *fiber.Ctx, err error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		err = models.Errorf(kindOfStatus(fe.Code), "http_"+http.StatusText(fe.Code), "%s", http.StatusText(fe.Code))
	}
	p := api.ProblemFor(s.saidRefusal(c, err))
	if p.Status == http.StatusUnauthorized {
		return c.Redirect(signInTo(c), fiber.StatusSeeOther)
	}
	if p.Code == "internal" {
		s.d.Logger.Error("page failed", "request_id", requestID(c), "method", c.Method(), "path", c.Path(), "err", err)
	}
	page := errorPage{Status: p.Status, Code: p.Code, Message: s.problemText(c, p.Code, p.Detail), RequestID: requestID(c)}
	if page.Message == "" {
		page.Message = p.Title
	}
	var me *models.Error
	if errors.As(err, &me) {
		setRetryAfter(c, me)
	}
	// A detail nothing translated is English (the API's language): a
	// Kannada or Hindi page says what happened in its own words.
	if lang := s.lang(c); lang != "en" && isASCII(page.Message) {
		if m := s.i18n.text(lang, fmt.Sprintf("error.status.%d", p.Status), nil); !strings.HasPrefix(m, "error.") {
			page.Message = m
		}
	}
	c.Response().ResetBody()
	return s.layout.RenderView(c, p.Status, "error", s.View(c, page))
}

func kindOfStatus(status int) models.Kind {
	switch status {
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return models.KindNotFound
	case http.StatusRequestEntityTooLarge:
		return models.KindTooLarge
	case http.StatusForbidden:
		return models.KindForbidden
	}
	return models.KindInvalid
}

// statusOf is the HTTP status of err, as the API answers it.
func statusOf(err error) int { return api.ProblemFor(err).Status }

// NotFound answers the not-found page.
func (s *Site) NotFound(c *fiber.Ctx) error {
	return models.NotFound("page")
}

func invalidField(field, code, msg string) error { return models.Refused(field, code, "%s", msg) }

// isASCII reports whether text has no letter beyond ASCII: an English
// message that no catalogue translated.
func isASCII(text string) bool {
	for _, r := range text {
		if r > unicode.MaxASCII {
			return false
		}
	}
	return true
}
