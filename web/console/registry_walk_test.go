package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestRegistrarWalksTheRegister: every page of the register the brief
// names (an owner, crew and certificates: list, record, edit form) reads
// as a person expects, passes axe, and is saved as a screenshot; a
// certificate recorded from a vessel's page shows its dates DD-MM-YYYY.
func TestRegistrarWalksTheRegister(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "registrar.karwar@demo.tindal")
	switchTo(t, ctx, "en")
	visit := func(path, wait, shot string, want ...string) {
		t.Helper()
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+path), chromedp.WaitVisible(chromedp.CSS(wait)))
		page := webtest.Text(t, ctx)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %q:\n%s", path, w, page)
			}
		}
		webtest.Axe(t, ctx)
		webtest.Shot(t, ctx, shot)
	}
	vessel := vesselID(t, s, "KA-KWR-M-0001")
	owner := idOf(t, s, `SELECT owner_id FROM vessels WHERE id = ?`, vessel)
	crew := idOf(t, s, `SELECT crew_member_id FROM vessel_crew WHERE vessel_id = ? LIMIT 1`, vessel)
	cert := idOf(t, s, `SELECT id FROM certificates WHERE vessel_id = ? LIMIT 1`, vessel)

	visit("/console/owners/"+owner.String(), "dl.facts", "owner", "Language for notices", "KA-KWR-M-0001")
	visit("/console/owners/"+owner.String()+"/edit", "#f-name", "owner-edit", "Edit owner")
	visit("/console/crew", "table", "crew", "INDIVC number")
	visit("/console/crew/"+crew.String(), "dl.facts", "crew-member", "INDIVC number", "Certificates")
	visit("/console/crew/"+crew.String()+"/edit", "#f-name", "crew-edit", "Edit crew member")
	visit("/console/certificates?q=insurance", "table", "certificates", "insurance")
	visit("/console/certificates/"+cert.String(), "dl.facts", "certificate", "Issued on", "Held by")
	visit("/console/certificates/"+cert.String()+"/edit", "#f-number", "certificate-edit", "Edit certificate")
	visit("/console/vessels/new", "#f-registration_number", "vessel-new", "Register a vessel")

	visit("/console/certificates/new?vessel_id="+vessel.String(), "#f-number", "certificate-new", "Record a certificate")
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#f-kind"), "pollution"),
		chromedp.SendKeys(chromedp.CSS("#f-number"), "KWR/PUC/2026/118"),
		chromedp.SetValue(chromedp.CSS("#f-issued_on"), "2026-04-01"),
		chromedp.SetValue(chromedp.CSS("#f-expires_on"), "2027-03-31"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
	)
	if page := webtest.Text(t, ctx); !strings.Contains(page, "01-04-2026") || !strings.Contains(page, "31-03-2027") {
		t.Errorf("the new certificate's page:\n%s", page)
	}
}
