package rules

import (
	"fmt"
	"sort"
)

// evalCertCheck is the registry's answer for one kind of certificate.
type evalCertCheck struct {
	found   bool   // a record of the kind exists
	valid   bool   // one is in force on the date
	expiry  Date   // latest expiry among the records (zero if none derivable)
	number  string // number of the record giving the answer
	because string // why it is not valid
}

// evalRegistry derives deficiencies from the registry's certificates as of
// the inspection date: an expired survey certificate is a deficiency
// whether or not the inspector noticed (docs/LAW.md §12).
func evalRegistry(m *evalMerger, rs *RuleSet, in InspectionInput, on Date) {
	v := in.Vessel
	switch {
	case rs.Regime == RegimeKarnataka2025 && v.Kind == KindHarbourCraft:
		// A harbour craft holds its licence under the Karnataka Harbour
		// Craft Rules, 1963 (not among the sources; docs/LAW.md §1.6, Q13) and
		// passes through the inland waterways on the DA's endorsement
		// (r.15(1)): the IV Act's CoR, CoS and insurance are not its
		// documents, so none is charged as missing.
		m.tr.Add(
			"registry.harbour_craft",
			"Karnataka 2025, r.15(1)",
			"harbour craft licensed under the Karnataka Harbour Craft Rules, 1963: no IV "+
				"Act certificate derived; the endorsement for the passage is the inspector's "+
				"question",
		)
	case rs.Regime == RegimeKarnataka2025 && v.Kind == KindNonMechanised:
		evalRequire(m, in, on, CertRegistration, CodeRegistrationInvalid)
		evalSurvey(m, in, on, CertNonMechSurvey)
		evalRequire(m, in, on, CertInsurance, CodeInsuranceInvalid)
	case rs.Regime == RegimeKarnataka2025:
		evalRequire(m, in, on, CertRegistration, CodeRegistrationInvalid)
		evalSurvey(m, in, on, CertSurvey)
		evalRequire(m, in, on, CertInsurance, CodeInsuranceInvalid)
		evalPollution(m, in, on)
		if v.SpecialCategory {
			evalFitness(m, in, on)
		}
	case rs.Regime == RegimeParadip1967:
		evalRequire(m, in, on, CertParadipLicence, CodeLicenceInvalid)
	default:
		m.tr.Add("registry.none", CitationTindalReading,
			"regime %s: no vessel certificate to check in the sources", rs.Regime)
	}
}

// evalCheck finds whether a certificate of kind is in force on date on.
func evalCheck(in InspectionInput, on Date, kind CertificateKind) evalCertCheck {
	var res evalCertCheck
	certs := append([]CertificateRecord(nil), in.Certificates...)
	sort.Slice(certs, func(i, j int) bool { return certs[i].Number < certs[j].Number })
	for _, c := range certs {
		if c.Kind != kind {
			continue
		}
		res.found = true
		exp, _, hasExp := CertificateExpiry(c)
		if hasExp && exp.After(res.expiry) {
			res.expiry = exp
		}
		switch {
		case evalWithdrawn(in, kind):
			res.because = "suspended or cancelled"
		case !c.IssuedOn.IsZero() && c.IssuedOn.After(on):
			res.because = fmt.Sprintf("not issued until %s", c.IssuedOn)
		case hasExp && exp.Before(on):
			res.because = fmt.Sprintf("expired %s", exp)
		default:
			res.valid, res.number, res.because = true, c.Number, ""
			return res
		}
		res.number = c.Number
	}
	if !res.found {
		res.because = "none recorded in the registry"
	}
	return res
}

func evalWithdrawn(in InspectionInput, kind CertificateKind) bool {
	for _, k := range in.Withdrawn {
		if k == kind {
			return true
		}
	}
	return false
}

// evalRequire raises code unless a certificate of kind is in force.
func evalRequire(m *evalMerger, in InspectionInput, on Date, kind CertificateKind, code Code) evalCertCheck {
	chk := evalCheck(in, on, kind)
	if chk.valid {
		m.tr.Add("registry.valid", CitationTindalReading, "%s %s in force on %s", kind, chk.number, on)
		return chk
	}
	m.tr.Add("registry.invalid", CitationTindalReading, "%s: %s on %s → %s", kind, chk.because, on, code)
	m.derive(evalDerived{Code: code, Source: SourceRegistry, Detail: evalCertDetail(kind, chk)})
	return chk
}

