package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// apiCall sends a JSON request to the server's API and answers the status
// and the decoded body.
func apiCall(t *testing.T, s *webtest.Server, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	req, err := http.NewRequest(method, s.URL+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// signInAdmin signs the demo administrator in and waits for what only
// the start page has (webtest.SignInConsole waits for "main h1", which the
// sign-in form itself satisfies while the browser is still posting it, so
// its next step can race the navigation).
func signInAdmin(t *testing.T, ctx context.Context, s *webtest.Server) {
	t.Helper()
	signInAnd(t, ctx, s, "admin@demo.tindal", `nav.main a[href="/console/admin/users"]`)
}

// signInAnd signs email in and waits for wait, a part of the page that
// person's start page shows.
func signInAnd(t *testing.T, ctx context.Context, s *webtest.Server, email, wait string) {
	t.Helper()
	webtest.SignInConsole(t, ctx, s, email)
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS(wait)))
}

// wantText fails unless the page says each of wants.
func wantText(t *testing.T, page string, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", page, w, text)
		}
	}
}

// TestAdminCreatesAssignsAndDeactivatesAnInspector is an administrator's
// morning in the console: find the users, create an inspector of Karwar
// with a password, assign them to Mangaluru from today, then deactivate
// them; the API token they signed in with stops working at once
// (401 account_disabled). Every page is checked by axe and screenshotted,
// in English and in Kannada.
func TestAdminCreatesAssignsAndDeactivatesAnInspector(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signInAdmin(t, ctx, s)
	if !strings.Contains(webtest.Text(t, ctx), "Users") {
		t.Error("the administrator's navigation does not offer the users' pages")
	}
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/users"),
		chromedp.WaitVisible(chromedp.CSS(`form.filters`)),
	)
	wantText(t, "the users page", webtest.Text(t, ctx), "Users", "Priya Gaonkar", "inspector.karwar@demo.tindal", "Inspector")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "users")

	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#f-role"), "registrar"),
		chromedp.Click(chromedp.CSS("form.filters button")),
		chromedp.WaitReady(chromedp.CSS(`#f-role option[value="registrar"][selected]`)),
	)
	if text := webtest.Text(t, ctx); !strings.Contains(text, "Shobha Kamat") || strings.Contains(text, "Priya Gaonkar") {
		t.Errorf("registrars only:\n%s", text)
	}

	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/users/new"),
		chromedp.WaitVisible(chromedp.CSS("#email")),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "user-new")
	// A password under the policy is refused next to its field.
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#email"), "anil.shetty@demo.tindal"),
		chromedp.SendKeys(chromedp.CSS("#name"), "Anil Shetty"),
		chromedp.SetValue(chromedp.CSS("#role"), "inspector"),
		chromedp.Click(chromedp.CSS("#j-KARWAR")),
		chromedp.SendKeys(chromedp.CSS("#password"), "short"),
		chromedp.Click(chromedp.CSS(`form[action="/console/admin/users"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#password-error")),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "user-new-refused")
	const password = "anil-strong-password"
	webtest.Do(t, ctx,
		chromedp.Click(chromedp.CSS("#j-KARWAR")),
		chromedp.SendKeys(chromedp.CSS("#password"), password),
		chromedp.Click(chromedp.CSS(`form[action="/console/admin/users"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#assignments")),
	)
	wantText(t, "the new inspector's page", webtest.Text(t, ctx), "Anil Shetty", "was created", "Karwar (KARWAR)", "In force")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "user")

	var mangaluru string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM jurisdictions WHERE code = 'MANGALURU'`).Scan(&mangaluru).Error; err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(time.FixedZone("IST", 5*3600+1800)).Format(time.DateOnly)
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#jurisdiction_id"), mangaluru),
		chromedp.SetValue(chromedp.CSS("#starts_on"), today),
		chromedp.Click(chromedp.CSS("#assign")),
		// The page before had a flash too: wait for this one's words.
		chromedp.WaitVisible(chromedp.Search(`//p[contains(@class, "flash")][contains(., "assignment was added")]`)),
	)
	wantText(t, "the page after assigning", webtest.Text(t, ctx), "The assignment was added", "Mangaluru (MANGALURU)")
	// The same assignment again is no second one: the page says why.
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#jurisdiction_id"), mangaluru),
		chromedp.SetValue(chromedp.CSS("#starts_on"), today),
		chromedp.SetValue(chromedp.CSS("#ends_on"), today),
		chromedp.Click(chromedp.CSS("#assign")),
		chromedp.WaitVisible(chromedp.CSS("div.problem")),
	)
	wantText(t, "an overlapping assignment", webtest.Text(t, ctx), "Anil Shetty is already assigned to MANGALURU")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "user-assigned")

	status, tokens := apiCall(t, s, "POST", "/v1/auth/login", "", map[string]any{"email": "anil.shetty@demo.tindal",
		"password": password, "installation_id": "anil-phone"})
	if status != 200 {
		t.Fatalf("the new inspector's login: %d %v", status, tokens)
	}
	access := tokens["access_token"].(string)
	if status, me := apiCall(t, s, "GET", "/v1/me", access, nil); status != 200 || len(me["jurisdiction_ids"].([]any)) != 2 {
		t.Fatalf("the new inspector's /v1/me: %d %v", status, me)
	}

	webtest.Do(t, ctx,
		chromedp.Click(chromedp.CSS("#deactivate")),
		chromedp.WaitVisible(chromedp.CSS("#reactivate")),
	)
	wantText(t, "the deactivated user's page", webtest.Text(t, ctx), "Deactivated", "stopped working")
	webtest.Shot(t, ctx, "user-deactivated")
	if status, body := apiCall(t, s, "GET", "/v1/me", access, nil); status != 401 || body["code"] != "account_disabled" {
		t.Errorf("the deactivated inspector's token: %d %v, want 401 account_disabled", status, body)
	}

	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "kn"),
		chromedp.Click(chromedp.CSS("header form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] #assignments`)),
	)
	wantText(t, "the user's page in Kannada", webtest.Text(t, ctx), "ನಿಯೋಜನೆಗಳು", "ನಿಷ್ಕ್ರಿಯಗೊಳಿಸಲಾಗಿದೆ", "Anil Shetty")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "user-kn")
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/users"),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="kn"] form.filters`)),
	)
	wantText(t, "the users page in Kannada", webtest.Text(t, ctx), "ಬಳಕೆದಾರರು", "ಹೊಸ ಬಳಕೆದಾರ")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "users-kn")
}

