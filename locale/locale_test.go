package locale_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// fieldsOf lists the placeholders of every plural form of m.
func fieldsOf(m *i18n.Message) []string {
	var out []string
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		for _, g := range placeholder.FindAllStringSubmatch(s, -1) {
			if !slices.Contains(out, g[1]) {
				out = append(out, g[1])
			}
		}
	}
	slices.Sort(out)
	return out
}

func byID(t *testing.T, lang string) map[string]*i18n.Message {
	t.Helper()
	ms, err := locale.Messages(lang)
	if err != nil {
		t.Fatalf("%s: %v", lang, err)
	}
	out := map[string]*i18n.Message{}
	for _, m := range ms {
		out[m.ID] = m
	}
	return out
}

func TestEveryMessageExistsInEveryLanguageWithTheSamePlaceholders(t *testing.T) {
	en := byID(t, locale.English)
	if len(en) < 100 {
		t.Fatalf("%d English messages: the catalogue did not load", len(en))
	}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		other := byID(t, lang)
		for id, m := range en {
			o, ok := other[id]
			if !ok {
				t.Errorf("%s: %s is missing", lang, id)
				continue
			}
			if got, want := fieldsOf(o), fieldsOf(m); !slices.Equal(got, want) {
				t.Errorf("%s: %s has placeholders %v, English has %v", lang, id, got, want)
			}
			if o.Other == "" {
				t.Errorf("%s: %s has no 'other' form (CLDR: every language needs it)", lang, id)
			}
			if s := locale.ReviewOf(o); s != locale.ReviewDraft && s != locale.ReviewReviewed {
				t.Errorf("%s: %s declares no review state (description %q)", lang, id, o.Description)
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %s is not in English (a typo in the id?)", lang, id)
			}
		}
	}
}

func TestEveryCatalogueCodeHasATitleInEveryLanguage(t *testing.T) {
	c := locale.Default()
	for _, e := range rules.Catalogue() {
		if e.Title[rules.LangEnglish] == "" {
			t.Errorf("%s has no English title", e.Code)
		}
		for _, lang := range []string{locale.Kannada, locale.Hindi} {
			tt, ok := c.DeficiencyTitle(lang, string(e.Code))
			if !ok {
				t.Errorf("%s: no %s title (add it to locale/titles/%s.toml)", e.Code, lang, lang)
				continue
			}
			if tt.Review != locale.ReviewDraft && tt.Review != locale.ReviewReviewed {
				t.Errorf("%s/%s: review %q", e.Code, lang, tt.Review)
			}
		}
	}
	// No title for a code the catalogue does not serve (a typo, or a code
	// split or renamed without its titles following).
	served := map[string]bool{}
	for _, e := range rules.Catalogue() {
		served[string(e.Code)] = true
	}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		for _, code := range c.TitleCodes(lang) {
			if !served[code] {
				t.Errorf("titles/%s.toml: %s is not a code of the rules catalogue", lang, code)
			}
		}
	}
}

func TestMessagesRenderInTheOwnersLanguage(t *testing.T) {
	c := locale.Default()
	vars := map[string]any{"Vessel": "Sagar Rani (KA-KWR-M-0002)", "Doc": "X", "Due": locale.Date("kn", time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC))}
	got, err := c.Text("kn", "certificate_expiring.vessel.subject", vars)
	if err != nil || got != "ಜ್ಞಾಪನೆ: Sagar Rani (KA-KWR-M-0002) ಜಲನೌಕೆಯ X 6 ಜೂನ್ 2027 ರಂದು ಅವಧಿ ಮುಗಿಯುತ್ತದೆ" {
		t.Errorf("%q %v", got, err)
	}
	// An unknown language is English.
	if got, _ := c.Text("ta", "greeting.anonymous", nil); got != "Dear owner," {
		t.Errorf("ta → %q", got)
	}
	// CLDR plurals: English "1 day", Kannada one/other.
	for _, c2 := range []struct {
		lang string
		n    int
		want string
	}{{"en", 1, "in 1 day"}, {"en", 5, "in 5 days"}, {"kn", 1, "ಅಂದರೆ ಇನ್ನು 1 ದಿನದಲ್ಲಿ"}, {"kn", 30, "ಅಂದರೆ ಇನ್ನು 30 ದಿನಗಳಲ್ಲಿ"}, {"hi", 30, "यानी आज से 30 दिन बाद"}} {
		if got, err := c.Count(c2.lang, "days.in", c2.n, nil); err != nil || got != c2.want {
			t.Errorf("%s %d: %q %v, want %q", c2.lang, c2.n, got, err, c2.want)
		}
	}
	if _, err := c.Text("kn", "no.such.message", nil); err == nil {
		t.Error("a missing message is not an error")
	}
}

func TestDatesUseCLDRMonthNames(t *testing.T) {
	cases := map[string][]string{
		"en": {"6 January 2027", "29 February 2028", "31 October 2026"},
		"kn": {"6 ಜನವರಿ 2027", "29 ಫೆಬ್ರವರಿ 2028", "31 ಅಕ್ಟೋಬರ್ 2026"},
		"hi": {"6 जनवरी 2027", "29 फ़रवरी 2028", "31 अक्तूबर 2026"},
	}
	dates := []time.Time{time.Date(2027, 1, 6, 0, 0, 0, 0, time.UTC), time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)}
	for lang, want := range cases {
		for i, d := range dates {
			if got := locale.Date(lang, d); got != want[i] {
				t.Errorf("%s: %q, want %q", lang, got, want[i])
			}
		}
	}
	for m := time.January; m <= time.December; m++ {
		if strings.TrimSpace(locale.Month("kn", m)) == "" || locale.Month("kn", m) == locale.Month("en", m) {
			t.Errorf("kn month %d: %q", m, locale.Month("kn", m))
		}
	}
}

func TestRupeesUseIndianGrouping(t *testing.T) {
	for n, want := range map[int64]string{0: "₹0", 999: "₹999", 1000: "₹1,000", 100000: "₹1,00,000", 2500000: "₹25,00,000", 10000000: "₹1,00,00,000", -5000: "-₹5,000", -100000: "-₹1,00,000", 1: "₹1", 100001: "₹1,00,001"} {
		if got := locale.Rupees(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// No Kannada or Hindi message carries an English word: what an owner reads
// in kn or hi is written in kn or hi (law names, Roman numerals and units
// aside, testkit.LatinWords), placeholders apart.
func TestKannadaAndHindiMessagesHaveNoEnglish(t *testing.T) {
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		ms, err := locale.Messages(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			for _, text := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
				if ws := testkit.LatinWords(placeholder.ReplaceAllString(text, " ")); len(ws) > 0 {
					t.Errorf("%s %s: English words %q in %q", lang, m.ID, ws, text)
				}
			}
		}
		for _, code := range locale.Default().TitleCodes(lang) {
			title, _ := locale.Default().DeficiencyTitle(lang, code)
			if ws := testkit.LatinWords(title.Text); len(ws) > 0 {
				t.Errorf("%s title %s: English words %q in %q", lang, code, ws, title.Text)
			}
		}
	}
}
