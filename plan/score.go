// Package plan ranks the vessels of an office by how urgently they need an
// inspection: an explainable integer risk score in the manner of port-state
// targeting (the Paris and Tokyo MoU ship risk profile: a weighted sum of
// factors and a priority band), built from the law's due dates and the
// vessel's record. Score is a pure function of a vessel's facts and the
// day; List reads the facts of every vessel in the caller's scope in a
// fixed set of queries. docs/PLAN.md has the formula and a worked example.
package plan

import (
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
)

// PartName names one factor of the score.
type PartName string

// The factors of the score, in the order a Ranking lists them.
const (
	PartInspectionOverdue   PartName = "annual_inspection_overdue"
	PartSurveyLapsed        PartName = "survey_lapsed"
	PartSurveyExpiring      PartName = "survey_expiring"
	PartCertificateLapsed   PartName = "certificate_lapsed"
	PartCertificateExpiring PartName = "certificate_expiring"
	PartFindingOverdue      PartName = "finding_overdue"
	PartFindingOpen         PartName = "finding_open"
	PartDetention           PartName = "detention"
	PartRepeatOffence       PartName = "repeat_offence"
)

// Weight is what one unit of a factor adds to the score, and Cap the most
// units counted, so one factor never drowns the rest. docs/PLAN.md says
// why each weight is what it is.
type Weight struct {
	Points, Cap int
}

// Weights are the score's weights by factor.
var Weights = map[PartName]Weight{
	PartInspectionOverdue:   {Points: 10, Cap: 12}, // per started 30 days late, a year at most
	PartSurveyLapsed:        {Points: 50, Cap: 1},
	PartSurveyExpiring:      {Points: 20, Cap: 1},
	PartCertificateLapsed:   {Points: 30, Cap: 4},
	PartCertificateExpiring: {Points: 10, Cap: 4},
	PartFindingOverdue:      {Points: 15, Cap: 10},
	PartFindingOpen:         {Points: 5, Cap: 10},
	PartDetention:           {Points: 40, Cap: 3},
	PartRepeatOffence:       {Points: 20, Cap: 5},
}

// The windows of the score.
const (
	// InspectionIntervalMonths: a vessel is inspected or surveyed every
	// year (Karnataka 2025, r.109(1)(g), r.63; Paradip 1967, r.11).
	InspectionIntervalMonths = 12
	// LookBackMonths is how far back detentions and repeat offences count
	// (the Paris MoU's 36-month history).
	LookBackMonths = 36
	// OverdueStepDays: the inspection part grows by one unit per started
	// step of days late.
	OverdueStepDays = 30
)

// Band is a ranking's priority.
type Band string

// Priority bands: high from 100 points, medium from 40, low below.
const (
	BandHigh   Band = "high"
	BandMedium Band = "medium"
	BandLow    Band = "low"
)

// Facts are what the score reads of one vessel.
type Facts struct {
	ID                 uuid.UUID
	RegistrationNumber string
	Name               string
	Kind               string
	Use                string
	Regime             string
	Status             string
	Passengers         *int
	JurisdictionID     uuid.UUID
	// RegisteredOn is the day the vessel entered the register, the start
	// of its first inspection year when nothing is on record.
	RegisteredOn rules.Date
	// LastInspection is the day of its last submitted or approved
	// inspection; zero if none.
	LastInspection rules.Date
	// Certificates are its certificates in force, the latest of each kind.
	Certificates []rules.CertificateRecord
	// Findings are its open findings of submitted or approved inspections.
	Findings []Finding
	// Detentions are the days of its detention orders; RepeatOffences the
	// days of its offences penalised as repeats (Sch-IV doubling).
	Detentions     []rules.Date
	RepeatOffences []rules.Date
}

// Finding is an open finding: its deficiency code and due date (zero: none).
type Finding struct {
	Code string
	Due  rules.Date
}

// Part is one factor's share of a score: its weight, how many units the
// vessel has of it (capped), the points, and the fact behind it.
type Part struct {
	Name     PartName
	Weight   int
	Count    int
	Points   int
	Fact     string
	Citation rules.Citation
	// Days is the days late (positive) or left (expiring) of the part's
	// nearest date; Since its date (the due date, the expiry).
	Days  int
	Since rules.Date
}

// Ranking is a vessel's score on a day.
type Ranking struct {
	Score     int
	Band      Band
	Passenger bool
	Parts     []Part
}

