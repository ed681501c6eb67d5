package console_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/webtest"
)

// client is a browser without a browser: a cookie jar, no redirects
// followed, so each answer can be read.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func newClient(t *testing.T, s *webtest.Server) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: s.URL, http: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// answer is what a request answered: its status, headers and body.
type answer struct {
	StatusCode int
	Header     http.Header
}

func (c *client) do(method, path string, form url.Values, header map[string]string) (answer, string) {
	c.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(context.Background(), method, c.base+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{StatusCode: res.StatusCode, Header: res.Header}, string(b)
}

var csrfInput = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf reads the CSRF token from a page of the site.
func (c *client) csrf(path string) string {
	c.t.Helper()
	_, page := c.do("GET", path, nil, nil)
	m := csrfInput.FindStringSubmatch(page)
	if m == nil {
		c.t.Fatalf("no CSRF field on %s", path)
	}
	return m[1]
}

func (c *client) session() string {
	u, _ := url.Parse(c.base)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == web.SessionCookie {
			return ck.Value
		}
	}
	return ""
}

func (c *client) signIn(email string) answer {
	c.t.Helper()
	tok := c.csrf("/console/signin")
	res, _ := c.do("POST", "/console/signin", url.Values{"csrf": {tok}, "email": {email}, "password": {webtest.DemoPassword}}, nil)
	return res
}

