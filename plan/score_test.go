package plan_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

func d(y int, m time.Month, day int) rules.Date { return rules.Date{Year: y, Month: m, Day: day} }

// partOf is the named part of a ranking (zero if absent).
func partOf(r plan.Ranking, name plan.PartName) plan.Part {
	for _, p := range r.Parts {
		if p.Name == name {
			return p
		}
	}
	return plan.Part{}
}

// TestDueDatesChangeTheirPart walks the day before, of and after each due
// date the score reads: a part counts from the day after the law's last
// day, never on it.
func TestDueDatesChangeTheirPart(t *testing.T) {
	inspected := plan.Facts{Kind: "mechanised", LastInspection: d(2025, 1, 15), RegisteredOn: d(2020, 1, 1)}
	nonMech := plan.Facts{Kind: "non_mechanised", RegisteredOn: d(2020, 1, 1), LastInspection: d(2025, 12, 1),
		Certificates: []rules.CertificateRecord{{Kind: rules.CertNonMechSurvey, Number: "S-1", IssuedOn: d(2025, 3, 1)}}}
	insured := plan.Facts{Kind: "mechanised", RegisteredOn: d(2020, 1, 1), LastInspection: d(2025, 12, 1),
		Certificates: []rules.CertificateRecord{{Kind: rules.CertInsurance, Number: "I-1", IssuedOn: d(2025, 1, 1), ExpiresOn: d(2026, 2, 28)}}}
	finding := plan.Facts{Kind: "mechanised", RegisteredOn: d(2020, 1, 1), LastInspection: d(2025, 12, 1),
		Findings: []plan.Finding{{Code: "07001", Due: d(2026, 2, 10)}}}
	detained := plan.Facts{Kind: "mechanised", RegisteredOn: d(2020, 1, 1), LastInspection: d(2026, 1, 1),
		Detentions: []rules.Date{d(2023, 6, 10)}, RepeatOffences: []rules.Date{d(2023, 6, 10)}}
	cases := []struct {
		name   string
		facts  plan.Facts
		today  rules.Date
		part   plan.PartName
		points int
	}{
		// Karnataka 2025, r.109(1)(g) (surveyed every year), r.63 (every 12 months): due 15 January 2026.
		{"r.109(1)(g): the day before the annual inspection falls due", inspected, d(2026, 1, 14), plan.PartInspectionOverdue, 0},
		{"r.109(1)(g): the day it falls due is still in time", inspected, d(2026, 1, 15), plan.PartInspectionOverdue, 0},
		{"r.109(1)(g): a day late is one started month", inspected, d(2026, 1, 16), plan.PartInspectionOverdue, 10},
		{"r.109(1)(g): 30 days late is still one month", inspected, d(2026, 2, 14), plan.PartInspectionOverdue, 10},
		{"r.109(1)(g): 31 days late is two", inspected, d(2026, 2, 15), plan.PartInspectionOverdue, 20},
		{"r.109(1)(g): two years late is capped at twelve months", inspected, d(2027, 3, 1), plan.PartInspectionOverdue, 120},
		// Karnataka 2025, r.113(1): a non-mechanised CoS issued 1 March 2025 lasts until 1 March 2026;
		// expiring from 60 days before (the first reminder, rules.ExpiringWithinDays).
		{"r.113(1): 61 days before expiry the survey is not yet expiring", nonMech, d(2025, 12, 30), plan.PartSurveyExpiring, 0},
		{"r.113(1): 60 days before expiry it is expiring", nonMech, d(2025, 12, 31), plan.PartSurveyExpiring, 20},
		{"r.113(1): on the expiry day it is still valid, expiring", nonMech, d(2026, 3, 1), plan.PartSurveyExpiring, 20},
		{"r.113(1): on the expiry day it has not lapsed", nonMech, d(2026, 3, 1), plan.PartSurveyLapsed, 0},
		{"Sch-IV item 4: the day after expiry the survey has lapsed", nonMech, d(2026, 3, 2), plan.PartSurveyLapsed, 50},
		// Karnataka 2025, r.81: insurance as endorsed, 28 February 2026.
		{"r.81: insurance on its last day is expiring", insured, d(2026, 2, 28), plan.PartCertificateExpiring, 10},
		{"r.81: insurance the day after has lapsed", insured, d(2026, 3, 1), plan.PartCertificateLapsed, 30},
		// Karnataka 2025, Sch-IX Form B: a finding due 10 February 2026.
		{"Sch-IX Form B: the day before the due date the finding is open", finding, d(2026, 2, 9), plan.PartFindingOpen, 5},
		{"Sch-IX Form B: on the due date it is still open, not overdue", finding, d(2026, 2, 10), plan.PartFindingOverdue, 0},
		{"Sch-IX Form B, r.13: the day after it is overdue", finding, d(2026, 2, 11), plan.PartFindingOverdue, 15},
		{"Sch-IX Form B, r.13: the day after it no longer counts as open", finding, d(2026, 2, 11), plan.PartFindingOpen, 0},
		// The 36-month history: detained 10 June 2023.
		{"Sch-IX: a detention 36 months ago to the day counts", detained, d(2026, 6, 10), plan.PartDetention, 40},
		{"Sch-IX: the day after, it has left the history", detained, d(2026, 6, 11), plan.PartDetention, 0},
		{"Sch-IV: a repeat offence 36 months ago to the day counts", detained, d(2026, 6, 10), plan.PartRepeatOffence, 20},
		{"Sch-IV: the day after, it has left the history", detained, d(2026, 6, 11), plan.PartRepeatOffence, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := plan.Score(c.facts, c.today)
			if got := partOf(r, c.part).Points; got != c.points {
				t.Errorf("%s on %s: %d points, want %d (parts %+v)", c.part, c.today, got, c.points, r.Parts)
			}
			sum := 0
			for _, p := range r.Parts {
				sum += p.Points
				if p.Points != p.Weight*p.Count || p.Fact == "" || p.Citation == "" {
					t.Errorf("part %+v: points are weight × count, with a fact and a citation", p)
				}
				// What the plan's reasons cite is the law, or Tindal's
				// reading in words: never a document of ours.
				testkit.ScanText(t, string(p.Name), string(p.Citation), "en")
			}
			if sum != r.Score {
				t.Errorf("score %d, parts sum to %d", r.Score, sum)
			}
		})
	}
}

