package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestSupervisorSignsInInKannadaAndSwitchesToEnglish: the Karwar
// supervisor's profile says Kannada, so the console speaks Kannada after
// sign-in; the switcher changes it for the session; sign-out ends it.
func TestSupervisorSignsInInKannadaAndSwitchesToEnglish(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", webtest.LaptopWidth, webtest.LaptopHeight}, {"tablet", webtest.TabletWidth, webtest.TabletHeight}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := webtest.Tab(t, size.w, size.h)
			webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/signin"))
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "signin")
			webtest.SignInConsole(t, ctx, s, "supervisor.karwar@demo.tindal")
			text := webtest.Text(t, ctx)
			for _, want := range []string{"ಕಚೇರಿ ಕನ್ಸೋಲ್", "Rajesh Naik", "ಮೇಲ್ವಿಚಾರಕರು", "Karwar"} {
				if !strings.Contains(text, want) {
					t.Errorf("the start page lacks %q:\n%s", want, text)
				}
			}
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "home-kn")

			webtest.Do(t, ctx,
				chromedp.SetValue(chromedp.CSS("#lang-switch"), "en"),
				chromedp.Click(chromedp.CSS("header form button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="en"] main h1`)),
			)
			if text := webtest.Text(t, ctx); !strings.Contains(text, "Office console") || !strings.Contains(text, "Supervisor") {
				t.Errorf("after switching to English the page says:\n%s", text)
			}
			webtest.Shot(t, ctx, "home-en")

			webtest.Do(t, ctx,
				chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
				chromedp.WaitVisible(chromedp.CSS("#email")),
				chromedp.Navigate(s.URL+"/console/"),
				chromedp.WaitVisible(chromedp.CSS("#email")),
			)
			if loc := webtest.Location(t, ctx); !strings.HasSuffix(loc, "/console/signin") {
				t.Errorf("after signing out, /console/ led to %s, not the sign-in page", loc)
			}
		})
	}
}

// TestWrongPasswordSaysSoNextToTheForm: a failed sign-in shows the reason
// next to the fields, in the page's language, and signs nobody in.
func TestWrongPasswordSaysSoNextToTheForm(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/signin"),
		chromedp.SendKeys(chromedp.CSS("#email"), "supervisor.karwar@demo.tindal"),
		chromedp.SendKeys(chromedp.CSS("#password"), "not-the-password"),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#signin-problem")),
	)
	if text := webtest.Text(t, ctx); !strings.Contains(text, "The email or the password is wrong") {
		t.Errorf("the failed sign-in says:\n%s", text)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-failed-phone")
}
