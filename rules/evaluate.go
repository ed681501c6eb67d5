package rules

import "time"

// Source is where a deficiency came from. Deficiencies are recomputed, not
// trusted (docs/LAW.md §12): the inspector's findings are merged with those derived
// from the checklist, the registry and the manning rules.
type Source string

// Sources of a deficiency.
const (
	SourceInspector Source = "inspector"
	SourceChecklist Source = "checklist"
	SourceRegistry  Source = "registry"
	SourceManning   Source = "manning"
)

// Answer is an answer to a checklist item.
type Answer string

// Checklist answers.
const (
	AnswerYes Answer = "yes"
	AnswerNo  Answer = "no"
	AnswerNA  Answer = "na"
)

// ChecklistItem is one item of an inspection template: the item fails, and
// deficiency Code is raised, when the answer is FailWhen.
type ChecklistItem struct {
	ID       string `json:"id"`
	Code     Code   `json:"code"`
	FailWhen Answer `json:"fail_when"`
}

// InspectedVessel are the particulars of the vessel as found at inspection.
type InspectedVessel struct {
	ID                  string     `json:"id"`
	OwnerID             string     `json:"owner_id"`
	Regime              Regime     `json:"regime"`
	Kind                VesselKind `json:"kind"`
	Category            Category   `json:"category,omitempty"`
	Zone                Zone       `json:"zone,omitempty"`
	EnginePower         float64    `json:"engine_power,omitempty"`
	PowerUnit           PowerUnit  `json:"power_unit,omitempty"`
	LengthM             float64    `json:"length_m,omitempty"`
	Use                 Use        `json:"use,omitempty"`
	PassengersCarried   int        `json:"passengers_carried"`
	PassengersCertified int        `json:"passengers_certified"` // 0 = not known
	CargoTonnes         float64    `json:"cargo_tonnes,omitempty"`
	CargoPermitted      float64    `json:"cargo_permitted,omitempty"` // 0 = not known
	SpecialCategory     bool       `json:"special_category,omitempty"`
	// DangerousGoods: dangerous goods or flammable liquids carried (r.102 Note).
	DangerousGoods bool `json:"dangerous_goods,omitempty"`
	Towing         bool `json:"towing,omitempty"`        // non-mechanised cargo boat in tow (r.124)
	LakeOnly       bool `json:"lake_only,omitempty"`     // plies only in lake or still waters (r.124)
	NoPropulsion   bool `json:"no_propulsion,omitempty"` // engines not used for propulsion
}

// Finding is a deficiency the inspector recorded.
type Finding struct {
	Code              Code                   `json:"code"`
	Action            ActionCode             `json:"action,omitempty"`
	Note              string                 `json:"note,omitempty"`
	Rectified         bool                   `json:"rectified,omitempty"`
	Persons           int                    `json:"persons,omitempty"` // crew or passengers concerned (Sch-IV rows 7, 10)
	InspectionActions []InspectionActionCode `json:"inspection_actions,omitempty"`
}

// InspectionInput is everything Evaluate needs about one inspection.
type InspectionInput struct {
	InspectionID string          `json:"inspection_id"`
	Vessel       InspectedVessel `json:"vessel"`
	// At is the inspection's corrected time (docs/SYNC.md), never the sync time.
	At        time.Time         `json:"at"`
	Checklist []ChecklistItem   `json:"checklist"`
	Answers   map[string]Answer `json:"answers"`
	// Certificates are the vessel's certificates in the registry as of the
	// inspection date; Withdrawn lists kinds suspended or cancelled then.
	Certificates            []CertificateRecord `json:"certificates"`
	Withdrawn               []CertificateKind   `json:"withdrawn,omitempty"`
	LastPollutionInspection Date                `json:"last_pollution_inspection,omitempty"`
	Crew                    []CrewOnBoard       `json:"crew"`
	Findings                []Finding           `json:"findings"`
}

// PenaltyRef is the first-offence penalty a deficiency attracts. Repeat
// levels need the party's history and come from RecomputeChain.
type PenaltyRef struct {
	Row          PenaltyRowID `json:"row"`
	FirstOffence Rupees       `json:"first_offence"`
	Maximum      Rupees       `json:"maximum,omitempty"` // for rows whose amount is a ceiling
	Citation     Citation     `json:"citation"`
}

