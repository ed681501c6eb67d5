package rules

import "fmt"

// BasicSafetyCourses are the five basic safety courses a GP rating and all
// existing crew must complete: Elementary First Aid, Personal Survival
// Techniques, Personal Safety and Social Responsibility, Fire Prevention
// and Fire Fighting, Security Training for Seafarers with Designated
// Security Duties (Karnataka 2025, r.125, Sch-XV A(2); Form-15 says 4, the
// rules list 5: docs/LAW.md §11 Q19 reads 5).
func BasicSafetyCourses() []string { return []string{"EFA", "PST", "PSSR", "FPFF", "STSDSD"} }

// GPCandidate is an applicant for a GP rating certificate.
type GPCandidate struct {
	Existing          bool `json:"existing"` // existing crew (r.125(2)) rather than a new candidate (r.125(1))
	BornOn            Date `json:"born_on"`
	AppliedOn         Date `json:"applied_on"`
	Indian            bool `json:"indian"`
	Standard          int  `json:"standard"`           // school standard passed (10 = 10th)
	TraditionalExempt bool `json:"traditional_exempt"` // DA exemption for traditional boatmen/fishermen
	LanguageOK        bool `json:"language_ok"`        // Hindi/English/Kannada (existing: or a regional language)
	SailingMonths     int  `json:"sailing_months"`     // before the rules came into force (existing only)
	// preparatory (new) or bridging and conversion (existing) course
	CourseDone    bool     `json:"course_done"`
	MedicallyFit  bool     `json:"medically_fit"` // Form-1 (Manning)
	SafetyCourses []string `json:"safety_courses"`
}

// GPEligibility is the result of CheckGPRating.
type GPEligibility struct {
	Eligible bool     `json:"eligible"`
	Unmet    []string `json:"unmet"`
	Trace    Trace    `json:"trace"`
}

// CheckGPRating checks a candidate against Karnataka 2025 r.125. Age is in
// completed years on the application date and must be 18 to 25 (new) or 18
// to 50 (existing), both inclusive (docs/LAW.md §11 Q20); a 29 February birthday
// falls on 28 February in a common year.
func CheckGPRating(c GPCandidate) GPEligibility {
	cite, maxAge, minStd := Citation("Karnataka 2025, r.125(1)"), 25, 10
	if c.Existing {
		cite, maxAge, minStd = "Karnataka 2025, r.125(2)", 50, 8
	}
	e := GPEligibility{Trace: Trace{RuleSet: string(RegimeKarnataka2025)}, Unmet: []string{}}
	check := func(ok bool, what string) {
		if !ok {
			e.Unmet = append(e.Unmet, what)
		}
		e.Trace.Add("manning.gp_rating", cite, "%s: %v", what, ok)
	}
	age := AgeOn(c.BornOn, c.AppliedOn)
	check(age >= 18 && age <= maxAge, fmt.Sprintf("age %d within 18-%d", age, maxAge))
	check(c.Indian, "indian citizen")
	check(c.Standard >= minStd || c.TraditionalExempt, fmt.Sprintf("education: standard %d passed or exempt", minStd))
	check(c.LanguageOK, "language")
	check(!c.Existing || c.SailingMonths >= 12, "12 months' sailing experience")
	check(c.CourseDone, "preparatory or bridging course")
	check(c.MedicallyFit, "medical fitness")
	check(missingCourses(c.SafetyCourses) == "", "basic safety courses"+missingCourses(c.SafetyCourses))
	e.Eligible = len(e.Unmet) == 0
	return e
}

// missingCourses names the basic safety courses not in done, or "".
func missingCourses(done []string) string {
	have := map[string]bool{}
	for _, d := range done {
		have[d] = true
	}
	out := ""
	for _, c := range BasicSafetyCourses() {
		if !have[c] {
			out += " −" + c
		}
	}
	return out
}

// AgeOn is the age in completed years on a date.
func AgeOn(born, on Date) int {
	age := on.Year - born.Year
	if born.AddYears(age).After(on) {
		age--
	}
	return age
}
