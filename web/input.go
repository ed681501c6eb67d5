package web

import (
	"mime/multipart"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// Every query parameter and form field of the pages passes the API's input
// rules before a handler reads it, here, once for every route of every
// area, so no handler can forget them: PostgreSQL refuses NUL in text and
// every text column is UTF-8 (either would answer 500), and a
// bidirectional control or another control character makes text read
// otherwise than typed on a page, a document or a mail
// (models.UnsafeText). Line breaks are the one rule left to each form,
// which knows its prose fields (a textarea sends CR LF).
//
// A refused request answers a 400 page in the person's language naming
// nothing it could echo back, and reaches no handler: nothing is written.

// checkInput refuses a request whose query or form holds text the API
// would refuse.
func (s *Site) checkInput(c *fiber.Ctx) error {
	var fields models.FieldErrors
	add := func(name, value string) {
		if f, bad := refusedText(name, name); bad {
			fields = append(fields, f)
		} else if f, bad := refusedText(name, value); bad {
			fields = append(fields, f)
		}
	}
	for k, v := range c.Request().URI().QueryArgs().All() {
		add(string(k), string(v))
	}
	if c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead {
		if err := formFields(c, add); err != nil {
			return err
		}
	}
	if len(fields) == 0 {
		return c.Next()
	}
	sort.SliceStable(fields, func(i, j int) bool { return fields[i].Field < fields[j].Field })
	e := models.Invalid(fields...)
	e.Code = "invalid_request" // 400, as the API answers it; the page says "problem.invalid_request"
	return e
}

// formFields calls add for every field of a urlencoded or multipart form
// (the names of uploaded files too; their bytes are the upload's own
// business).
func formFields(c *fiber.Ctx, add func(name, value string)) error {
	ct := strings.ToLower(string(c.Request().Header.ContentType()))
	switch {
	case strings.HasPrefix(ct, fiber.MIMEApplicationForm):
		for k, v := range c.Request().PostArgs().All() {
			add(string(k), string(v))
		}
	case strings.HasPrefix(ct, fiber.MIMEMultipartForm):
		form, err := c.MultipartForm()
		if err != nil {
			return models.Errorf(models.KindInvalid, "malformed_form", "the form could not be read")
		}
		multipartFields(form, add)
	}
	return nil
}

func multipartFields(form *multipart.Form, add func(name, value string)) {
	for k, vs := range form.Value {
		for _, v := range vs {
			add(k, v)
		}
	}
	for k, fs := range form.File {
		for _, f := range fs {
			add(k, f.Filename)
		}
	}
}

// refusedText is the first rule s breaks, as a field error for field.
func refusedText(field, s string) (models.FieldError, bool) {
	switch {
	case strings.IndexByte(s, 0) >= 0:
		return models.FieldError{Field: field, Code: "nul_byte", Message: "must not contain a NUL character (U+0000)"}, true
	case !utf8.ValidString(s):
		return models.FieldError{Field: field, Code: "invalid_utf8", Message: "must be valid UTF-8"}, true
	}
	// Prose rules: line breaks and tabs pass here (any field may be a
	// textarea); bidirectional and other controls never do.
	if f, bad := models.UnsafeText(field, "note", s); bad {
		return f, true
	}
	return models.FieldError{}, false
}
