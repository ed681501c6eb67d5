package locale

import (
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// TitleCodes lists the codes with a title in lang, in order.
func (c *Catalogue) TitleCodes(lang string) []string {
	out := make([]string, 0, len(c.titles[lang]))
	for k := range c.titles[lang] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Messages parses the embedded message file of lang: every message with
// its plural forms and description.
func Messages(lang string) ([]*i18n.Message, error) {
	buf, err := files.ReadFile("messages/" + lang + ".toml")
	if err != nil {
		return nil, err
	}
	mf, err := i18n.ParseMessageFileBytes(buf, lang+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		return nil, err
	}
	return mf.Messages, nil
}

// ReviewOf is the review state a message's description declares ("" when
// it declares none).
func ReviewOf(m *i18n.Message) string {
	rest, ok := strings.CutPrefix(m.Description, "review: ")
	if !ok {
		return ""
	}
	state, _, _ := strings.Cut(rest, ";")
	return strings.TrimSpace(state)
}
