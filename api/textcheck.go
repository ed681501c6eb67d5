package api

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// PostgreSQL refuses NUL in text ("invalid byte sequence") and every text
// column is UTF-8, so a string with either would surface as a 500 from the
// database. The contract middleware refuses them first, at one place, as a
// 400 naming each field, before anything is written; and then, as a 422,
// text that would read otherwise than typed where it is shown
// (displayTextError).

// checkParams refuses query and path parameters holding NUL or invalid UTF-8.
func checkParams(c *fiber.Ctx, path map[string]string) error {
	var fields models.FieldErrors
	for k, v := range c.Request().URI().QueryArgs().All() {
		name := string(k)
		if f, ok := badText(name, name); ok {
			fields = append(fields, f)
		} else if f, ok := badText(name, string(v)); ok {
			fields = append(fields, f)
		}
	}
	names := make([]string, 0, len(path))
	for n := range path {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if f, ok := badText(n, path[n]); ok {
			fields = append(fields, f)
		}
	}
	return textError(fields)
}

// checkStrings refuses a decoded JSON body with a NUL in any string or key
// ("\u0000" decodes to one), or, when the raw body is not UTF-8, names the
// strings that held the invalid bytes (encoding/json replaces them by
// U+FFFD, which a valid body may also carry legitimately).
func checkStrings(raw []byte, body any) error {
	invalid := !utf8.Valid(raw)
	var fields models.FieldErrors
	walkStrings("", body, func(path, s string) {
		switch {
		case strings.IndexByte(s, 0) >= 0:
			fields = append(fields, nulField(path))
		case invalid && strings.ContainsRune(s, utf8.RuneError):
			fields = append(fields, utf8Field(path))
		}
	})
	if invalid && len(fields) == 0 {
		fields = append(fields, utf8Field("body"))
	}
	if err := textError(fields); err != nil {
		return err
	}
	return displayTextError(body)
}

// displayTextError refuses, with 422 naming each field, a body holding a
// string that would not read as typed on a document, a public page or in
// a mail: a bidirectional override or isolate anywhere, a line break
// outside prose fields, a control character (models.UnsafeText). Every
// free-text field of the registry, inspections, orders and notices comes
// through here, so none needs a check of its own.
func displayTextError(body any) error {
	var fields models.FieldErrors
	walkStrings("", body, func(path, s string) {
		if f, bad := models.UnsafeText(path, models.LastName(path), s); bad {
			fields = append(fields, f)
		}
	})
	if len(fields) == 0 {
		return nil
	}
	e := models.Invalid(fields...)
	e.Code = "unsafe_text"
	return e
}

// walkStrings calls fn for every string and object key of v, with its
// dotted path ("crew.0.name"; "body" for the top level).
func walkStrings(path string, v any, fn func(path, s string)) {
	at := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch x := v.(type) {
	case string:
		fn(orBody(path), x)
	case []any:
		for i, e := range x {
			walkStrings(at(strconv.Itoa(i)), e, fn)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fn(at(strconv.Quote(k)), k) // a key is a string too; quoted, so the path shows the NUL
			walkStrings(at(k), x[k], fn)
		}
	}
}

func orBody(path string) string {
	if path == "" {
		return "body"
	}
	return path
}

func badText(field, s string) (models.FieldError, bool) {
	switch {
	case strings.IndexByte(s, 0) >= 0:
		return nulField(field), true
	case !utf8.ValidString(s):
		return utf8Field(field), true
	}
	return models.FieldError{}, false
}

func nulField(field string) models.FieldError {
	return models.FieldError{Field: field, Code: "nul_byte", Message: "must not contain a NUL character (U+0000)"}
}

func utf8Field(field string) models.FieldError {
	return models.FieldError{Field: field, Code: "invalid_utf8", Message: "must be valid UTF-8"}
}

func textError(fields models.FieldErrors) error {
	if len(fields) == 0 {
		return nil
	}
	e := models.Invalid(fields...)
	e.Code = "invalid_request"
	return e
}
