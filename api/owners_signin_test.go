package api_test

import (
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/testkit"
)

// signInMail is the one-time mail waiting in the outbox for an address.
type signInMail struct {
	count        int64
	token, code  string
	inApp, email int64
}

var (
	signInLink = regexp.MustCompile(`/my/signin/([A-Za-z0-9_-]{43})`)
	signInCode = regexp.MustCompile(`\b(\d{6})\b`)
)

// lastSignInMail reads the newest sign-in mail to address, and how many
// there are on each channel.
func (h *harness) lastSignInMail(address string) signInMail {
	h.t.Helper()
	var m signInMail
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM notifications WHERE template = 'owner.signin' AND channel = 'email'
		AND address = ?`, address).Scan(&m.email).Error)
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM notifications WHERE template = 'owner.signin' AND channel = 'in_app'`).
		Scan(&m.inApp).Error)
	m.count = m.email
	var body string
	h.must(h.db.Gorm.Raw(`SELECT coalesce(max(body), '') FROM (SELECT body FROM notifications WHERE template = 'owner.signin'
		AND channel = 'email' AND address = ? ORDER BY id DESC LIMIT 1) b`, address).Scan(&body).Error)
	if l := signInLink.FindStringSubmatch(body); l != nil {
		m.token = l[1]
	}
	if c := signInCode.FindStringSubmatch(strings.ReplaceAll(body, m.token, "")); c != nil {
		m.code = c[1]
	}
	return m
}

func (h *harness) requestSignIn(email string) response {
	h.t.Helper()
	return h.do("POST", "/v1/auth/one-time", "", map[string]any{"email": email})
}

func (h *harness) signInWith(body map[string]any) response {
	h.t.Helper()
	body["installation_id"] = "phone-of-owner"
	return h.do("POST", "/v1/auth/one-time/session", "", body)
}

