package web

import (
	"testing"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/testkit"
)

// TestEveryFlagKindHasItsName: every kind of flag the jobs, detention and
// penalty notices raise is named on the console's flags page in English,
// Kannada and Hindi (flag.*), never shown by its code.
func TestEveryFlagKindHasItsName(t *testing.T) {
	c, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	kinds := []string{jobs.FlagCertificateExpiring, jobs.FlagCertificateExpired, jobs.FlagVesselUnfit,
		jobs.FlagSurveyOverdue, jobs.FlagLicenceLapsed, jobs.FlagPollutionOverdue, jobs.FlagLateRenewal,
		jobs.FlagRegistrationLapse, jobs.FlagCoCRevalidationDue, jobs.FlagCoCInvalid, jobs.FlagManningNonCompliant,
		jobs.FlagRepeatOffender, jobs.FlagPenaltyChainMismatch, jobs.FlagFindingOverdue,
		detention.FlagDetentionReportDue, penalty.FlagPenaltyNoticeNotEmailed}
	for _, k := range kinds {
		for _, l := range Languages {
			s := c.text(l.Tag, "flag."+k, nil)
			if s == "flag."+k {
				t.Errorf("flag %s has no name in %s", k, l.Tag)
				continue
			}
			testkit.ScanText(t, "flag."+k, s, l.Tag)
		}
	}
}
