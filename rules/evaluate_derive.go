package rules

import (
	"fmt"
	"sort"
	"strings"
)

// evalChecklist raises the code of every failed checklist item, in item-ID
// order. Unanswered items are traced, not failed.
func evalChecklist(m *evalMerger, in InspectionInput) {
	items := append([]ChecklistItem(nil), in.Checklist...)
	sort.SliceStable(items, func(i, j int) bool { return items[i].ID < items[j].ID })
	for _, it := range items {
		ans, ok := in.Answers[it.ID]
		switch {
		case !ok || ans == "":
			m.tr.Add("checklist.unanswered", CitationTindalReading, "item %s (%s) not answered", it.ID, it.Code)
		case ans == it.FailWhen:
			m.derive(
				evalDerived{
					Code:   it.Code,
					Source: SourceChecklist,
					Detail: fmt.Sprintf("checklist item %s answered %q", it.ID, ans),
				},
			)
		}
	}
}

// evalParticulars compares the persons and cargo found on board with the
// certified capacity (Karnataka 2025, Sch-IV row 5, Form-18 (c), r.126(8);
// Paradip 1967, r.13(1)).
func evalParticulars(m *evalMerger, in InspectionInput) {
	v := in.Vessel
	pax, cargo := overloadCodes(m.rs.Regime)
	if v.PassengersCertified > 0 && v.PassengersCarried > v.PassengersCertified {
		m.tr.Add(
			"overloading.passengers",
			"Karnataka 2025, Sch-IV row 5",
			"%d passengers carried, %d certified",
			v.PassengersCarried,
			v.PassengersCertified,
		)
		m.derive(evalDerived{Code: pax, Source: SourceChecklist,
			Detail: fmt.Sprintf("%d passengers carried against %d certified", v.PassengersCarried, v.PassengersCertified)})
	}
	if v.CargoPermitted > 0 && v.CargoTonnes > v.CargoPermitted {
		m.tr.Add(
			"overloading.cargo",
			"Karnataka 2025, Sch-IV row 5",
			"%.2f t carried, %.2f t permitted",
			v.CargoTonnes,
			v.CargoPermitted,
		)
		m.derive(evalDerived{Code: cargo, Source: SourceChecklist,
			Detail: fmt.Sprintf("%.2f t cargo against %.2f t permitted", v.CargoTonnes, v.CargoPermitted)})
	}
}

// overloadCodes are the overloading codes of a regime: Karnataka's are
// detainable Sch-IV row 5 offences; Paradip 1967 has no detention, and its
// tindal must put off the excess before starting (r.13(1), r.19).
func overloadCodes(r Regime) (passengers, cargo Code) {
	if r == RegimeParadip1967 {
		return CodeParadipPassengersExcess, CodeParadipCargoExcess
	}
	return CodeOverloadPassengers, CodeOverloadCargo
}

// evalDetention proposes detention if any deficiency is 06 or a Sch-IX
// criterion failed (Karnataka 2025, Sch-IX para 2.1-2.4). It only suggests.
func evalDetention(rs *RuleSet, ds []Deficiency, tr *Trace) DetentionProposal {
	var p DetentionProposal
	if !DetentionPower(rs.Regime) {
		tr.Add(
			"detention.no_power",
			noDetentionConsequence[rs.Regime],
			"%s gives no power to detain: no detention is proposed",
			rs.Regime,
		)
		return p
	}
	for _, d := range ds {
		if d.Action == Action06 || (d.Area == AreaDetention && !d.Rectified) {
			p.Codes = append(p.Codes, d.Code)
		}
	}
	if len(p.Codes) == 0 {
		return p
	}
	p.Proposed = true
	p.Citation = "Karnataka 2025, Sch-IX para 2.3"
	tr.Add("detention.proposed", p.Citation, "detention suggested for %v; the supervisor decides", p.Codes)
	return p
}