// Rank orders rankings in one integer: by score, then passenger boats
// first (Karnataka 2025, Ch. VII: they carry the public). Higher is sooner.
func (r Ranking) Rank() int64 {
	rank := int64(r.Score) * 2
	if r.Passenger {
		rank++
	}
	return rank
}

// Score ranks a vessel's facts on today.
func Score(f Facts, today rules.Date) Ranking {
	var parts []Part
	parts = appendPart(parts, inspectionPart(f, today))
	parts = append(parts, certificateParts(f, today)...)
	parts = append(parts, findingParts(f.Findings, today)...)
	parts = appendPart(parts, historyPart(PartDetention, f.Detentions, today))
	parts = appendPart(parts, historyPart(PartRepeatOffence, f.RepeatOffences, today))
	r := Ranking{Passenger: IsPassengerBoat(f), Parts: parts}
	for _, p := range parts {
		r.Score += p.Points
	}
	r.Band = bandOf(r.Score)
	return r
}

// IsPassengerBoat reports whether the vessel carries passengers: used for
// passengers or on hire, or with a passenger capacity.
func IsPassengerBoat(f Facts) bool {
	return f.Use == string(rules.UsePassenger) || f.Use == string(rules.UseHire) ||
		f.Passengers != nil && *f.Passengers > 0
}

func bandOf(score int) Band {
	switch {
	case score >= 100:
		return BandHigh
	case score >= 40:
		return BandMedium
	}
	return BandLow
}

// appendPart adds p if it counts anything.
func appendPart(parts []Part, p Part) []Part {
	if p.Count == 0 {
		return parts
	}
	return append(parts, p)
}

// part weighs n units of a factor.
func part(name PartName, n int) Part {
	w := Weights[name]
	n = min(n, w.Cap)
	return Part{Name: name, Weight: w.Points, Count: n, Points: n * w.Points}
}

// inspectionPart: the annual inspection falls due a year after the last
// inspection, survey or, for a vessel with neither, its registration; it
// is late from the day after (Karnataka 2025, r.109(1)(g): surveyed every
// year; r.63: pollution inspection once every 12 months; Paradip 1967,
// r.11: annual inspection).
func inspectionPart(f Facts, today rules.Date) Part {
	last, what := lastLook(f)
	if last.IsZero() {
		return Part{}
	}
	due := last.AddMonths(InspectionIntervalMonths)
	late := due.DaysUntil(today)
	if late <= 0 {
		return Part{}
	}
	p := part(PartInspectionOverdue, (late+OverdueStepDays-1)/OverdueStepDays)
	p.Days, p.Since = late, due
	p.Citation = "Karnataka 2025, r.109(1)(g), r.63; Paradip 1967, r.11"
	p.Fact = fmt.Sprintf("annual inspection overdue by %d days (%s on %s, due %s)", late, what, last, due)
	return p
}

// lastLook is the last time an officer looked at the vessel: its last
// inspection or survey, else its registration.
func lastLook(f Facts) (rules.Date, string) {
	last, what := f.LastInspection, "last inspection"
	for _, c := range f.Certificates {
		if isSurvey(c.Kind) && c.IssuedOn.After(last) {
			last, what = c.IssuedOn, "last survey"
		}
	}
	if last.IsZero() {
		return f.RegisteredOn, "nothing on record since registration"
	}
	return last, what
}

// isSurvey reports whether a certificate kind is a Certificate of Survey.
func isSurvey(k rules.CertificateKind) bool {
	return k == rules.CertSurvey || k == rules.CertNonMechSurvey || k == rules.CertProvisionalSurvey
}

// certificateParts: a Certificate of Survey lapsed (plying without one is
// an offence and detainable: Karnataka 2025, Sch-IV item 4, Sch-IX) or
// expiring within the first reminder (rules.ExpiringWithinDays), and the
// same for the other certificates with an expiry.
func certificateParts(f Facts, today rules.Date) []Part {
	var lapsed, expiring [2][]certState // [0] survey, [1] other
	for _, c := range f.Certificates {
		exp, _, ok := rules.CertificateExpiry(c)
		if !ok {
			continue
		}
		i := 1
		if isSurvey(c.Kind) {
			i = 0
		}
		left := today.DaysUntil(exp)
		switch {
		case left < 0:
			lapsed[i] = append(lapsed[i], certState{c, exp, -left})
		case left <= rules.ExpiringWithinDays:
			expiring[i] = append(expiring[i], certState{c, exp, left})
		}
	}
	return appendCerts(nil,
		certPart(PartSurveyLapsed, lapsed[0], "Karnataka 2025, Sch-IV item 4, Sch-IX"),
		certPart(PartSurveyExpiring, expiring[0], "Karnataka 2025, r.113(1); "+rules.CitationTindalReading),
		certPart(PartCertificateLapsed, lapsed[1], "Karnataka 2025, r.52, r.81, r.143; Paradip 1967, r.4(4)"),
		certPart(PartCertificateExpiring, expiring[1], "Karnataka 2025, r.52, r.81, r.143; Paradip 1967, r.4(4)"),
	)
}