// TestPasswordPageRefusesAWrongLinkNextToTheForm: the public page that
// completes a password link shows its form to anyone and says, next to
// the form, that a made-up token is no link; nobody is signed in.
func TestPasswordPageRefusesAWrongLinkNextToTheForm(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/password?token=made-up"),
		chromedp.WaitVisible(chromedp.CSS("#password")),
	)
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "password")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#password"), "a long new password"),
		chromedp.SendKeys(chromedp.CSS("#password_again"), "a long new password"),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("div.problem")),
	)
	wantText(t, "the refused link", webtest.Text(t, ctx), "not a valid password link")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "password-refused")
}

// TestOnlyAdminsReachTheUserPages: a supervisor signed in to the console
// gets the 403 page on the users' pages, as from the API.
func TestOnlyAdminsReachTheUserPages(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signInAnd(t, ctx, s, "supervisor.karwar@demo.tindal", "nav.main")
	if strings.Contains(webtest.Text(t, ctx), "ಬಳಕೆದಾರರು") {
		t.Error("a supervisor's navigation offers the users' pages")
	}
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/users"),
		chromedp.WaitVisible(chromedp.CSS("main h1")),
	)
	if text := webtest.Text(t, ctx); !strings.Contains(text, "403") || strings.Contains(text, "Priya Gaonkar") {
		t.Errorf("a supervisor on the users' page:\n%s", text)
	}
}

