package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
)

//go:embed templates/*.html
var pageFS embed.FS

// Templates are one area's pages, each parsed with the site's layout and
// the area's partials (files whose names start with "_").
type Templates struct {
	site  *Site
	pages map[string]*template.Template
}

// Templates parses the pages under dir in fsys: every "_*.html" is a
// partial available to every page (an area's navigation, say); every other
// "*.html" is a page, named by its file name without ".html", which defines
// "title" and "content" for the layout.
func (s *Site) Templates(fsys fs.FS, dir string) (*Templates, error) {
	base, err := template.New("layout").Funcs(funcs).ParseFS(pageFS, "templates/_*.html")
	if err != nil {
		return nil, fmt.Errorf("web: layout: %w", err)
	}
	partials, err := fs.Glob(fsys, path.Join(dir, "_*.html"))
	if err != nil {
		return nil, err
	}
	if len(partials) > 0 && fsys != fs.FS(pageFS) {
		if base, err = base.ParseFS(fsys, partials...); err != nil {
			return nil, fmt.Errorf("web: partials of %s: %w", dir, err)
		}
	}
	files, err := fs.Glob(fsys, path.Join(dir, "*.html"))
	if err != nil {
		return nil, err
	}
	t := &Templates{site: s, pages: map[string]*template.Template{}}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".html")
		if strings.HasPrefix(name, "_") {
			continue
		}
		clone, err := base.Clone()
		if err != nil {
			return nil, err
		}
		if t.pages[name], err = clone.ParseFS(fsys, f); err != nil {
			return nil, fmt.Errorf("web: page %s: %w", f, err)
		}
	}
	return t, nil
}

var funcs = template.FuncMap{
	"rupees":  locale.Rupees,
	"grouped": locale.Grouped,
	"date":    Date,
	"time":    DateTime,
	"add":     func(a, b int) int { return a + b },
	"item":    func(v *View, x any) Item { return Item{V: v, X: x} },
}

// Item is one thing of a page with the page's view, for a partial that
// shows it and needs the view's language: {{template "photo-item" (item $ .)}}.
type Item struct {
	V *View
	X any
}

// Date is a civil date as the office writes it: DD-MM-YYYY, in Asia/Kolkata.
func Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(IST).Format("02-01-2006")
}

// DateTime is an instant in Asia/Kolkata: DD-MM-YYYY HH:MM.
func DateTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(IST).Format("02-01-2006 15:04")
}

// IST is India Standard Time, the calendar of every page.
var IST = time.FixedZone("Asia/Kolkata", 5*3600+1800)

// View is what every template receives: the page's data and what the
// layout needs (the person, the language, the CSRF token, a flash message,
// the fields of a form and their errors).
type View struct {
	Lang      string
	Languages []Language
	Person    *auth.Person
	CSRF      string
	CSRFField string
	Path      string
	// Area is the prefix of the part of the site the page is in: /console
	// or /my.
	Area  string
	Flash string
	// Problem is the message of a failed action, shown at the top of the
	// form; Errors the messages of the fields it named, shown next to them.
	Problem string
	Errors  map[string]string
	// Form is what was submitted, to show it again after a failure.
	Form map[string]string
	Data any

	site *Site
}

// T is the message id in the page's language; pairs of arguments are the
// message's variables: {{.T "queue.count" "Count" 3}}.
func (v *View) T(id string, kv ...any) string { return v.site.i18n.text(v.Lang, id, pairs(kv)) }

// N is the plural message id for the number n.
func (v *View) N(id string, n int, kv ...any) string {
	return v.site.i18n.count(v.Lang, id, n, pairs(kv))
}

// Err is the message of the form's field name, or "".
func (v *View) Err(name string) string { return v.Errors[name] }

// Value is the submitted value of the form's field name.
func (v *View) Value(name string) string { return v.Form[name] }

func pairs(kv []any) map[string]any {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			m[k] = kv[i+1]
		}
	}
	return m
}

// View builds the view of this request around data.
func (s *Site) View(c *fiber.Ctx, data any) *View {
	return &View{
		Lang: s.lang(c), Languages: Languages, Person: Viewer(c),
		CSRF: s.CSRFToken(c), CSRFField: CSRFField,
		Path: string(c.Request().URI().RequestURI()), Area: areaOf(c),
		Flash: s.popFlash(c.UserContext()), Data: data, site: s,
	}
}

// T is message id in this request's language.
func (s *Site) T(c *fiber.Ctx, id string, kv ...any) string {
	return s.i18n.text(s.lang(c), id, pairs(kv))
}

// Render writes page with data, status 200.
func (t *Templates) Render(c *fiber.Ctx, page string, data any) error {
	return t.RenderView(c, fiber.StatusOK, page, t.site.View(c, data))
}

// RenderForm writes page again after a failed action: the problem's message
// at the top, each named field's message next to the field, and what was
// submitted, in the page's language (Site.Refusal). A models.Error of kind
// invalid answers 422, others their status; an error that is not a
// models.Error is returned (a 500).
func (t *Templates) RenderForm(c *fiber.Ctx, page string, data any, form map[string]string, err error) error {
	err = t.site.saidRefusal(c, err)
	var me *models.Error
	if !errors.As(err, &me) || me.Kind == models.KindUnavailable {
		return err
	}
	v := t.site.View(c, data)
	v.Form = form
	v.Problem = t.site.problemText(c, me.Code, me.Message)
	setRetryAfter(c, me)
	v.Errors = map[string]string{}
	for _, f := range me.Fields {
		v.Errors[f.Field] = f.Message
	}
	return t.RenderView(c, statusOf(err), page, v)
}

// problemText is what a page shows for an error with code: the
// catalogue's "problem.<code>" in the person's language where it has one
// (what a person meets without a field to correct: a refused character,
// too many attempts), else the error's own safe message.
func (s *Site) problemText(c *fiber.Ctx, code, message string) string {
	id := "problem." + code
	if t := s.i18n.text(s.lang(c), id, nil); t != id {
		return t
	}
	return message
}

// setRetryAfter tells, as the API does, when a refused request may be
// sent again (too many sign-in attempts, a service unavailable).
func setRetryAfter(c *fiber.Ctx, me *models.Error) {
	if me != nil && me.RetryAfter > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(me.RetryAfter))
	}
}

// RenderView writes page with a view the handler built.
func (t *Templates) RenderView(c *fiber.Ctx, status int, page string, v *View) error {
	tmpl, ok := t.pages[page]
	if !ok {
		return fmt.Errorf("web: no page %q", page)
	}
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, "layout", v); err != nil {
		return fmt.Errorf("web: render %s: %w", page, err)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Status(status).Send(buf.Bytes())
}

func areaOf(c *fiber.Ctx) string {
	if strings.HasPrefix(c.Path(), "/my") {
		return "/my"
	}
	return "/console"
}
