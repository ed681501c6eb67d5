package penalty_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
)

// karnatakaWords are the Board's and the State's names in each language:
// none may appear on a paper of another regime.
var karnatakaWords = []string{"Karnataka", "ಕರ್ನಾಟಕ", "कर्नाटक", "KMB"}

// TestEveryPaperSpeaksForItsOwnAuthority: every paper kind a regime gives
// is printed, in English, Kannada and Hindi, under its own authority's
// letterhead: Karnataka 2025's Form-18 challan (Sch-I Form-18), detention
// order (Sch-IX Annex-1) and release order (Annex-2) under the Karnataka
// Maritime Board. Paradip 1967 and Kandla 1955 give none of them: the
// challan is refused (409 no_challan_under_regime, nothing printed), and
// their authority, wherever a paper names it, is their own (the
// Conservator of the Port of Paradip, the Kandla Port Authority), never
// Karnataka's.
func TestEveryPaperSpeaksForItsOwnAuthority(t *testing.T) {
	is := document.DefaultIssuer("https://tindal.example.gov.in")
	ka := string(rules.RegimeKarnataka2025)
	route, _ := rules.AppealRouteFor(rules.RegimeKarnataka2025)
	notice := func(regime string) penalty.NoticeView {
		return penalty.NoticeView{Notice: models.PenaltyNotice{Number: "KWR/PN/000007", Revision: 1, Regime: regime},
			Jurisdiction: models.Jurisdiction{Name: "Karwar Port Office"}, Vessel: models.Vessel{Name: "Sagar Rani",
				RegistrationNumber: "KA-KWR-M-0001"}, InspectedAt: time.Date(2026, 11, 2, 5, 0, 0, 0, time.UTC),
			Lines: []penalty.NoticeLineView{{NoticeLine: penalty.NoticeLine{Row: "KA-F02", Sl: 2, Citation: "Karnataka 2025, Sch-IV row 2",
				PartyKind: "owner", Level: 1, UnitAmount: 5000, Amount: 5000, Status: "charged"}, Due: 5000}},
			Total: 5000, Due: 5000, PayBy: rules.D(2026, 11, 17), Appeal: &route, AppealBy: rules.D(2026, 12, 2), VerifyCode: "7KQ2-9XWM"}
	}
	for _, lang := range locale.Languages {
		board, _ := locale.Default().Text(lang, "authority."+ka+".name", nil)
		papers := map[string]func() (document.Page, error){
			"challan": func() (document.Page, error) { return penalty.NoticePage(notice(ka), lang, is) },
			"detention order": func() (document.Page, error) {
				return document.DetentionPage(document.DetentionOrder{Number: "KWR/DO/1", VesselName: "Sagar Rani"}, lang, is)
			},
			"release order": func() (document.Page, error) {
				return document.ReleasePage(document.ReleaseOrder{Number: "KWR/RO/1", VesselName: "Sagar Rani"}, lang, is)
			},
		}
		for kind, render := range papers {
			p, err := render()
			if err != nil {
				t.Fatalf("Karnataka 2025 %s in %s: %v", kind, lang, err)
			}
			if p.Letterhead.Authority != board {
				t.Errorf("Karnataka 2025 %s in %s: letterhead %q, want %q", kind, lang, p.Letterhead.Authority, board)
			}
		}
	}
	for _, regime := range []rules.Regime{rules.RegimeParadip1967, rules.RegimeKandla1955} {
		a, _ := rules.AuthorityFor(regime)
		for _, lang := range locale.Languages {
			_, err := penalty.NoticePage(notice(string(regime)), lang, is)
			var me *models.Error
			if !errors.As(err, &me) || me.Kind != models.KindConflict || me.Code != "no_challan_under_regime" {
				t.Errorf("%s challan in %s: %v, want the refusal", regime, lang, err)
			}
			if _, err := penalty.RenderNoticeHTML(notice(string(regime)), lang, is); err == nil {
				t.Errorf("%s: the owner's copy of a challan was rendered in %s", regime, lang)
			}
			lh := is.For(string(regime)).Letterhead(lang, "Port office")
			own, _ := locale.Default().Text(lang, "authority."+string(regime)+".name", nil)
			if lh.Authority != own || (lang == locale.English && own != a.Name) {
				t.Errorf("%s letterhead in %s: %q, want %q", regime, lang, lh.Authority, own)
			}
			for _, w := range karnatakaWords {
				if strings.Contains(lh.Authority+lh.Address, w) {
					t.Errorf("%s letterhead in %s names %q: %+v", regime, lang, w, lh)
				}
			}
		}
	}
}
