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

// offices are a Karnataka office that records its own authority and
// address, one that records nothing (the deployment's letterhead), a
// Paradip office with its own address, and a Kandla office with nothing.
var (
	karwarOffice = models.Office{
		Authority: models.Texts{"en": "Karnataka Maritime Board, Port Office Karwar",
			"kn": "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ, ಕಾರವಾರ ಬಂದರು ಕಚೇರಿ", "hi": "कर्नाटक समुद्री बोर्ड, कारवार बंदरगाह कार्यालय"},
		Address: models.Texts{"en": "Karwar Port, Baithkol, Karwar 581301"},
	}
	paradipOffice = models.Office{Address: models.Texts{"en": "Marine Department, Paradip Port, Paradip 754142",
		"hi": "समुद्री विभाग, पारादीप पत्तन, पारादीप 754142"}}
)

// TestEveryPaperSpeaksForItsOwnAuthority: every paper kind is printed, in
// English, Kannada and Hindi, for a vessel of every regime that can have
// it, under its own office's letterhead: Karnataka 2025's Form-18 challan
// (Sch-I Form-18), the receipt of its payments, the detention order
// (Sch-IX Annex-1) and the release order (Annex-2) under the authority and
// address the office records (models.Office), or the deployment's
// letterhead where it records none. Paradip 1967 and Kandla 1955 give none
// of them: the challan and its receipt are refused (409
// no_challan_under_regime, nothing printed), no order is provided
// (rules.Provides), and their authority, wherever a paper or page names it,
// is their own (the Conservator of the Port of Paradip, the Kandla Port
// Authority, or what the office records), never Karnataka's.
func TestEveryPaperSpeaksForItsOwnAuthority(t *testing.T) {
	is := document.DefaultIssuer("https://tindal.example.gov.in")
	ka := string(rules.RegimeKarnataka2025)
	route, _ := rules.AppealRouteFor(rules.RegimeKarnataka2025)
	notice := func(regime string, office models.Office) penalty.NoticeView {
		return penalty.NoticeView{Notice: models.PenaltyNotice{Number: "KWR/PN/000007", Revision: 1, Regime: regime},
			Jurisdiction: models.Jurisdiction{Name: "Karwar Port Office", Regime: regime, Office: office},
			Vessel:       models.Vessel{Name: "Sagar Rani", RegistrationNumber: "KA-KWR-M-0001"},
			InspectedAt:  time.Date(2026, 11, 2, 5, 0, 0, 0, time.UTC),
			Lines: []penalty.NoticeLineView{{NoticeLine: penalty.NoticeLine{Row: "KA-F02", Sl: 2, Citation: "Karnataka 2025, Sch-IV row 2",
				PartyKind: "owner", Level: 1, UnitAmount: 5000, Amount: 5000, Status: "charged"}, Due: 5000}},
			Payments: []models.PenaltyPayment{{Amount: 5000, PaidOn: time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC),
				ReceiptNumber: "UTR612345678901"}},
			Total: 5000, Paid: 5000, PayBy: rules.D(2026, 11, 17), Appeal: &route, AppealBy: rules.D(2026, 12, 2), VerifyCode: "7KQ2-9XWM"}
	}
	for _, office := range []models.Office{karwarOffice, {}} {
		for _, lang := range locale.Languages {
			board, _ := locale.Default().Text(lang, "authority."+ka+".name", nil)
			address := document.DefaultIssuer("").Address[lang]
			if office.Authority != nil {
				board, address = office.Authority.In(lang), office.Address.In(lang)
			}
			own := is.Of(models.Jurisdiction{Regime: ka, Office: office})
			papers := map[string]func() (document.Page, error){
				"challan": func() (document.Page, error) { return penalty.NoticePage(notice(ka, office), lang, is) },
				"receipt": func() (document.Page, error) { return penalty.ReceiptPage(notice(ka, office), lang, is) },
				"detention order": func() (document.Page, error) {
					return document.DetentionPage(document.DetentionOrder{Number: "KWR/DO/1", VesselName: "Sagar Rani"}, lang, own)
				},
				"release order": func() (document.Page, error) {
					return document.ReleasePage(document.ReleaseOrder{Number: "KWR/RO/1", VesselName: "Sagar Rani"}, lang, own)
				},
			}
			for kind, render := range papers {
				p, err := render()
				if err != nil {
					t.Fatalf("Karnataka 2025 %s in %s: %v", kind, lang, err)
				}
				if p.Letterhead.Authority != board || p.Letterhead.Address != address {
					t.Errorf("Karnataka 2025 %s in %s: letterhead %+v, want %q at %q", kind, lang, p.Letterhead, board, address)
				}
			}
		}
	}
	for _, regime := range []rules.Regime{rules.RegimeParadip1967, rules.RegimeKandla1955} {
		a, _ := rules.AuthorityFor(regime)
		for _, p := range []rules.Paper{rules.PaperChallan, rules.PaperDetentionOrder, rules.PaperReleaseOrder} {
			if rules.Provides(regime, p) {
				t.Errorf("%s provides %s", regime, p)
			}
		}
		for _, office := range []models.Office{paradipOffice, {}} {
			for _, lang := range locale.Languages {
				v := notice(string(regime), office)
				for kind, err := range map[string]error{
					"challan": second(penalty.NoticePage(v, lang, is)),
					"receipt": second(penalty.ReceiptPage(v, lang, is)),
				} {
					var me *models.Error
					if !errors.As(err, &me) || me.Kind != models.KindConflict || me.Code != "no_challan_under_regime" {
						t.Errorf("%s %s in %s: %v, want the refusal", regime, kind, lang, err)
					}
				}
				if _, err := penalty.RenderNoticeHTML(v, lang, is); err == nil {
					t.Errorf("%s: the owner's copy of a challan was rendered in %s", regime, lang)
				}
				lh := is.Of(models.Jurisdiction{Regime: string(regime), Office: office}).Letterhead(lang, "Port office")
				own, _ := locale.Default().Text(lang, "authority."+string(regime)+".name", nil)
				if lh.Authority != own || (lang == locale.English && own != a.Name) {
					t.Errorf("%s letterhead in %s: %q, want %q", regime, lang, lh.Authority, own)
				}
				if office.Address != nil && lh.Address != office.Address.In(lang) {
					t.Errorf("%s letterhead in %s: address %q, want the office's %q", regime, lang, lh.Address, office.Address.In(lang))
				}
				for _, w := range karnatakaWords {
					if strings.Contains(lh.Authority+lh.Address, w) {
						t.Errorf("%s letterhead in %s names %q: %+v", regime, lang, w, lh)
					}
				}
			}
		}
	}
}

// second is the error of a (value, error) pair.
func second[T any](_ T, err error) error { return err }
