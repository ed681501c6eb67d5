package console_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestSignInLeadsToThePageAskedFor: a console link opened while signed out
// (a vessel's page from a mail, with its query) shows the sign-in form, and
// signing in lands on that page, not the start page; a wrong password on
// the way keeps where the person was going.
func TestSignInLeadsToThePageAskedFor(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	want := "/console/vessels/" + vesselID(t, s, "KA-KWR-M-0001").String()
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+want),
		chromedp.WaitVisible(chromedp.CSS("#email")),
		chromedp.SendKeys(chromedp.CSS("#email"), "registrar.karwar@demo.tindal"),
		chromedp.SendKeys(chromedp.CSS("#password"), "not-the-password"),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#signin-problem")),
		chromedp.SendKeys(chromedp.CSS("#password"), webtest.DemoPassword),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`header form[action$="/signout"] button`)),
	)
	if loc := webtest.Location(t, ctx); loc != s.URL+want {
		t.Errorf("signing in from %s landed on %s", want, loc)
	}
	if page := webtest.Text(t, ctx); !strings.Contains(page, "Sharavathi Queen") {
		t.Errorf("the page after sign-in is not the vessel's:\n%s", page)
	}

	list := "/console/vessels?q=" + url.QueryEscape("KA-KWR")
	c := newClient(t, s)
	res, _ := c.do("GET", list, nil, nil)
	if got := res.Header.Get("Location"); got != "/console/signin?next="+url.QueryEscape(list) {
		t.Errorf("a signed-out GET %s sent to %q", list, got)
	}
	tok := c.csrf("/console/signin?next=" + url.QueryEscape(list))
	res, _ = c.do("POST", "/console/signin", url.Values{"csrf": {tok}, "email": {"registrar.karwar@demo.tindal"},
		"password": {webtest.DemoPassword}, "next": {list}}, nil)
	if got := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || got != list {
		t.Errorf("signing in to go to %s answered %d to %q", list, res.StatusCode, got)
	}
}

// TestSignInFollowsOnlyConsolePaths: a next that is another site's
// address (however spelled), or a page outside the console, is ignored:
// signing in lands on the start page, and the sign-in form never carries
// it.
func TestSignInFollowsOnlyConsolePaths(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	for _, next := range []string{
		"https://evil.example/console/", "//evil.example/console/", `/\evil.example/console`, "/\t/evil.example",
		"javascript:alert(1)", "/my/", "/v1/vessels", "console/vessels", "http:/console/",
	} {
		c := newClient(t, s)
		if _, page := c.do("GET", "/console/signin?next="+url.QueryEscape(next), nil, nil); strings.Contains(page, `name="next"`) {
			t.Errorf("the sign-in form carries next=%q", next)
		}
		tok := c.csrf("/console/signin")
		for _, where := range []string{"form", "query"} {
			form := url.Values{"csrf": {tok}, "email": {"supervisor.karwar@demo.tindal"}, "password": {webtest.DemoPassword}}
			path := "/console/signin"
			if where == "form" {
				form.Set("next", next)
			} else {
				path += "?next=" + url.QueryEscape(next)
			}
			res, _ := c.do("POST", path, form, nil)
			if got := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || got != "/console/" {
				t.Errorf("signing in with next=%q in the %s answered %d to %q, want the start page", next, where, res.StatusCode, got)
			}
			tok = c.csrf("/console/")
		}
	}
}
