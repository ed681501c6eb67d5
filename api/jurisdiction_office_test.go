package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// karwarOffice is what the Karwar office records of itself: an authority
// and an address that are not the deployment's letterhead (the Board,
// Inland Water Transport, Karwar), so a paper shows whose they are.
var karwarOffice = map[string]any{
	"authority": map[string]any{"en": "Karnataka Maritime Board, Port Office Karwar",
		"kn": "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ, ಕಾರವಾರ ಬಂದರು ಕಚೇರಿ", "hi": "कर्नाटक समुद्री बोर्ड, कारवार बंदरगाह कार्यालय"},
	"address": map[string]any{"en": "Karwar Port, Baithkol, Karwar 581301",
		"kn": "ಕಾರವಾರ ಬಂದರು, ಬೈತಖೋಲ, ಕಾರವಾರ 581301", "hi": "कारवार बंदरगाह, बैतखोल, कारवार 581301"},
	"hours": map[string]any{"en": "Monday to Saturday, 10:00 to 17:30"},
}

// setOffice patches a jurisdiction's office as the admin at its version.
func (h *harness) setOffice(j uuid.UUID, office any) response {
	h.t.Helper()
	cur := h.do("GET", "/v1/jurisdictions/"+j.String(), "admin", nil)
	if cur.status != 200 {
		h.t.Fatalf("get jurisdiction: %d %s", cur.status, cur.body)
	}
	return h.do("PATCH", "/v1/jurisdictions/"+j.String(), "admin", map[string]any{"office": office},
		"If-Match", fmt.Sprint(cur.json()["version"]))
}

// TestAnOfficesPapersNameItsOwnAuthority: what a jurisdiction records of
// its office (updateJurisdiction's office) is what its papers print: the
// detention order's letterhead, in English and in the owner's Hindi, and
// the public check of its code name the Karwar office's own authority
// and address, not the deployment's letterhead. An office given in
// Kannada without English is refused naming the field, nothing written.
// A Paradip office that records nothing names the Conservator of the
// Port of Paradip.
func TestAnOfficesPapersNameItsOwnAuthority(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar := h.ids["KARWAR"]
	if r := h.setOffice(karwar, map[string]any{"address": map[string]any{"kn": "ಕಾರವಾರ"}}); r.status != 422 ||
		!strings.Contains(string(r.body), "office.address.en") {
		t.Fatalf("a Kannada address without English: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v1/jurisdictions/"+karwar.String(), "admin", nil); r.json()["version"] != float64(1) ||
		strings.Contains(string(r.body), "ಕಾರವಾರ") {
		t.Fatalf("the refused office was written: %s", r.body)
	}
	r := h.setOffice(karwar, karwarOffice)
	if r.status != 200 || !strings.Contains(string(r.body), "Port Office Karwar") || !strings.Contains(string(r.body), "17:30") {
		t.Fatalf("set the office: %d %s", r.status, r.body)
	}

	h.must(h.db.Gorm.Exec("UPDATE owners SET preferred_language = 'hi' WHERE id = ?", h.ids["owner-KARWAR"]).Error)
	insp := h.criteriaInspection("inspector", h.compliantBoat(1), "no", nil)
	r = h.do("POST", "/v1/inspections/"+insp.String()+"/detention", "supervisor", confirmBody)
	if r.status != 201 {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	order := r.json()
	oid := order["id"].(string)
	for lang, want := range map[string][]string{
		"en": {"Karnataka Maritime Board, Port Office Karwar", "Karwar Port, Baithkol, Karwar 581301"},
		"hi": {"कर्नाटक समुद्री बोर्ड, कारवार बंदरगाह कार्यालय", "कारवार बंदरगाह, बैतखोल, कारवार 581301"},
	} {
		page := h.do("GET", "/v1/detention-orders/"+oid+"/html?lang="+lang, "owner", nil)
		for _, w := range want {
			if page.status != 200 || !strings.Contains(string(page.body), w) {
				t.Errorf("%s order: %d, lacks %q", lang, page.status, w)
			}
		}
		// The deployment's default address, not the words "Inland Water
		// Transport", which the law's own texts print (the appeal lies to
		// the Director of Ports and Inland Water Transport).
		if strings.Contains(string(page.body), "Inland Water Transport, Karwar") ||
			strings.Contains(string(page.body), "अंतर्देशीय जल परिवहन, कारवार") {
			t.Errorf("%s order prints the deployment's letterhead", lang)
		}
	}
	pdf := pdfText(t, h.do("GET", "/v1/detention-orders/"+oid+"/pdf", "owner", nil).body)
	if !strings.Contains(pdf, "Port Office Karwar") || strings.Contains(pdf, "Inland Water Transport, Karwar") {
		t.Errorf("the printed order's letterhead is not the office's:\n%.600s", pdf)
	}
	check := h.do("GET", "/v/"+order["verify_code"].(string), "", nil, "Accept", "text/html", "Accept-Language", "kn")
	if check.status != 200 || !strings.Contains(string(check.body), "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ, ಕಾರವಾರ ಬಂದರು ಕಚೇರಿ") {
		t.Errorf("the public check does not name the office's authority: %d %s", check.status, check.body)
	}

	v := paradipBoat(h, "OD-PDP-HC-0009")
	r = h.do("GET", "/v1/jurisdictions/"+v.JurisdictionID.String(), "admin", nil)
	if r.status != 200 || strings.Contains(string(r.body), "Karnataka") {
		t.Fatalf("Paradip: %d %s", r.status, r.body)
	}
	if r := h.setOffice(v.JurisdictionID, map[string]any{"hours": map[string]any{"en": "Monday to Friday, 09:30 to 17:30"}}); r.status != 200 ||
		!strings.Contains(string(r.body), "09:30") {
		t.Fatalf("Paradip hours: %d %s", r.status, r.body)
	}
}
