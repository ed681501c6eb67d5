package checklist

import (
	"strings"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// Texts is a checklist text in every language a screen may ask for: the
// English of the template itself and the Kannada and Hindi of the
// catalogues (locale/checklist/{kn,hi}.toml). A language without a written
// text is absent, and a screen shows the English.
type Texts struct {
	En string `json:"en"`
	Kn string `json:"kn,omitempty"`
	Hi string `json:"hi,omitempty"`
}

// textsOf is en with its Kannada and Hindi from the catalogues.
func textsOf(en string) Texts {
	c := locale.Default()
	out := Texts{En: en}
	if t, ok := c.ChecklistText(locale.Kannada, en); ok {
		out.Kn = t.Text
	}
	if t, ok := c.ChecklistText(locale.Hindi, en); ok {
		out.Hi = t.Text
	}
	return out
}

// translated is t with the titles and item texts in every language.
func translated(t Template) Template {
	t.Titles = textsOf(t.Title)
	items := make([]Item, len(t.Items))
	for i, it := range t.Items {
		it.Texts = textsOf(it.Text)
		items[i] = it
	}
	t.Items = items
	return t
}

// clearedPattern is the catalogue key of a clearance item's question; the
// deficiency's title takes the place of {{.Title}}.
const clearedPattern = "Cleared: {{.Title}}"

// clearedTexts is the clearance question of catalogue entry e in every
// language: the pattern of the checklist catalogue around the deficiency's
// title of the titles catalogue (locale/titles), absent in a language that
// lacks either.
func clearedTexts(e rules.Entry) Texts {
	c := locale.Default()
	en := e.Title[rules.LangEnglish]
	out := Texts{En: strings.Replace(clearedPattern, "{{.Title}}", en, 1)}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		pattern, ok := c.ChecklistText(lang, clearedPattern)
		title, ok2 := c.DeficiencyTitle(lang, string(e.Code))
		if !ok || !ok2 {
			continue
		}
		s := strings.Replace(pattern.Text, "{{.Title}}", title.Text, 1)
		if lang == locale.Kannada {
			out.Kn = s
		} else {
			out.Hi = s
		}
	}
	return out
}
