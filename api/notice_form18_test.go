package api_test

import (
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
		"निलंबन या निरोध के लिए चालान (Form-18)", "http://tindal.test/v/", "Page 1 of"} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice's PDF lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "☑ (c)") || strings.Contains(text, "☑ (g)") {
		t.Errorf("a box ticked that nothing found:\n%s", text)
	}
}
