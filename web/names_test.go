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

// TestStepsWriteAmountsAsRupees: a penalty chain's step, as an English
// page prints it, writes its amounts as every page does (₹10,000, Indian
// grouping), not as the engine's trace ("Rs 10000").
func TestStepsWriteAmountsAsRupees(t *testing.T) {
	for in, want := range map[string]string{
		"first offence Rs 5000; doubled to Rs 100000": "first offence ₹5,000; doubled to ₹1,00,000",
		"refund Rs -2500, Rs 0 due":                   "refund -₹2,500, ₹0 due",
	} {
		if got := rupeesIn(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
