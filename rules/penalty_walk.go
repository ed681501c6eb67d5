package rules

import (
	"fmt"
	"sort"
)

// penaltyState is what a chain remembers of its last charged date.
type penaltyState struct {
	charged  bool
	date     Date   // when the last charged offences occurred
	runStart Date   // first charged date of the current run of repeats
	unit     Rupees // amount last charged, per person
	level    int
	last     []penaltyCharged // the charged offences of that date, by id
}

// penaltyCharged is one charged offence a later one may escalate from.
type penaltyCharged struct{ offence, vessel string }

// penaltyGroup is the offences of one chain committed on one civil date;
// they share a level. None of them was committed earlier than another, so
// none is "subsequent" to another (Karnataka 2025, Sch-IV note: doubled
// "for next subsequent offences"; docs/LAW.md §5.2: "subsequent" only if
// charged for an offence committed earlier; offences found in one
// inspection are "not escalated among themselves"). Grouping by date, not
// by inspection, makes two boats of one owner found on the same day two
// first offences, whichever inspection id sorts first.
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

// penaltyGroups splits a chain sorted by occurred_at into its civil dates
// (Asia/Kolkata, where the law counts days), in date order.
func penaltyGroups(chain []Offence) []penaltyGroup {
	var gs []penaltyGroup
	for _, o := range chain {
		d := DateOf(o.OccurredAt)
		if n := len(gs); n == 0 || gs[n-1].date != d {
			gs = append(gs, penaltyGroup{date: d})
		}
		gs[len(gs)-1].offs = append(gs[len(gs)-1].offs, o)
	}
	return gs
}

// penaltyLevel is the level and per-person amount of a group.
type penaltyLevel struct {
	level int
	unit  Rupees
	from  []penaltyCharged // the charged offences of the date escalated from
	flags []string
	steps []Step
}

// penaltyPriceGroup prices every offence of a group at the group's level
// (one per row: a chain of scope any_offence mixes rows). It returns the
// level to remember if any offence in the group is charged: the highest
// charged that date, so the choice never depends on the offences' order.
func penaltyPriceGroup(rs *RuleSet, party PartyKey, g penaltyGroup, st penaltyState) ([]ChainLine, *penaltyLevel) {
	levels := map[PenaltyRowID]penaltyLevel{}
	var lines []ChainLine
	var charged *penaltyLevel
	for _, o := range g.offs {
		row, _ := PenaltyRowByID(o.Row)
		lv, ok := levels[row.ID]
		if !ok {
			lv = penaltyLevelFor(rs, party, row, g.date, st)
			levels[row.ID] = lv
		}
		lines = append(lines, penaltyLine(rs, row, o, lv, len(g.offs) > 1))
		if o.Status == OffenceCharged &&
			(charged == nil || lv.unit > charged.unit || (lv.unit == charged.unit && lv.level > charged.level)) {
			c := lv
			charged = &c
		}
	}
	return lines, charged
}