// evalCertDetail says which certificate failed and why.
func evalCertDetail(kind CertificateKind, chk evalCertCheck) string {
	if chk.number == "" {
		return fmt.Sprintf("%s: %s", kind, chk.because)
	}
	return fmt.Sprintf("%s %s: %s", kind, chk.number, chk.because)
}

// evalSurvey checks the Certificate of Survey, accepting a provisional one
// within its 3 months (Karnataka 2025, r.9, r.10(2), r.113, Sch-X), and
// flags a non-mechanised renewal more than 60 days late (r.113(2)).
func evalSurvey(m *evalMerger, in InspectionInput, on Date, kind CertificateKind) {
	full := evalCheck(in, on, kind)
	prov := evalCheck(in, on, CertProvisionalSurvey)
	switch {
	case full.valid:
		m.tr.Add("registry.valid", "Karnataka 2025, r.9", "%s %s in force on %s", kind, full.number, on)
	case prov.valid:
		m.tr.Add(
			"registry.provisional",
			"Karnataka 2025, r.10(2)",
			"provisional CoS %s in force on %s (at most 3 months)",
			prov.number,
			on,
		)
	case prov.found:
		m.derive(
			evalDerived{
				Code:   CodeProvisionalSurveyExpired,
				Source: SourceRegistry,
				Detail: fmt.Sprintf("provisional CoS %s: %s", prov.number, prov.because),
			},
		)
	default:
		m.derive(evalDerived{Code: CodeSurveyCertExpired, Source: SourceRegistry, Detail: evalCertDetail(kind, full)})
	}
	if kind == CertNonMechSurvey && !full.valid && !full.expiry.IsZero() && on.After(LateRenewalDeadline(full.expiry)) {
		m.derive(evalDerived{Code: CodeSurveyRenewalLate, Source: SourceRegistry,
			Detail: fmt.Sprintf("CoS expired %s, more than 60 days before %s; fine amount not in Sch-IV (Q9)", full.expiry, on)})
	}
}

// evalPollution checks the pollution certificate (Karnataka 2025, r.52, at
// most 5 years) and the annual pollution inspection (r.63, 12 months).
func evalPollution(m *evalMerger, in InspectionInput, on Date) {
	chk := evalRequire(m, in, on, CertPollution, CodePollutionCertInvalid)
	last := in.LastPollutionInspection
	if last.IsZero() && chk.valid {
		last = evalIssued(in, CertPollution, chk.number)
	}
	if last.IsZero() {
		return
	}
	if due := PollutionInspectionDue(last); on.After(due) {
		m.derive(evalDerived{Code: CodePollutionInspectionOverdue, Source: SourceRegistry,
			Detail: fmt.Sprintf("last pollution inspection %s, due by %s", last, due)})
	}
}

// evalFitness checks a special category vessel's Certificate of Fitness,
// whose validity is synchronised with the CoS (Karnataka 2025, r.98-r.99,
// Sch-V-2; docs/LAW.md §11 Q32).
func evalFitness(m *evalMerger, in InspectionInput, on Date) {
	chk := evalRequire(m, in, on, CertFitness, CodeFitnessCertInvalid)
	if chk.valid && !evalCheck(in, on, CertSurvey).valid {
		m.tr.Add(
			"registry.fitness_sync",
			"Karnataka 2025, Sch-V-2",
			"CoF %s runs with the CoS, which is not in force (Q32)",
			chk.number,
		)
		m.derive(
			evalDerived{
				Code:   CodeFitnessCertInvalid,
				Source: SourceRegistry,
				Detail: "CoF synchronised with a CoS that is not in force",
			},
		)
	}
}

func evalIssued(in InspectionInput, kind CertificateKind, number string) Date {
	for _, c := range in.Certificates {
		if c.Kind == kind && c.Number == number {
			return c.IssuedOn
		}
	}
	return Date{}
}
