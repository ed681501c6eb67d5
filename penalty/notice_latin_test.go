package penalty_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

var noticeMarkup = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>|&[a-z#0-9]+;`)

// The owner's copy of a penalty notice in Kannada and Hindi (a Form-18
// challan: Karnataka 2025 alone serves one), with a line of every party and status whose
// trace holds every step the penalty chain writes (in English, for
// officials), has no English word: the trace and the appellate authority
// come from the catalogues.
func TestNoticeInKannadaAndHindiHasNoEnglish(t *testing.T) {
	const vessel, reg, owner, office = "Sagar Rani", "KA-KWR-M-0001", "Ramesh Tandel", "Karwar Port Office"
	var trace []rules.Step
	for _, r := range []string{"penalty.first_offence", "penalty.repeat_doubling", "penalty.no_tariff", "penalty.unidentified", "penalty.window_reset",
		"penalty.cap", "penalty.review", "penalty.same_date", "penalty.set_aside", "penalty.per_person", "penalty.cross_vessel"} {
		trace = append(trace, rules.Step{Rule: r, Citation: "docs/LAW.md §5.2", Detail: "subsequent offence within a year: geometric doubling gives Rs 10000"})
	}
	prev, prevLevel := int64(5000), 1
	var lines []penalty.NoticeLineView
	for _, party := range []string{"owner", "master", "crew_member", "passenger"} {
		for _, status := range []string{"charged", string(rules.OffenceSetAside), penalty.LineCancelled} {
			lines = append(lines, penalty.NoticeLineView{NoticeLine: penalty.NoticeLine{PenaltyID: uuid.New(), Row: "KA-F02", Sl: 2,
				Citation: "Karnataka 2025, Sch-IV row 2", PartyKind: party, Persons: 2, Level: 2, UnitAmount: 10000, Amount: 10000, Status: status,
				Trace: trace, PreviousAmount: &prev, PreviousLevel: &prevLevel}, Paid: 0, Due: 10000})
		}
	}
	for _, regime := range []rules.Regime{rules.RegimeKarnataka2025} {
		route, _ := rules.AppealRouteFor(regime)
		previous := 1
		v := penalty.NoticeView{Notice: models.PenaltyNotice{Number: "KWR/PN/2026/0007", Revision: 2, Regime: string(regime)},
			Jurisdiction: models.Jurisdiction{Name: office}, Vessel: models.Vessel{Name: vessel, RegistrationNumber: reg},
			Owner: models.Owner{Name: owner}, InspectedAt: time.Date(2026, 11, 2, 5, 0, 0, 0, time.UTC), Lines: lines,
			Revisions: []penalty.RevisionView{{Revision: 2, Previous: &previous}}, Total: 10000, Due: 10000,
			PayBy: rules.D(2026, 11, 17), Appeal: &route, AppealBy: rules.D(2026, 12, 2), VerifyCode: "7KQ2-9XWM"}
		for _, lang := range []string{locale.Kannada, locale.Hindi} {
			page, err := penalty.RenderNoticeHTML(v, lang, document.DefaultIssuer("https://tindal.example.gov.in"))
			if err != nil {
				t.Fatal(err)
			}
			if ws := testkit.LatinWords(noticeMarkup.ReplaceAllString(string(page), " "), vessel, reg, owner, office); len(ws) > 0 {
				t.Errorf("%s notice under %s: English words %q", lang, regime, ws)
			}
		}
	}
}