// TestSignInRotatesTheSessionAndSignOutEndsIt: the token a visitor had
// before signing in is not the signed-in one (no fixation), the cookie is
// HttpOnly and SameSite=Strict, and after sign-out the old token opens
// nothing, its row gone from the database.
func TestSignInRotatesTheSessionAndSignOutEndsIt(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	res, _ := c.do("GET", "/console/signin", nil, nil)
	if set := res.Header.Get("Set-Cookie"); !strings.Contains(set, "HttpOnly") || !strings.Contains(set, "SameSite=Strict") {
		t.Errorf("session cookie %q lacks HttpOnly or SameSite=Strict", set)
	}
	if csp := res.Header.Get("Content-Security-Policy"); csp != web.CSP {
		t.Errorf("Content-Security-Policy %q, want the pages' own", csp)
	}
	before := c.session()
	if before == "" {
		t.Fatal("the sign-in page started no session (its form needs a CSRF token)")
	}
	if res := c.signIn("registrar.karwar@demo.tindal"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in answered %d", res.StatusCode)
	}
	after := c.session()
	if after == "" || after == before {
		t.Fatalf("the session token was not renewed at sign-in (before %q, after %q)", before, after)
	}
	if res, page := c.do("GET", "/console/", nil, nil); res.StatusCode != 200 || !strings.Contains(page, "Shobha Kamat") {
		t.Fatalf("the signed-in start page answered %d", res.StatusCode)
	}
	// The fixation attempt: the pre-sign-in token opens nothing.
	stale := newClient(t, s)
	u, _ := url.Parse(s.URL)
	stale.http.Jar.SetCookies(u, []*http.Cookie{{Name: web.SessionCookie, Value: before, Path: "/"}})
	if res, _ := stale.do("GET", "/console/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the pre-sign-in token opened the console (%d)", res.StatusCode)
	}

	tok := c.csrf("/console/")
	if res, _ := c.do("POST", "/console/signout", url.Values{"csrf": {tok}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-out answered %d", res.StatusCode)
	}
	var n int64
	if err := s.DB.Gorm.Raw(`SELECT count(*) FROM web_sessions WHERE token = ?`, after).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Error("sign-out left the session's row in web_sessions")
	}
	replay := newClient(t, s)
	replay.http.Jar.SetCookies(u, []*http.Cookie{{Name: web.SessionCookie, Value: after, Path: "/"}})
	if res, _ := replay.do("GET", "/console/", nil, nil); res.StatusCode != http.StatusSeeOther ||
		!strings.HasSuffix(res.Header.Get("Location"), "/console/signin") {
		t.Errorf("a signed-out token still opens the console: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// TestFormsRefuseForgedRequests: a state-changing request without the
// session's token, with another session's token, or from another origin
// is refused with 403 and changes nothing.
func TestFormsRefuseForgedRequests(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	victim := newClient(t, s)
	victim.signIn("supervisor.karwar@demo.tindal")
	attacker := newClient(t, s)
	foreign := attacker.csrf("/console/signin")
	good := victim.csrf("/console/")
	for _, tc := range []struct {
		name   string
		form   url.Values
		header map[string]string
	}{
		{"no token", url.Values{"lang": {"hi"}}, nil},
		{"another session's token", url.Values{"lang": {"hi"}, "csrf": {foreign}}, nil},
		{"a token one byte off", url.Values{"lang": {"hi"}, "csrf": {good[:len(good)-1] + "A"}}, nil},
		{"the right token from another origin", url.Values{"lang": {"hi"}, "csrf": {good}}, map[string]string{"Origin": "http://evil.example"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, page := victim.do("POST", "/console/lang", tc.form, tc.header)
			if res.StatusCode != http.StatusForbidden || !strings.Contains(page, "did not come from this site") {
				t.Errorf("answered %d:\n%.300s", res.StatusCode, page)
			}
		})
	}
	if _, page := victim.do("GET", "/console/", nil, nil); !strings.Contains(page, `lang="kn"`) {
		t.Error("a forged language switch took effect")
	}
	if res, _ := victim.do("POST", "/console/lang", url.Values{"lang": {"hi"}, "csrf": {good}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the genuine switch answered %d", res.StatusCode)
	}
	if _, page := victim.do("GET", "/console/", nil, nil); !strings.Contains(page, `lang="hi"`) {
		t.Error("the genuine language switch did not take effect")
	}
}

// TestIdleSessionEnds: a session nobody used for longer than the idle
// timeout opens nothing. Time is not waited for: the session's row in
// web_sessions must expire one idle timeout after its last use (not at the
// 12-hour lifetime), and moving that expiry into the past, as the idle
// time passing does, must sign the person out.
func TestIdleSessionEnds(t *testing.T) {
	t.Parallel()
	const idle = 5 * time.Minute
	s := webtest.NewServer(t, webtest.Options{Web: func(d *web.Deps) { d.IdleTimeout = idle }})
	c := newClient(t, s)
	c.signIn("admin@demo.tindal")
	before := time.Now()
	if res, _ := c.do("GET", "/console/", nil, nil); res.StatusCode != 200 {
		t.Fatalf("start page answered %d right after sign-in", res.StatusCode)
	}
	after := time.Now()
	var expiries []time.Time
	if err := s.DB.Gorm.Raw(`SELECT expiry FROM web_sessions`).Scan(&expiries).Error; err != nil {
		t.Fatal(err)
	}
	if len(expiries) != 1 {
		t.Fatalf("%d sessions stored, want the one signed in", len(expiries))
	}
	// Each request extends the session to an idle timeout after it.
	if e := expiries[0]; e.Before(before.Add(idle).Add(-time.Second)) || e.After(after.Add(idle).Add(time.Second)) {
		t.Fatalf("the session expires at %s, want one idle timeout (%s) after its last use (%s…%s)",
			e, idle, before, after)
	}
	if err := s.DB.Gorm.Exec(`UPDATE web_sessions SET expiry = now() - interval '1 second'`).Error; err != nil {
		t.Fatal(err)
	}
	if res, _ := c.do("GET", "/console/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("an idle session still opens the console (%d)", res.StatusCode)
	}
}

// TestDeactivatedPersonIsSignedOutAtOnce: disabling an account ends its
// open console session on the next request.
func TestDeactivatedPersonIsSignedOutAtOnce(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	c.signIn("inspector.karwar@demo.tindal")
	if res, _ := c.do("GET", "/console/", nil, nil); res.StatusCode != 200 {
		t.Fatalf("start page answered %d", res.StatusCode)
	}
	if err := s.DB.Gorm.Exec(`UPDATE users SET disabled_at = now() WHERE email = ?`, "inspector.karwar@demo.tindal").Error; err != nil {
		t.Fatal(err)
	}
	if res, _ := c.do("GET", "/console/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("a disabled account's session still opens the console (%d)", res.StatusCode)
	}
}

// TestOwnersDoNotSignInToTheConsole: an owner's correct password does not
// open the office console.
func TestOwnersDoNotSignInToTheConsole(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	if res := c.signIn("owner1@demo.tindal"); res.StatusCode == http.StatusSeeOther {
		t.Fatalf("an owner signed in to the console (redirected to %s)", res.Header.Get("Location"))
	}
	if res, _ := c.do("GET", "/console/", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the console opened for an owner (%d)", res.StatusCode)
	}
}

// TestUnknownConsolePageIsAnHTMLNotFound: a page that does not exist is
// the console's 404 page, not the API's JSON.
func TestUnknownConsolePageIsAnHTMLNotFound(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	c := newClient(t, s)
	c.signIn("admin@demo.tindal")
	res, page := c.do("GET", "/console/no-such-page", nil, nil)
	if res.StatusCode != http.StatusNotFound || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(page, "Error 404") {
		t.Errorf("answered %d %s:\n%.300s", res.StatusCode, res.Header.Get("Content-Type"), page)
	}
}
