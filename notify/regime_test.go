package notify

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// karnatakaWords are the Board's and the State's names in each language.
var karnatakaWords = []string{"Karnataka", "ಕರ್ನಾಟಕ", "कर्नाटक", "KMB"}

// TestParadipCalendarAndMailsNameItsOwnRules: a Paradip owner's calendar
// (every deadline the law derives for a Paradip craft and its crew, a
// finding to rectify, the appeal window of a fine) and the reminders of
// its licence cite Paradip 1967, in English, Kannada and Hindi, and never
// name Karnataka or its rules.
func TestParadipCalendarAndMailsNameItsOwnRules(t *testing.T) {
	var ds []Deadline
	for _, d := range leakDeadlines() {
		if strings.HasPrefix(d.Key, string(rules.DeadlineLicenceLapse)) || strings.Contains(d.Key, "|pa|") {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		t.Fatal("no Paradip deadline derived: the test would prove nothing")
	}
	at := time.Date(2026, 5, 1, 4, 0, 0, 0, time.UTC)
	in := InspectionDeadlines{
		Rectifications: []Rectification{{FindingID: uuid.New(), Vessel: leakVessel, Code: string(rules.CodeExtinguisherMissing),
			Found: at, Due: at.AddDate(0, 0, 14)}},
		Penalties: []PenaltyWindow{{PenaltyID: uuid.New(), Vessel: leakVessel, Row: "PA-1", Amount: 500, Notice: at,
			Regime: string(rules.RegimeParadip1967)}},
	}
	for _, lang := range locale.Languages {
		w := &writer{lang: lang, c: locale.Default()}
		events := w.inspectionEvents(in)
		for _, d := range ds {
			events = append(events, w.deadlineEvent(d))
		}
		if w.err != nil {
			t.Fatalf("%s: %v", lang, w.err)
		}
		cited := false
		for _, e := range events {
			text := e.Summary + "\n" + e.Description
			cited = cited || strings.Contains(text, "Paradip 1967")
			for _, k := range karnatakaWords {
				if strings.Contains(text, k) {
					t.Errorf("%s event %s names %q:\n%s", lang, e.UID, k, text)
				}
			}
		}
		if !cited {
			t.Errorf("%s: no event cites Paradip 1967", lang)
		}
		owner := Recipient{Type: RecipientOwner, ID: uuid.New(), Name: leakOwner, Language: lang}
		for _, tpl := range []string{TplCertificateExpiring, TplCertificateExpired} {
			out, err := Render(tpl, owner, Data{Vessel: leakVessel, Number: "LIC-7", Due: at, Days: 30,
				Doc: string(rules.CertParadipLicence), Citation: "Paradip 1967, r.4(4)"})
			if err != nil {
				t.Fatalf("%s %s: %v", lang, tpl, err)
			}
			for _, k := range karnatakaWords {
				if strings.Contains(out.Subject+out.Body, k) {
					t.Errorf("%s %s names %q:\n%s", lang, tpl, k, out.Body)
				}
			}
		}
	}
}
