package console_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// refusedText is the error page's text for a refused character, per
// language (web/messages/core.*.toml "problem.invalid_request").
var refusedText = map[string]string{
	"en": "cannot be stored",
	"kn": "ಉಳಿಸಲಾಗದ ಅಕ್ಷರಗಳಿವೆ",
	"hi": "सहेजा नहीं जा सकता",
}

// wantRefused checks a 400 error page in lang that says what was wrong and
// shows no Go, SQL or message-id text.
func wantRefused(t *testing.T, what, lang string, res answer, page string) {
	t.Helper()
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(page, `lang="`+lang+`"`) ||
		!strings.Contains(page, refusedText[lang]) {
		t.Errorf("%s: %d, want 400 in %s saying %q:\n%.600s", what, res.StatusCode, lang, refusedText[lang], page)
		return
	}
	for _, leak := range []string{"problem.invalid_request", "invalid byte sequence", "SQLSTATE", ".go:", "nul_byte", "invalid_utf8"} {
		if strings.Contains(page, leak) {
			t.Errorf("%s: the page shows %q", what, leak)
		}
	}
}

// TestPagesRefuseBadBytesAsTheAPIDoes: the cases PostgreSQL would have
// answered with a 500 (a NUL in the sign-in email, bytes that are not UTF-8
// in a search) answer a 400 page in the person's language, and nothing
// reaches a handler.
func TestPagesRefuseBadBytesAsTheAPIDoes(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	anon := newClient(t, s)
	tok := anon.csrf("/console/signin")
	res, page := anon.do("POST", "/console/signin", url.Values{"csrf": {tok},
		"email": {"supervisor.karwar@demo.tindal\x00"}, "password": {webtest.DemoPassword}}, nil)
	wantRefused(t, "a NUL in the console's sign-in email", "en", res, page)
	res, page = anon.do("POST", "/my/signin", url.Values{"csrf": {tok}, "email": {"owner\x00@demo.tindal"}}, nil)
	wantRefused(t, "a NUL in /my's sign-in email", "en", res, page)

	c := newClient(t, s)
	if res := c.signIn("registrar.karwar@demo.tindal"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in: %d", res.StatusCode)
	}
	for _, lang := range []string{"kn", "hi", "en"} {
		if res, _ := c.do("POST", "/console/lang", url.Values{"lang": {lang}, "csrf": {c.csrf("/console/")}}, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("switch to %s: %d", lang, res.StatusCode)
		}
		for _, q := range []string{"/console/vessels?q=%00", "/console/vessels?q=%FF%FE", "/console/owners?q=%C0%AF",
			"/console/vessels?q=KA%E2%80%AE01", "/console/crew?%00=x"} {
			res, page := c.do("GET", q, nil, nil)
			wantRefused(t, lang+" "+q, lang, res, page)
		}
	}
	if res, page := c.do("GET", "/console/vessels?q=KA-01", nil, nil); res.StatusCode != http.StatusOK {
		t.Errorf("a clean search: %d\n%.300s", res.StatusCode, page)
	}
}

// routeParam is a path parameter of a route pattern (":id", ":token").
var routeParam = regexp.MustCompile(`:[A-Za-z_]+`)

// TestEveryPageRouteRefusesBadBytes walks every route of the console and
// the owners' pages: a form field or a query parameter with a NUL, bytes
// that are not UTF-8 or a bidirectional control answers the 400 page, for
// a visitor and for a signed-in administrator alike, before any handler
// (so before anything is written).
func TestEveryPageRouteRefusesBadBytes(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	anon := newClient(t, s)
	admin := newClient(t, s)
	if res := admin.signIn("admin@demo.tindal"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in: %d", res.StatusCode)
	}
	if res, _ := admin.do("POST", "/console/lang", url.Values{"lang": {"kn"}, "csrf": {admin.csrf("/console/")}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("switch to Kannada: %d", res.StatusCode)
	}
	bad := []string{"a\x00b", "torn \xff\xfe page", "KA-01\u202e9999"}
	walked := map[string]bool{}
	for _, r := range s.Routes {
		if !strings.HasPrefix(r.Path, "/console") && !strings.HasPrefix(r.Path, "/my") || r.Method == "HEAD" ||
			strings.Contains(r.Path, "*") {
			continue
		}
		path := routeParam.ReplaceAllString(r.Path, "0196f000-0000-7000-8000-000000000001")
		key := r.Method + " " + r.Path
		if walked[key] {
			continue
		}
		walked[key] = true
		for _, who := range []struct {
			name, lang, csrfPage string
			c                    *client
		}{{"a visitor", "en", "/console/signin", anon}, {"an admin", "kn", "/console/", admin}} {
			for _, v := range bad {
				var res answer
				var page string
				if r.Method == "GET" {
					res, page = who.c.do("GET", path+"?q="+url.QueryEscape(v), nil, nil)
				} else {
					form := url.Values{"csrf": {who.c.csrf(who.csrfPage)}, "note": {v}}
					res, page = who.c.do(r.Method, path, form, nil)
				}
				wantRefused(t, who.name+": "+key+" with "+url.QueryEscape(v), who.lang, res, page)
			}
		}
	}
	if len(walked) < 40 {
		t.Fatalf("walked only %d routes of the pages", len(walked))
	}
}

// TestConsoleSignInTooManyAttemptsSaysWhenToRetry: the sign-in's 429, as
// the API's login, carries Retry-After, and says so in the person's
// language.
func TestConsoleSignInTooManyAttemptsSaysWhenToRetry(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	var res answer
	var page string
	for i := 0; i < 40 && res.StatusCode != http.StatusTooManyRequests; i++ {
		res, page = c.do("POST", "/console/signin", url.Values{"csrf": {c.csrf("/console/signin")},
			"email": {"supervisor.karwar@demo.tindal"}, "password": {"wrong"}}, map[string]string{"Accept-Language": "hi"})
	}
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("40 wrong passwords: %d, want 429", res.StatusCode)
	}
	if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("the 429 has Retry-After %q", ra)
	}
	if !strings.Contains(page, "साइन इन के बहुत अधिक प्रयास") || strings.Contains(page, "too many login attempts") {
		t.Errorf("the 429 page is not in Hindi:\n%.600s", page)
	}
}
