package my_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/web/webtest"
)

// switchLang chooses lang with the pages' switcher on the to-do page.
func switchLang(t *testing.T, s *webtest.Server, ctx context.Context, lang string) {
	t.Helper()
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	webtest.SetLanguage(t, ctx, lang) // by fetch: a click raced the wait when lang was already the page's
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #todo-h`)))
}

// sizes are the screens every page is checked at: a 390-px phone and a
// 1366×768 laptop.
var sizes = []struct {
	name string
	w, h int64
}{{"390", webtest.PhoneWidth, webtest.PhoneHeight}, {"1366", webtest.LaptopWidth, webtest.LaptopHeight}}

// fits fails the test when the page scrolls sideways at width w.
func fits(t *testing.T, ctx context.Context, what string, w int64) {
	t.Helper()
	if sw := webtest.Get(t, ctx, chromedp.Evaluate[int64](`document.documentElement.scrollWidth`)); sw > w {
		t.Errorf("%s: %d px wide on a %d-px screen", what, sw, w)
	}
}

// TestOwnersNoticeInWordsAndItsCopy: on the owner's notice page each
// offence is named in words in the page's language (the printed notice's
// penalty_row texts) with its legal source, not only a row code like
// KA-F09; and the owner's HTML copy of the notice opens under the pages'
// strict policy (no inline style or script; webtest.Tab fails on any
// violation the page reports) with the papers' stylesheet applied. Both
// in English, Kannada and Hindi, at 390 px with no sideways scroll and at
// 1366×768; axe-core finds nothing serious.
func TestOwnersNoticeInWordsAndItsCopy(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	var id string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM penalty_notices LIMIT 1`).Scan(&id).Error; err != nil || id == "" {
		t.Fatalf("the notice: %v", err)
	}
	var lines []struct{ Row, Citation string }
	if err := s.DB.Gorm.Raw(`SELECT DISTINCT l->>'row' AS row, l->>'citation' AS citation
		FROM penalty_notice_revisions r, jsonb_array_elements(r.lines) l WHERE r.notice_id = ?`, id).Scan(&lines).Error; err != nil || len(lines) == 0 {
		t.Fatalf("the notice's rows: %v", err)
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, ctx, "owner1@demo.tindal", "en")
	words := map[string]string{"en": "Penalty", "kn": "ದಂಡ", "hi": "जुर्माना"}
	for _, lang := range []string{"en", "kn", "hi"} {
		switchLang(t, s, ctx, lang)
		for _, sz := range sizes {
			webtest.Do(t, ctx, chromedp.EmulateViewport(sz.w, sz.h),
				chromedp.Navigate(s.URL+"/my/notices/"+id),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] main h1`)))
			heads := strings.Join(webtest.Get(t, ctx, chromedp.Evaluate[[]string](
				`[...document.querySelectorAll('main article.card h3')].map(h => h.textContent)`)), "\n")
			text := webtest.Text(t, ctx)
			for _, l := range lines {
				offence, err := locale.Default().Text(lang, "penalty_row."+l.Row, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(heads, offence) {
					t.Errorf("%s: the notice names row %s without its offence %q:\n%s", lang, l.Row, offence, heads)
				}
				if !strings.Contains(text, l.Citation) {
					t.Errorf("%s: the notice lacks the legal source %q of row %s", lang, l.Citation, l.Row)
				}
			}
			fits(t, ctx, "the notice page in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "notice-"+lang+"-"+sz.name)

			webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/notices/"+id+"/notice.html"),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] footer.ver img`)))
			if !strings.Contains(webtest.Text(t, ctx), words[lang]) {
				t.Errorf("%s: the copy is not in its language", lang)
			}
			// the stylesheet applied: the letterhead's rule is drawn
			if b := webtest.Get(t, ctx, chromedp.Evaluate[string](
				`getComputedStyle(document.querySelector('header.lh')).borderBottomStyle`)); b != "double" {
				t.Errorf("%s at %s: the papers' stylesheet is not applied (letterhead border %q)", lang, sz.name, b)
			}
			fits(t, ctx, "the notice's copy in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "notice-copy-"+lang+"-"+sz.name)
		}
	}
}
