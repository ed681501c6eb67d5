package rules

import (
	"fmt"
	"sort"
)

// penaltyState is what a chain remembers of its last charged group.
type penaltyState struct {
	charged  bool
	date     Date   // when the last charged offence occurred
	runStart Date   // first charged offence of the current run of repeats
	unit     Rupees // amount last charged, per person
	level    int
	offence  string
	vessel   string
}

// penaltyGroup is the offences of one chain found in one inspection; they
// share a level (RULES.md §5.2: "not escalated among themselves").
type penaltyGroup struct {
	date Date
	offs []Offence
}

// penaltyWalkChain computes the lines of one chain, whose offences are in
// (occurred_at, id) order.
func penaltyWalkChain(rs *RuleSet, party PartyKey, chain []Offence) []ChainLine {
	var st penaltyState
	var out []ChainLine
	for _, g := range penaltyGroups(chain) {
		lines, charged := penaltyPriceGroup(rs, party, g, st)
		out = append(out, lines...)
		if charged != nil {
			st = penaltyAdvance(st, g, *charged)
		}
	}
	return out
}

// penaltyGroups splits a sorted chain into inspections, in order of each
// inspection's earliest offence. An offence without an inspection ID is a
// group of its own.
func penaltyGroups(chain []Offence) []penaltyGroup {
	idx := map[string]int{}
	var gs []penaltyGroup
	for _, o := range chain {
		key := "i:" + o.InspectionID
		if o.InspectionID == "" {
			key = "o:" + o.ID
		}
		i, ok := idx[key]
		if !ok {
			i = len(gs)
			idx[key] = i
			gs = append(gs, penaltyGroup{date: DateOf(o.OccurredAt)})
		}
		gs[i].offs = append(gs[i].offs, o)
	}
	return gs
}

// penaltyLevel is the level and per-person amount of a group.
type penaltyLevel struct {
	level int
	unit  Rupees
	from  string // offence escalated from
	flags []string
	steps []Step
}

// penaltyPriceGroup prices every offence of a group at the group's level. It
// returns the level to remember if any offence in the group is charged.
func penaltyPriceGroup(rs *RuleSet, party PartyKey, g penaltyGroup, st penaltyState) ([]ChainLine, *penaltyLevel) {
	row, _ := PenaltyRowByID(g.offs[0].Row)
	lv := penaltyLevelFor(rs, party, row, g.date, st)
	var lines []ChainLine
	var charged *penaltyLevel
	for _, o := range g.offs {
		lines = append(lines, penaltyLine(rs, row, o, lv, len(g.offs) > 1, st))
		if o.Status == OffenceCharged {
			charged = &lv
		}
	}
	return lines, charged
}

// penaltyLevelFor applies the doubling rule to a group occurring on date d
// after the chain state st (Karnataka 2025, Sch-IV note; RULES.md §5.2).
func penaltyLevelFor(rs *RuleSet, party PartyKey, row PenaltyRow, d Date, st penaltyState) penaltyLevel {
	const cite = Citation("Karnataka 2025, Sch-IV note")
	base, ok := rs.Fines[row.ID]
	if !ok || row.Maximum {
		return penaltyLevel{level: 1, flags: []string{FlagNoTariff}, steps: []Step{{Rule: "penalty.no_tariff", Citation: row.Citation,
			Detail: fmt.Sprintf("rule set %s has no fixed amount for %s; the officer sets it", rs.ID, row.ID)}}}
	}
	first := penaltyLevel{level: 1, unit: base, steps: []Step{{Rule: "penalty.first_offence", Citation: row.Citation,
		Detail: fmt.Sprintf("%s first offence: Rs %d", row.ID, base)}}}
	switch {
	case party.ID == "":
		first.steps = append(first.steps, Step{"penalty.unidentified", cite, "liable person not identified: never escalated (RULES.md §5.2)"})
		return first
	case !st.charged:
		return first
	case !penaltyWithinWindow(rs.Repeat.Window, st, d):
		first.steps = append(first.steps, Step{"penalty.window_reset", cite,
			fmt.Sprintf("%s is outside the %s window of the charge for offence %s on %s: first-offence amount", d, rs.Repeat.Window, st.offence, st.date)})
		return first
	}
	return penaltyEscalate(rs, row, base, st)
}

// penaltyEscalate doubles per the mode setting and applies the cap.
func penaltyEscalate(rs *RuleSet, row PenaltyRow, base Rupees, st penaltyState) penaltyLevel {
	const cite = Citation("Karnataka 2025, Sch-IV note")
	unit := 2 * st.unit // geometric: doubled from last penalties charged
	if rs.Repeat.Mode == ModeFlatDouble {
		unit = 2 * base
	}
	lv := penaltyLevel{level: st.level + 1, unit: unit, from: st.offence, steps: []Step{{Rule: "penalty.repeat_doubling", Citation: cite,
		Detail: fmt.Sprintf("subsequent offence within a year of offence %s (charged Rs %d on %s): %s doubling gives Rs %d", st.offence, st.unit, st.date, rs.Repeat.Mode, unit)}}}
	if limit := rs.Repeat.Cap[row.ID]; limit > 0 && unit > limit {
		lv.unit = limit
		lv.flags = append(lv.flags, FlagCapped)
		lv.steps = append(lv.steps, Step{"penalty.cap", "IV Act Chapter XVI (setting)", fmt.Sprintf("capped at Rs %d", limit)})
	} else if limit <= 0 && rs.Repeat.ReviewMultiple > 0 && unit >= Rupees(rs.Repeat.ReviewMultiple)*base {
		lv.flags = append(lv.flags, FlagReview)
		lv.steps = append(lv.steps, Step{"penalty.review", "RULES.md §5.2", fmt.Sprintf("Rs %d is at least %d × the first-offence amount and no cap is set: supervisor review", unit, rs.Repeat.ReviewMultiple)})
	}
	return lv
}

