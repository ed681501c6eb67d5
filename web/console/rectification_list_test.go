package console_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// TestRectificationCardsSayWhatTheyAreAbout: on the console's list of
// owners' rectifications, each card names its vessel (registration and
// name) and its finding (deficiency code and title in the page's
// language), as a refusal of a decision on it does, its own and not
// another card's; in Kannada and Hindi with no English besides the names.
func TestRectificationCardsSayWhatTheyAreAbout(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	type card struct {
		id     uuid.UUID
		vessel string
		code   string
	}
	var cards []card
	for _, reg := range []string{regLifebuoy, regStern} {
		id := rectify(t, s, reg)
		cards = append(cards, card{id: id,
			vessel: scalar[string](t, s, `SELECT registration_number || ' ' || name FROM vessels WHERE registration_number = ?`, reg),
			code: scalar[string](t, s, `SELECT f.code FROM findings f JOIN finding_rectifications r ON r.finding_id = f.id
				WHERE r.id = ?`, id)})
	}
	sup := newClient(t, s)
	sup.signIn("supervisor.karwar@demo.tindal")
	for _, lang := range []string{"en", "kn", "hi"} {
		setLanguage(t, sup, lang)
		res, page := sup.do("GET", "/console/rectifications", nil, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("the list in %s: %d", lang, res.StatusCode)
		}
		for i, c := range cards {
			finding := c.code + " " + titleIn(t, lang, c.code)
			m := regexp.MustCompile(`(?s)<article class="card rectification" aria-labelledby="r-` + c.id.String() +
				`-h">\s*<h2 id="r-` + c.id.String() + `-h">(.*?)</h2>.*?</article>`).FindStringSubmatch(page)
			if m == nil {
				t.Errorf("in %s no card headed for rectification %d:\n%.3000s", lang, i, page)
				continue
			}
			heading := htmlUnescape(m[1])
			if !strings.Contains(heading, c.vessel) || !strings.Contains(heading, finding) {
				t.Errorf("in %s the card says %q, want the vessel %q and the finding %q", lang, heading, c.vessel, finding)
			}
			other := cards[1-i]
			if strings.Contains(heading, other.vessel) {
				t.Errorf("in %s the card of %s names %s too: %q", lang, c.vessel, other.vessel, heading)
			}
			testkit.ScanText(t, "a rectification card's heading", heading, lang, c.vessel)
		}
	}
	// Naming the cards leaves the flash of a decision to the list shown next.
	setLanguage(t, sup, "en")
	res, _ := sup.do("POST", "/console/rectifications/"+cards[0].id.String()+"/decide",
		withCSRF(sup, "", url.Values{"decision": {"accept"}}), nil)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("accept: %d", res.StatusCode)
	}
	if _, page := sup.do("GET", res.Header.Get("Location"), nil, nil); !strings.Contains(page, `class="flash"`) ||
		!strings.Contains(page, "The rectification is accepted") {
		t.Errorf("the list after accepting does not say so:\n%.2000s", page)
	}
}

// titleIn is the deficiency code's title in lang: the law's English, the
// catalogue's Kannada and Hindi.
func titleIn(t *testing.T, lang, code string) string {
	t.Helper()
	if lang == locale.English {
		e, ok := rules.Lookup(rules.Code(code))
		if !ok {
			t.Fatalf("no deficiency %s", code)
		}
		return e.Title[rules.LangEnglish]
	}
	title, ok := locale.Default().DeficiencyTitle(lang, code)
	if !ok {
		t.Fatalf("no %s title for %s", lang, code)
	}
	return title.Text
}
