package api

import (
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// catalogueTitle is a deficiency's title in lang as the app shows it: the
// translator-edited catalogue (locale/titles/LANG.toml, keyed by code)
// first, then a title the rules catalogue carries itself. The rules
// package imports only the standard library, so the translations live as
// data beside the other owner-facing texts, not in rules.
func catalogueTitle(e rules.Entry, lang string) string {
	if t, ok := locale.Default().DeficiencyTitle(lang, string(e.Code)); ok {
		return t.Text
	}
	return e.Title[lang]
}