// penaltyWithinWindow reports whether date d is "within a year" of the chain
// state under the window setting. "Within a year" of a date includes the
// same date next year (RULES.md §5.2).
func penaltyWithinWindow(w EscalationWindow, st penaltyState, d Date) bool {
	switch w {
	case WindowRollingFromFirst:
		return !d.After(st.runStart.AddYears(1))
	case WindowCalendarYear:
		return d.Year == st.date.Year
	case WindowFinancialYear:
		return penaltyFinancialYear(d) == penaltyFinancialYear(st.date)
	}
	return !d.After(st.date.AddYears(1))
}

// penaltyFinancialYear is the year in which d's April–March year starts.
func penaltyFinancialYear(d Date) int {
	if d.Month < 4 {
		return d.Year - 1
	}
	return d.Year
}

// penaltyLine prices one offence at its group's level.
func penaltyLine(rs *RuleSet, row PenaltyRow, o Offence, lv penaltyLevel, shared bool, st penaltyState) ChainLine {
	ln := ChainLine{OffenceID: o.ID, Row: o.Row, Status: o.Status, Level: lv.level, UnitAmount: lv.unit,
		EscalatedFrom: lv.from, Trace: Trace{RuleSet: rs.ID}}
	ln.Flags = append(ln.Flags, lv.flags...)
	ln.Trace.Steps = append(ln.Trace.Steps, lv.steps...)
	if shared {
		ln.Trace.Add("penalty.same_inspection", "RULES.md §5.2", "offences of inspection %s share level %d", o.InspectionID, lv.level)
	}
	if o.Status == OffenceSetAside {
		ln.Level, ln.UnitAmount, ln.EscalatedFrom, ln.Flags = 0, 0, "", nil
		ln.Trace.Add("penalty.set_aside", "Karnataka 2025, Sch-IX para 6", "set aside on appeal: no penalty, and later offences do not escalate on it")
		return ln
	}
	units := penaltyUnits(row, o.Persons)
	ln.Amount = lv.unit * Rupees(units)
	if units > 1 {
		ln.Trace.Add("penalty.per_person", row.Citation, "Rs %d per %s × %d = Rs %d", lv.unit, row.Multiplier, units, ln.Amount)
	}
	if lv.from != "" && st.vessel != o.VesselID {
		ln.Flags = append(ln.Flags, FlagCrossVessel)
		ln.Trace.Add("penalty.cross_vessel", "RULES.md §5.2", "escalated on offence %s with vessel %q, this offence is with vessel %q: supervisor confirms", lv.from, st.vessel, o.VesselID)
	}
	return ln
}

// penaltyAdvance records a charged group as the chain's last charge.
func penaltyAdvance(st penaltyState, g penaltyGroup, lv penaltyLevel) penaltyState {
	runStart := st.runStart
	if lv.level <= 1 {
		runStart = g.date
	}
	var charged Offence
	for _, o := range g.offs {
		if o.Status == OffenceCharged {
			charged = o
			break
		}
	}
	return penaltyState{charged: true, date: g.date, runStart: runStart, unit: lv.unit, level: lv.level,
		offence: charged.ID, vessel: charged.VesselID}
}

// penaltyAdjustments compares the lines with previously computed amounts:
// one adjustment per changed amount, in offence-id order. A previous charge
// for an offence no longer in the set goes to 0.
func penaltyAdjustments(lines []ChainLine, previous []Charge) []Adjustment {
	prev := append([]Charge(nil), previous...)
	sort.Slice(prev, func(i, j int) bool {
		if prev[i].OffenceID != prev[j].OffenceID {
			return prev[i].OffenceID < prev[j].OffenceID
		}
		return prev[i].Amount < prev[j].Amount
	})
	byID := make(map[string]ChainLine, len(lines))
	for _, ln := range lines {
		byID[ln.OffenceID] = ln
	}
	out := []Adjustment{}
	for i, c := range prev {
		if i > 0 && prev[i-1].OffenceID == c.OffenceID {
			continue // one previous amount per offence: the smallest
		}
		ln, ok := byID[c.OffenceID]
		if adj, changed := penaltyAdjustment(c, ln, ok); changed {
			out = append(out, adj)
		}
	}
	return out
}

// penaltyAdjustment is the adjustment of one previous charge, if any.
func penaltyAdjustment(c Charge, ln ChainLine, found bool) (Adjustment, bool) {
	switch {
	case !found:
		return Adjustment{c.OffenceID, c.Amount, 0, "offence no longer recorded"}, c.Amount != 0
	case ln.Amount == c.Amount:
		return Adjustment{}, false
	case ln.Status == OffenceSetAside:
		return Adjustment{c.OffenceID, c.Amount, 0, "set aside on appeal"}, true
	}
	why := "first offence in its window"
	if ln.EscalatedFrom != "" {
		why = "doubled from the charge for offence " + ln.EscalatedFrom
	}
	return Adjustment{c.OffenceID, c.Amount, ln.Amount, fmt.Sprintf("recomputed at level %d: %s", ln.Level, why)}, true
}
