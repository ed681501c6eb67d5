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
		chromedp.SendKeys(chromedp.CSS("#email"), email),
		chromedp.SendKeys(chromedp.CSS("#password"), DemoPassword),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("main h1")),
	)
	url := Location(t, ctx)
	if strings.Contains(url, "/signin") {
		t.Fatalf("%s was not signed in; the page says: %s", email, Text(t, ctx))
	}
}