// TestOneTimeSignIn: an owner's registered email gets one mail (email
// only, never the feed) with a link and a code; an unknown email, or an
// official's, gets the same answer and no mail; the link works once; a
// wrong code fails and the right one then works; both expire after 15
// minutes; a disabled owner cannot sign in.
func TestOneTimeSignIn(t *testing.T) {
	var shift atomic.Int64
	clock := func() time.Time { return testkit.Now().Add(time.Duration(shift.Load())) }
	h := newHarnessWith(t, harnessOptions{auth: auth.Options{Clock: clock}})
	const owner = "owner@test.tindal"

	known := h.requestSignIn(" Owner@Test.Tindal ")
	unknown := h.requestSignIn("nobody@test.tindal")
	official := h.requestSignIn("registrar@test.tindal")
	for _, r := range []response{known, unknown, official} {
		if r.status != 202 || string(r.body) != string(known.body) {
			t.Errorf("answers differ: %d %s vs %s", r.status, r.body, known.body)
		}
	}
	m := h.lastSignInMail(owner)
	if m.count != 1 || m.inApp != 0 || m.token == "" || m.code == "" {
		t.Fatalf("mail %+v, want one email with a link and a code and no feed row", m)
	}
	if n := h.count("notifications"); n != 1 {
		t.Errorf("%d notifications, want only the owner's mail", n)
	}
	var hashed int64
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM one_time_logins WHERE position(convert_to(?, 'UTF8') in token_hash) > 0`, m.token).Scan(&hashed).Error)
	if hashed != 0 {
		t.Error("the token is stored in clear")
	}

	first := h.signInWith(map[string]any{"token": m.token})
	if first.status != 200 {
		t.Fatalf("link: %d %s", first.status, first.body)
	}
	if me := h.do("GET", "/v1/me", first.json()["access_token"].(string), nil); me.status != 200 || me.json()["role"] != "owner" {
		t.Errorf("the session: %d %s", me.status, me.body)
	}
	if again := h.signInWith(map[string]any{"token": m.token}); again.status != 401 || again.json()["code"] != "invalid_one_time" {
		t.Errorf("the link used twice: %d %s", again.status, again.body)
	}
	if r := h.signInWith(map[string]any{"email": owner, "code": m.code}); r.status != 401 {
		t.Errorf("the code of a used sign-in: %d %s", r.status, r.body)
	}

	h.requestSignIn(owner)
	m = h.lastSignInMail(owner)
	wrong := "000000"
	if m.code == wrong {
		wrong = "111111"
	}
	if r := h.signInWith(map[string]any{"email": owner, "code": wrong}); r.status != 401 || r.json()["code"] != "invalid_one_time" {
		t.Errorf("a wrong code: %d %s", r.status, r.body)
	}
	if r := h.signInWith(map[string]any{"email": owner, "code": m.code}); r.status != 200 {
		t.Errorf("the right code after a wrong one: %d %s", r.status, r.body)
	}

	h.requestSignIn(owner)
	m = h.lastSignInMail(owner)
	shift.Store(int64(15*time.Minute + time.Second))
	if r := h.signInWith(map[string]any{"token": m.token}); r.status != 401 {
		t.Errorf("an expired link: %d %s", r.status, r.body)
	}
	if r := h.signInWith(map[string]any{"email": owner, "code": m.code}); r.status != 401 {
		t.Errorf("an expired code: %d %s", r.status, r.body)
	}

	h.requestSignIn(owner)
	m = h.lastSignInMail(owner)
	h.must(h.db.Gorm.Exec(`UPDATE users SET disabled_at = now() WHERE email = ?`, owner).Error)
	if r := h.signInWith(map[string]any{"token": m.token}); r.status != 401 || r.json()["code"] != "account_disabled" {
		t.Errorf("a disabled owner's link: %d %s", r.status, r.body)
	}
	before := h.lastSignInMail(owner).count
	if r := h.requestSignIn(owner); r.status != 202 || h.lastSignInMail(owner).count != before {
		t.Errorf("a disabled owner was mailed: %d %s", r.status, r.body)
	}
}

// TestOneTimeSignInRateLimits: requests count per email whether or not it
// has an account (5 per 15 minutes) and per client address (20), and
// answer 429 with Retry-After beyond.
func TestOneTimeSignInRateLimits(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for _, email := range []string{"owner@test.tindal", "nobody@test.tindal"} {
		for i := range 5 {
			if r := h.requestSignIn(email); r.status != 202 {
				t.Fatalf("%s request %d: %d %s", email, i+1, r.status, r.body)
			}
		}
		if r := h.requestSignIn(email); r.status != 429 || r.header.Get("Retry-After") == "" {
			t.Errorf("%s sixth request: %d %s", email, r.status, r.body)
		}
	}
	if m := h.lastSignInMail("owner@test.tindal"); m.count != 5 {
		t.Errorf("%d mails, want 5", m.count)
	}
	var last response
	for i := range 12 {
		last = h.do("POST", "/v1/auth/one-time", "", map[string]any{"email": "x" + string(rune('a'+i)) + "@test.tindal"},
			"X-Forwarded-For", "203.0.113.9")
	}
	// The harness's requests come from one address: 10 above and 12 here.
	if last.status != 429 {
		t.Errorf("the 22nd request from one address: %d %s", last.status, last.body)
	}
}

// TestResendOwnerSignIn: a registrar of the owner's office and an admin
// resend; a registrar of another office gets 404; others 403; nobody 401.
func TestResendOwnerSignIn(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar, mangaluru := h.ids["owner-KARWAR"].String(), h.ids["owner-MANGALURU"].String()
	for _, c := range []struct {
		user, owner string
		want        int
	}{
		{"", karwar, 401}, {"owner", karwar, 403}, {"inspector", karwar, 403}, {"supervisor", karwar, 403},
		{"registrar", mangaluru, 404}, {"registrar", karwar, 202}, {"admin", karwar, 202}, {"admin", mangaluru, 404},
	} {
		if r := h.do("POST", "/v1/owners/"+c.owner+"/sign-in-link", c.user, nil); r.status != c.want {
			t.Errorf("%s resends to %s: %d %s, want %d", c.user, c.owner, r.status, r.body, c.want)
		}
	}
	m := h.lastSignInMail("owner@test.tindal")
	if m.count != 2 {
		t.Fatalf("%d mails, want 2", m.count)
	}
	if r := h.signInWith(map[string]any{"token": m.token}); r.status != 200 {
		t.Errorf("the resent link: %d %s", r.status, r.body)
	}
}

// lastSMSCode reads the code of the newest sign-in SMS to mobile.
func (h *harness) lastSMSCode(mobile string) string {
	h.t.Helper()
	var body string
	h.must(h.db.Gorm.Raw(`SELECT coalesce(max(body), '') FROM (SELECT body FROM notifications WHERE template = ?
		AND channel = 'sms' AND address = ? ORDER BY id DESC LIMIT 1) b`, notify.TplOwnerSignInSMS, mobile).Scan(&body).Error)
	return signInCode.FindString(body)
}

// TestSMSCodeSignInOnTheAPI: requestSmsSignIn sends a code by SMS to the
// owner whose register entry has the mobile and answers an unknown number
// the same; a mistyped number is 422 naming mobile; signInOneTime takes
// the mobile and the code once and answers tokens; an owner the registrar
// registered with a mobile and no email signs in the same way, through an
// account keyed by the owner record.
func TestSMSCodeSignInOnTheAPI(t *testing.T) {
	h := newHarnessWith(t, harnessOptions{deps: func(d *api.Deps) {
		d.Outbox = notify.Outbox{Email: true, SMS: true, Link: "http://tindal.test/my"}
	}})
	h.must(h.db.Gorm.Exec(`UPDATE owners SET mobile = '+919845012345' WHERE id = ?`, h.ids["owner-KARWAR"]).Error)

	known := h.do("POST", "/v1/auth/sms-code", "", map[string]any{"mobile": "98450 12345"})
	unknown := h.do("POST", "/v1/auth/sms-code", "", map[string]any{"mobile": "98450 99999"})
	if known.status != 202 || string(unknown.body) != string(known.body) || unknown.status != 202 {
		t.Fatalf("answers differ: %d %s vs %d %s", known.status, known.body, unknown.status, unknown.body)
	}
	if r := h.do("POST", "/v1/auth/sms-code", "", map[string]any{"mobile": "12345"}); r.status != 422 ||
		!strings.Contains(string(r.body), `"mobile"`) {
		t.Errorf("a mistyped number: %d %s", r.status, r.body)
	}
	code := h.lastSMSCode("+919845012345")
	if code == "" {
		t.Fatal("no sign-in SMS with a code")
	}
	first := h.signInWith(map[string]any{"mobile": "+91 98450 12345", "code": code})
	if first.status != 200 {
		t.Fatalf("the SMS code: %d %s", first.status, first.body)
	}
	if me := h.do("GET", "/v1/me", first.json()["access_token"].(string), nil); me.status != 200 || me.json()["role"] != "owner" {
		t.Errorf("the session: %d %s", me.status, me.body)
	}
	if again := h.signInWith(map[string]any{"mobile": "9845012345", "code": code}); again.status != 401 ||
		again.json()["code"] != "invalid_one_time" {
		t.Errorf("the code used twice: %d %s", again.status, again.body)
	}

	// registered by the registrar with a mobile and no email
	o := h.do("POST", "/v1/owners", h.tokens["registrar"], map[string]any{"kind": "person", "name": "Manjunath Harikantra",
		"mobile": "70083 45521", "jurisdiction_id": h.ids["KARWAR"].String()})
	if o.status != 201 {
		t.Fatalf("create the owner: %d %s", o.status, o.body)
	}
	h.do("POST", "/v1/auth/sms-code", "", map[string]any{"mobile": "7008345521"})
	r := h.signInWith(map[string]any{"mobile": "7008345521", "code": h.lastSMSCode("+917008345521")})
	if r.status != 200 {
		t.Fatalf("the owner without email: %d %s", r.status, r.body)
	}
	if me := h.do("GET", "/v1/me", r.json()["access_token"].(string), nil); me.status != 200 ||
		me.json()["owner_id"] != o.json()["id"] {
		t.Errorf("the session of the owner without email: %d %s", me.status, me.body)
	}
}
