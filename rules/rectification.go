package rules

// Closure is how an open deficiency may be closed after the inspection:
// remotely, on the owner's evidence (a photo of the renewed document or of
// the replaced equipment) accepted by a supervisor, or only by a
// re-inspection on board.
type Closure string

// Ways a deficiency closes.
const (
	ClosureRemote       Closure = "remote"
	ClosureReinspection Closure = "reinspection"
)

// ClosureRule is the decision for one deficiency and why.
type ClosureRule struct {
	Closure  Closure  `json:"closure"`
	Rule     string   `json:"rule"` // a stable name, e.g. "detainable_06"
	Reason   string   `json:"reason"`
	Citation Citation `json:"citation"`
}

// Remote reports whether the deficiency may close on evidence.
func (c ClosureRule) Remote() bool { return c.Closure == ClosureRemote }

// Citations of the closure rules. The law names the re-inspection for
// detention (Sch-IX Annex-1: the vessel "must be presented for
// re-inspection by a Surveyor") and physical verification of rectification
// (r.24: closure "subject to physical verification of rectification"); it
// does not list which other deficiencies may close on documents (Sch-IX
// para 3, r.115(1): production of the CoR/CoS) or on a photo of replaced
// equipment (Form B action codes 03/05). Those two are Tindal's reading
// where the rule is silent, and their reasons say so in words. Citations
// are the law as cited, nothing else: pages print them in every language.
const (
	citeDetention    Citation = "Karnataka 2025, Sch-IX Annex-1, Sch-IX para 2.4"
	citeBeforeDepart Citation = "Karnataka 2025, Sch-IX Form B, r.24"
	citeDocuments    Citation = "Karnataka 2025, Sch-IX para 3, r.115(1)"
	citeEquipment    Citation = "Karnataka 2025, Sch-IX Form B"
)

// closureRules are the rules in the order they are tried: the first that
// matches decides. A deficiency matches by its action code, its code, or
// its area (the category of the catalogue).
var closureRules = []struct {
	rule, reason string
	cite         Citation
	closure      Closure
	match        func(c Code, a ActionCode) bool
}{
	{
		"detainable_06",
		"a detainable deficiency (action code 06) ends only with a re-inspection and a release order",
		citeDetention,
		ClosureReinspection,
		func(c Code, a ActionCode) bool { return a == Action06 || c.Area() == AreaDetention },
	},
	{
		"hardware_before_departure",
		"structure, machinery or fixed equipment to be put right before departure (action code 04) is verified on board",
		citeBeforeDepart,
		ClosureReinspection,
		func(c Code, a ActionCode) bool { return a == Action04 && hardware(c) },
	},
	{"documents", "Tindal's reading where the rule is silent: a certificate or document is shown by a copy " +
		"of the renewed document", citeDocuments, ClosureRemote,
		func(c Code, _ ActionCode) bool { return c.Area() == AreaDocuments || c.Area() == AreaManning }},
	{"equipment", "Tindal's reading where the rule is silent: replaced or repaired equipment is shown by a " +
		"photo of it in place", citeEquipment, ClosureRemote,
		func(Code, ActionCode) bool { return true }},
}

// hardwareAreas are the areas whose every item is structure or machinery.
var hardwareAreas = map[Area]bool{AreaStability: true, AreaMachinery: true}

// hardwareCodes are fixed installations in otherwise portable areas.
var hardwareCodes = map[Code]bool{
	CodeFirePumpMissing: true, CodeVHFMissing: true, CodeAISMissing: true, CodeSearchlightMissing: true,
	CodeRudderIndicatorMissing: true, CodeCompassMissing: true, CodeNavLightsMissing: true, CodeSoundSignalMissing: true,
	CodeOilyWasteTankMissing: true, CodeBioDigesterMissing: true, CodeGarbageRetentionMissing: true,
}

func hardware(c Code) bool { return hardwareAreas[c.Area()] || hardwareCodes[c] }

// ClosureFor decides how a deficiency of code c with action code a closes.
// Pure: the same inputs give the same rule.
func ClosureFor(c Code, a ActionCode) ClosureRule {
	for _, r := range closureRules {
		if r.match(c, a) {
			return ClosureRule{Closure: r.closure, Rule: r.rule, Reason: r.reason, Citation: r.cite}
		}
	}
	return ClosureRule{} // unreachable: the last rule matches everything
}

// RectifiedAction is the action code recorded when a supervisor accepts a
// rectification: 01 "Deficiency rectified" (Karnataka 2025, Sch-IX, after
// Form B; docs/LAW.md §4.1).
const RectifiedAction = Action01

// OverduePenalty is what the law provides when a deficiency's due date
// lapses unrectified. Schedule-IV has no fine for missing a rectification
// date; r.13 provides that the Certificate of Survey is cancelled and the
// Form-18 challan served (pay the penalties and rectify within 15 days)
// when the conditions of a notice are not rectified in time. So the
// proposal is that sanction, for a supervisor to decide, with the
// deficiency's own Sch-IV row (if any) charged on the challan.
type OverduePenalty struct {
	Proposed   bool     `json:"proposed"`
	Sanction   string   `json:"sanction"`
	PenaltyRow string   `json:"penalty_row,omitempty"`
	Citation   Citation `json:"citation"`
}

// OverdueProposal is the escalation of a lapsed due date for a deficiency
// with the given Sch-IV row ("" for none).
func OverdueProposal(row PenaltyRowID) OverduePenalty {
	p := OverduePenalty{Proposed: true, Citation: "Karnataka 2025, r.13; Sch-I Form-18",
		Sanction: "suspension notice not complied with: cancel the Certificate of Survey and " +
			"serve the Form-18 challan (pay and rectify within 15 days)"}
	if row != "" {
		p.PenaltyRow = string(row)
	}
	return p
}