// TestOneFactorRanksFirst: two boats that differ in one factor rank in the
// right order, and at an equal score the passenger boat comes first.
func TestOneFactorRanksFirst(t *testing.T) {
	today := d(2026, 6, 1)
	base := plan.Facts{Kind: "mechanised", Use: "cargo", RegisteredOn: d(2020, 1, 1), LastInspection: d(2026, 1, 1)}
	worse := base
	worse.Findings = []plan.Finding{{Code: "11001", Due: d(2026, 5, 1)}}
	if a, b := plan.Score(worse, today), plan.Score(base, today); a.Rank() <= b.Rank() {
		t.Errorf("an overdue finding ranks %d, none %d: want it first", a.Rank(), b.Rank())
	}
	passenger := base
	passenger.Use = "passenger"
	a, b := plan.Score(passenger, today), plan.Score(base, today)
	if a.Score != b.Score || a.Rank() <= b.Rank() {
		t.Errorf("passenger boat %d/%d, cargo boat %d/%d: want the same score, the passenger boat first",
			a.Score, a.Rank(), b.Score, b.Rank())
	}
}

// TestWorkedExample is the example of docs/PLAN.md, part by part.
func TestWorkedExample(t *testing.T) {
	seats := 12
	f := plan.Facts{
		Kind: "non_mechanised", Use: "hire", Passengers: &seats, RegisteredOn: d(2019, 4, 1),
		LastInspection: d(2025, 4, 28),
		Certificates: []rules.CertificateRecord{
			{Kind: rules.CertNonMechSurvey, Number: "KA-S-0042", IssuedOn: d(2025, 3, 10)},
		},
		Findings:       []plan.Finding{{Code: "11001", Due: d(2026, 5, 12)}, {Code: "07003", Due: d(2026, 8, 28)}},
		Detentions:     []rules.Date{d(2024, 11, 3)},
		RepeatOffences: []rules.Date{d(2025, 2, 14)},
	}
	r := plan.Score(f, d(2026, 6, 1))
	want := map[plan.PartName]int{
		plan.PartInspectionOverdue: 20, // due 2026-04-28, 34 days late: 2 started months × 10
		plan.PartSurveyLapsed:      50, // expired 2026-03-10
		plan.PartFindingOverdue:    15,
		plan.PartFindingOpen:       5,
		plan.PartDetention:         40,
		plan.PartRepeatOffence:     20,
	}
	for name, points := range want {
		if got := partOf(r, name).Points; got != points {
			t.Errorf("%s: %d, want %d", name, got, points)
		}
	}
	if r.Score != 150 || r.Band != plan.BandHigh || !r.Passenger || r.Rank() != 301 {
		t.Errorf("score %d band %s passenger %v rank %d, want 150 high true 301", r.Score, r.Band, r.Passenger, r.Rank())
	}
	if f := partOf(r, plan.PartInspectionOverdue).Fact; !strings.Contains(f, "overdue by 34 days") {
		t.Errorf("fact %q", f)
	}
}
