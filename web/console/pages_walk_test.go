package console_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/web/console"
	"github.com/tindal/tindal/web/webtest"
)

// notPages are the console's GET routes that answer bytes, not a page:
// the walk reaches them as the pages request them (a photo's thumbnail
// from the inspection's page) or not at all (a PDF is a download).
var notPages = map[string]bool{
	"/photos/:id/content":       true,
	"/detention-orders/:id/pdf": true,
}

// TestEveryPagePassesAxeOnAPhoneAndALaptop: every page of the console (each
// GET route, with the demo's records; the sign-in and password pages
// signed out) is opened at 390 px and at 1366×768 and passes axe-core
// with no serious or critical violation; nothing any page requests while
// the browser loads it (stylesheet, icons, thumbnails) answers 404 or any
// other failure. A route added to the console without a place in this
// walk fails the test.
func TestEveryPagePassesAxeOnAPhoneAndALaptop(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regStern)
	detained := inspectionOf(t, s, regDetention)
	photoID := scalar[uuid.UUID](t, s, `SELECT id FROM photos WHERE inspection_id = ? ORDER BY id LIMIT 1`, insp)
	vessel := vesselID(t, s, "KA-KWR-M-0001")
	owner := idOf(t, s, `SELECT owner_id FROM vessels WHERE id = ?`, vessel)
	crew := idOf(t, s, `SELECT crew_member_id FROM vessel_crew WHERE vessel_id = ? LIMIT 1`, vessel)
	cert := idOf(t, s, `SELECT id FROM certificates WHERE vessel_id = ? LIMIT 1`, vessel)
	user := idOf(t, s, `SELECT id FROM users WHERE email = ?`, "supervisor.karwar@demo.tindal")

	// The pages in the order they are walked: the preview of a detention
	// before the order it leads to, the order before the notice the
	// approval issues.
	var order, notice string
	pages := []walkPage{
		{"/signin", "/console/signin", nil},
		{"/password", "/console/password?token=not-a-real-token", nil},
		{"/", "/console/", nil},
		{"/queue", "/console/queue", nil},
		{"/inspections/:id", "/console/inspections/" + insp.String(), nil},
		{"/inspections/:id/detention", "/console/inspections/" + detained.String() + "/detention", nil},
		{"/photos/:id", "/console/photos/" + photoID.String(), nil},
		{"/detention-orders/:id", "", func(t *testing.T) string {
			order = karwarOrder(t, s).ID.String()
			return "/console/detention-orders/" + order
		}},
		{"/rectifications", "/console/rectifications", nil},
		{"/flags", "/console/flags", nil},
		{"/sync", "/console/sync", nil},
		{"/owners", "/console/owners", nil},
		{"/owners/new", "/console/owners/new", nil},
		{"/owners/:id", "/console/owners/" + owner.String(), nil},
		{"/owners/:id/edit", "/console/owners/" + owner.String() + "/edit", nil},
		{"/vessels", "/console/vessels", nil},
		{"/vessels/new", "/console/vessels/new", nil},
		{"/vessels/:id", "/console/vessels/" + vessel.String(), nil},
		{"/vessels/:id/edit", "/console/vessels/" + vessel.String() + "/edit", nil},
		{"/crew", "/console/crew", nil},
		{"/crew/new", "/console/crew/new", nil},
		{"/crew/:id", "/console/crew/" + crew.String(), nil},
		{"/crew/:id/edit", "/console/crew/" + crew.String() + "/edit", nil},
		{"/certificates", "/console/certificates", nil},
		{"/certificates/new", "/console/certificates/new?vessel_id=" + vessel.String(), nil},
		{"/certificates/:id", "/console/certificates/" + cert.String(), nil},
		{"/certificates/:id/edit", "/console/certificates/" + cert.String() + "/edit", nil},
		{"/notices", "/console/notices", nil},
		{"/notices/:id", "", func(t *testing.T) string {
			notice = karwarNotice(t, s).String()
			return "/console/notices/" + notice
		}},
		{"/plan", "/console/plan", nil},
		{"/reports", "/console/reports", nil},
		{"/admin/users", "/console/admin/users", nil},
		{"/admin/users/new", "/console/admin/users/new", nil},
		{"/admin/users/:id", "/console/admin/users/" + user.String(), nil},
		{"/admin/jurisdictions", "/console/admin/jurisdictions", nil},
		{"/admin/jurisdictions/:id/office", "/console/admin/jurisdictions/" +
			idOf(t, s, `SELECT id FROM jurisdictions WHERE code = ?`, "PARADIP").String() + "/office", nil},
		{"/admin/devices", "/console/admin/devices", nil},
		{"/admin/jobs", "/console/admin/jobs", nil},
	}
	walked := map[string]bool{}
	for _, p := range pages {
		walked[p.route] = true
	}
	for _, r := range console.PageRoutes() {
		if !walked[r] && !notPages[r] {
			t.Errorf("the console's page %s is not in the walk", r)
		}
	}

	// A tab lives three minutes (webtest.Tab): the walk goes a few pages
	// at a time, each group in two fresh tabs; the browser's tabs share
	// their cookies, so one sign-in serves them all.
	const group = 8
	for start := 0; start < len(pages); start += group {
		batch := pages[start:min(start+group, len(pages))]
		t.Run(fmt.Sprintf("pages-%d-%d", start+1, start+len(batch)), func(t *testing.T) {
			walkPages(t, s, batch)
		})
	}
}

// walkPage is one page of the walk: its route, its path, and what sets up
// what it shows (answering its path).
type walkPage struct {
	route, path string
	before      func(t *testing.T) string
}

// walkPages opens each page at 390 px and at 1366×768, runs axe on it, and
// fails on any request of the pages that did not answer.
func walkPages(t *testing.T, s *webtest.Server, pages []walkPage) {
	phone := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	laptop := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	tabs := []struct {
		name string
		ctx  context.Context
		reqs *webtest.Requests
	}{{"phone", phone, webtest.WatchRequests(t, phone)}, {"laptop", laptop, webtest.WatchRequests(t, laptop)}}
	for _, p := range pages {
		path := p.path
		if p.before != nil {
			path = p.before(t)
		}
		if p.route == "/" {
			signIn(t, phone, s, "admin@demo.tindal")
		}
		for _, tab := range tabs {
			webtest.Do(t, tab.ctx, chromedp.Navigate(s.URL+path), chromedp.WaitVisible(chromedp.CSS("html[lang] main h1")))
			if strings.Contains(webtest.Location(t, tab.ctx), "/signin") && !strings.HasPrefix(path, "/console/signin") {
				t.Fatalf("%s led to the sign-in page", path)
			}
			webtest.Axe(t, tab.ctx)
			if tab.name == "phone" {
				webtest.Shot(t, tab.ctx, "phone"+strings.NewReplacer("/", "-", ":", "").Replace(p.route))
			}
		}
	}
	for _, tab := range tabs {
		failed, seen := tab.reqs.Failed()
		if seen < 2*len(pages) {
			t.Errorf("the %s tab saw only %d answers: the network is not watched", tab.name, seen)
		}
		for _, f := range failed {
			t.Errorf("the %s tab: a request of a page answered %s", tab.name, f)
		}
	}
}