type certState struct {
	rules.CertificateRecord
	exp  rules.Date
	days int
}

func appendCerts(parts []Part, ps ...Part) []Part {
	for _, p := range ps {
		parts = appendPart(parts, p)
	}
	return parts
}

// certPart weighs certificates in one state; the fact names each and the
// part's date is the earliest expiry.
func certPart(name PartName, cs []certState, cite rules.Citation) Part {
	if len(cs) == 0 {
		return Part{}
	}
	p := part(name, len(cs))
	p.Citation = cite
	var facts []string
	for i, c := range cs {
		if i == 0 || c.exp.Before(p.Since) {
			p.Since, p.Days = c.exp, c.days
		}
		verb := "lapsed on %s (%d days ago)"
		if name == PartSurveyExpiring || name == PartCertificateExpiring {
			verb = "expires on %s (in %d days)"
		}
		facts = append(facts, fmt.Sprintf("%s %s "+verb, certTitle(c.Kind), c.Number, c.exp, c.days))
	}
	p.Fact = strings.Join(facts, "; ")
	return p
}

func certTitle(k rules.CertificateKind) string {
	switch k {
	case rules.CertSurvey, rules.CertNonMechSurvey:
		return "Certificate of Survey"
	case rules.CertProvisionalSurvey:
		return "provisional Certificate of Survey"
	case rules.CertParadipLicence:
		return "licence"
	}
	return string(k) + " certificate"
}

// findingParts: open findings past their due date (Karnataka 2025, Sch-IX
// Form B action codes 03 and 05; r.13) and open findings still in time.
func findingParts(fs []Finding, today rules.Date) []Part {
	var overdue, open []string
	oldest := rules.Date{}
	for _, f := range fs {
		if !f.Due.IsZero() && today.After(f.Due) {
			overdue = append(overdue, f.Code)
			if oldest.IsZero() || f.Due.Before(oldest) {
				oldest = f.Due
			}
			continue
		}
		open = append(open, f.Code)
	}
	var parts []Part
	if len(overdue) > 0 {
		p := part(PartFindingOverdue, len(overdue))
		p.Since, p.Days = oldest, oldest.DaysUntil(today)
		p.Citation = "Karnataka 2025, Sch-IX Form B action codes 03, 05; r.13"
		p.Fact = fmt.Sprintf("%d open findings past their due date (%s), the oldest due %s, %d days ago",
			len(overdue), strings.Join(overdue, ", "), oldest, p.Days)
		parts = append(parts, p)
	}
	if len(open) > 0 {
		p := part(PartFindingOpen, len(open))
		p.Citation = "Karnataka 2025, Sch-IX Form B"
		p.Fact = fmt.Sprintf("%d open findings not yet due (%s)", len(open), strings.Join(open, ", "))
		parts = append(parts, p)
	}
	return parts
}

// historyPart counts the events on or after the day LookBackMonths before
// today (and not after today).
func historyPart(name PartName, days []rules.Date, today rules.Date) Part {
	from := today.AddMonths(-LookBackMonths)
	n, latest := 0, rules.Date{}
	for _, d := range days {
		if d.Before(from) || d.After(today) {
			continue
		}
		n++
		if d.After(latest) {
			latest = d
		}
	}
	if n == 0 {
		return Part{}
	}
	p := part(name, n)
	p.Since, p.Days = latest, latest.DaysUntil(today)
	what, cite := "detention orders", rules.Citation("Karnataka 2025, Sch-IX")
	if name == PartRepeatOffence {
		what, cite = "offences penalised as repeats", "Karnataka 2025, Sch-IV (repeat offences doubled)"
	}
	p.Citation = cite
	p.Fact = fmt.Sprintf("%d %s since %s, the latest on %s", n, what, from, latest)
	return p
}
