package demo_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web/webtest"
)

func TestMain(m *testing.M) { webtest.Main(m) }

// TestScreensOfTheYear opens, over the demo's year as `make run` seeds
// it, the pages the README shows: the office's charts and plan on a
// laptop in English, an inspection waiting for the Karwar supervisor's
// review with its EXIF-checked photos, and an owner's penalty notice on a phone in
// Kannada (Mohan Shetty & Sons' third lifejacket offence in a year,
// doubled twice). Each has its content from the year, passes axe, and is
// saved as a screenshot (docs/screens is copied from these).
func TestScreensOfTheYear(t *testing.T) {
	s := webtest.NewServer(t, webtest.Options{History: true})
	ctx := webtest.Tab(t, webtest.LaptopWidth, 768)
	webtest.SignInConsole(t, ctx, s, "supervisor.karwar@demo.tindal")
	var pending uuid.UUID
	err := s.DB.Gorm.Raw(`SELECT i.id FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE v.registration_number = 'KA-KWR-M-0006' AND i.status = 'submitted'`).Row().Scan(&pending)
	if err != nil {
		t.Fatalf("the inspection of KA-KWR-M-0006 waiting for review: %v", err)
	}
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "en"),
		chromedp.Click(chromedp.CSS("header form.inline button")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="en"] h1`)),
		chromedp.Navigate(s.URL+"/console/inspections/"+pending.String()),
		chromedp.WaitVisible(chromedp.CSS("main h1")),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "console-inspection")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
	webtest.SignInConsole(t, ctx, s, "supervisor.mangaluru@demo.tindal")
	for _, p := range []struct{ path, name, want string }{
		{"/console/reports", "console-reports", "KA-MNG"},
		{"/console/plan", "console-plan", "KA-MNG-M-0003"},
	} {
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+p.path), chromedp.WaitVisible(chromedp.CSS("main h1")))
		webtest.Axe(t, ctx)
		webtest.Shot(t, ctx, p.name)
		if p.name == "console-plan" && !strings.Contains(webtest.Text(t, ctx), p.want) {
			t.Errorf("%s lacks %s", p.path, p.want)
		}
	}
	var notice uuid.UUID
	err = s.DB.Gorm.Raw(`SELECT n.id FROM penalty_notices n JOIN vessels v ON v.id = n.vessel_id
		WHERE v.registration_number = 'KA-MNG-M-0003' ORDER BY n.served_on DESC LIMIT 1`).Row().Scan(&notice)
	if err != nil || notice == uuid.Nil {
		t.Fatalf("no notice of KA-MNG-M-0003 (%v)", err)
	}
	phone := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, phone, "owner6@demo.tindal")
	webtest.Do(t, phone, chromedp.Navigate(s.URL+"/my/notices/"+notice.String()), chromedp.WaitVisible(chromedp.CSS("#pay-h")))
	text := webtest.Text(t, phone)
	for _, want := range []string{"ದಂಡ ನೋಟಿಸ್", "UPI", "KA-MNG-M-0003"} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice lacks %q", want)
		}
	}
	webtest.Get(t, phone, chromedp.Poll[bool](`document.querySelector('#upi-qr').complete && document.querySelector('#upi-qr').naturalWidth > 0`,
		chromedp.WithPollingTimeout(10*time.Second)))
	webtest.Axe(t, phone)
	webtest.Shot(t, phone, "my-notice-kn")
}

// signInOwner signs an owner in to /my in Kannada through the link mailed
// to them (mailpit), as they would.
func signInOwner(t *testing.T, s *webtest.Server, ctx context.Context, email string) {
	t.Helper()
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "kn"),
		chromedp.Click(chromedp.CSS("header form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] #email`)),
		chromedp.SendKeys(chromedp.CSS("#email"), email),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	webtest.Do(t, ctx, chromedp.Navigate(mailedLink(t, s, email)), chromedp.WaitVisible(chromedp.CSS("#use-link")),
		chromedp.Click(chromedp.CSS("#use-link")), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
}

var linkInMail = regexp.MustCompile(`https?://\S+`)

// mailedLink delivers the outbox to mailpit and reads the newest sign-in
// link mailed to address.
func mailedLink(t *testing.T, s *webtest.Server, address string) string {
	t.Helper()
	smtp, err := notify.NewSMTP(os.Getenv("TINDAL_SMTP_URL"))
	api := os.Getenv("TINDAL_MAILPIT_API")
	if err != nil || api == "" {
		t.Fatalf("mail (run scripts/services.sh and source .services.env): %v", err)
	}
	d := &notify.Dispatcher{DB: s.DB, Sender: smtp, From: "Tindal <no-reply@tindal.test>"}
	if _, err := d.Dispatch(context.Background(), time.Now()); err != nil {
		t.Fatalf("deliver the outbox: %v", err)
	}
	var list struct{ Messages []struct{ ID string } }
	getJSON(t, api+"/api/v1/search?query="+url.QueryEscape("to:"+address), &list)
	for _, m := range list.Messages { // newest first
		var full struct{ Text string }
		getJSON(t, api+"/api/v1/message/"+m.ID, &full)
		for _, l := range linkInMail.FindAllString(full.Text, -1) {
			if strings.HasPrefix(l, s.URL+"/") {
				return l
			}
		}
	}
	t.Fatalf("no sign-in mail from %s to %s in mailpit", s.URL, address)
	return ""
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	res, err := http.Get(u) //nolint:gosec,noctx // the test's own mailpit on loopback
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}
