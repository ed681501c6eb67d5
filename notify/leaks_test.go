package notify

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestEveryMailSaysNothingInternal: every kind of mail (Templates and
// AccountTemplates), to an owner and to a crew member, in English,
// Kannada and Hindi, with data reaching each of its branches (every
// document kind and grade, every overdue kind, every reason a penalty
// changes, deficiencies and statuses as reasons, the Sch-IV note and an
// order's powers as citations, a release with no conditions, an
// administrator's job alert of every kind, naming the job and the date,
// and one queued as older versions wrote it, the job's English report as
// its detail), and its
// HTML part, hold nothing internal (testkit.Leaks: no path, Go name,
// drafting tag, message id or mutation name, code name, SQL or stack) and,
// in Kannada and Hindi, no English word but the law's names.
func TestEveryMailSaysNothingInternal(t *testing.T) {
	due := time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC)
	base := Data{Vessel: leakVessel, Number: "KWR/DO/2026/0001", Due: due, Days: 30, Amount: 10000, Previous: 5000,
		Citation: "Karnataka 2025, Sch-IX para 6", By: due, Link: "https://tindal.example.gov.in/my/signin/abc",
		Email: "owner@example.in", Lines: []string{"NIL"},
		Reasons: []Reason{{Code: string(rules.CodeSurveyCertExpired)}, {Code: ReasonVesselStatus, Status: "detained"}}}
	var variants []Data
	for _, doc := range append(append([]string{}, leakDocs...), "01003") {
		d := base
		d.Doc = doc
		variants = append(variants, d)
		d.Holder = leakHolder
		variants = append(variants, d)
	}
	for _, g := range leakGrades {
		d := base
		d.Doc, d.Holder = string(g), leakHolder
		variants = append(variants, d)
	}
	for _, c := range []string{`Karnataka 2025, Sch-IV row 2; Karnataka 2025, Sch-IV note ("Fines or penalties shall be ` +
		`doubled from last penalties charged for next subsequent offences within a year")`,
		"section 85 of the Inland Vessels Act, 2021, and the Karnataka Inland Vessels Rules, 2025 (Sch-IX Annex-2)",
		string(rules.CitationEndorsed)} {
		for _, reason := range []string{PenaltyRepeat, PenaltyRepeatChanged, PenaltyEarlierRemoved, PenaltyCancelled,
			PenaltySetAside, PenaltyRecomputed} {
			d := base
			d.Citation, d.Row, d.Offence, d.Level, d.PreviousLevel, d.Reason, d.Earlier =
				c, "KA-F02", "Plying without a valid survey", 2, 1, reason, due
			variants = append(variants, d)
		}
	}
	kinds := append(append([]string{}, Templates...), AccountTemplates...)
	for _, lang := range []string{"en", "kn", "hi"} {
		for _, r := range []Recipient{{Type: RecipientOwner, ID: uuid.New(), Name: leakOwner, Language: lang},
			{Type: RecipientCrewMember, ID: uuid.New(), Name: leakHolder, Language: lang}} {
			for _, tpl := range kinds {
				ds := variants
				switch tpl {
				case TplCertificateExpiring, TplCertificateExpired, TplCoCLegacyDeadline, TplCoCRevalidationDue,
					TplPenaltyAdjusted:
				case TplJobAlert:
					// Each kind of alert, with the job, the date and a count;
					// and one queued in the shape older versions wrote, the
					// job's own English report as its detail.
					ds = nil
					for _, a := range []struct{ kind, job string }{{AlertJobFailed, "certificate-expiry"},
						{AlertJobStale, "notify-dispatch"}, {AlertBacklogWaiting, "housekeeping"},
						{AlertChainsDiffered, "repeat-offences"}} {
						d := base
						d.Reason, d.Doc, d.Count, d.Lines, d.Reasons = a.kind, a.job, 3, nil, nil
						ds = append(ds, d)
					}
					d := base
					d.Doc, d.Detail, d.Lines, d.Reasons = "housekeeping failed",
						"Run 0193f0a4-1c2b-7def-8abc-1234567890ab of housekeeping (now 2027-06-06) failed: "+
							"backlogReview: ERROR: relation \"mutation_backlog\" does not exist (SQLSTATE 42P01)",
						[]string{"KA-F02 level 1 → 2"}, nil
					ds = append(ds, d)
				default: // the others name a deficiency by its code, or nothing
					ds = []Data{base}
					for _, d := range variants {
						if d.Reason != "" {
							ds = append(ds, d)
						}
					}
					for i := range ds {
						ds[i].Doc = "03019"
					}
				}
				if tpl == TplInspectionOverdue {
					ds = nil
					for _, k := range []string{"survey_window", "licence_year", "pollution_inspection", "late_renewal",
						"registration_lapse"} {
						d := base
						d.Doc = k
						ds = append(ds, d)
					}
				}
				for _, d := range ds {
					out, err := Render(tpl, r, d)
					if err != nil {
						continue // a kind that does not take this data (an unknown overdue kind) says so
					}
					where, held := tpl+" ("+d.Doc+", "+d.Reason+")", lang
					text := out.Subject + "\n" + out.Body
					if tpl == TplJobAlert && d.Reason != "" {
						job, _ := locale.Default().Text(lang, "job."+d.Doc, nil)
						if !strings.Contains(out.Subject+out.Body, job) || !strings.Contains(out.Body, locale.Date(lang, due)) {
							t.Errorf("%s in %s does not name the job %q and the date:\n%s", where, lang, job, text)
						}
					}
					testkit.ScanText(t, where, text, held, leakVessel, leakOwner, leakHolder, "Tindal")
					testkit.ScanText(t, where+" HTML", htmlText(HTMLOf(out.Body, lang)), held, leakVessel, leakOwner,
						leakHolder, "Tindal")
				}
			}
		}
	}
}

// htmlText is what a person reads of an HTML part.
func htmlText(h string) string {
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(h, " "))
}
