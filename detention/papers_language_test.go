package detention

import (
	"regexp"
	"testing"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestOrdersSpeakTheOwnersLanguage: a detention order and a release order
// as this package issues them (Karnataka 2025, Sch-IX Annex-1 and
// Annex-2: the authorities, the right of appeal, the enclosure, the copy
// list, the powers, every inspection action and every detention charge)
// print in Kannada and Hindi with no English word but the law's names
// and the particulars the officer typed, and nothing internal.
func TestOrdersSpeakTheOwnersLanguage(t *testing.T) {
	var actions []document.Action
	for code, title := range rules.InspectionActionTitles {
		actions = append(actions, document.Action{Code: string(code), Title: title})
	}
	charges, total, err := detentionCharges(&models.DetentionOrder{OrderedAt: time.Now().AddDate(0, 0, -3)}, time.Now(), 2,
		ReleaseInput{TowingRupees: 2500, GuardShifts: 3})
	if err != nil {
		t.Fatal(err)
	}
	d := document.DetentionOrder{
		ReportingOffice: "Karwar Port Office", HeadOffice: kaAuthority, Number: "KARWAR/DO/2026/0007", Date: time.Now(),
		VesselName: "Sagar Rani", RegistrationNumber: "KA-KWR-M-0001", PlaceOfRegistry: "Karwar",
		PresentLocation: "Baithkol jetty", MasterName: "Ramesh Tandel", InspectionDate: "2026-11-01",
		PlaceOfInspection: "Baithkol jetty", Port: "Karwar", Powers: kaPowers, InspectionActions: actions,
		ReportDueAt: time.Now(), DetentionAuthority: kaAuthority, AppellateAuthority: kaAppellate, AppealRule: kaAppealRule,
		Copies: kaCopies, Enclosure: kaEnclosure, OrderedBy: "S. Naik", VerifyCode: "7KQ29XWMABCD",
	}
	r := document.ReleaseOrder{
		ReportingOffice: d.ReportingOffice, HeadOffice: kaAuthority, Number: "KARWAR/RO/2026/0003", Date: time.Now(),
		DetentionNumber: d.Number, DetentionDate: d.Date, VesselName: d.VesselName, RegistrationNumber: d.RegistrationNumber,
		PlaceOfRegistry: d.PlaceOfRegistry, PresentLocation: d.PresentLocation, MasterName: d.MasterName,
		ReinspectionDate: "2026-11-08", ReleaseDate: "2026-11-09", Power: kaReleasePower, Conditions: []string{"NIL"},
		Charges: charges, ChargesTotal: total, ReleasingAuthority: kaAuthority, AppellateAuthority: kaAppellate,
		Copies: kaCopies, ReleasedBy: "S. Naik", VerifyCode: "9PQRSTUVWXYZ",
	}
	if len(charges) != 4 {
		t.Fatalf("the charges reach %d kinds, want visits, holding, towing and guards", len(charges))
	}
	typed := []string{"Karwar Port Office", "KARWAR/DO/2026/0007", "KARWAR/RO/2026/0003", "Sagar Rani", "KA-KWR-M-0001",
		"Baithkol jetty", "Ramesh Tandel", "S. Naik", "Karwar", "7KQ29XWMABCD", "9PQRSTUVWXYZ", "Tindal"}
	issuer := document.DefaultIssuer("https://tindal.example.gov.in")
	for _, lang := range []string{"kn", "hi"} {
		dp, err := document.DetentionPage(d, lang, issuer)
		if err != nil {
			t.Fatal(err)
		}
		rp, err := document.ReleasePage(r, lang, issuer)
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range map[string]document.Page{"detention order": dp, "release order": rp} {
			h, err := document.HTML(p)
			if err != nil {
				t.Fatal(err)
			}
			testkit.ScanText(t, name, markup.ReplaceAllString(string(h), " "), lang, typed...)
		}
	}
}

// markup is what of an HTML paper a person does not read.
var markup = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>|&[a-z#0-9]+;`)