// evalOffences turns penalised deficiencies into Sch-IV offences: several
// deficiencies under one row are one offence of that row; per-person rows
// add up the persons (Karnataka 2025, Sch-IV; docs/LAW.md §5.1).
func evalOffences(rs *RuleSet, ds []Deficiency, tr *Trace) []ProposedOffence {
	idx := map[PenaltyRowID]int{}
	out := []ProposedOffence{}
	for _, d := range ds {
		if d.Penalty == nil {
			continue
		}
		i, ok := idx[d.Penalty.Row]
		if !ok {
			row, _ := PenaltyRowByID(d.Penalty.Row)
			i = len(out)
			idx[row.ID] = i
			out = append(out, ProposedOffence{Row: row.ID, LiableParty: row.LiableParty, Citation: row.Citation})
		}
		out[i].Codes = append(out[i].Codes, d.Code)
		out[i].Persons += d.Persons
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Row < out[j].Row })
	for i := range out {
		evalPriceOffence(rs, &out[i], tr)
	}
	return out
}

// evalPriceOffence sets the first-offence amount of a proposed offence.
func evalPriceOffence(rs *RuleSet, o *ProposedOffence, tr *Trace) {
	row, _ := PenaltyRowByID(o.Row)
	if row.Multiplier == PerOffence {
		o.Persons = 0
	}
	amount, ok := FirstOffence(rs, o.Row, o.Persons)
	if !ok {
		tr.Add(
			"penalty.no_tariff",
			row.Citation,
			"%s: no fixed amount (the officer sets it up to Rs %d)",
			o.Row,
			rs.Fines[o.Row],
		)
		return
	}
	o.FirstOffence = amount
	tr.Add(
		"penalty.first_offence",
		row.Citation,
		"%s (charged to the %s) for %v: first offence Rs %d; the repeat level follows from the party's earlier offences",
		o.Row,
		strings.ReplaceAll(string(row.LiableParty), "_", " "),
		o.Codes,
		amount,
	)
}

// evalInspectionActions suggests inspection action codes: 14 when
// detention is proposed, 15 for every contravention of discharge of
// polluting agents (dischargeContravention; Karnataka 2025, Sch-IX codes),
// plus any the inspector recorded.
func evalInspectionActions(rs *RuleSet, ev Evaluation, tr *Trace) []InspectionActionCode {
	set := map[InspectionActionCode]bool{}
	for _, d := range ev.Deficiencies {
		for _, a := range d.InspectionActions {
			set[a] = true
		}
		if why, ok := dischargeContravention(d); ok && rs.Regime == RegimeKarnataka2025 {
			set[Inspection15] = true
			tr.Add(
				"inspection_action.15",
				"Karnataka 2025, Sch-IX (inspection action codes)",
				"%s: %s: investigation of contravention of discharge of polluting agents (15)",
				d.Code,
				why,
			)
		}
	}
	if ev.Detention.Proposed && rs.Regime == RegimeKarnataka2025 {
		set[Inspection14] = true
		tr.Add(
			"inspection_action.14",
			"Karnataka 2025, Sch-IX para 1.3",
			"detention proposed: Surveying Authority informed (14)",
		)
	}
	return evalInspectionSet(set)
}

// pollutingDischarges are the findings that are, or show, a discharge of
// polluting agents, for which Karnataka 2025 Sch-IX inspection action 15
// (investigation of contravention of discharge of polluting agents) is
// suggested. A discharge is an act done: recording it rectified does not
// undo it (once). A vessel unable to prevent pollution (Sch-IX para 2.2)
// is investigated only while it still cannot.
var pollutingDischarges = map[Code]struct {
	why  Citation
	once bool
}{
	CodeUntreatedSewage: {"untreated sewage discharged into inland waterways (Karnataka 2025, r.145(8)(d))", true},
	CodeDetainPollution: {"cannot prevent pollution of the environment (Karnataka 2025, Sch-IX para 2.2)", false},
}

// dischargeContravention says whether deficiency d calls for an
// investigation of discharge of polluting agents, and why.
func dischargeContravention(d Deficiency) (string, bool) {
	p, ok := pollutingDischarges[d.Code]
	if !ok || (d.Rectified && !p.once) {
		return "", false
	}
	return string(p.why), true
}