// Deficiency is one entry of the evaluated deficiency list (Sch-IX Form B).
type Deficiency struct {
	Code              Code                   `json:"code"`
	Known             bool                   `json:"known"` // false if the code is not in the catalogue
	Title             string                 `json:"title"`
	Area              Area                   `json:"area"`
	Sources           []Source               `json:"sources"`
	Action            ActionCode             `json:"action"`
	Due               Due                    `json:"due"`
	Detainable        bool                   `json:"detainable"`
	LiableParty       Party                  `json:"liable_party"`
	Penalty           *PenaltyRef            `json:"penalty,omitempty"`
	Rectified         bool                   `json:"rectified"`
	Persons           int                    `json:"persons,omitempty"`
	Notes             []string               `json:"notes,omitempty"`
	Details           []string               `json:"details,omitempty"`
	LegalRefs         []Citation             `json:"legal_refs"`
	InspectionActions []InspectionActionCode `json:"inspection_actions,omitempty"`
}

// ProposedOffence is one Sch-IV offence the inspection supports, at its
// first-offence amount: several deficiencies under one row are one offence;
// per-person rows count persons.
type ProposedOffence struct {
	Row          PenaltyRowID `json:"row"`
	LiableParty  Party        `json:"liable_party"`
	Codes        []Code       `json:"codes"`
	Persons      int          `json:"persons,omitempty"`
	FirstOffence Rupees       `json:"first_offence"`
	Citation     Citation     `json:"citation"`
}

// DetentionProposal suggests detention; the supervisor decides
// (Karnataka 2025, Sch-IX para 2.3; docs/LAW.md §4.2).
type DetentionProposal struct {
	Proposed bool     `json:"proposed"`
	Codes    []Code   `json:"codes,omitempty"` // deficiencies with 06 or failed Sch-IX criteria
	Citation Citation `json:"citation,omitempty"`
}

// Evaluation is the law's reading of one inspection.
type Evaluation struct {
	RuleSet           string                 `json:"rule_set"`
	InspectionID      string                 `json:"inspection_id"`
	Date              Date                   `json:"date"`
	Deficiencies      []Deficiency           `json:"deficiencies"` // ordered by code
	Offences          []ProposedOffence      `json:"offences"`     // ordered by row
	Detention         DetentionProposal      `json:"detention"`
	InspectionActions []InspectionActionCode `json:"inspection_actions"` // suggested
	Trace             Trace                  `json:"trace"`
}

// Evaluate reads an inspection under rule set rs: it derives deficiencies
// from the checklist, the registry and the manning rules, merges them with
// the inspector's findings by code (dropping none), fixes action codes and
// due dates, and proposes penalties and detention, with a trace. The output
// is deterministic and does not depend on the order of slices or maps in in.
func Evaluate(rs *RuleSet, in InspectionInput) Evaluation {
	ev := Evaluation{RuleSet: rs.ID, InspectionID: in.InspectionID, Date: DateOf(in.At), Trace: Trace{RuleSet: rs.ID}}
	if in.Vessel.Regime != rs.Regime {
		ev.Trace.Add(
			"ruleset.regime_mismatch",
			CitationTindalReading,
			"vessel regime %q judged by rule set %s of regime %q",
			in.Vessel.Regime,
			rs.ID,
			rs.Regime,
		)
	}
	m := newEvalMerger(rs, ev.Date, &ev.Trace)
	evalChecklist(m, in)
	evalParticulars(m, in)
	evalRegistry(m, rs, in, ev.Date)
	for _, d := range manningDeficiencies(rs, in, &ev.Trace) {
		m.derive(d)
	}
	for _, f := range evalSortedFindings(in.Findings) {
		m.inspector(f)
	}
	ev.Deficiencies = m.finish()
	ev.Offences = evalOffences(rs, ev.Deficiencies, &ev.Trace)
	ev.Detention = evalDetention(rs, ev.Deficiencies, &ev.Trace)
	ev.InspectionActions = evalInspectionActions(rs, ev, &ev.Trace)
	return ev
}
