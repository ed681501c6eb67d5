package replicas

import (
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
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
	email, err := newUser(models.RoleSupervisor, "supervisor")
	must(t, err)
	if st := b.consoleSignIn(rs[0].base(), email); st != 303 {
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

// TestMySessionHoldsOnEveryReplica: an owner asks for a one-time code on
// A, signs in with it on B (the code lives in PostgreSQL), and the session
// is valid on A, B and C; signing out on C ends it on all three.
func TestMySessionHoldsOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := set.replicas
	email := set.ids["owner2-email"] // an owner's code goes to the owner's registered email
	b := newBrowser(t, "")
	before := mails(t, email)
	if st, _, page := b.post(rs[0].base(), "/my/signin", "/my/signin", url.Values{"email": {email}}); st != 200 {
		t.Fatalf("ask for a code on A: %d %.300s", st, page)
	}
	code := ""
	await(t, "the code in mailpit", 60*time.Second, func() bool {
		if mails(t, email) <= before {
			return false
		}
		code = lastCode(t, email)
		return code != ""
	})
	if st, loc, _ := b.post(rs[1].base(), "/my/signin", "/my/signin/code", url.Values{"email": {email}, "code": {code}}); st != 303 {
		t.Fatalf("sign in with the code on B: %d %s", st, loc)
	}
	mine := func(r *replica) bool {
		st, loc, _ := b.get(r.base(), "/my/")
		if st != 200 && !(st/100 == 3 && strings.Contains(loc, "signin")) {
			t.Fatalf("GET %s/my/: %d %s", r.name, st, loc)
		}
		return st == 200
	}
	for _, r := range rs {
		if !mine(r) {
			t.Errorf("the owner's session made on B is not valid on %s", r.name)
		}
	}
	if st, _, _ := b.post(rs[2].base(), "/my/", "/my/signout", url.Values{}); st/100 != 3 {
		t.Fatalf("sign-out on C: %d", st)
	}
	for _, r := range rs {
		if mine(r) {
			t.Errorf("signed out on C, the owner's session still serves on %s", r.name)
		}
	}
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// lastCode is the one-time code of the newest mail to an address, or "".
func lastCode(t *testing.T, to string) string {
	t.Helper()
	api := os.Getenv("TINDAL_MAILPIT_API")
	res, err := http.Get(api + "/api/v1/search?query=" + url.QueryEscape(`to:"`+to+`"`))
	must(t, err)
	var found struct {
		Messages []struct {
			ID string `json:"ID"`
		} `json:"messages"`
	}
	err = json.NewDecoder(res.Body).Decode(&found)
	res.Body.Close()
	must(t, err)
	if len(found.Messages) == 0 {
		return ""
	}
	res, err = http.Get(api + "/api/v1/message/" + found.Messages[0].ID)
	must(t, err)
	defer res.Body.Close()
	var msg struct{ Text string }
	must(t, json.NewDecoder(res.Body).Decode(&msg))
	if m := sixDigits.FindStringSubmatch(msg.Text); m != nil {
		return m[1]
	}
	return ""
}
