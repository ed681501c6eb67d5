package webtest

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// SignInConsole signs email in to the office console with the demo
// password, as a person would: the form, the button, the start page.
func SignInConsole(t testing.TB, ctx context.Context, s *Server, email string) {
	t.Helper()
	Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/signin"),
		// The form as shown, before typing: a node looked up while the
		// page is still being replaced is gone by the time keys are sent
		// ("No node with given id found", seen once under load).
		chromedp.WaitVisible(chromedp.CSS("main form #email")),
		chromedp.SendKeys(chromedp.CSS("#email"), email),
		chromedp.SendKeys(chromedp.CSS("#password"), DemoPassword),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		// Only a signed-in page has the sign-out button: the sign-in page
		// has a main h1 too, and under load is still shown when a wait for
		// any h1 returns.
		chromedp.WaitVisible(chromedp.CSS(`header form[action$="/signout"] button`)),
	)
	url := Location(t, ctx)
	if strings.Contains(url, "/signin") {
		t.Fatalf("%s was not signed in; the page says: %s", email, Text(t, ctx))
	}
}
