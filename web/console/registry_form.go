package console

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// field is one input of a registry form. Label is a message id; the
// options' labels are shown as they are (codes of the contract's enums).
type field struct {
	Name, Label, Type string // Type: text, email, number, date, select, checkbox, textarea
	Options           []option
	Required          bool
	Hint              string // a message id, or ""
}

// option is a choice of a select: its value and label, or, when Code is
// set, the value named in the page's language under that message prefix
// (web.View.Name).
type option struct{ Value, Label, Code string }

// formPage is a create or edit form of the register: its fields, the
// row version an edit is based on, and, after a conflict, what the
// person had entered (the fields show the record as it is now).
type formPage struct {
	Heading string // message id
	Name    string // the record's name, "" on create
	Kind    string // a certificate's kind, named before its Name (web.View.Name)
	Action  string
	Back    string
	Version int64
	// ID is the id a create form gives its new record, so that the form
	// posted twice (a double click, a retry) creates one record.
	ID      string
	Fields  []field
	Entered []fact
}

// fact is one label and value of a record's page.
type fact struct {
	Label, Value, Href string
	Code               string // the value is a code, named under this prefix (web.View.Name)
}

// formReader reads and checks a posted form as the contract checks the
// API's bodies (lengths, patterns, enums, safe text), collecting every
// field's problem at once.
type formReader struct {
	ctx    *fiber.Ctx
	errs   models.FieldErrors
	values map[string]string
}

func newFormReader(ctx *fiber.Ctx) *formReader {
	return &formReader{ctx: ctx, values: map[string]string{}}
}

// raw is the trimmed value of name, kept to show the form again.
func (f *formReader) raw(name string) string {
	v := strings.TrimSpace(f.ctx.FormValue(name))
	f.values[name] = v
	return v
}

// text is a one-line (or, for prose fields, multi-line) text of at most
// max characters; required refuses "".
func (f *formReader) text(name string, max int, required bool) string {
	v := f.raw(name)
	switch {
	case !utf8.ValidString(v) || strings.ContainsRune(v, 0):
		f.errs.Add(name, "invalid_text", "must be text")
	case v == "" && required:
		f.errs.Add(name, "required", "is required")
	case utf8.RuneCountInString(v) > max:
		f.errs.Add(name, "too_long", "must be at most %d characters", max)
	default:
		if fe, bad := models.UnsafeText(name, name, v); bad {
			f.errs = append(f.errs, fe)
		}
	}
	return v
}

// optional is text's value as a pointer: nil when empty.
func (f *formReader) optional(name string, max int) *string {
	v := f.text(name, max, false)
	if v == "" {
		return nil
	}
	return &v
}