// penaltyLevelFor applies the doubling rule to a group occurring on date d
// after the chain state st (Karnataka 2025, Sch-IV note; docs/LAW.md §5.2).
func penaltyLevelFor(rs *RuleSet, party PartyKey, row PenaltyRow, d Date, st penaltyState) penaltyLevel {
	const cite = Citation("Karnataka 2025, Sch-IV note")
	base, ok := rs.Fines[row.ID]
	if !ok || row.Maximum {
		return penaltyLevel{
			level: 1,
			flags: []string{FlagNoTariff},
			steps: []Step{{Rule: "penalty.no_tariff", Citation: row.Citation,
				Detail: fmt.Sprintf("rule set %s has no fixed amount for %s; the officer sets it", rs.ID, row.ID)}},
		}
	}
	first := penaltyLevel{level: 1, unit: base, steps: []Step{{Rule: "penalty.first_offence", Citation: row.Citation,
		Detail: fmt.Sprintf("%s first offence: Rs %d", row.ID, base)}}}
	switch {
	case party.ID == "":
		first.steps = append(
			first.steps,
			Step{"penalty.unidentified", cite, "liable person not identified: never escalated (docs/LAW.md §5.2)"},
		)
		return first
	case !st.charged:
		return first
	case !penaltyWithinWindow(rs.Repeat.Window, st, d):
		first.steps = append(first.steps, Step{
			"penalty.window_reset",
			cite,
			fmt.Sprintf(
				"%s is outside the %s window of the charge for %s on %s: first-offence amount",
				d,
				rs.Repeat.Window,
				penaltyChargedIDs(st.last),
				st.date,
			),
		})
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
	lv := penaltyLevel{
		level: st.level + 1,
		unit:  unit,
		from:  st.last,
		steps: []Step{
			{
				Rule:     "penalty.repeat_doubling",
				Citation: cite,
				Detail: fmt.Sprintf(
					"subsequent offence within a year of %s (charged Rs %d on %s): %s doubling gives Rs %d",
					penaltyChargedIDs(st.last),
					st.unit,
					st.date,
					rs.Repeat.Mode,
					unit,
				),
			},
		},
	}
	if limit := rs.Repeat.Cap[row.ID]; limit > 0 && unit > limit {
		lv.unit = limit
		lv.flags = append(lv.flags, FlagCapped)
		lv.steps = append(
			lv.steps,
			Step{"penalty.cap", "IV Act Chapter XVI (setting)", fmt.Sprintf("capped at Rs %d", limit)},
		)
	} else if limit <= 0 && rs.Repeat.ReviewMultiple > 0 && unit >= Rupees(rs.Repeat.ReviewMultiple)*base {
		lv.flags = append(lv.flags, FlagReview)
		lv.steps = append(
			lv.steps,
			Step{
				"penalty.review",
				"Karnataka 2025, Sch-IV note; " + CitationTindalReading,
				fmt.Sprintf(
					"Rs %d is at least %d × the first-offence amount and no cap is set: supervisor review",
					unit,
					rs.Repeat.ReviewMultiple,
				),
			},
		)
	}
	return lv
}

// penaltyWithinWindow reports whether date d is "within a year" of the chain
// state under the window setting. "Within a year" of a date includes the
// same date next year (docs/LAW.md §5.2).
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
func penaltyLine(rs *RuleSet, row PenaltyRow, o Offence, lv penaltyLevel, shared bool) ChainLine {
	from, sameVessel := penaltyEscalatedFrom(lv.from, o.VesselID)
	ln := ChainLine{OffenceID: o.ID, Row: o.Row, Status: o.Status, Level: lv.level, UnitAmount: lv.unit,
		EscalatedFrom: from.offence, Trace: Trace{RuleSet: rs.ID}}
	ln.Flags = append(ln.Flags, lv.flags...)
	ln.Trace.Steps = append(ln.Trace.Steps, lv.steps...)
	if shared {
		ln.Trace.Add(
			"penalty.same_date",
			"Karnataka 2025, Sch-IV note; "+CitationTindalReading,
			"offences committed on %s share level %d: none is subsequent to another",
			DateOf(o.OccurredAt),
			lv.level,
		)
	}
	if o.Status == OffenceSetAside {
		ln.Level, ln.UnitAmount, ln.EscalatedFrom, ln.Flags = 0, 0, "", nil
		ln.Trace.Add(
			"penalty.set_aside",
			"Karnataka 2025, Sch-IX para 6",
			"set aside on appeal: no penalty, and later offences do not escalate on it",
		)
		return ln
	}
	units := penaltyUnits(row, o.Persons)
	ln.Amount = lv.unit * Rupees(units)
	if units > 1 {
		ln.Trace.Add(
			"penalty.per_person",
			row.Citation,
			"Rs %d per %s × %d = Rs %d",
			lv.unit,
			row.Multiplier,
			units,
			ln.Amount,
		)
	}
	if from.offence != "" && !sameVessel {
		ln.Flags = append(ln.Flags, FlagCrossVessel)
		ln.Trace.Add(
			"penalty.cross_vessel",
			"Karnataka 2025, Sch-IV note; "+CitationTindalReading,
			"escalated on offence %s with vessel %q, this offence is with vessel %q: supervisor confirms",
			from.offence,
			from.vessel,
			o.VesselID,
		)
	}
	return ln
}

// penaltyEscalatedFrom picks, among the charged offences of the date
// escalated from (sorted by id), one with the same vessel if there is one,
// so that a cross-vessel flag never depends on which id sorts first.
func penaltyEscalatedFrom(from []penaltyCharged, vessel string) (penaltyCharged, bool) {
	for _, c := range from {
		if c.vessel == vessel {
			return c, true
		}
	}
	if len(from) == 0 {
		return penaltyCharged{}, false
	}
	return from[0], false
}

// penaltyChargedIDs names the charged offences of a date for a trace.
func penaltyChargedIDs(cs []penaltyCharged) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.offence
	}
	if len(ids) == 1 {
		return "offence " + ids[0]
	}
	return fmt.Sprintf("offences %v", ids)
}

// penaltyAdvance records a charged date as the chain's last charge.
func penaltyAdvance(st penaltyState, g penaltyGroup, lv penaltyLevel) penaltyState {
	runStart := st.runStart
	if lv.level <= 1 {
		runStart = g.date
	}
	var last []penaltyCharged
	for _, o := range g.offs {
		if o.Status == OffenceCharged {
			last = append(last, penaltyCharged{o.ID, o.VesselID})
		}
	}
	sort.Slice(last, func(i, j int) bool { return last[i].offence < last[j].offence })
	return penaltyState{charged: true, date: g.date, runStart: runStart, unit: lv.unit, level: lv.level, last: last}
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
