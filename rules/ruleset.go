package rules

import (
	"errors"
	"fmt"
	"sort"
)

// RuleSet is one version of the law for one regime: the tariff of fines and
// the settings for every point the law leaves open (docs/LAW.md §11). A new version is added,
// never edited, when the law or a reading changes; an inspection stores the
// ID of the rule set it was judged by and is re-read with RuleSetByID
// (docs/LAW.md §12).
type RuleSet struct {
	// ID names the version, e.g. "KA-IV-2025-draft.1". Stable forever.
	ID string `json:"id"`
	// Regime is the body of law this version encodes.
	Regime Regime `json:"regime"`
	// EffectiveFrom is the first day this version is in force. For
	// Karnataka 2025 it is a setting: the draft comes into force on final
	// publication, date unknown (docs/LAW.md §0, Q4, KA_RULES_COMMENCEMENT_DATE).
	EffectiveFrom Date `json:"effective_from"`
	// Draft marks a version encoding a draft that is not yet law.
	Draft bool `json:"draft"`
	// Notes says where the version comes from and what is provisional.
	Notes string `json:"notes"`
	// LegacyCoCDeadline is the date until which pre-Act certificates of
	// competency stay valid, unless their endorsed validity ends earlier
	// (Karnataka 2025, r.32(2), r.34(3), Sch-XV G; docs/LAW.md §11 Q4
	// COC_TRANSITION_DEADLINE). The Centre may move it, hence a setting.
	LegacyCoCDeadline Date `json:"legacy_coc_deadline"`
	// Fines is the Schedule-IV tariff in force for this version, keyed by
	// row (docs/LAW.md §5.1). Empty for regimes that state no amounts.
	Fines map[PenaltyRowID]Rupees `json:"fines"`
	// Repeat holds the settings of the repeat-offence doubling rule
	// (Karnataka 2025, Sch-IV note; docs/LAW.md §5.2, Q8, Q34).
	Repeat RepeatSettings `json:"repeat"`
	// CoCRevalidationYears is the revalidation period of a certificate of
	// competency (Karnataka 2025, Sch-XV F): 5; 0 disables the check.
	CoCRevalidationYears int `json:"coc_revalidation_years"`
}

// EscalationScope is which earlier offences make a later one "subsequent"
// (docs/LAW.md §5.2 escalation_scope).
type EscalationScope string

// The readings of "subsequent offences".
const (
	ScopeSameOffence EscalationScope = "same_offence" // default: same Sch-IV row
	ScopeAnyOffence  EscalationScope = "any_offence"  // harsher, weaker textually
)

// EscalationWindow is how "within a year" is measured (docs/LAW.md §5.2 window).
type EscalationWindow string

// The readings of "within a year".
const (
	// default: ≤ same date next year after the last charged offence
	WindowRollingFromLast EscalationWindow = "rolling_from_last"
	// ≤ same date next year after the first offence of the run
	WindowRollingFromFirst EscalationWindow = "rolling_from_first"
	WindowCalendarYear     EscalationWindow = "calendar_year"  // same calendar year as the last charged offence
	WindowFinancialYear    EscalationWindow = "financial_year" // same April–March year as the last charged offence
)

// EscalationMode is how the doubled amount grows (docs/LAW.md §5.2 mode).
type EscalationMode string

// The readings of "doubled from last penalties charged".
const (
	ModeGeometric  EscalationMode = "geometric"   // default: 2 × last charged, so 5,000 → 10,000 → 20,000
	ModeFlatDouble EscalationMode = "flat_double" // always 2 × the first-offence amount
)

// OffenderKey is who a chain of owner offences belongs to (docs/LAW.md §5.2
// [AUDIT] offender_key).
type OffenderKey string

// The readings of the liable owner.
const (
	KeyOwner       OffenderKey = "owner"        // default: the owner across all his vessels (literal)
	KeyOwnerVessel OffenderKey = "owner_vessel" // the owner per vessel (lenient)
)

// RepeatSettings are the named settings of the Sch-IV doubling rule; each
// default is the [PROPOSAL] of docs/LAW.md §5.2.
type RepeatSettings struct {
	Scope       EscalationScope  `json:"scope"`
	Window      EscalationWindow `json:"window"`
	Mode        EscalationMode   `json:"mode"`
	OffenderKey OffenderKey      `json:"offender_key"`
	// Cap is the ceiling per row (the IV Act Chapter XVI maximum, [EXT]);
	// a missing or zero entry means no cap.
	Cap map[PenaltyRowID]Rupees `json:"cap"`
	// ReviewMultiple flags amounts of at least this many times the
	// first-offence amount for supervisor review when no cap is set (4).
	ReviewMultiple int `json:"review_multiple"`
}

// RegistrySettings are deployment settings that change which rule set is in
// force; zero fields take the documented defaults.
type RegistrySettings struct {
	// KarnatakaCommencement is KA_RULES_COMMENCEMENT_DATE. Default: the
	// gazette date of the draft, 2025-12-11, as a placeholder until the
	// final notification is published (docs/LAW.md §0, Q4).
	KarnatakaCommencement Date
	// LegacyCoCDeadline is COC_TRANSITION_DEADLINE. Default 2027-06-06.
	LegacyCoCDeadline Date
}

// Defaults of RegistrySettings.
var (
	// DefaultKarnatakaCommencement is the placeholder commencement date of
	// Karnataka 2025: its gazette publication date (Part IVA No. 809).
	DefaultKarnatakaCommencement = D(2025, 12, 11)
	// DefaultLegacyCoCDeadline is the date in Karnataka 2025, r.32(2).
	DefaultLegacyCoCDeadline = D(2027, 6, 6)
)

