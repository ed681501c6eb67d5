package rules

import (
	"fmt"
	"sort"
	"time"
)

// PartyKey identifies a liable person: the registered owner, a crew member
// (by INDIVC or other ID) or a passenger (only if an ID was recorded).
// An empty ID is an unidentified person, whose offences never escalate
// (docs/LAW.md §5.2 [PROPOSAL]: "otherwise never escalate").
type PartyKey struct {
	Kind Party  `json:"kind"`
	ID   string `json:"id"`
}

// OffenceStatus is how far an offence has gone towards a charged penalty.
type OffenceStatus string

// Offence statuses. Only charged offences make later ones "subsequent": the
// Sch-IV note doubles "from last penalties charged" (docs/LAW.md §5.2).
const (
	OffencePending  OffenceStatus = "pending"   // recorded, not yet approved
	OffenceCharged  OffenceStatus = "charged"   // challan issued, not set aside
	OffenceSetAside OffenceStatus = "set_aside" // set aside on appeal
)

// Offence is one Schedule-IV offence of one liable party.
type Offence struct {
	ID           string        `json:"id"`
	Row          PenaltyRowID  `json:"row"`
	InspectionID string        `json:"inspection_id"`
	VesselID     string        `json:"vessel_id"`
	OccurredAt   time.Time     `json:"occurred_at"` // the inspection's corrected time, never the sync time
	Persons      int           `json:"persons"`     // unidentified crew/passengers counted in one offence (rows 7, 10)
	Status       OffenceStatus `json:"status"`
}

// Charge is an amount previously computed or charged for an offence.
type Charge struct {
	OffenceID string `json:"offence_id"`
	Amount    Rupees `json:"amount"`
}

// Flags a chain line can carry for supervisor attention (docs/LAW.md §5.2).
const (
	FlagCrossVessel = "cross_vessel_escalation" // escalated on an offence with another vessel
	FlagReview      = "review_amount"           // ≥ ReviewMultiple × first offence with no cap
	FlagCapped      = "capped"                  // amount limited by the cap
	FlagNoTariff    = "no_tariff"               // the rule set has no amount for the row
)

// ChainLine is the computed penalty of one offence.
type ChainLine struct {
	OffenceID     string        `json:"offence_id"`
	Row           PenaltyRowID  `json:"row"`
	Status        OffenceStatus `json:"status"`
	Level         int           `json:"level"`       // 1 = first offence; 0 when set aside
	UnitAmount    Rupees        `json:"unit_amount"` // per person for rows 7 and 10
	Amount        Rupees        `json:"amount"`
	EscalatedFrom string        `json:"escalated_from,omitempty"` // offence whose charge was doubled
	Flags         []string      `json:"flags,omitempty"`
	Trace         Trace         `json:"trace"`
}

// Adjustment is a change of a previously computed amount.
type Adjustment struct {
	OffenceID string `json:"offence_id"`
	Old       Rupees `json:"old"`
	New       Rupees `json:"new"`
	Reason    string `json:"reason"`
}

// ChainResult is the recomputed penalties of one liable party.
type ChainResult struct {
	RuleSet     string       `json:"rule_set"`
	Party       PartyKey     `json:"party"`
	Lines       []ChainLine  `json:"lines"` // ordered by (occurred_at, offence id)
	Adjustments []Adjustment `json:"adjustments"`
}

// RecomputeChain computes, from scratch, the level and amount of every
// offence of one liable party under the Sch-IV doubling rule, and the
// adjustments against previously computed amounts (Karnataka 2025, Sch-IV
// note: "doubled from last penalties charged for next subsequent offences
// within a year"; docs/LAW.md §5.2 [PROPOSAL] with rs.Repeat settings;
// docs/LAW.md §12). It is pure, and its output depends only on the set of offences and
// charges, not on their order.
func RecomputeChain(rs *RuleSet, party PartyKey, offences []Offence, previous []Charge) ChainResult {
	offs := penaltySortOffences(offences)
	pos := make(map[string]int, len(offs))
	for i, o := range offs {
		pos[o.ID] = i
	}
	res := ChainResult{RuleSet: rs.ID, Party: party, Lines: make([]ChainLine, 0, len(offs))}
	for _, chain := range penaltySplitChains(rs, offs) {
		res.Lines = append(res.Lines, penaltyWalkChain(rs, party, chain)...)
	}
	sort.Slice(res.Lines, func(i, j int) bool { return pos[res.Lines[i].OffenceID] < pos[res.Lines[j].OffenceID] })
	res.Adjustments = penaltyAdjustments(res.Lines, previous)
	return res
}

// penaltySortOffences sorts a copy by (occurred_at, id) and drops repeated
// IDs, keeping the first in that order, so any arrival order gives one input.
func penaltySortOffences(in []Offence) []Offence {
	offs := append([]Offence(nil), in...)
	sort.SliceStable(offs, func(i, j int) bool { return penaltyOffenceLess(offs[i], offs[j]) })
	out := offs[:0]
	seen := map[string]bool{}
	for _, o := range offs {
		if !seen[o.ID] {
			seen[o.ID] = true
			out = append(out, o)
		}
	}
	return out
}

// penaltyOffenceLess is the total order of offences: when it occurred, then
// its id, then the remaining fields so that duplicates resolve the same way.
func penaltyOffenceLess(a, b Offence) bool {
	if !a.OccurredAt.Equal(b.OccurredAt) {
		return a.OccurredAt.Before(b.OccurredAt)
	}
	if a.ID != b.ID {
		return a.ID < b.ID
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}

// penaltySplitChains groups sorted offences into chains by the scope and
// offender-key settings (docs/LAW.md §5.2 escalation_scope, offender_key);
// chains come out in a fixed order.
func penaltySplitChains(rs *RuleSet, offs []Offence) [][]Offence {
	keyOf := func(o Offence) string {
		k := string(o.Row)
		if rs.Repeat.Scope == ScopeAnyOffence {
			k = "*"
		}
		if rs.Repeat.OffenderKey == KeyOwnerVessel {
			k += "|" + o.VesselID
		}
		return k
	}
	idx := map[string]int{}
	var chains [][]Offence
	for _, o := range offs {
		k := keyOf(o)
		i, ok := idx[k]
		if !ok {
			i = len(chains)
			idx[k] = i
			chains = append(chains, nil)
		}
		chains[i] = append(chains[i], o)
	}
	return chains
}
