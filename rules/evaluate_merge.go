package rules

import (
	"fmt"
	"sort"
	"strings"
)

// evalDerived is a deficiency found by a rule rather than by the inspector.
type evalDerived struct {
	Code   Code
	Source Source
	Detail string
}

// evalMerger collects deficiencies by code (docs/LAW.md §12: derived and
// inspector findings merge by code).
type evalMerger struct {
	rs     *RuleSet
	on     Date
	tr     *Trace
	byCode map[Code]*evalAcc
}

// evalAcc accumulates one code's sources before the action is fixed.
type evalAcc struct {
	def       Deficiency
	entry     Entry
	sources   map[Source]bool
	action    ActionCode // as recorded by the inspector, if any
	inspector bool
	allRect   bool
	iacts     map[InspectionActionCode]bool
}

func newEvalMerger(rs *RuleSet, on Date, tr *Trace) *evalMerger {
	return &evalMerger{rs: rs, on: on, tr: tr, byCode: map[Code]*evalAcc{}}
}

// acc returns the accumulator for code c, creating it from the catalogue.
func (m *evalMerger) acc(c Code) *evalAcc {
	if a, ok := m.byCode[c]; ok {
		return a
	}
	e, known := EntryIn(m.rs.Regime, c) // no 06 where the regime gives no power to detain
	a := &evalAcc{entry: e, sources: map[Source]bool{}, allRect: true, iacts: map[InspectionActionCode]bool{}}
	a.def = Deficiency{Code: c, Known: known, Area: c.Area(), Title: e.Title[LangEnglish],
		Detainable: e.Detainable, LiableParty: e.LiableParty, LegalRefs: e.LegalRefs}
	if !known {
		a.def.Title = "Unknown code (not in the catalogue)"
		m.tr.Add("catalogue.unknown_code", CitationTindalReading, "code %s is not in the catalogue; kept as recorded", c)
	} else if !e.AppliesTo(m.rs.Regime) {
		m.tr.Add(
			"catalogue.regime_mismatch",
			e.LegalRefs[0],
			"code %s is not defined for regime %s; kept as recorded",
			c,
			m.rs.Regime,
		)
	}
	m.byCode[c] = a
	return a
}

// derive adds a derived deficiency. Derived deficiencies are never rectified.
func (m *evalMerger) derive(d evalDerived) {
	a := m.acc(d.Code)
	a.sources[d.Source] = true
	if d.Detail != "" {
		a.def.Details = append(a.def.Details, d.Detail)
	}
}

// inspector adds an inspector-recorded finding; nothing recorded is dropped.
func (m *evalMerger) inspector(f Finding) {
	a := m.acc(f.Code)
	a.sources[SourceInspector] = true
	if a.action == "" {
		a.action = f.Action
	}
	a.allRect = a.allRect && f.Rectified
	a.inspector = true
	if f.Note != "" {
		a.def.Notes = append(a.def.Notes, f.Note)
	}
	a.def.Persons += f.Persons
	for _, x := range f.InspectionActions {
		a.iacts[x] = true
	}
}

// finish fixes each deficiency's action, due date and penalty, in code order.
func (m *evalMerger) finish() []Deficiency {
	codes := make([]Code, 0, len(m.byCode))
	for c := range m.byCode {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
	out := make([]Deficiency, 0, len(codes))
	for _, c := range codes {
		out = append(out, m.finishOne(m.byCode[c]))
	}
	return out
}

// finishOne completes one deficiency.
func (m *evalMerger) finishOne(a *evalAcc) Deficiency {
	d := a.def
	// A checklist failure may be rectified on the spot (an extinguisher
	// replaced); a registry or manning fact cannot be while it still fails.
	d.Rectified = a.inspector && a.allRect
	if d.Rectified && (a.sources[SourceRegistry] || a.sources[SourceManning]) {
		m.tr.Add(
			"evaluate.rectified_derived",
			CitationTindalReading,
			"%s: rectification recorded, but the registry or manning rule that raised it still fails: kept unrectified",
			d.Code,
		)
		d.Rectified = false
	}
	d.Sources = evalSources(a.sources)
	d.Action = m.fixAction(a, d.Rectified)
	d.Due, _ = DueFor(d.Action, m.on) //nolint:errcheck // no due date is the answer
	d.Penalty = evalPenaltyRef(m.rs, a.entry, d.Persons)
	d.InspectionActions = evalInspectionSet(a.iacts)
	sort.Strings(d.Details)
	return d
}

// fixAction keeps the inspector's action code if the consistency rules allow
// it, and otherwise gives the consistent one with a trace step (Karnataka
// 2025, Sch-IX; docs/LAW.md §4.1).
func (m *evalMerger) fixAction(a *evalAcc, rectified bool) ActionCode {
	if !a.def.Known {
		if a.action == "" {
			return Action99
		}
		return a.action
	}
	want := ConsistentAction(a.entry, rectified)
	if a.action == "" {
		return want
	}
	if err := ValidateAction(a.entry, a.action, rectified); err != nil {
		m.tr.Add(
			"action.corrected",
			"Karnataka 2025, Sch-IX (action codes)",
			"%s: recorded action %s corrected to %s: %v",
			a.def.Code,
			a.action,
			want,
			err,
		)
		return want
	}
	return a.action
}

// evalPenaltyRef is the first-offence penalty of an entry under rs, if any.
func evalPenaltyRef(rs *RuleSet, e Entry, persons int) *PenaltyRef {
	row, ok := PenaltyRowByID(e.PenaltyRow)
	base, priced := rs.Fines[e.PenaltyRow]
	if e.PenaltyRow == "" || !ok || !priced {
		return nil
	}
	ref := &PenaltyRef{Row: row.ID, Citation: row.Citation}
	if row.Maximum {
		ref.Maximum = base
		return ref
	}
	ref.FirstOffence, _ = FirstOffence(rs, row.ID, persons)
	return ref
}

func evalSources(set map[Source]bool) []Source {
	out := make([]Source, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func evalInspectionSet(set map[InspectionActionCode]bool) []InspectionActionCode {
	out := make([]InspectionActionCode, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// evalSortedFindings orders findings so that the result does not depend on
// the order they were recorded or synced in.
func evalSortedFindings(in []Finding) []Finding {
	out := append([]Finding(nil), in...)
	key := func(f Finding) string {
		return fmt.Sprintf(
			"%s\x00%s\x00%t\x00%d\x00%s\x00%v",
			f.Code,
			f.Action,
			f.Rectified,
			f.Persons,
			f.Note,
			f.InspectionActions,
		)
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.Compare(key(out[i]), key(out[j])) < 0 })
	return out
}
