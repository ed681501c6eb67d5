package checklist

import (
	"strings"
	"testing"

	"github.com/tindal/tindal/locale"
)

// Every template's title and every item's question reads in Kannada and
// Hindi from the catalogues (locale/checklist/{kn,hi}.toml), and the
// catalogues hold no text that no template asks for (a question changed
// without its translations following).
func TestEveryChecklistTextInEveryLanguage(t *testing.T) {
	used := map[string]bool{clearedPattern: true}
	for _, tp := range append(Templates(), ClearanceTemplates()...) {
		texts := []Texts{tp.Titles}
		used[tp.Title] = true
		for _, it := range tp.Items {
			texts = append(texts, it.Texts)
			if !tp.IsClearance() {
				used[it.Text] = true
			}
			if it.Texts.En != it.Text {
				t.Errorf("%s %s: texts.en %q is not the text %q", tp.Key, it.ID, it.Texts.En, it.Text)
			}
		}
		for _, x := range texts {
			if x.Kn == "" || x.Hi == "" {
				t.Errorf("%s@%d: %q has no Kannada or Hindi (add it to locale/checklist/kn.toml and hi.toml)", tp.Key, tp.Version, x.En)
			}
			if strings.Contains(x.Kn+x.Hi, "{{") {
				t.Errorf("%s@%d: %q keeps a placeholder", tp.Key, tp.Version, x.En)
			}
		}
	}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		for _, en := range locale.Default().ChecklistEnglish(lang) {
			if !used[en] {
				t.Errorf("locale/checklist/%s.toml: %q is no template's text", lang, en)
			}
		}
	}
}
