package console_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// TestAdminSetsAnOfficesUPIPayee: the office form of a jurisdiction shows
// its UPI payee; an address that is not one is refused next to its field,
// in Kannada with no English, and nothing is written; a new payee is
// saved; both fields empty leave the office without UPI payments. The
// office's other parts are kept throughout.
func TestAdminSetsAnOfficesUPIPayee(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	load := func() models.Jurisdiction {
		var j models.Jurisdiction
		if err := s.DB.Gorm.Where("code = 'MANGALURU'").Take(&j).Error; err != nil {
			t.Fatal(err)
		}
		return j
	}
	j := load()
	path := "/console/admin/jurisdictions/" + j.ID.String() + "/office"
	admin := newClient(t, s)
	admin.signIn("admin@demo.tindal")
	if res, page := admin.do("GET", path, nil, nil); res.StatusCode != http.StatusOK ||
		!strings.Contains(page, `value="registrar.mangaluru@sbi"`) {
		t.Fatalf("the office form: %d, without Mangaluru's payee", res.StatusCode)
	}
	post := func(vpa, name string) (int, string) {
		j := load()
		form := url.Values{"version": {strconv.FormatInt(j.Version, 10)}, "upi_payee.vpa": {vpa}, "upi_payee.name": {name}}
		for part, texts := range map[string]models.Texts{"authority": j.Office.Authority, "address": j.Office.Address,
			"hours": j.Office.Hours} {
			for lang, text := range texts {
				form.Set("office."+part+"."+lang, text)
			}
		}
		res, page := admin.do("POST", path, withCSRF(admin, "", form), nil)
		return res.StatusCode, page
	}

	setLanguage(t, admin, "kn")
	before := load()
	status, page := post("Registrar of Boats", "Registrar of Boats, Mangaluru")
	m := regexp.MustCompile(`id="upi_payee.vpa-error" class="field-error">([^<]*)`).FindStringSubmatch(page)
	if status != http.StatusUnprocessableEntity || m == nil {
		t.Fatalf("a payee without a UPI address: %d, want 422 with the field's message", status)
	}
	said := htmlUnescape(m[1])
	if !strings.Contains(said, "ಹೆಸರು@ಬ್ಯಾಂಕ್") {
		t.Errorf("the address's message is not said in Kannada: %q", said)
	}
	testkit.ScanText(t, "the payee address's message", said, "kn")
	if after := load(); after.Version != before.Version || after.UPIPayee != before.UPIPayee {
		t.Errorf("the refused payee was written: %+v", after.UPIPayee)
	}

	setLanguage(t, admin, "en")
	if status, _ := post("kmb.mangaluru@canarabank", "Karnataka Maritime Board, Mangaluru"); status != http.StatusSeeOther {
		t.Fatalf("a new payee: %d", status)
	}
	if got := load(); got.UPIPayee != (models.UPIPayee{VPA: "kmb.mangaluru@canarabank", Name: "Karnataka Maritime Board, Mangaluru"}) ||
		got.Office.Address["kn"] != before.Office.Address["kn"] {
		t.Errorf("after saving a new payee: %+v, the address %q", got.UPIPayee, got.Office.Address["kn"])
	}
	if status, _ := post("", ""); status != http.StatusSeeOther {
		t.Fatalf("no payee: %d", status)
	}
	if got := load(); got.UPIPayee.Set() || scalar[bool](t, s, `SELECT upi_payee IS NOT NULL FROM jurisdictions WHERE id = ?`, j.ID) {
		t.Errorf("after clearing the payee: %+v", got.UPIPayee)
	}
}
