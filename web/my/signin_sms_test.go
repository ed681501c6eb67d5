package my_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web/webtest"
)

// smsGateway is an aggregator served by the test over real HTTP: it keeps
// every message it is given and accepts it.
type smsGateway struct {
	mu   stdsync.Mutex
	got  []url.Values
	srv  *httptest.Server
	seen int
}

func newSMSGateway(t *testing.T) *smsGateway {
	g := &smsGateway{}
	g.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		q, _ := url.ParseQuery(string(b))
		g.mu.Lock()
		g.got = append(g.got, q)
		n := len(g.got)
		g.mu.Unlock()
		_, _ = io.WriteString(w, `{"message_id":"m`+string(rune('0'+n))+`"}`)
	}))
	t.Cleanup(g.srv.Close)
	return g
}

// deliver sends the server's SMS outbox to the gateway and answers what
// arrived since the last call.
func (g *smsGateway) deliver(t *testing.T, s *webtest.Server) []url.Values {
	t.Helper()
	gw, err := notify.NewHTTPGateway(g.srv.URL, "form", "key", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, tpl := range notify.SMSTemplates {
		for _, l := range locale.Languages {
			ids[tpl+"."+l] = "1107000000000000001"
		}
	}
	d := &notify.SMSDispatcher{Dispatcher: notify.Dispatcher{DB: s.DB}, Gateway: gw,
		DLT: notify.DLT{Sender: "TNDLKA", EntityID: "1101000000000000001", Templates: ids}}
	if _, err := d.Dispatch(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.got[g.seen:]
	g.seen = len(g.got)
	return out
}

var smsCode = regexp.MustCompile(`\b[0-9]{6}\b`)

// TestOwnerSignsInBySMSCodeInKannada: owner 1, who reads Kannada and has a
// mobile on the register, asks for a code on a 390-px phone; an unknown
// number gets the very same page; the code arrives by SMS in Kannada
// (UCS-2) through the gateway, and signs the owner in once. axe finds
// nothing serious; screenshots in artifacts/screens.
func TestOwnerSignsInBySMSCodeInKannada(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	if err := s.DB.Gorm.Exec(`UPDATE owners SET mobile = '+919845012345'
		WHERE id = (SELECT owner_id FROM users WHERE email = 'owner1@demo.tindal')`).Error; err != nil {
		t.Fatal(err)
	}
	g := newSMSGateway(t)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "kn"),
		chromedp.Click(chromedp.CSS("header form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] #email`)),
		chromedp.Click(chromedp.CSS(`main a[href="/my/signin/sms"]`)),
		chromedp.WaitVisible(chromedp.CSS("#mobile")),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-sms-kn")
	ask := func(mobile string) string {
		webtest.Do(t, ctx,
			chromedp.Navigate(s.URL+"/my/signin/sms"),
			chromedp.WaitVisible(chromedp.CSS("#mobile")),
			chromedp.SendKeys(chromedp.CSS("#mobile"), mobile),
			chromedp.Click(chromedp.CSS("main button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS("#code")),
		)
		return webtest.Text(t, ctx)
	}
	unknown := ask("98450 99999")
	if sms := g.deliver(t, s); len(sms) != 0 {
		t.Fatalf("an unknown number got %d SMS", len(sms))
	}
	known := ask("98450 12345")
	if unknown != known {
		t.Fatalf("the pages differ for an unknown and a registered number:\n%s\n---\n%s", unknown, known)
	}
	has(t, known, "SMS ಮೂಲಕ ಸಂಕೇತ ಬರುತ್ತಿದೆ")
	if strings.Contains(known, "Sign in") || strings.Contains(known, "code") {
		t.Errorf("stray English on the Kannada page:\n%s", known)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-sms-code-kn")
	sms := g.deliver(t, s)
	if len(sms) != 1 || sms[0].Get("to") != "919845012345" || sms[0].Get("unicode") != "1" ||
		!strings.Contains(sms[0].Get("message"), "ಟಿಂಡಾಲ್ ಪ್ರವೇಶ ಸಂಕೇತ") {
		t.Fatalf("the SMS: %v", sms)
	}
	code := smsCode.FindString(sms[0].Get("message"))
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#code"), code),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitNotPresent(chromedp.CSS("#code")),
	)
	if loc := webtest.Location(t, ctx); !strings.HasSuffix(loc, "/my/") {
		t.Fatalf("after the code: %s", loc)
	}
	var body string
	if err := s.DB.Gorm.Raw(`SELECT body FROM notifications WHERE channel = 'sms' AND template = ?`,
		notify.TplOwnerSignInSMS).Scan(&body).Error; err != nil || strings.Contains(body, code) {
		t.Errorf("the sent code is still stored: %q (%v)", body, err)
	}
}

// apiToken logs email in to the API with the demo password.
func apiToken(t *testing.T, s *webtest.Server, email string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": webtest.DemoPassword,
		"installation_id": "my-sms-only-test"})
	res, err := http.Post(s.URL+"/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("%s could not log in to the API (%d): %v", email, res.StatusCode, err)
	}
	return tok.AccessToken
}

// TestOwnerWithAMobileOnlySignsInBySMS: the Karwar registrar registers an
// owner with a mobile number and no email through the API; the owner, who
// has no account yet, asks for a code at /my/signin/sms, gets it by SMS
// through the gateway, signs in and sees their /my. The account is keyed
// by the owner record, without an email, and made once: a second sign-in
// uses it.
func TestOwnerWithAMobileOnlySignsInBySMS(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	var karwar string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM jurisdictions WHERE name = 'Karwar'`).Scan(&karwar).Error; err != nil || karwar == "" {
		t.Fatalf("the Karwar office: %v", err)
	}
	body, _ := json.Marshal(map[string]any{"kind": "person", "name": "Manjunath Harikantra", "mobile": "98450 77777",
		"preferred_language": "kn", "jurisdiction_id": karwar})
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, s.URL+"/v1/owners", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+apiToken(t, s, "registrar.karwar@demo.tindal"))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var owner struct{ ID, Email, Mobile string }
	_ = json.NewDecoder(res.Body).Decode(&owner)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusCreated || owner.Email != "" || owner.Mobile != "+919845077777" {
		t.Fatalf("the registrar registers an owner with a mobile only: %d %+v", res.StatusCode, owner)
	}

	g := newSMSGateway(t)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signIn := func() {
		webtest.Do(t, ctx,
			chromedp.Navigate(s.URL+"/my/signin/sms"),
			chromedp.WaitVisible(chromedp.CSS("#mobile")),
			chromedp.SendKeys(chromedp.CSS("#mobile"), "98450 77777"),
			chromedp.Click(chromedp.CSS("main button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS("#code")),
		)
		sms := g.deliver(t, s)
		if len(sms) != 1 || sms[0].Get("to") != "919845077777" {
			t.Fatalf("the sign-in SMS: %v", sms)
		}
		webtest.Do(t, ctx,
			chromedp.SendKeys(chromedp.CSS("#code"), smsCode.FindString(sms[0].Get("message"))),
			chromedp.Click(chromedp.CSS("main button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS("#todo-h")),
		)
		has(t, webtest.Text(t, ctx), "Manjunath Harikantra")
	}
	signIn()
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-sms-only-home")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`form[action="/my/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
	signIn()
	var accounts []struct{ Email, Role string }
	if err := s.DB.Gorm.Raw(`SELECT email, role FROM users WHERE owner_id = ?`, owner.ID).Scan(&accounts).Error; err != nil {
		t.Fatal(err)
	}
	if len(accounts) != 1 || accounts[0].Email != "" || accounts[0].Role != "owner" {
		t.Errorf("the owner's accounts: %+v (want one owner account without an email)", accounts)
	}
}
