package my_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// dueCertificate makes one of the owner's vessel certificates (other than
// the registration, which never expires) expire in 20 days, so that the
// to-do list asks to renew it, and returns its kind.
func dueCertificate(t *testing.T, s *webtest.Server, email string) string {
	t.Helper()
	var kind string
	if err := s.DB.Gorm.Raw(`UPDATE certificates SET expires_on = ? WHERE id = (SELECT c.id FROM certificates c
		JOIN vessels v ON v.id = c.vessel_id JOIN users u ON u.owner_id = v.owner_id
		WHERE u.email = ? AND c.kind NOT IN ('registration', 'insurance') AND c.deleted_at IS NULL
		ORDER BY v.registration_number, c.kind LIMIT 1) RETURNING kind`,
		time.Now().AddDate(0, 0, 20).UTC().Format(time.DateOnly), email).Scan(&kind).Error; err != nil || kind == "" {
		t.Fatalf("a certificate of %s due: %q (%v)", email, kind, err)
	}
	return kind
}

// officeOf is what the demo records of a jurisdiction's office.
func officeOf(t *testing.T, s *webtest.Server, code string) models.Office {
	t.Helper()
	var j models.Jurisdiction
	if err := s.DB.Gorm.Where("code = ?", code).Take(&j).Error; err != nil || j.Office.Address == nil {
		t.Fatalf("the %s office: %+v (%v)", code, j.Office, err)
	}
	return j.Office
}

// TestRenewAndSurveyItemsSayWhatToBringAndWhere: each renew or survey item
// of an owner's to-do list links to a page that says what the rules ask
// the owner to bring for that certificate, each with its rule, and which
// office: the vessel's own, with the authority, address and hours it
// records. A Karwar owner's page names the Karnataka Maritime Board and
// cites Karnataka 2025; a Paradip owner's names the Conservator of the
// Port of Paradip, cites Paradip 1967 and never names Karnataka. In
// English, Kannada and Hindi at 390 px, with no sideways scroll, and
// axe-core finds nothing serious.
func TestRenewAndSurveyItemsSayWhatToBringAndWhere(t *testing.T) {
	s := webtest.NewServer(t)
	owners := []struct {
		email, office, law string
		foreign            []string
	}{
		{"owner1@demo.tindal", "KARWAR", "Karnataka 2025", nil},
		{"owner8@demo.tindal", "PARADIP", "Paradip 1967", []string{"Karnataka", "ಕರ್ನಾಟಕ", "कर्नाटक", "KMB"}},
	}
	for _, o := range owners {
		dueCertificate(t, s, o.email)
		office := officeOf(t, s, o.office)
		ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
		signInOwner(t, s, ctx, o.email, "en")
		for _, lang := range []string{"en", "kn", "hi"} {
			switchLang(t, s, ctx, lang)
			links := webtest.Links(t, ctx, "/my/vessels/")
			if len(links) == 0 {
				t.Fatalf("%s in %s: no renew or survey item links to its office page", o.email, lang)
			}
			for _, link := range links {
				webtest.Do(t, ctx, chromedp.Navigate(s.URL+link),
					chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #where-h`)))
				text := webtest.Text(t, ctx)
				for part, want := range map[string]string{"authority": office.Authority.In(lang),
					"address": office.Address.In(lang), "hours": office.Hours.In(lang)} {
					if got := webtest.Get(t, ctx, chromedp.Text(chromedp.CSS("#office-"+part))); got != want {
						t.Errorf("%s %s in %s: %s %q, want %q", o.email, link, lang, part, got, want)
					}
				}
				laws := webtest.Get(t, ctx, chromedp.Evaluate[[]string](
					`[...document.querySelectorAll('#bring .law')].map(e => e.textContent)`))
				if len(laws) == 0 {
					t.Errorf("%s %s in %s: nothing to bring listed:\n%s", o.email, link, lang, text)
				}
				for _, l := range laws {
					if !strings.HasPrefix(l, o.law) {
						t.Errorf("%s %s in %s: cites %q, not %s", o.email, link, lang, l, o.law)
					}
				}
				for _, w := range o.foreign {
					if strings.Contains(text, w) {
						t.Errorf("%s %s in %s names %q:\n%s", o.email, link, lang, w, text)
					}
				}
				fits(t, ctx, link+" in "+lang, webtest.PhoneWidth)
				webtest.Axe(t, ctx)
				webtest.Shot(t, ctx, "office-"+o.office+"-"+lang)
			}
		}
		signOut(t, s, ctx) // the browser's tabs share its cookies
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, ctx, "owner1@demo.tindal", "en")
	var other string
	if err := s.DB.Gorm.Raw(`SELECT v.id::text FROM vessels v JOIN users u ON u.owner_id = v.owner_id
		WHERE u.email = 'owner8@demo.tindal' LIMIT 1`).Scan(&other).Error; err != nil || other == "" {
		t.Fatalf("owner 8's vessel: %v", err)
	}
	for _, path := range []string{"/my/vessels/" + other + "/renew/survey", "/my/vessels/" + other + "/pay/survey",
		"/my/vessels/not-an-id/renew/survey"} {
		if status := fetchStatus(t, ctx, path); status != 404 {
			t.Errorf("%s: %d, want 404", path, status)
		}
	}
}

// fetchStatus is the status the page at path answers in the tab, with
// its session.
func fetchStatus(t *testing.T, ctx context.Context, path string) int64 {
	t.Helper()
	return webtest.Get(t, ctx, chromedp.Evaluate[int64](
		"fetch(`"+path+"`, {credentials: 'same-origin'}).then(r => r.status)", chromedp.EvalAwaitPromise))
}

// signOut signs the owner out with the header's button.
func signOut(t *testing.T, s *webtest.Server, ctx context.Context) {
	t.Helper()
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#todo-h")),
		chromedp.Click(chromedp.CSS(`form[action="/my/signout"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
}
