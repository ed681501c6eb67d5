package rules

import "slices"

// DetentionPower says whether a regime's law gives an officer the power to
// detain a vessel. Karnataka 2025 does (Sch-IX paras 1.1, 2-4; r.64;
// r.131(3) for boats). Paradip 1967 gives none: the craft may not be used
// until the repairs directed are executed and the Deputy Conservator
// permits (r.12(1)), and licences may be cancelled (r.26). The Kandla 1955
// text in force here (s.31(2)) is about manning only and gives none either.
func DetentionPower(r Regime) bool { return r == RegimeKarnataka2025 }

// noDetentionConsequence is, for each regime without a power to detain,
// what its law does with a deficiency Karnataka would detain for, cited as
// the deficiency's last legal reference.
var noDetentionConsequence = map[Regime]Citation{
	RegimeParadip1967: "Paradip 1967, r.12(1), r.26: not to be used until repaired and permitted; " +
		"licence may be cancelled",
	RegimeKandla1955: "Kandla 1955, s.31(2): not to ply until rectified",
}

// detentionCriteria are the defects that, each on its own, can make a
// vessel fail a Karnataka 2025 Sch-IX para 2.2 criterion, with the
// criterion: the inspector may propose 06 for them (paras 2.3-2.4 leave the
// decision to the officer) though their default is not 06. Lesser defects
// (a fire bucket, a placard) warrant detention only in combination (para
// 2.3, 30017), not each on its own.
var detentionCriteria = map[Code]Code{
	CodeWatertightIntegrity:       CodeDetainWatertight, // "maintain adequate watertight integrity"
	CodeHullOpeningsNotWatertight: CodeDetainWatertight,
	CodeFreeboardInsufficient:     CodeDetainStability, // "maintain adequate stability"
	CodeBuoyancyInsufficient:      CodeDetainStability,
	CodeFirePumpMissing:           CodeDetainFireFighting, // "fight fire effectively"
	CodeFFANotMaintained:          CodeDetainFireFighting,
	CodeSteeringGear:              CodeDetainPropulsion, // "maintain proper propulsion and steering"
	CodeMachineryNotInOrder:       CodeDetainEngineRoom, // "operate the engine-room safely"
}

// withCriterion records on an entry the Sch-IX para 2.2 criterion that
// covers it, if any (detentionCriteria).
func withCriterion(e Entry) Entry {
	if c, ok := detentionCriteria[e.Code]; ok && !e.Detainable && e.AppliesTo(RegimeKarnataka2025) {
		e.Criterion = c
	}
	return e
}

// Offers lists the actions an inspector may record for entry e: the
// allowed ones and, for a defect a detention criterion covers, 06.
func (e Entry) Offers() []ActionCode {
	out := append([]ActionCode(nil), e.AllowedActions...)
	if e.Criterion != "" && !slices.Contains(out, Action06) {
		out = append(out, Action06)
		slices.Sort(out)
	}
	return out
}

// EntryIn is catalogue entry c as regime r reads it. Under a regime that
// gives no power to detain (DetentionPower) nothing is detainable and 06 is
// never allowed: a deficiency Karnataka would detain for takes the
// regime's own consequence, not to ply until rectified (04), cited.
func EntryIn(r Regime, c Code) (Entry, bool) {
	e, ok := Lookup(c)
	if !ok || DetentionPower(r) || (!e.Detainable && !e.Allows(Action06) && e.Criterion == "") {
		return e, ok
	}
	e.Detainable, e.Criterion = false, ""
	allowed := []ActionCode{}
	for _, a := range e.AllowedActions {
		if a != Action06 {
			allowed = append(allowed, a)
		}
	}
	if !slices.Contains(allowed, Action04) {
		allowed = append(allowed, Action04)
		slices.Sort(allowed)
	}
	e.AllowedActions = allowed
	if e.DefaultAction == Action06 {
		e.DefaultAction = Action04
	}
	if why, ok := noDetentionConsequence[r]; ok {
		e.LegalRefs = append(e.LegalRefs, why)
	}
	return e, true
}
