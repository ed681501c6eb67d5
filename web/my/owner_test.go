package my_test

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web/webtest"
)

// approveDemoInspection approves the demo's routine inspection of
// KA-KWR-M-0006 (owner 1, who reads Kannada) as the Karwar supervisor, so
// that its penalty notice is issued.
func approveDemoInspection(t *testing.T, s *webtest.Server) {
	t.Helper()
	var row struct {
		ID, Sup, Jur uuid.UUID
	}
	err := s.DB.Gorm.Raw(`SELECT i.id, u.id AS sup, v.jurisdiction_id AS jur FROM inspections i
		JOIN vessels v ON v.id = i.vessel_id, users u
		WHERE v.registration_number = 'KA-KWR-M-0006' AND u.email = 'supervisor.karwar@demo.tindal'`).Scan(&row).Error
	if err != nil || row.ID == uuid.Nil {
		t.Fatalf("the demo inspection: %v", err)
	}
	sc := models.Scope{UserID: row.Sup, Role: models.RoleSupervisor, Jurisdictions: []uuid.UUID{row.Jur},
		Access: models.AccessJurisdiction}
	if _, err := s.Inspect.Review(context.Background(), sc, row.ID,
		inspect.ReviewInput{Decision: "approve", OverrideReason: "photos checked on the phone"}); err != nil {
		t.Fatalf("approve: %v", err)
	}
}

var mailedLink = regexp.MustCompile(`https?://[^\s]+/my/signin/[A-Za-z0-9_-]+`)

// mailedSignIn delivers the outbox (notify.Dispatcher over SMTP to the
// suite's mailpit) and reads the sign-in link of the mail to address that
// this server sent, from mailpit's API.
func mailedSignIn(t *testing.T, s *webtest.Server, address string) string {
	t.Helper()
	smtp, err := notify.NewSMTP(os.Getenv("TINDAL_SMTP_URL"))
	if err != nil || os.Getenv("TINDAL_MAILPIT_API") == "" {
		t.Fatalf("mail (run scripts/services.sh and source .services.env): %v", err)
	}
	d := &notify.Dispatcher{DB: s.DB, Sender: smtp, From: "Tindal <no-reply@tindal.test>"}
	if _, err := d.Dispatch(context.Background(), time.Now()); err != nil {
		t.Fatalf("deliver the outbox: %v", err)
	}
	api := os.Getenv("TINDAL_MAILPIT_API")
	var list struct{ Messages []struct{ ID string } }
	getJSON(t, api+"/api/v1/search?query="+url.QueryEscape("to:"+address), &list)
	for _, m := range list.Messages { // newest first
		var full struct{ Text, HTML string }
		getJSON(t, api+"/api/v1/message/"+m.ID, &full)
		for _, l := range mailedLink.FindAllString(full.Text, -1) {
			if strings.HasPrefix(l, s.URL+"/") {
				// the HTML part links the same URL: one tap opens it
				if !strings.Contains(full.HTML, `<a href="`+l+`">`) {
					t.Errorf("the sign-in mail's HTML part does not link %s:\n%s", l, full.HTML)
				}
				return l
			}
		}
	}
	t.Fatalf("no sign-in mail from %s to %s in mailpit", s.URL, address)
	return ""
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	res, err := http.Get(u) //nolint:gosec,noctx // the test's own mailpit
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func has(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("the page lacks %q:\n%s", w, text)
		}
	}
}

// TestOwnerOnAPhoneInKannada: owner 1, on a 390-px phone in Kannada, asks
// for a sign-in link, follows the mailed link, sees what they must do by
// when over their vessels, opens the penalty notice, gets its UPI payment
// request and QR, appeals one penalty, and opens the settings; axe finds
// nothing serious on any page; each page is saved as a screenshot.
func TestOwnerOnAPhoneInKannada(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "kn"),
		chromedp.Click(chromedp.CSS("header form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] #email`)),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-kn")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#email"), "owner1@demo.tindal"),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	has(t, webtest.Text(t, ctx), "15 ನಿಮಿಷಗಳ")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "signin-sent-kn")

	link := mailedSignIn(t, s, "owner1@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS("#use-link")))
	webtest.Axe(t, ctx)
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#use-link")), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	has(t, webtest.Text(t, ctx), "ನಾನು ಮಾಡಬೇಕಾದ್ದು ಮತ್ತು ಕೊನೆಯ ದಿನಾಂಕ", "ಪಾವತಿಸಿ", "KA-KWR-M-0006", "ನನ್ನ ಜಲನೌಕೆಗಳು", "₹")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "todo-kn")

	webtest.Do(t, ctx,
		chromedp.Click(chromedp.CSS(`ol.todo a[href^="/my/notices/"]`)),
		chromedp.WaitVisible(chromedp.CSS("#pay-h")),
	)
	has(t, webtest.Text(t, ctx), "ದಂಡ ನೋಟಿಸ್", "UPI", "KA-")
	href := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#upi-link"), "href")).Value
	if !strings.HasPrefix(href, "upi://pay?pa=registrar.karwar@sbi&pn=Registrar%20of%20Boats%2C%20Karwar&am=") ||
		!strings.Contains(href, "&cu=INR&tn=") || !strings.Contains(href, "&tr=") {
		t.Errorf("the UPI link: %s", href)
	}
	webtest.Get(t, ctx, chromedp.Poll[bool](`document.querySelector('#upi-qr').complete && document.querySelector('#upi-qr').naturalWidth > 0`,
		chromedp.WithPollingTimeout(10*time.Second)))
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notice-kn")

	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#grounds"), "ಜೀವರಕ್ಷಕ ಉಂಗುರಗಳು ದೋಣಿಯಲ್ಲೇ ಇದ್ದವು; ಫೋಟೋ ಲಗತ್ತಿಸಲಾಗಿದೆ."),
		chromedp.Click(chromedp.CSS("#appeal-submit")),
		chromedp.WaitVisible(chromedp.CSS(".flash")),
	)
	has(t, webtest.Text(t, ctx), "ಮೇಲ್ಮನವಿ ಸಲ್ಲಿಸಲಾಗಿದೆ")
	var appeals int64
	if err := s.DB.Gorm.Raw(`SELECT count(*) FROM penalty_appeals`).Scan(&appeals).Error; err != nil || appeals != 1 {
		t.Errorf("%d appeals, want 1 (%v)", appeals, err)
	}
	webtest.Shot(t, ctx, "appealed-kn")

	rectifyAFinding(t, s, ctx)

	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/notices/"+uuid.NewString()), chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, webtest.Text(t, ctx), "404")

	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/settings"), chromedp.WaitVisible(chromedp.CSS("#language")))
	has(t, webtest.Text(t, ctx), "ಜ್ಞಾಪನೆಗಳು")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "settings-kn")
	webtest.Do(t, ctx,
		chromedp.Click(chromedp.CSS(`form input[name=action][value=calendar] ~ p button`)),
		chromedp.WaitVisible(chromedp.CSS("#webcal")),
	)
	if w := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#webcal"), "href")).Value; !strings.HasPrefix(w, "webcal://") {
		t.Errorf("the calendar link: %s", w)
	}
}

