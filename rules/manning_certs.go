package rules

import "fmt"

// schXVEquivalents is Karnataka 2025 Sch-XV E: after the revalidation
// course the old certificate is replaced by the new CoC. The three "motor"
// grades are mapped to the same class (docs/LAW.md §7.6 proposal; not stated
// in the sources).
var schXVEquivalents = map[CertificateGrade]CertificateGrade{
	GradeSerang:                       GradeMasterClass3,
	GradeSecondClassMaster:            GradeMasterClass2,
	GradeFirstClassMaster:             GradeMasterClass1,
	GradeSecondClassEngineDriver:      GradeEngineDriverClass2,
	GradeFirstClassEngineDriver:       GradeEngineDriverClass1,
	GradeEngineer:                     GradeInlandVesselEngineer,
	GradeSecondClassMotorEngineDriver: GradeEngineDriverClass2,
	GradeFirstClassMotorEngineDriver:  GradeEngineDriverClass1,
	GradeMotorEngineer:                GradeInlandVesselEngineer,
}

// proposedEquivalents are the mappings the digest proposes rather than the law.
var proposedEquivalents = map[CertificateGrade]bool{
	GradeSecondClassMotorEngineDriver: true, GradeFirstClassMotorEngineDriver: true, GradeMotorEngineer: true,
}

// karnatakaCoCGrades are the competency grades subject to 5-yearly
// revalidation (Karnataka 2025, Sch-XV F).
var karnatakaCoCGrades = map[CertificateGrade]bool{
	GradeMasterClass1: true, GradeMasterClass2: true, GradeMasterClass3: true,
	GradeEngineDriverClass1: true, GradeEngineDriverClass2: true, GradeInlandVesselEngineer: true,
}

// IsLegacyCertificate reports whether a certificate is, for Karnataka 2025,
// a pre-Act certificate: flagged Legacy or of an old grade that Sch-XV E
// replaces.
func IsLegacyCertificate(c CrewCertificate) bool {
	_, old := schXVEquivalents[c.Grade]
	return c.Legacy || old
}

// CertificateCounts reports whether a crew certificate counts on a date
// under a regime, with the reason and the rule. In every regime it must be
// issued and not past its endorsed expiry. In Karnataka 2025 a legacy
// certificate counts until the earlier of its endorsed expiry and the
// legacy deadline (r.32(2), r.34(3), Sch-XV G) unless revalidated, after
// which it counts as the new CoC for 5 years from revalidation (Sch-XV E,
// F); a new CoC counts for 5 years from issue or last revalidation (Sch-XV
// F). Validity days are inclusive: a certificate whose date is on counts.
func CertificateCounts(c CrewCertificate, regime Regime, on, legacyDeadline Date) (bool, string, Citation) {
	if !c.IssuedOn.IsZero() && c.IssuedOn.After(on) {
		return false, fmt.Sprintf("not issued until %s", c.IssuedOn), ""
	}
	if regime != RegimeKarnataka2025 {
		return endorsedExpiry(c, on)
	}
	if IsLegacyCertificate(c) {
		return legacyCounts(c, on, LegacyDeadlineOrDefault(legacyDeadline))
	}
	if ok, why, cite := endorsedExpiry(c, on); !ok {
		return ok, why, cite
	}
	if karnatakaCoCGrades[c.Grade] {
		return revalidationCounts(c, on)
	}
	return true, "valid", ""
}

// endorsedExpiry checks the expiry date written on the certificate.
func endorsedExpiry(c CrewCertificate, on Date) (bool, string, Citation) {
	if !c.ExpiresOn.IsZero() && on.After(c.ExpiresOn) {
		return false, fmt.Sprintf("expired on %s", c.ExpiresOn), ""
	}
	return true, "valid", ""
}

// legacyCounts applies the Karnataka 2025 transition to a legacy certificate.
func legacyCounts(c CrewCertificate, on, deadline Date) (bool, string, Citation) {
	if !c.RevalidatedOn.IsZero() && !c.RevalidatedOn.After(on) {
		due := c.RevalidatedOn.AddYears(5)
		if on.After(due) {
			return false, fmt.Sprintf(
				"revalidated %s; next revalidation was due %s",
				c.RevalidatedOn,
				due,
			), "Karnataka 2025, Sch-XV F"
		}
		return true, fmt.Sprintf(
			"legacy certificate revalidated %s, counts as the new CoC until %s",
			c.RevalidatedOn,
			due,
		), "Karnataka 2025, Sch-XV E, F"
	}
	end := LegacyCoCExpiry(c.ExpiresOn, deadline)
	if on.After(end) {
		return false, fmt.Sprintf(
			"legacy certificate not revalidated, valid only until %s",
			end,
		), "Karnataka 2025, r.32(2), Sch-XV G"
	}
	return true, fmt.Sprintf(
		"legacy certificate valid until %s (earlier of endorsed expiry and deadline %s)",
		end,
		deadline,
	), "Karnataka 2025, r.32(2), Sch-XV G"
}

// revalidationCounts applies 5-yearly revalidation to a new CoC. Without
// an issue date the clock cannot be run and the certificate is taken as
// current.
func revalidationCounts(c CrewCertificate, on Date) (bool, string, Citation) {
	if c.IssuedOn.IsZero() && c.RevalidatedOn.IsZero() {
		return true, "issue date unknown: revalidation not checked", "Karnataka 2025, Sch-XV F"
	}
	due := CompetencyRevalidationDue(c.IssuedOn, c.RevalidatedOn)
	if on.After(due) {
		return false, fmt.Sprintf("revalidation was due %s", due), "Karnataka 2025, Sch-XV F"
	}
	return true, fmt.Sprintf("valid; revalidation due %s", due), "Karnataka 2025, Sch-XV F"
}

// held is one grade a person can act under: the grade as held and, through
// an equivalence, the grade it counts as.
type held struct {
	grade, as CertificateGrade
	via       string
}

// holder is a crew member with the grades that count on the date.
type holder struct {
	id     string
	owner  bool
	grades []held
}

// crewHoldings evaluates every crew certificate on in.On and records why
// each does or does not count.
func crewHoldings(in ManningInput, tr *Trace) []holder {
	out := make([]holder, 0, len(in.Crew))
	for _, m := range in.Crew {
		h := holder{id: m.ID, owner: m.Role == RoleOwner}
		for _, c := range m.Certificates {
			ok, why, cite := CertificateCounts(c, in.Regime, in.On, in.LegacyDeadline)
			tr.Add("manning.certificate", cite, "%s %s: %s", m.ID, c.Grade, why)
			if ok {
				h.grades = append(h.grades, heldAs(c.Grade, in.Regime))
			}
		}
		out = append(out, h)
	}
	return out
}

// heldAs adds the Sch-XV E equivalent of an old grade in Karnataka 2025.
func heldAs(g CertificateGrade, regime Regime) held {
	h := held{grade: g, as: g}
	if regime != RegimeKarnataka2025 {
		return h
	}
	if n, ok := schXVEquivalents[g]; ok {
		h.as = n
		h.via = fmt.Sprintf("%s → %s (Karnataka 2025, Sch-XV E)", g, n)
		if proposedEquivalents[g] {
			h.via = fmt.Sprintf("%s → %s (docs/LAW.md §7.6 proposal)", g, n)
		}
	}
	return h
}