// ErrNoRuleSet is returned when no rule set is in force or known.
var ErrNoRuleSet = errors.New("no rule set")

// Registry holds every rule set version. It is immutable once built.
type Registry struct {
	sets []RuleSet
}

// NewRegistry builds the registry of all built-in rule sets with the given
// deployment settings.
func NewRegistry(s RegistrySettings) *Registry {
	if s.KarnatakaCommencement.IsZero() {
		s.KarnatakaCommencement = DefaultKarnatakaCommencement
	}
	if s.LegacyCoCDeadline.IsZero() {
		s.LegacyCoCDeadline = DefaultLegacyCoCDeadline
	}
	sets := []RuleSet{karnataka2025Draft1(s), paradip1967(s), kandla1955(s)}
	sort.Slice(sets, func(i, j int) bool {
		if sets[i].Regime != sets[j].Regime {
			return sets[i].Regime < sets[j].Regime
		}
		return sets[i].EffectiveFrom.Before(sets[j].EffectiveFrom)
	})
	return &Registry{sets: sets}
}

// All returns copies of every rule set, ordered by regime then effective date.
func (r *Registry) All() []*RuleSet {
	out := make([]*RuleSet, len(r.sets))
	for i := range r.sets {
		out[i] = r.sets[i].clone()
	}
	return out
}

// For returns the rule set of regime in force on date on: the one with the
// latest EffectiveFrom not after on.
func (r *Registry) For(regime Regime, on Date) (*RuleSet, error) {
	var best *RuleSet
	for i := range r.sets {
		s := &r.sets[i]
		if s.Regime == regime && !s.EffectiveFrom.After(on) {
			best = s
		}
	}
	if best == nil {
		return nil, fmt.Errorf("rule set for %s on %s: %w", regime, on, ErrNoRuleSet)
	}
	return best.clone(), nil
}

// ByID returns the rule set with the given ID, whether or not still in force.
func (r *Registry) ByID(id string) (*RuleSet, error) {
	for i := range r.sets {
		if r.sets[i].ID == id {
			return r.sets[i].clone(), nil
		}
	}
	return nil, fmt.Errorf("rule set %q: %w", id, ErrNoRuleSet)
}

// clone returns a deep copy so callers cannot change the registry.
func (s *RuleSet) clone() *RuleSet {
	c := *s
	c.Fines = cloneRupeeMap(s.Fines)
	c.Repeat.Cap = cloneRupeeMap(s.Repeat.Cap)
	return &c
}

func cloneRupeeMap(m map[PenaltyRowID]Rupees) map[PenaltyRowID]Rupees {
	out := make(map[PenaltyRowID]Rupees, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// proposalRepeat is the docs/LAW.md §5.2 [PROPOSAL] reading of the doubling rule.
func proposalRepeat() RepeatSettings {
	return RepeatSettings{
		Scope:          ScopeSameOffence,
		Window:         WindowRollingFromLast,
		Mode:           ModeGeometric,
		OffenderKey:    KeyOwner,
		Cap:            map[PenaltyRowID]Rupees{},
		ReviewMultiple: 4,
	}
}

// karnataka2025Draft1 is the draft Karnataka Inland Vessels Rules, 2025 as
// gazetted on 11 Dec 2025, with its Sch-IV first-offence fines (docs/LAW.md §5.1).
func karnataka2025Draft1(s RegistrySettings) RuleSet {
	return RuleSet{
		ID:            "KA-IV-2025-draft.1",
		Regime:        RegimeKarnataka2025,
		EffectiveFrom: s.KarnatakaCommencement,
		Draft:         true,
		Notes: "Draft Karnataka Inland Vessels Rules, 2025 (Gazette Part IVA No. 809, 11 " +
			"Dec 2025). Commencement unknown: EffectiveFrom is " +
			"KA_RULES_COMMENCEMENT_DATE, default the gazette date as a placeholder.",
		LegacyCoCDeadline:    s.LegacyCoCDeadline,
		Fines:                karnatakaScheduleIV(),
		Repeat:               proposalRepeat(),
		CoCRevalidationYears: 5,
	}
}

// paradip1967 is the Paradip Port Harbour Craft Rules, 1967 (G.S.R. 980,
// 24 June 1967). The rules state no fine amounts (docs/LAW.md §5.3).
func paradip1967(s RegistrySettings) RuleSet {
	return RuleSet{
		ID:            "PARADIP-HC-1967.1",
		Regime:        RegimeParadip1967,
		EffectiveFrom: D(1967, 6, 24),
		Notes: "Paradip Port Harbour Craft Rules, 1967 (G.S.R. 980). No fine amounts; " +
			"sanctions are licence cancellation (r.16, r.22, r.26).",
		LegacyCoCDeadline: s.LegacyCoCDeadline,
		Fines:             map[PenaltyRowID]Rupees{},
		Repeat:            proposalRepeat(),
	}
}

// kandla1955 is the Kandla Harbour Craft Rules, 1955, of which only s.31(2)
// (manning) is in the sources. The commencement date is not in the source;
// 1 January 1955 is a placeholder.
func kandla1955(s RegistrySettings) RuleSet {
	return RuleSet{
		ID:            "KANDLA-HC-1955.1",
		Regime:        RegimeKandla1955,
		EffectiveFrom: D(1955, 1, 1),
		Notes: "Kandla Harbour Craft Rules, 1955, s.31(2) only. EffectiveFrom is a " +
			"placeholder (not in the source).",
		LegacyCoCDeadline: s.LegacyCoCDeadline,
		Fines:             map[PenaltyRowID]Rupees{},
		Repeat:            proposalRepeat(),
	}
}