// TestAdminJurisdictionsDevicesAndJobs: an administrator adds a
// jurisdiction and renames it, reads every device's sync health (the demo
// inspectors' phones) and runs a job now; each page passes axe, in English
// and in Hindi.
func TestAdminJurisdictionsDevicesAndJobs(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signInAdmin(t, ctx, s)
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/jurisdictions"),
		chromedp.WaitVisible(chromedp.CSS("#code")),
		chromedp.SendKeys(chromedp.CSS("#code"), "UDUPI"),
		chromedp.SendKeys(chromedp.CSS("#name"), "Udupi"),
		chromedp.SetValue(chromedp.CSS("#regime"), "KA-IV-2025"),
		chromedp.SendKeys(chromedp.CSS("#state"), "Karnataka"),
		chromedp.SendKeys(chromedp.CSS(`[id="office.authority.en"]`), "Karnataka Maritime Board"),
		chromedp.SendKeys(chromedp.CSS(`[id="office.authority.kn"]`), "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ"),
		chromedp.Click(chromedp.CSS(`form[action="/console/admin/jurisdictions"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#name-UDUPI")),
	)
	wantText(t, "the jurisdictions after adding Udupi", webtest.Text(t, ctx), "The jurisdiction UDUPI was added", "KARWAR", "PARADIP")
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#name-UDUPI"), "Udupi and Malpe"),
		chromedp.Click(chromedp.CSS(`#name-UDUPI ~ button`)),
		chromedp.WaitVisible(chromedp.Search(`//p[contains(@class, "flash")][contains(., "changes were saved")]`)),
	)
	var name string
	if err := s.DB.Gorm.Raw(`SELECT name FROM jurisdictions WHERE code = 'UDUPI'`).Scan(&name).Error; err != nil || name != "Udupi and Malpe" {
		t.Errorf("the renamed jurisdiction: %q %v", name, err)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "jurisdictions")

	// The office the jurisdiction's papers and pages name: an address in
	// Kannada alone is refused next to its English field, nothing written;
	// with its English it is saved. The form passes axe at 390 px.
	var udupi models.Jurisdiction
	if err := s.DB.Gorm.Where("code = 'UDUPI'").Take(&udupi).Error; err != nil ||
		udupi.Office.Authority.In("kn") != "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ" || udupi.Office.Authority.In("hi") != "Karnataka Maritime Board" {
		t.Fatalf("Udupi's office as created: %+v %v", udupi.Office, err)
	}
	office := "/console/admin/jurisdictions/" + udupi.ID.String() + "/office"
	webtest.Do(t, ctx, chromedp.EmulateViewport(webtest.PhoneWidth, webtest.PhoneHeight),
		chromedp.Navigate(s.URL+office), chromedp.WaitVisible(chromedp.CSS(`[id="office.address.kn"]`)),
		chromedp.SendKeys(chromedp.CSS(`[id="office.address.kn"]`), "ಬಂದರು ಕಚೇರಿ, ಮಲ್ಪೆ"),
		chromedp.Click(chromedp.CSS(`form[action="`+office+`"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`[id="office.address.en-error"]`)),
	)
	var version int64
	if err := s.DB.Gorm.Raw(`SELECT version FROM jurisdictions WHERE id = ?`, udupi.ID).Scan(&version).Error; err != nil ||
		version != udupi.Version {
		t.Errorf("the refused office was written: version %d, was %d (%v)", version, udupi.Version, err)
	}
	webtest.Axe(t, ctx)
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS(`[id="office.address.en"]`), "Port Office, Malpe"),
		chromedp.SendKeys(chromedp.CSS(`[id="office.hours.en"]`), "Monday to Saturday, 10:00 to 17:30"),
		chromedp.Click(chromedp.CSS(`form[action="`+office+`"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.Search(`//p[contains(@class, "flash")][contains(., "changes were saved")]`)),
	)
	if err := s.DB.Gorm.Where("code = 'UDUPI'").Take(&udupi).Error; err != nil ||
		udupi.Office.Address["en"] != "Port Office, Malpe" || udupi.Office.Address["kn"] != "ಬಂದರು ಕಚೇರಿ, ಮಲ್ಪೆ" ||
		udupi.Office.Hours["en"] == "" || udupi.Office.Authority["en"] != "Karnataka Maritime Board" {
		t.Errorf("Udupi's office as saved: %+v %v", udupi.Office, err)
	}
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+office), chromedp.WaitVisible(chromedp.CSS(`[id="office.address.en"]`)))
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "jurisdiction-office-390")
	webtest.Do(t, ctx, chromedp.EmulateViewport(webtest.LaptopWidth, webtest.LaptopHeight))

	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/devices"),
		chromedp.WaitVisible(chromedp.CSS("main h1")),
	)
	wantText(t, "the devices page", webtest.Text(t, ctx), "Devices' sync health", "In quarantine", "inspector.karwar@demo.tindal", "demo phone")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "devices")

	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/jobs"),
		chromedp.WaitVisible(chromedp.CSS("main h1")),
		chromedp.Click(chromedp.CSS(`form[action="/console/admin/jobs/housekeeping/run"] button`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
	)
	wantText(t, "the jobs page after a run", webtest.Text(t, ctx), "housekeeping started", "certificate-expiry", "Run now")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "jobs")

	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "hi"),
		chromedp.Click(chromedp.CSS("header form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="hi"] main h1`)),
	)
	wantText(t, "the jobs page in Hindi", webtest.Text(t, ctx), "निर्धारित कार्य", "अभी चलाएँ")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "jobs-hi")
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/console/admin/devices"),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="hi"] main h1`)),
	)
	wantText(t, "the devices page in Hindi", webtest.Text(t, ctx), "उपकरणों की सिंक स्थिति")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "devices-hi")
}
