// Package locale holds every text an owner reads, in English, Kannada and
// Hindi, as message catalogues a translator edits without touching Go:
// messages/{en,kn,hi}.toml (go-i18n, CLDR plural rules, text/template
// placeholders such as {{.Vessel}}) and titles/{kn,hi}.toml (the
// deficiency catalogue's titles, keyed by code) and checklist/{kn,hi}.toml
// (the checklist templates' titles and questions, keyed by their English
// text). All are embedded in the binary. Every Kannada and Hindi entry says its review state, so a native
// reviewer can find what nobody has reviewed yet (docs/GLOSSARY.md).
//
// It also formats what messages show: dates with CLDR month names and
// amounts in rupees with Indian digit grouping.
package locale

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Languages.
const (
	English = "en"
	Kannada = "kn"
	Hindi   = "hi"
)

// Languages is every language owners may choose, English first.
var Languages = []string{English, Kannada, Hindi}

//go:embed messages/*.toml titles/*.toml checklist/*.toml
var files embed.FS

// Review states. A message's description starts with "review: " and one
// of them; a title has review = "...".
const (
	ReviewDraft    = "draft"    // written by the team, not yet read by a native speaker
	ReviewReviewed = "reviewed" // read and approved by a native speaker
)

// Catalogue is the parsed, immutable set of messages and titles.
type Catalogue struct {
	bundle *i18n.Bundle
	loc    map[string]*i18n.Localizer
	titles map[string]map[string]Title // lang → code → title
	// checklist is lang → English text → the checklist text in lang.
	checklist map[string]map[string]ChecklistText
}

// ChecklistText is a checklist template's title or item question in one
// language and its review state.
type ChecklistText struct {
	Text   string `toml:"text"`
	Review string `toml:"review"`
}

// Title is a deficiency's title in one language and its review state.
type Title struct {
	Text   string `toml:"title"`
	Review string `toml:"review"`
}

var (
	once    sync.Once
	shared  *Catalogue
	loadErr error
)

// Default returns the embedded catalogue, parsed once. The files are part
// of the binary, so a parse error is a build defect: tests load it.
func Default() *Catalogue {
	once.Do(func() { shared, loadErr = load(files) })
	if loadErr != nil {
		panic(fmt.Sprintf("locale: embedded catalogue: %v", loadErr))
	}
	return shared
}

func load(fsys fs.FS) (*Catalogue, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalogue{bundle: b, loc: map[string]*i18n.Localizer{}, titles: map[string]map[string]Title{},
		checklist: map[string]map[string]ChecklistText{}}
	for _, l := range Languages {
		buf, err := fs.ReadFile(fsys, "messages/"+l+".toml")
		if err != nil {
			return nil, err
		}
		if _, err := b.ParseMessageFileBytes(buf, l+".toml"); err != nil {
			return nil, fmt.Errorf("messages/%s.toml: %w", l, err)
		}
		// The SMS texts, kept apart because each is registered with DLT.
		if buf, err = fs.ReadFile(fsys, "messages/sms."+l+".toml"); err == nil {
			if _, err := b.ParseMessageFileBytes(buf, "sms."+l+".toml"); err != nil {
				return nil, fmt.Errorf("messages/sms.%s.toml: %w", l, err)
			}
		}
		c.loc[l] = i18n.NewLocalizer(b, l, English)
	}
	for _, l := range []string{Kannada, Hindi} {
		t := map[string]Title{}
		if _, err := toml.DecodeFS(fsys, path.Join("titles", l+".toml"), &t); err != nil {
			return nil, fmt.Errorf("titles/%s.toml: %w", l, err)
		}
		c.titles[l] = t
		ct := map[string]ChecklistText{}
		if _, err := toml.DecodeFS(fsys, path.Join("checklist", l+".toml"), &ct); err != nil {
			return nil, fmt.Errorf("checklist/%s.toml: %w", l, err)
		}
		c.checklist[l] = ct
	}
	return c, nil
}

// Resolve is the language used for a preference: kn and hi as they are,
// anything else English.
func Resolve(lang string) string {
	switch lang {
	case Kannada, Hindi:
		return lang
	}
	return English
}

// Text renders message id in lang with the placeholders in vars. A missing
// message or a template error is an error: the caller decides (notify
// refuses to enqueue a notice it cannot write).
func (c *Catalogue) Text(lang, id string, vars map[string]any) (string, error) {
	s, err := c.loc[Resolve(lang)].Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: vars})
	if err != nil {
		return "", fmt.Errorf("message %s/%s: %w", lang, id, err)
	}
	return s, nil
}

// Count renders a message with plural forms: the CLDR plural category of n
// in lang picks the form; n is also the placeholder {{.Count}}.
func (c *Catalogue) Count(lang, id string, n int, vars map[string]any) (string, error) {
	all := map[string]any{"Count": n}
	for k, v := range vars {
		all[k] = v
	}
	s, err := c.loc[Resolve(lang)].Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: all})
	if err != nil {
		return "", fmt.Errorf("message %s/%s: %w", lang, id, err)
	}
	return s, nil
}

// Has reports whether id exists in English (every message does).
func (c *Catalogue) Has(id string) bool {
	_, err := c.loc[English].Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: 2})
	return err == nil
}

// DeficiencyTitle is a code's title in lang, if one is written; English
// titles live in the rules catalogue itself.
func (c *Catalogue) DeficiencyTitle(lang, code string) (Title, bool) {
	t, ok := c.titles[lang][code]
	return t, ok && t.Text != ""
}

// ChecklistText is the checklist text written in lang for the English text
// en (a template's title or an item's question), if one is written.
func (c *Catalogue) ChecklistText(lang, en string) (ChecklistText, bool) {
	t, ok := c.checklist[lang][en]
	return t, ok && t.Text != ""
}

// ChecklistEnglish is every English text lang's checklist catalogue
// translates, for the tests that hold the catalogue to the templates.
func (c *Catalogue) ChecklistEnglish(lang string) []string {
	out := make([]string, 0, len(c.checklist[lang]))
	for en := range c.checklist[lang] {
		out = append(out, en)
	}
	return out
}

// Own renders message id as Text does, but only from lang's own catalogue:
// a message that would fall back to English is an error (an SMS text is
// registered per language, so a missing translation must not go out in
// English under the Kannada template's id).
func (c *Catalogue) Own(lang, id string, vars map[string]any) (string, error) {
	s, tag, err := c.loc[Resolve(lang)].LocalizeWithTag(&i18n.LocalizeConfig{MessageID: id, TemplateData: vars})
	if err != nil {
		return "", fmt.Errorf("message %s/%s: %w", lang, id, err)
	}
	if tag.String() != Resolve(lang) {
		return "", fmt.Errorf("message %s/%s: missing, only in %s", lang, id, tag)
	}
	return s, nil
}
