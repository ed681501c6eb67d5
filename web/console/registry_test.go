package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestRegistrarFindsAndEditsAVessel: the Karwar registrar searches a
// vessel by its registration number, opens it, edits it and sees the
// change; a second tab still holding the old version gets the conflict
// message with the vessel as it is now, and nothing it typed is saved.
func TestRegistrarFindsAndEditsAVessel(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "registrar.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/vessels"),
		chromedp.WaitVisible(chromedp.CSS("#q")))
	switchTo(t, ctx, "en")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#q"), "KWR-M-0006"),
		chromedp.Click(chromedp.CSS("form.search button")),
		chromedp.WaitVisible(chromedp.CSS(`#q[value="KWR-M-0006"]`)), // the answer's page
		chromedp.WaitVisible(chromedp.CSS(`table a[href^="/console/vessels/"]`)),
	)
	list := webtest.Text(t, ctx)
	if !strings.Contains(list, "KA-KWR-M-0006") || strings.Contains(list, "KA-KWR-M-0001") {
		t.Fatalf("the search for KWR-M-0006 shows:\n%s", list)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "vessels-search")

	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`table a[href^="/console/vessels/"]`)),
		chromedp.WaitVisible(chromedp.CSS("dl.facts")))
	if page := webtest.Text(t, ctx); !strings.Contains(page, "Registration number") || !strings.Contains(page, "Certificates") {
		t.Errorf("the vessel's page lacks its particulars:\n%s", page)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "vessel")
	vesselURL := webtest.Location(t, ctx)

	// A second tab opens the edit form now, at the vessel's version.
	stale := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.Do(t, stale, chromedp.Navigate(vesselURL+"/edit"), chromedp.WaitVisible(chromedp.CSS("#f-name")))

	webtest.Do(t, ctx, chromedp.Navigate(vesselURL+"/edit"), chromedp.WaitVisible(chromedp.CSS("#f-passengers")))
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "vessel-edit")
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#f-passengers"), "37"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
	)
	if page := webtest.Text(t, ctx); !strings.Contains(page, "Saved.") || !strings.Contains(page, "37") {
		t.Errorf("the saved vessel does not show 37 passengers:\n%s", page)
	}

	webtest.Do(t, stale,
		chromedp.SetValue(chromedp.CSS("#f-name"), "Renamed In The Old Tab"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("div.problem")),
	)
	page := webtest.Text(t, stale)
	for _, want := range []string{"changed by someone else since you opened it", "What you had entered",
		"Renamed In The Old Tab"} {
		if !strings.Contains(page, want) {
			t.Errorf("the stale edit's page lacks %q:\n%s", want, page)
		}
	}
	if got := webtest.Get(t, stale, chromedp.Value(chromedp.CSS("#f-passengers"))); got != "37" {
		t.Errorf("the conflict form shows passengers %q, want the current 37", got)
	}
	webtest.Axe(t, stale)
	webtest.Shot(t, stale, "vessel-conflict")
	var name string
	if err := s.DB.Gorm.Raw(`SELECT name FROM vessels WHERE registration_number = 'KA-KWR-M-0006'`).Scan(&name).Error; err != nil {
		t.Fatal(err)
	}
	if name == "Renamed In The Old Tab" {
		t.Error("the stale edit was saved")
	}
}

// switchTo changes the console's language with the switcher, unless the
// page already speaks it.
func switchTo(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	if cur := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("html"), "lang")); cur.Value == lang {
		return
	}
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#lang-switch"), lang),
		chromedp.Click(chromedp.CSS("header form.inline button")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] h1`)),
	)
}

// TestRegistrarCreatesAnOwnerWithAnInvalidEmail: the registry's field
// problem stands next to the email field; nothing is registered; the
// corrected form registers the owner once.
func TestRegistrarCreatesAnOwnerWithAnInvalidEmail(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "registrar.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/owners"), chromedp.WaitVisible(chromedp.CSS("#q")))
	switchTo(t, ctx, "en")
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "owners")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`a[href="/console/owners/new"]`)),
		chromedp.WaitVisible(chromedp.CSS("#f-name")),
		chromedp.SetValue(chromedp.CSS("#f-kind"), "person"),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Ganesh Harikantra"),
		chromedp.SendKeys(chromedp.CSS("#f-email"), "ganesh at karwar"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#e-email")),
	)
	msg := webtest.Get(t, ctx, chromedp.Text(chromedp.CSS("#e-email")))
	if !strings.Contains(msg, "not an email address") {
		t.Errorf("the email's message is %q", msg)
	}
	if inv := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#f-email"), "aria-invalid")); inv.Value != "true" {
		t.Errorf("the email field is not marked invalid (%q)", inv.Value)
	}
	if got := webtest.Get(t, ctx, chromedp.Value(chromedp.CSS("#f-name"))); got != "Ganesh Harikantra" {
		t.Errorf("the form lost the name: %q", got)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "owner-invalid")
	count := func() int64 {
		var n int64
		if err := s.DB.Gorm.Raw(`SELECT count(*) FROM owners WHERE name = 'Ganesh Harikantra'`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 0 {
		t.Fatalf("an invalid owner was registered (%d)", n)
	}
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#f-email"), "ganesh@example.in"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
	)
	if page := webtest.Text(t, ctx); !strings.Contains(page, "ganesh@example.in") {
		t.Errorf("the new owner's page:\n%s", page)
	}
	if n := count(); n != 1 {
		t.Errorf("%d owners registered, want 1", n)
	}
}
