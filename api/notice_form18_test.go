package api_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestPenaltyNoticePDFIsForm18: the printed notice is the challan of
// Karnataka 2025, Sch-I Form-18 as the registry and the inspection fill
// it: the master on the vessel's crew list that day with the number of the
// master's Certificate of Competency, the box of each offence found ticked
// ((h): no insurance, Sch-IV row 1) and the others not, "within 15 days"
// with its date; and with ?lang=hi the Hindi page follows the English one.
func TestPenaltyNoticePDFIsForm18(t *testing.T) {
	h := newHarness(t)
	jur, vessel, owner := h.ids["KARWAR"], h.ids["vessel-KARWAR"], h.ids["owner-KARWAR"]
	master := uuid.New()
	h.must(h.db.Gorm.Exec(`INSERT INTO crew_members (id, indivc_number, name, jurisdiction_id)
		VALUES (?, 'INDIVC-0042', 'Suresh Naik', ?)`, master, jur).Error)
	h.must(h.db.Gorm.Exec(`INSERT INTO vessel_crew (id, vessel_id, crew_member_id, role, signed_on, jurisdiction_id, owner_id)
		VALUES (?, ?, ?, 'master', '2020-01-01', ?, ?)`, uuid.New(), vessel, master, jur, owner).Error)
	h.must(h.db.Gorm.Exec(`INSERT INTO certificates (id, subject_type, crew_member_id, kind, grade, number, issued_on, jurisdiction_id)
		VALUES (?, 'crew_member', ?, 'competency', 'master_class_3', 'KA-COC-0042', '2024-01-01', ?)`, uuid.New(), master, jur).Error)
	p := h.pusher("inspector")
	n := h.approve(h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeInsuranceInvalid}))

	r := h.do("GET", "/v1/penalty-notices/"+n.ID+"/pdf?lang=hi", "owner", nil)
	if r.status != 200 {
		t.Fatalf("pdf: %d %s", r.status, r.body)
	}
	text := pdfText(t, r.body)
	for _, want := range []string{"Challan for suspension or detention (Form-18)", "Suresh Naik", "KA-COC-0042",
		"☑ (h)", "☐ (c)", "☐ (i)", "Karnataka 2025, Sch-IV row 1", "within 15 days, that is by",
		"निलंबन या निरोध के लिए चालान (प्रपत्र-18)", "http://tindal.test/v/", "Page 1 of"} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice's PDF lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "☑ (c)") || strings.Contains(text, "☑ (g)") {
		t.Errorf("a box ticked that nothing found:\n%s", text)
	}
}

// TestPrintedCodeOpensAPageInTheReadersLanguage: the URL under a printed
// QR code, opened by a phone's browser, is a page saying whether the
// notice stands, in the reader's language; once a revision replaces the
// notice, the same URL says superseded; an unknown code is a 404 page; a
// JSON client still gets the contract's answer.
func TestPrintedCodeOpensAPageInTheReadersLanguage(t *testing.T) {
	h := newHarness(t)
	p := h.pusher("inspector")
	insp := h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing})
	n := h.approve(insp)
	code := h.do("GET", "/v1/penalty-notices/"+n.ID, "owner", nil).json()["verify_code"].(string)
	page := func(c, lang string) response {
		t.Helper()
		return h.do("GET", "/v/"+c, "", nil, "Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
			"Accept-Language", lang)
	}
	r := page(code, "kn-IN,kn;q=0.9")
	if r.status != 200 || !strings.Contains(string(r.body), "ಮಾನ್ಯ") || !strings.Contains(string(r.body), n.Number) ||
		!strings.Contains(r.header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("the page of a valid code: %d %s", r.status, r.body)
	}
	if j := h.do("GET", "/v/"+code, "", nil); j.status != 200 || j.json()["status"] != "valid" {
		t.Errorf("a JSON client: %d %s", j.status, j.body)
	}
	// an HTML error page, which the harness (problems only) would refuse: asked directly
	req := httptest.NewRequest("GET", "/v/ABCDEFGHJKLM", nil)
	req.Header.Set("Accept", "text/html")
	res, err := h.app.Test(req, 10000)
	h.must(err)
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != 404 || !strings.Contains(string(body), "No document carries this code") {
		t.Errorf("an unknown code: %d %s", res.StatusCode, body)
	}
	h.must(h.db.Gorm.Exec("UPDATE documents SET status = 'superseded', status_at = now() WHERE code = ?", code).Error)
	if r := page(code, "hi"); !strings.Contains(string(r.body), "प्रतिस्थापित") {
		t.Errorf("a superseded notice: %d %s", r.status, r.body)
	}
}
