package penalty_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/web/webtest"
)

func TestMain(m *testing.M) { webtest.Main(m) }

// documentCSP is the policy the API serves the documents' HTML copies
// under (api pageCSP): the page must work within it, QR code included.
const documentCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; " +
	"base-uri 'none'; form-action 'none'"

// TestOwnersCopiesPassAxeOnAPhone opens the owner's HTML copy of the
// penalty notice, the detention order and the release order in English,
// Kannada and Hindi in Chromium at 390 px under the API's policy: axe-core
// finds no serious or critical violation, the page is no wider than the
// phone, and a screenshot of each is saved (artifacts/screens/...).
func TestOwnersCopiesPassAxeOnAPhone(t *testing.T) {
	is := document.DefaultIssuer("https://tindal.example.gov.in")
	pages := map[string]func(lang string) ([]byte, error){
		"notice": func(lang string) ([]byte, error) { return penalty.RenderNoticeHTML(sampleNotice(), lang, is) },
		"detention": func(lang string) ([]byte, error) {
			p, err := document.DetentionPage(sampleOrder(), lang, is)
			if err != nil {
				return nil, err
			}
			return document.HTML(p)
		},
		"release": func(lang string) ([]byte, error) {
			p, err := document.ReleasePage(sampleRelease(), lang, is)
			if err != nil {
				return nil, err
			}
			return document.HTML(p)
		},
	}
	for name, render := range pages {
		for _, lang := range []string{"en", "kn", "hi"} {
			t.Run(name+"_"+lang, func(t *testing.T) {
				body, err := render(lang)
				if err != nil {
					t.Fatal(err)
				}
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
					w.Header().Set("Content-Type", "text/html; charset=utf-8")
					w.Header().Set("Content-Security-Policy", documentCSP)
					_, _ = w.Write(body)
				}))
				defer srv.Close()
				ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
				webtest.Do(t, ctx, chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS("footer.ver img")))
				webtest.Axe(t, ctx)
				width := webtest.Get(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
				if width > int(webtest.PhoneWidth) {
					t.Errorf("%s %s: %d px wide on a %d px phone", name, lang, width, webtest.PhoneWidth)
				}
				t.Logf("%s", webtest.Shot(t, ctx, name+"_"+lang+"_"+strconv.Itoa(int(webtest.PhoneWidth))))
			})
		}
	}
}

func sampleOrder() document.DetentionOrder {
	return document.DetentionOrder{
		ReportingOffice: "Karwar Port Office", HeadOffice: "Karnataka Maritime Board, Karwar",
		Number: "KARWAR/DO/2026/0007", Date: time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC),
		VesselName: "Sagar Rani", RegistrationNumber: "KA-KWR-M-0001", PlaceOfRegistry: "Karwar",
		PresentLocation: "Baithkol jetty, Karwar", MasterName: "Suresh Naik", InspectionDate: "2026-11-01",
		PlaceOfInspection: "Karwar", Port: "Karwar", Powers: "sections 63 and 85 of the Inland Vessels Act, 2021",
		Findings: []document.Finding{{Code: "30005", Title: "Vessel or crew cannot navigate safely", Action: "06",
			LegalRefs: []string{"Karnataka 2025, Sch-IX para 2.2"}}},
		InspectionActions:  []document.Action{{Code: "12", Title: "Detention ordered"}},
		ReportDueAt:        time.Date(2026, 11, 3, 9, 30, 0, 0, time.UTC),
		DetentionAuthority: "Director Ports & Member (Maritime & IWT Ops)", AppellateAuthority: "CEO KMB",
		AppealRule: "The master has the right of appeal.", Copies: []string{"Master"}, Enclosure: "Report (Form A and B)",
		OrderedBy: "S. Naik", VerifyCode: "7KQ29XWMABCD",
	}
}

func sampleRelease() document.ReleaseOrder {
	d := sampleOrder()
	return document.ReleaseOrder{
		ReportingOffice: d.ReportingOffice, HeadOffice: d.HeadOffice, Number: "KARWAR/RO/2026/0003",
		Date: time.Date(2026, 11, 9, 6, 0, 0, 0, time.UTC), DetentionNumber: d.Number, DetentionDate: d.Date,
		VesselName: d.VesselName, RegistrationNumber: d.RegistrationNumber, PlaceOfRegistry: d.PlaceOfRegistry,
		PresentLocation: d.PresentLocation, MasterName: d.MasterName, ReinspectionDate: "2026-11-08",
		ReleaseDate: "2026-11-09", Power: "section 85 of the Inland Vessels Act, 2021", Conditions: []string{"NIL"},
		Findings: d.Findings, Charges: []document.Charge{{Description: "Detention, 7 days", Amount: 8500,
			Citation: "Karnataka 2025, Sch-IV"}}, ChargesTotal: 8500, ReleasingAuthority: d.DetentionAuthority,
		AppellateAuthority: d.AppellateAuthority, Copies: d.Copies, ReleasedBy: "S. Naik", VerifyCode: "9PQRSTUVWXYZ",
	}
}
