package rules

// Bring is one thing the law asks of an owner who renews a certificate or
// presents the vessel for a survey: a text the owners' pages hold
// (my.bring.<Key> in web/messages) and the rule it comes from. Only what
// the rules say is listed; where they name nothing, the list is empty and
// the page says so.
type Bring struct {
	Key      string
	Citation Citation
}

// bringKey keys what to bring by the certificate's regime and kind.
type bringKey struct {
	Regime Regime
	Kind   CertificateKind
}

// nonMechSurvey is what renewing a non-mechanised boat's Certificate of
// Survey, or its annual survey, asks (docs/LAW.md §2.2, §3.2).
var nonMechSurvey = []Bring{
	{"survey_application", "Karnataka 2025, r.108"},
	{"cor_and_cos", "Karnataka 2025, r.114"},
	{"boat_surveyor", "Karnataka 2025, r.113(1)"},
	{"survey_window", "Karnataka 2025, r.109(2), r.102(1)(n)"},
	{"late_renewal", "Karnataka 2025, r.113(2)"},
}

// toBring is what the rules in the sources ask for each certificate
// (docs/LAW.md §2.1, §2.2, §2.4): the application form, the papers that
// go with it, and what the office inspects.
var toBring = map[bringKey][]Bring{
	{RegimeKarnataka2025, CertNonMechSurvey}: nonMechSurvey,
	{RegimeKarnataka2025, CertSurvey}: {
		{"survey_application_mech", "Karnataka 2025, r.9(c)"},
		{"survey_types", "Karnataka 2025, Sch-I Form-1"},
	},
	{RegimeKarnataka2025, CertProvisionalSurvey}: {
		{"provisional_application", "Karnataka 2025, r.10(2), Sch-X"},
		{"provisional_term", "Karnataka 2025, r.10(2), r.150"},
	},
	{RegimeKarnataka2025, CertDeclarationOfSurvey}: {
		{"declaration_lapses", "Karnataka 2025, Sch-I Form-2"},
		{"survey_application_mech", "Karnataka 2025, r.9(c)"},
	},
	{RegimeKarnataka2025, CertPollution}: {
		{"pollution_inspection", "Karnataka 2025, r.63"},
		{"pollution_displayed", "Karnataka 2025, r.52"},
	},
	{RegimeKarnataka2025, CertInsurance}: {
		{"insurance_insurer", "Karnataka 2025, r.81"},
	},
	{RegimeKarnataka2025, CertFitness}: {
		{"fitness_with_survey", "Karnataka 2025, r.98, r.99, Sch-V-2"},
	},
	{RegimeParadip1967, CertParadipLicence}: {
		{"licence_inspection", "Paradip 1967, r.4(4), r.11"},
		{"licence_fee", "Paradip 1967, r.28"},
	},
}

// WhatToBring is what the law asks to renew a certificate of kind under
// regime, or to present the vessel for the survey it needs; nil where the
// rules in the sources name nothing.
func WhatToBring(regime Regime, kind CertificateKind) []Bring {
	return toBring[bringKey{regime, kind}]
}

// BringKeys are every text key WhatToBring can give, for the catalogues'
// tests.
func BringKeys() []string {
	seen := map[string]bool{}
	var out []string
	for _, bs := range toBring {
		for _, b := range bs {
			if !seen[b.Key] {
				seen[b.Key] = true
				out = append(out, b.Key)
			}
		}
	}
	return out
}
