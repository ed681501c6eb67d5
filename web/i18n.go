package web

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gofiber/fiber/v2"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Languages of the pages, in the order the switcher shows them.
var Languages = []Language{{"en", "English"}, {"kn", "ಕನ್ನಡ"}, {"hi", "हिन्दी"}}

// Language is one language of the pages: its tag and its own name.
type Language struct{ Tag, Name string }

//go:embed messages/*.toml
var messageFS embed.FS

// catalogue holds every page's texts: messages/<area>.<lang>.toml, one
// file per area and language, so areas never edit the same file. English
// is the source; TestEveryMessageInEveryLanguage holds kn and hi to it.
type catalogue struct {
	bundle     *i18n.Bundle
	localizers map[string]*i18n.Localizer
}

func loadCatalogue() (*catalogue, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(messageFS, "messages/*.toml")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if _, err := b.LoadMessageFileFS(messageFS, f); err != nil {
			return nil, fmt.Errorf("web: messages %s: %w", f, err)
		}
	}
	c := &catalogue{bundle: b, localizers: map[string]*i18n.Localizer{}}
	for _, l := range Languages {
		c.localizers[l.Tag] = i18n.NewLocalizer(b, l.Tag, "en")
	}
	return c, nil
}

// text is message id in lang with vars; a missing id shows itself, so a
// test (and a person) sees it rather than an empty label.
func (c *catalogue) text(lang, id string, vars map[string]any) string {
	l, ok := c.localizers[lang]
	if !ok {
		l = c.localizers["en"]
	}
	s, err := l.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: vars})
	if err != nil {
		return id
	}
	return s
}

// count is message id in lang for the number n (plural forms).
func (c *catalogue) count(lang, id string, n int, vars map[string]any) string {
	l, ok := c.localizers[lang]
	if !ok {
		l = c.localizers["en"]
	}
	if vars == nil {
		vars = map[string]any{}
	}
	vars["Count"] = n
	s, err := l.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: vars})
	if err != nil {
		return id
	}
	return s
}

// lang is the language of this request: the one chosen in this session,
// else the signed-in person's, else the browser's first of ours, else
// English.
func (s *Site) lang(c *fiber.Ctx) string {
	if l := s.sessions.GetString(c.UserContext(), keyLang); known(l) {
		return l
	}
	if p := Viewer(c); p != nil && known(p.Language) {
		return p.Language
	}
	if l := c.AcceptsLanguages("en", "kn", "hi"); known(l) {
		return l
	}
	return "en"
}

// Lang is the language of this request's page (as lang chooses it), for
// a handler that answers something other than a page in it (a document's
// HTML copy) without rendering a view.
func (s *Site) Lang(c *fiber.Ctx) string { return s.lang(c) }

func known(tag string) bool {
	for _, l := range Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

// switchLanguage keeps the chosen language for the rest of the session
// and returns to the page the switcher was on.
func (s *Site) switchLanguage(c *fiber.Ctx) error {
	l := c.FormValue("lang")
	if !known(l) {
		return invalidField("lang", "unknown_language", "choose English, ಕನ್ನಡ or हिन्दी")
	}
	s.sessions.Put(c.UserContext(), keyLang, l)
	return c.Redirect(LocalPath(c.FormValue("back"), s.signInPath(c)), fiber.StatusSeeOther)
}

// LocalPath is back when it is a path on this site (never another host:
// no open redirect), else def.
func LocalPath(back, def string) string {
	if back == "" || !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") ||
		strings.ContainsAny(back, "\\\r\n\t") {
		return def
	}
	return back
}
