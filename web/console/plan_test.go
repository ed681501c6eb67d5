package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestPlanAndChartsForTheKarwarSupervisor: the Karwar supervisor (whose
// profile says Kannada) opens the inspection plan and the charts at a
// laptop's and a tablet's width: the ranked list shows Karwar's vessels
// with their scores' parts, never another office's, and each chart is
// drawn with its table of numbers; no serious accessibility violation.
func TestPlanAndChartsForTheKarwarSupervisor(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", webtest.LaptopWidth, webtest.LaptopHeight}, {"tablet", webtest.TabletWidth, webtest.TabletHeight}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := webtest.Tab(t, size.w, size.h)
			signIn(t, ctx, s, "supervisor.karwar@demo.tindal")
			webtest.Do(t, ctx,
				chromedp.Click(chromedp.CSS(`nav.main a[href="/console/plan"]`)),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] table.plan`)),
			)
			text := webtest.Text(t, ctx)
			for _, want := range []string{"ತಪಾಸಣಾ ಯೋಜನೆ", "KA-KWR-", "ಅಂಕ", "ಆದ್ಯತೆ"} {
				if !strings.Contains(text, want) {
					t.Errorf("the plan lacks %q:\n%s", want, text)
				}
			}
			for _, foreign := range []string{"KA-MNG-", "OD-PDP-"} {
				if strings.Contains(text, foreign) {
					t.Errorf("the Karwar supervisor's plan shows another office's vessel %s", foreign)
				}
			}
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "plan-kn")

			webtest.Do(t, ctx,
				chromedp.Click(chromedp.CSS(`nav.main a[href="/console/reports"]`)),
				chromedp.WaitVisible(chromedp.CSS(`#table-overdue`)),
			)
			text = webtest.Text(t, ctx)
			for _, want := range []string{"ಚಾರ್ಟ್‌ಗಳು", "ತಿಂಗಳವಾರು ಕ್ಷೇತ್ರವಾರು ನ್ಯೂನತೆಗಳು", "ವ್ಯಾಪ್ತಿವಾರು ತಪಾಸಣೆಗಳು ಮತ್ತು ತಡೆಹಿಡಿಯುವಿಕೆಗಳು", "KARWAR", "₹"} {
				if !strings.Contains(text, want) {
					t.Errorf("the charts page lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, "MANGALURU") {
				t.Errorf("the Karwar supervisor's charts count Mangaluru")
			}
			n := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('section.chart svg[role="img"] title').length`))
			if n < 4 {
				t.Errorf("%d chart titles, want the four charts drawn", n)
			}
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "reports-kn")
			signOut(t, ctx)
		})
	}
}

// TestAdminFiltersThePlanByJurisdiction: the administrator (English) sees
// every office's vessels and narrows the plan to Paradip's.
func TestAdminFiltersThePlanByJurisdiction(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signIn(t, ctx, s, "admin@demo.tindal")
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/plan"),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="en"] table.plan`)),
	)
	if text := webtest.Text(t, ctx); !strings.Contains(text, "KA-KWR-") || !strings.Contains(text, "KA-MNG-") {
		t.Errorf("the admin's plan lacks an office:\n%s", text)
	}
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#plan-jurisdiction"), ""),
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#plan-jurisdiction');
			s.value = [...s.options].find(o => o.text.includes('PARADIP') || o.text.includes('Paradip')).value; })()`),
		chromedp.Click(chromedp.CSS(`main form.filter button[type=submit]`)),
		// Only the filtered page has a jurisdiction selected.
		chromedp.WaitReady(chromedp.CSS(`#plan-jurisdiction option[selected]`)),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="en"] table.plan`)),
	)
	text := webtest.Text(t, ctx)
	if !strings.Contains(text, "OD-PDP-") || strings.Contains(text, "KA-KWR-") {
		t.Errorf("the plan filtered to Paradip says:\n%s", text)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "plan-paradip-en")
	signOut(t, ctx)
}

// signIn signs email in and waits for the sign-out button, which only a
// signed-in page has (the sign-in page has a main h1 too, so waiting for
// one can pass before the form is sent).
func signIn(t *testing.T, ctx context.Context, s *webtest.Server, email string) {
	t.Helper()
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/signin"),
		chromedp.SendKeys(chromedp.CSS("#email"), email),
		chromedp.SendKeys(chromedp.CSS("#password"), webtest.DemoPassword),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`header form[action$="/signout"] button`)),
	)
}

// signOut ends the tab's session: the browser's tabs share their cookies,
// so the next test signs in afresh.
func signOut(t *testing.T, ctx context.Context) {
	t.Helper()
	webtest.Do(t, ctx,
		chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")),
	)
}