// rectifyAFinding opens each open finding of the to-do list until one may
// close remotely, sends a photo taken for it with a note, and checks that
// the rectification waits for the supervisor with the photo verified.
func rectifyAFinding(t *testing.T, s *webtest.Server, ctx context.Context) {
	t.Helper()
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	links := webtest.Get(t, ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('ol.todo a[href^="/my/findings/"]')].map(a => a.getAttribute('href'))`))
	if len(links) == 0 {
		t.Fatal("no finding to rectify on the to-do list")
	}
	img := filepath.Join(t.TempDir(), "lifebuoys.jpg")
	writeJPEG(t, img)
	for _, l := range links {
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+l), chromedp.WaitVisible(chromedp.CSS("main h1")))
		webtest.Axe(t, ctx)
		remote := webtest.Get(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector('#photo')`))
		if !remote {
			has(t, webtest.Text(t, ctx), "ಮರುತಪಾಸಣೆ")
			webtest.Shot(t, ctx, "finding-reinspection-kn")
			continue
		}
		webtest.Shot(t, ctx, "finding-kn")
		webtest.Do(t, ctx,
			chromedp.SetUploadFiles(chromedp.CSS("#photo"), []string{img}),
			chromedp.SendKeys(chromedp.CSS("#note"), "ಹೊಸ ಜೀವರಕ್ಷಕ ಉಂಗುರಗಳನ್ನು ಅಳವಡಿಸಲಾಗಿದೆ."),
			chromedp.Click(chromedp.CSS("#rectify-submit")),
			chromedp.WaitVisible(chromedp.CSS(".flash")),
		)
		has(t, webtest.Text(t, ctx), "ಫೋಟೋಗಳನ್ನು ಕಳುಹಿಸಲಾಗಿದೆ")
		var n struct{ Rect, Verified int64 }
		if err := s.DB.Gorm.Raw(`SELECT (SELECT count(*) FROM finding_rectifications) AS rect,
			(SELECT count(*) FROM photos WHERE state = 'verified' AND uploaded_by = (SELECT id FROM users WHERE email = 'owner1@demo.tindal')) AS verified`).Scan(&n).Error; err != nil ||
			n.Rect != 1 || n.Verified != 1 {
			t.Errorf("%+v rectifications and verified photos, want 1 and 1 (%v)", n, err)
		}
		webtest.Shot(t, ctx, "rectified-kn")
		return
	}
	t.Error("no open finding may close remotely")
}

// writeJPEG writes a small photo.
func writeJPEG(t *testing.T, path string) {
	t.Helper()
	im := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			im.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 200, 255})
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if err := jpeg.Encode(f, im, nil); err != nil {
		t.Fatal(err)
	}
}

// TestOwnersReachOnlyTheirOwn: owner 2, signed in by the mailed link, gets
// the 404 page for owner 1's notice, its QR and its PDF, as the API
// answers; an official signed in to the console gets 403 at /my.
func TestOwnersReachOnlyTheirOwn(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	var notice string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM penalty_notices LIMIT 1`).Scan(&notice).Error; err != nil || notice == "" {
		t.Fatalf("the notice: %v", err)
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.SendKeys(chromedp.CSS("#email"), "owner2@demo.tindal"),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	webtest.Do(t, ctx, chromedp.Navigate(mailedSignIn(t, s, "owner2@demo.tindal")), chromedp.WaitVisible(chromedp.CSS("#use-link")),
		chromedp.Click(chromedp.CSS("#use-link")), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	has(t, webtest.Text(t, ctx), "Sharavathi Queen")
	for _, p := range []string{"", "/upi.png", "/notice.pdf", "/notice.html"} {
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/notices/"+notice+p), chromedp.WaitVisible(chromedp.CSS("main h1")))
		has(t, webtest.Text(t, ctx), "404")
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "another-owners-notice")

	official := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.SignInConsole(t, official, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, official, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, webtest.Text(t, official), "403")
}
