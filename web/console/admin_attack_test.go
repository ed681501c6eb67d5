package console_test

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/web/webtest"
)

// TestAdminPagesRefuseOtherRolesAndForgedForms walks every admin page as
// an attacker would: every other role's session gets 403 on each GET and
// POST (with a valid CSRF token), an admin's POST without the CSRF token
// is refused, and none of it changes a user, an assignment or a
// jurisdiction.
func TestAdminPagesRefuseOtherRolesAndForgedForms(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	var target, karwar string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM users WHERE email = 'inspector.karwar@demo.tindal'`).Scan(&target).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM jurisdictions WHERE code = 'KARWAR'`).Scan(&karwar).Error; err != nil {
		t.Fatal(err)
	}
	count := func() (n int64) {
		err := s.DB.Gorm.Raw(`SELECT (SELECT count(*) FROM users WHERE disabled_at IS NOT NULL) +
			(SELECT count(*) FROM user_jurisdictions) + (SELECT count(*) FROM jurisdictions) +
			(SELECT count(*) FROM users) + (SELECT coalesce(sum(version), 0) FROM users)`).Scan(&n).Error
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	gets := []string{"/console/admin/users", "/console/admin/users/new", "/console/admin/users/" + target,
		"/console/admin/jurisdictions", "/console/admin/devices", "/console/admin/jobs"}
	posts := map[string]url.Values{
		"/console/admin/users":                                                         {"email": {"x@demo.tindal"}, "role": {"admin"}, "password": {"long enough pw"}},
		"/console/admin/users/" + target:                                               {"email": {"x2@demo.tindal"}, "role": {"admin"}, "version": {"1"}},
		"/console/admin/users/" + target + "/deactivate":                               {},
		"/console/admin/users/" + target + "/password-reset":                           {},
		"/console/admin/users/" + target + "/assignments":                              {"jurisdiction_id": {karwar}, "starts_on": {"2030-01-01"}},
		"/console/admin/users/" + target + "/assignments/" + uuid.NewString() + "/end": {"last_day": {"2030-01-01"}},
		"/console/admin/jurisdictions":                                                 {"code": {"EVIL"}, "name": {"Evil"}, "regime": {"KA-IV-2025"}},
		"/console/admin/jobs/housekeeping/run":                                         {},
	}
	for _, email := range []string{"registrar.karwar@demo.tindal", "supervisor.karwar@demo.tindal", "inspector.karwar@demo.tindal"} {
		c := newClient(t, s)
		if res := c.signIn(email); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s: sign-in %d", email, res.StatusCode)
		}
		tok := c.csrf("/console/")
		for _, path := range gets {
			if res, _ := c.do("GET", path, nil, nil); res.StatusCode != http.StatusForbidden {
				t.Errorf("%s GET %s: %d, want 403", email, path, res.StatusCode)
			}
		}
		for path, form := range posts {
			f := url.Values{"csrf": {tok}}
			for k, v := range form {
				f[k] = v
			}
			if res, _ := c.do("POST", path, f, nil); res.StatusCode != http.StatusForbidden {
				t.Errorf("%s POST %s: %d, want 403", email, path, res.StatusCode)
			}
		}
	}
	admin := newClient(t, s)
	admin.signIn("admin@demo.tindal")
	for path, form := range posts {
		if res, _ := admin.do("POST", path, form, nil); res.StatusCode != http.StatusForbidden {
			t.Errorf("admin POST %s without the CSRF token: %d, want 403", path, res.StatusCode)
		}
	}
	if after := count(); after != before {
		t.Errorf("refused requests changed users, assignments or jurisdictions (%d → %d)", before, after)
	}
}

// TestPasswordLinkSetsAPasswordOnceInTheBrowser: a live link (as the
// admin's request stores it: only the token's hash) opens the page, sets
// the password, and the person signs in with it; the same link again is
// refused next to the form.
func TestPasswordLinkSetsAPasswordOnceInTheBrowser(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	sum := sha256.Sum256(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	err := s.DB.Gorm.Exec(`INSERT INTO password_resets (id, user_id, token_hash, created_at, expires_at)
		SELECT ?, id, ?, now(), now() + interval '1 day' FROM users WHERE email = 'registrar.karwar@demo.tindal'`,
		uuid.New(), sum[:]).Error
	if err != nil {
		t.Fatal(err)
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	const pw = "shobha's new password"
	set := func() {
		webtest.Do(t, ctx,
			chromedp.Navigate(s.URL+"/console/password?token="+token),
			chromedp.WaitVisible(chromedp.CSS("#password")),
			chromedp.SendKeys(chromedp.CSS("#password"), pw),
			chromedp.SendKeys(chromedp.CSS("#password_again"), pw),
			chromedp.Click(chromedp.CSS("main button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS(`main p.flash, main div.problem`)),
		)
	}
	set()
	if text := webtest.Text(t, ctx); !strings.Contains(text, "Your password is set") {
		t.Fatalf("after setting the password:\n%s", text)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "password-set")
	set()
	if text := webtest.Text(t, ctx); !strings.Contains(text, "already used") {
		t.Errorf("the link used again:\n%s", text)
	}
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/signin"),
		chromedp.SendKeys(chromedp.CSS("#email"), "registrar.karwar@demo.tindal"),
		chromedp.SendKeys(chromedp.CSS("#password"), pw),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		// Only a signed-in page has the sign-out form: the sign-in page's
		// own navigation would let the text be read mid-navigation.
		chromedp.WaitVisible(chromedp.CSS(`header form[action$="/signout"] button`)),
	)
	if text := webtest.Text(t, ctx); !strings.Contains(text, "Shobha Kamat") {
		t.Errorf("signing in with the new password:\n%s", text)
	}
}