// enum is one of allowed ("" when not required and empty).
func (f *formReader) enum(name string, required bool, allowed ...string) string {
	v := f.raw(name)
	if v == "" && !required {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	f.errs.Add(name, "enum", "choose one of %s", strings.Join(allowed, ", "))
	return ""
}

// number is a decimal in (lo, hi]; nil when empty.
func (f *formReader) number(name string, lo, hi float64) *float64 {
	v := f.raw(name)
	if v == "" {
		return nil
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n <= lo || n > hi {
		f.errs.Add(name, "range", "must be a number above %g and at most %g", lo, hi)
		return nil
	}
	return &n
}

// integer is a whole number in [lo, hi]; nil when empty.
func (f *formReader) integer(name string, lo, hi int) *int {
	v := f.raw(name)
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		f.errs.Add(name, "range", "must be a whole number from %d to %d", lo, hi)
		return nil
	}
	return &n
}

// date is a YYYY-MM-DD date (what a date input posts); nil when empty.
func (f *formReader) date(name string, required bool) *time.Time {
	v := f.raw(name)
	if v == "" {
		if required {
			f.errs.Add(name, "required", "is required")
		}
		return nil
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		f.errs.Add(name, "date", "must be a date")
		return nil
	}
	return &d
}

// id is a UUID; uuid.Nil when empty.
func (f *formReader) id(name string, required bool) uuid.UUID {
	v := f.raw(name)
	if v == "" && !required {
		return uuid.Nil
	}
	id, err := uuid.Parse(v)
	if err != nil {
		f.errs.Add(name, "required", "choose one")
	}
	return id
}

// checkbox is whether name was ticked.
func (f *formReader) checkbox(name string) bool {
	on := f.ctx.FormValue(name) != ""
	if on {
		f.values[name] = "on"
	}
	return on
}

// version is the row version the form was opened at.
func (f *formReader) version() int64 {
	v, err := strconv.ParseInt(f.ctx.FormValue("version"), 10, 64)
	if err != nil || v < 1 {
		f.errs.Add("version", "invalid", "reload the page and try again")
	}
	return v
}

// err is the form's problems, or nil.
func (f *formReader) err() error { return f.errs.Err() }

// pathID is the :id of the path; a malformed one is the same 404 as an
// absent record.
func pathID(ctx *fiber.Ctx, name, what string) (uuid.UUID, error) {
	id, err := uuid.Parse(ctx.Params(name))
	if err != nil {
		return uuid.Nil, models.NotFound(what)
	}
	return id, nil
}

// may reports whether the signed-in person's role may perform operationID
// at all (the API's authorisation table), to show or hide its buttons.
func may(ctx *fiber.Ctx, operationID string) bool {
	p := web.Viewer(ctx)
	if p == nil {
		return false
	}
	a, ok := api.AccessFor(operationID, p.Role)
	return ok && a != models.AccessNone
}

// isStale reports a version mismatch: the record changed since the form
// was opened.
func isStale(err error) bool {
	return models.KindOf(err) == models.KindPrecondition
}

// staleError is the conflict as the person reads it.
func (c *Console) staleError(ctx *fiber.Ctx) error {
	c.site.Said(ctx)
	return models.Errorf(models.KindPrecondition, "version_mismatch", "%s", c.site.T(ctx, "registry.stale"))
}

// entered lists what the person had typed that differs from the record
// as it is now, for the conflict page: a choice by its label, a date as
// the office writes it.
func entered(fields []field, typed, now map[string]string) []fact {
	var out []fact
	for _, fl := range fields {
		v, code := typed[fl.Name], ""
		if v == now[fl.Name] {
			continue
		}
		for _, o := range fl.Options {
			if o.Value == v {
				v, code = o.Label, o.Code
			}
		}
		if d, err := time.Parse(time.DateOnly, v); err == nil && fl.Type == "date" {
			v = web.Date(d)
		}
		switch {
		case fl.Type == "checkbox":
			v = map[bool]string{true: "✓", false: "✗"}[v != ""]
		case v == "":
			v = "—"
		}
		out = append(out, fact{Label: fl.Label, Value: v, Code: code})
	}
	return out
}

// dateValue is t as a date input's value.
func dateValue(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

func ptrText[T any](p *T, f func(T) string) string {
	if p == nil {
		return ""
	}
	return f(*p)
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func options(values ...string) []option {
	out := make([]option, len(values))
	for i, v := range values {
		out[i] = option{Value: v, Label: v}
	}
	return out
}

// named are the choices of codes, each named under prefix in the page's
// language (web.View.Name).
func named(prefix string, values ...string) []option {
	out := options(values...)
	for i := range out {
		out[i].Code = prefix
	}
	return out
}

var languageOptions = named("lang.", "en", "kn", "hi")

// renderFailed shows a form again after err: a problem with fields says,
// in the person's language, to correct the fields marked; each field's
// message stands next to it.
func (c *Console) renderFailed(ctx *fiber.Ctx, page formPage, values map[string]string, err error) error {
	var me *models.Error
	if errors.As(err, &me) && me.Kind == models.KindInvalid && len(me.Fields) > 0 {
		errors.As(c.site.Refusal(ctx, err, "", nil), &me) // the fields' messages the catalogues hold
		fixed := *me
		fixed.Message = c.site.T(ctx, "registry.fix")
		fixed.Fields = localFieldErrors(ctx, c, me.Fields)
		err = &fixed
	} else if page.Name != "" {
		err = c.refused(ctx, err, "record", web.Names{"Record": page.Name})
	}
	return c.t.RenderForm(ctx, "registry_form", page, values, err)
}

// newFormID is the id a create form carries: the one posted, else a new one.
func newFormID(posted string) string {
	if id, err := uuid.Parse(posted); err == nil {
		return id.String()
	}
	return uuid.Must(uuid.NewV7()).String()
}

func derefTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
