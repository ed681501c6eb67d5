package replicas

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// browser is one person's browser: a cookie jar, no redirects followed,
// and the address it comes from (sent as X-Forwarded-For, which only the
// proxy's own address makes the replicas believe).
type browser struct {
	t      *testing.T
	client *http.Client
	from   string
}

func newBrowser(t *testing.T, from string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, from: from, client: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// get fetches a page and returns its status, Location and body.
func (b *browser) get(base, path string) (int, string, string) {
	b.t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	return b.send(req)
}

func (b *browser) send(req *http.Request) (int, string, string) {
	b.t.Helper()
	if b.from != "" {
		req.Header.Set("X-Forwarded-For", b.from)
	}
	res, err := b.client.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	var sb strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res.StatusCode, res.Header.Get("Location"), sb.String()
}

// post sends a form with the CSRF token of the page at formPath.
func (b *browser) post(base, formPath, path string, form url.Values) (int, string, string) {
	b.t.Helper()
	_, _, page := b.get(base, formPath)
	m := csrfField.FindStringSubmatch(page)
	if m == nil {
		b.t.Fatalf("no CSRF token on %s%s", base, formPath)
	}
	form.Set("csrf", m[1])
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.send(req)
}

// consoleSignIn signs in on the console at base; it returns the answer's
// status (303 when signed in).
func (b *browser) consoleSignIn(base, email string) int {
	st, _, _ := b.post(base, "/console/signin", "/console/signin", url.Values{"email": {email}, "password": {password}})
	return st
}

// signedIn says whether the console's start page at base serves the
// signed-in person (200) rather than sending them to sign in.
func (b *browser) signedIn(base string) bool {
	st, loc, _ := b.get(base, "/console/")
	if st != 200 && !(st == 303 && strings.Contains(loc, "signin")) && !(st == 302 && strings.Contains(loc, "signin")) {
		b.t.Fatalf("GET %s/console/: %d %s", base, st, loc)
	}
	return st == 200
}

// TestConsoleSessionHoldsOnEveryReplica: a session made on replica A is
// valid on B and C (sessions live in PostgreSQL); signing out on B ends it
// on A and C at once.
func TestConsoleSessionHoldsOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := set.replicas
	b := newBrowser(t, "")
	if st := b.consoleSignIn(rs[0].base(), "supervisor@replicas.test"); st != 303 {
		t.Fatalf("sign-in on A: %d", st)
	}
	for _, r := range rs {
		if !b.signedIn(r.base()) {
			t.Errorf("the session made on A is not valid on %s", r.name)
		}
	}
	if st, _, _ := b.post(rs[1].base(), "/console/", "/console/signout", url.Values{}); st != 303 && st != 302 {
		t.Fatalf("sign-out on B: %d", st)
	}
	for _, r := range rs {
		if b.signedIn(r.base()) {
			t.Errorf("signed out on B, the session still serves on %s", r.name)
		}
	}
}

func (r *replica) base() string { return "http://" + r.addr }
