package my_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web/webtest"
)

// TestToDoListHasEveryOpenFinding: owner 1's to-do list holds every open
// finding of their inspections, each linked to the page where it is put
// right, those the law gives no date too (action code 04, Karnataka 2025
// Sch-IX: "rectify deficiency before departure"), each with what the law
// asks. In English, Kannada and Hindi, at 390 px with no sideways scroll
// and at 1366×768; axe-core finds nothing serious.
func TestToDoListHasEveryOpenFinding(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	var open []struct {
		ID      string
		Code    string
		Action  string
		Undated bool
	}
	if err := s.DB.Gorm.Raw(`SELECT f.id::text AS id, f.code, f.action, f.due_date IS NULL AS undated FROM findings f
		JOIN inspections i ON i.id = f.inspection_id JOIN vessels v ON v.id = i.vessel_id
		JOIN users u ON u.owner_id = v.owner_id
		WHERE u.email = 'owner1@demo.tindal' AND NOT f.rectified AND f.deleted_at IS NULL
		  AND i.status IN ('submitted', 'approved')`).Scan(&open).Error; err != nil || len(open) == 0 {
		t.Fatalf("owner 1's open findings: %d (%v)", len(open), err)
	}
	undated := 0
	for _, f := range open {
		if f.Undated {
			undated++
		}
	}
	if undated == 0 {
		t.Fatal("the demo has no open finding without a date: the test would prove nothing")
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, ctx, "owner1@demo.tindal", "en")
	law := map[string]string{"en": "The law asks", "kn": "ಕಾನೂನು ಕೇಳುವುದು", "hi": "कानून की माँग"}
	for _, lang := range []string{"en", "kn", "hi"} {
		switchLang(t, s, ctx, lang)
		for _, sz := range sizes {
			webtest.Do(t, ctx, chromedp.EmulateViewport(sz.w, sz.h), chromedp.Reload(),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #todo-h`)))
			items := webtest.Get(t, ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries(
				[...document.querySelectorAll('ol.todo li')].filter(li => li.querySelector('a[href^="/my/findings/"]'))
				.map(li => [li.querySelector('a').getAttribute('href').slice('/my/findings/'.length), li.textContent]))`))
			for _, f := range open {
				text, ok := items[f.ID]
				switch {
				case !ok:
					t.Errorf("%s: open finding %s (action %s, undated %v) is not on the to-do list", lang, f.ID, f.Action, f.Undated)
				case f.Action != "06" && !strings.Contains(text, law[lang]):
					t.Errorf("%s: finding %s does not say what the law asks: %s", lang, f.ID, text)
				case !strings.Contains(text, "Sch-IX") || !strings.Contains(text, f.Action):
					t.Errorf("%s: finding %s does not cite its action code %s: %s", lang, f.ID, f.Action, text)
				}
				// the deficiency in the page's language, as the switcher chose it
				if e, _ := rules.Lookup(rules.Code(f.Code)); ok && e.Title[lang] != "" && !strings.Contains(text, e.Title[lang]) {
					t.Errorf("%s: finding %s is not named in the page's language (%q): %s", lang, f.ID, e.Title[lang], text)
				}
			}
			fits(t, ctx, "the to-do list in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "todo-"+lang+"-"+sz.name)
		}
	}
}
