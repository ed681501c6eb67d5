package api

import (
	"regexp"
	"testing"
	"time"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

var htmlTag = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>|&[a-z#0-9]+;`)

// The public status page in Kannada and Hindi, in every state and
// registry status it shows, and its error pages, carry no English word
// beyond the vessel's own name, number and office (testkit.LatinWords).
func TestPublicPageInKannadaAndHindiHasNoEnglish(t *testing.T) {
	until, inspected, passengers, zone := "2027-03-31", "2026-11-02", 12, 2
	const name, reg, office = "Sagar Rani", "KA-KWR-M-0001", "Karwar Port Office"
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		for _, status := range []string{"active", "detained", "suspended", "cancelled"} {
			for _, state := range []string{"valid", "expiring", "expired", "none"} {
				st := public.VesselStatus{RegistrationNumber: reg, Name: name, Kind: "mechanised", Office: office, Status: status,
					Detained: status == "detained", FitToPly: status == "active" && state == "valid",
					NotFitBecause:       []public.Reason{{Code: string(rules.CodeExtinguisherMissing), Title: "Fire extinguisher missing"}, {Code: "vessel_status"}},
					Registration:        public.Validity{Status: state, ValidUntil: &until},
					Survey:              public.Validity{Status: state},
					PassengersCertified: &passengers, Zone: &zone, Crew: public.CrewCounts{Posts: 3, Valid: 2, Expiring: 1},
					LastInspectedOn: &inspected, CheckedOn: "2026-12-01", UpdatedAt: time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)}
				page, err := publicHTML(lang, st)
				if err != nil {
					t.Fatal(err)
				}
				if ws := testkit.LatinWords(htmlTag.ReplaceAllString(string(page), " "), name, reg, office); len(ws) > 0 {
					t.Errorf("%s page of a %s vessel, %s: English words %q", lang, status, state, ws)
				}
			}
		}
		for _, kind := range []models.Kind{models.KindNotFound, models.KindRateLimited, models.KindUnavailable} {
			page, err := publicErrorHTML(lang, kind)
			if err != nil {
				t.Fatal(err)
			}
			if ws := testkit.LatinWords(htmlTag.ReplaceAllString(string(page), " ")); len(ws) > 0 {
				t.Errorf("%s error page %s: English words %q", lang, kind, ws)
			}
		}
	}
}
