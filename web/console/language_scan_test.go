package console_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/console"
	"github.com/tindal/tindal/web/webtest"
)

// TestConsolePagesSpeakKannadaAndHindi: every page of the console (each
// GET route), over the demo's year (two offices' inspections in every
// state, detentions in force and released, notices paid, unpaid and
// appealed, the register's every kind of certificate, account and
// vessel), read by the administrator in Kannada and in Hindi, shows no
// message id, code name, path, Go name or drafting tag, and no English
// word but the names the law and the register print (testkit.Leaks); the
// detention orders' PDFs too, their English page as English. The pages
// are read as plain HTTP answers, their text as a person and a screen
// reader meet it: a scan needs no browser.
func TestConsolePagesSpeakKannadaAndHindi(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t, webtest.Options{History: true})
	ids := func(q string) []string {
		t.Helper()
		var out []string
		if err := s.DB.Gorm.Raw(q).Scan(&out).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return out
	}
	each := func(route string, prefix, suffix string, q string) []scanPage {
		var out []scanPage
		for _, id := range ids(q) {
			out = append(out, scanPage{route, prefix + id + suffix})
		}
		return out
	}
	// The records whose pages reach every branch: every inspection (the
	// year's findings of every code and action), detention order and
	// notice; a vessel, certificate, owner, crew member and account of
	// each kind, status and role.
	inspections := `SELECT id::text FROM inspections ORDER BY id`
	pages := []scanPage{
		{"/signin", "/console/signin"}, {"/password", "/console/password?token=not-a-real-token"},
		{"/", "/console/"}, {"/queue", "/console/queue"}, {"/rectifications", "/console/rectifications"},
		{"/flags", "/console/flags"}, {"/sync", "/console/sync"},
		{"/owners", "/console/owners"}, {"/owners/new", "/console/owners/new"},
		{"/vessels", "/console/vessels"}, {"/vessels/new", "/console/vessels/new"},
		{"/crew", "/console/crew"}, {"/crew/new", "/console/crew/new"},
		{"/certificates", "/console/certificates"}, {"/notices", "/console/notices"},
		{"/plan", "/console/plan"}, {"/reports", "/console/reports"},
		{"/admin/users", "/console/admin/users"}, {"/admin/users/new", "/console/admin/users/new"},
		{"/admin/jurisdictions", "/console/admin/jurisdictions"}, {"/admin/devices", "/console/admin/devices"},
		{"/admin/jobs", "/console/admin/jobs"},
	}
	pages = append(pages, each("/inspections/:id", "/console/inspections/", "", inspections)...)
	pages = append(pages, each("/inspections/:id/detention", "/console/inspections/", "/detention",
		`SELECT i.id::text FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE v.registration_number = '`+regDetention+`' ORDER BY i.created_at LIMIT 1`)...)
	pages = append(pages, each("/photos/:id", "/console/photos/", "", `SELECT id::text FROM photos ORDER BY id LIMIT 1`)...)
	pages = append(pages, each("/detention-orders/:id", "/console/detention-orders/", "",
		`SELECT id::text FROM detention_orders`)...)
	pages = append(pages, each("/notices/:id", "/console/notices/", "", `SELECT id::text FROM penalty_notices`)...)
	pages = append(pages, each("/admin/jurisdictions/:id/office", "/console/admin/jurisdictions/", "/office",
		`SELECT id::text FROM jurisdictions ORDER BY code`)...)
	pages = append(pages, each("/owners/:id", "/console/owners/", "",
		`SELECT DISTINCT ON (o.jurisdiction_id) o.id::text FROM owners o ORDER BY o.jurisdiction_id, o.id`)...)
	pages = append(pages, each("/owners/:id/edit", "/console/owners/", "/edit", `SELECT id::text FROM owners ORDER BY id LIMIT 1`)...)
	pages = append(pages, each("/vessels/:id", "/console/vessels/", "",
		`SELECT DISTINCT ON (status, kind) id::text FROM vessels ORDER BY status, kind, id`)...)
	pages = append(pages, each("/vessels/:id/edit", "/console/vessels/", "/edit", `SELECT id::text FROM vessels ORDER BY id LIMIT 1`)...)
	pages = append(pages, each("/crew/:id", "/console/crew/", "", `SELECT id::text FROM crew_members ORDER BY id LIMIT 3`)...)
	pages = append(pages, each("/crew/:id/edit", "/console/crew/", "/edit", `SELECT id::text FROM crew_members ORDER BY id LIMIT 1`)...)
	pages = append(pages, each("/certificates/new", "/console/certificates/new?vessel_id=", "",
		`SELECT id::text FROM vessels ORDER BY id LIMIT 1`)...)
	pages = append(pages, each("/certificates/:id", "/console/certificates/", "",
		`SELECT DISTINCT ON (kind, status) id::text FROM certificates ORDER BY kind, status, id`)...)
	pages = append(pages, each("/certificates/:id/edit", "/console/certificates/", "/edit",
		`SELECT DISTINCT ON (kind) id::text FROM certificates ORDER BY kind, id`)...)
	pages = append(pages, each("/admin/users/:id", "/console/admin/users/", "",
		`SELECT DISTINCT ON (role) id::text FROM users ORDER BY role, id`)...)
	pages = append(pages, each("/detention-orders/:id/pdf", "/console/detention-orders/", "/pdf",
		`SELECT DISTINCT ON (status) id::text FROM detention_orders ORDER BY status, id`)...)

	walked := map[string]bool{}
	for _, p := range pages {
		walked[p.route] = true
	}
	for _, r := range console.PageRoutes() {
		if !walked[r] && r != "/photos/:id/content" {
			t.Errorf("the console's page %s is not in the scan", r)
		}
	}

	data := append(s.PersonData(t), "Tindal")
	for _, l := range web.Languages {
		data = append(data, l.Name)
	}
	data = append(data, ids(`SELECT DISTINCT x FROM (SELECT email AS x FROM users UNION SELECT number FROM penalty_notices
		UNION SELECT number FROM detention_orders UNION SELECT code FROM jurisdictions UNION SELECT name FROM devices
		UNION SELECT indivc_number FROM crew_members UNION SELECT receipt_number FROM penalty_payments
		UNION SELECT code FROM documents UNION SELECT verify_code FROM detention_orders UNION SELECT issuer FROM certificates UNION SELECT address FROM owners
		UNION SELECT app_version FROM devices
		UNION SELECT particulars->>'present_location' FROM detention_orders UNION SELECT particulars->>'port' FROM detention_orders
		UNION SELECT particulars->>'place_of_inspection' FROM detention_orders) d WHERE x <> ''`)...)
	adm, visitor := newClient(t, s), newClient(t, s)
	adm.signIn("admin@demo.tindal")
	for _, lang := range []string{"kn", "hi"} {
		setLanguage(t, adm, lang)
		visitor.do("POST", "/console/lang", url.Values{"csrf": {visitor.csrf("/console/signin")}, "lang": {lang},
			"back": {"/console/signin"}}, nil)
		for _, p := range pages {
			c := adm
			if p.route == "/signin" || p.route == "/password" {
				c = visitor
			}
			res, body := c.do("GET", p.path, nil, nil)
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s (%s): %d", p.path, lang, res.StatusCode)
				continue
			}
			if strings.HasSuffix(p.route, "/pdf") {
				webtest.Scan{Lang: lang, Data: data}.Paper(t, p.path, []byte(body))
				continue
			}
			testkit.ScanText(t, p.path, htmlText(body), lang, data...)
		}
	}
}

// scanPage is a page of the scan: its route and its path.
type scanPage struct{ route, path string }

var (
	unread   = regexp.MustCompile(`(?is)<(style|script|head)\b.*?</(style|script|head)>|<!--.*?-->`)
	readAttr = regexp.MustCompile(`(?i)\s(?:alt|aria-label|title|placeholder)="([^"]*)"`)
	tag      = regexp.MustCompile(`(?s)<[^>]*>`)
	titleTag = regexp.MustCompile(`(?is)<title>(.*?)</title>`)
)

// htmlText is what a person and a screen reader read of an HTML page: its
// title, its text, and the alternative texts, labels, titles and
// placeholders of its elements.
func htmlText(page string) string {
	var b strings.Builder
	if m := titleTag.FindStringSubmatch(page); m != nil {
		b.WriteString(m[1] + "\n")
	}
	page = unread.ReplaceAllString(page, " ")
	for _, m := range readAttr.FindAllStringSubmatch(page, -1) {
		b.WriteString(m[1] + "\n")
	}
	b.WriteString(tag.ReplaceAllString(page, "\n"))
	return html.UnescapeString(b.String())
}
