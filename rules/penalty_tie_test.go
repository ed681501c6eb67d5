package rules

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

func TestRecomputeChainSameDateNeverEscalates(t *testing.T) {
	// Karnataka 2025 Sch-IV note ("doubled … for next subsequent offences
	// within a year"); docs/LAW.md §5.2: an offence is subsequent only if a
	// penalty was charged for an offence committed earlier. Two boats of one
	// owner found without a valid CoS on the same day, in two inspections,
	// are two first offences — whichever inspection or offence id sorts first.
	rs := penTestRS(t)
	c := OffenceCharged
	for _, ids := range [][2]string{{"a", "b"}, {"b", "a"}} {
		offs := []Offence{
			{ID: ids[0], Row: PenaltySurvey, InspectionID: "i-" + ids[0], VesselID: "V1", OccurredAt: time.Date(2027, 2, 1, 9, 0, 0, 0, IST), Status: c},
			{ID: ids[1], Row: PenaltySurvey, InspectionID: "i-" + ids[1], VesselID: "V2", OccurredAt: time.Date(2027, 2, 1, 16, 30, 0, 0, IST), Status: c},
			{ID: "z", Row: PenaltySurvey, InspectionID: "i-z", VesselID: "V2", OccurredAt: penAt(2027, 3, 1), Status: c},
		}
		got := RecomputeChain(rs, penOwner, offs, nil)
		want := map[string]Rupees{"a": 5000, "b": 5000, "z": 10000}
		for id, w := range want {
			if penAmounts(got)[id] != w {
				t.Errorf("ids %v: offence %s Rs %d, want Rs %d (Karnataka 2025 Sch-IV row 4; a same-day tie never escalates)", ids, id, penAmounts(got)[id], w)
			}
		}
		// The later offence with V2 escalates from the same-day charge with
		// V2, so it is not flagged cross-vessel whatever the ids.
		for _, ln := range got.Lines {
			if ln.OffenceID == "z" && (penHas(ln.Flags, FlagCrossVessel) || ln.EscalatedFrom != ids[1]) {
				t.Errorf("ids %v: z escalated from %q with flags %v, want from %q (V2) and no cross-vessel flag", ids, ln.EscalatedFrom, ln.Flags, ids[1])
			}
		}
	}
}

func TestRecomputeChainSameDateAcrossMidnightUTC(t *testing.T) {
	// The law counts civil days in Asia/Kolkata (docs/ARCHITECTURE.md): 00:30 and
	// 23:30 IST on 1 Feb 2027 are the same day (Karnataka 2025 Sch-IV row 1,
	// docs/LAW.md §5.2), though they fall on two UTC dates.
	rs := penTestRS(t)
	offs := []Offence{
		{ID: "b", Row: PenaltyInsurance, InspectionID: "i1", VesselID: "V1", OccurredAt: time.Date(2027, 2, 1, 0, 30, 0, 0, IST), Status: OffenceCharged},
		{ID: "a", Row: PenaltyInsurance, InspectionID: "i2", VesselID: "V2", OccurredAt: time.Date(2027, 2, 1, 23, 30, 0, 0, IST), Status: OffenceCharged},
	}
	if got := penAmounts(RecomputeChain(rs, penOwner, offs, nil)); got["a"] != 5000 || got["b"] != 5000 {
		t.Errorf("same IST day: %v, want both Rs 5,000", got)
	}
}

func TestRecomputeChainAnniversaryEdges(t *testing.T) {
	// Karnataka 2025 Sch-IV note "within a year"; docs/LAW.md §5.2: the new
	// offence date is ≤ the same date next year after the last charged one
	// (clamped to the month's end where that date does not exist).
	rs := penTestRS(t)
	tests := []struct {
		name          string
		prev, offence Date
		want          Rupees
	}{
		{"Sch-IV row 4: the day before the anniversary is within a year", D(2027, 3, 10), D(2028, 3, 9), 10000},
		{"Sch-IV row 4: the anniversary itself is within a year", D(2027, 3, 10), D(2028, 3, 10), 10000},
		{"Sch-IV row 4: the day after the anniversary is a first offence", D(2027, 3, 10), D(2028, 3, 11), 5000},
		{"Sch-IV row 4: previous on 29 Feb 2028, 28 Feb 2029 is the anniversary", D(2028, 2, 29), D(2029, 2, 28), 10000},
		{"Sch-IV row 4: previous on 29 Feb 2028, 1 Mar 2029 is past it", D(2028, 2, 29), D(2029, 3, 1), 5000},
		{"Sch-IV row 4: previous on 28 Feb 2027, 28 Feb 2028 is the anniversary in a leap year", D(2027, 2, 28), D(2028, 2, 28), 10000},
		{"Sch-IV row 4: previous on 28 Feb 2027, 29 Feb 2028 is past it", D(2027, 2, 28), D(2028, 2, 29), 5000},
		{"Sch-IV row 4: month end, previous 31 Jan 2027, 31 Jan 2028 within", D(2027, 1, 31), D(2028, 1, 31), 10000},
		{"Sch-IV row 4: month end, previous 31 Dec 2026, 1 Jan 2028 past", D(2026, 12, 31), D(2028, 1, 1), 5000},
		{"Sch-IV row 4: month end, previous 30 Apr 2027, 30 Apr 2028 within", D(2027, 4, 30), D(2028, 4, 30), 10000},
		{"Sch-IV row 4: month end, previous 30 Apr 2027, 1 May 2028 past", D(2027, 4, 30), D(2028, 5, 1), 5000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			offs := []Offence{
				penOff("a", PenaltySurvey, "i1", tc.prev.Time().Add(23*time.Hour), OffenceCharged), // 23:00 IST
				penOff("b", PenaltySurvey, "i2", tc.offence.Time().Add(time.Hour), OffenceCharged), // 01:00 IST
			}
			if got := penAmounts(RecomputeChain(rs, penOwner, offs, nil)); got["a"] != 5000 || got["b"] != tc.want {
				t.Errorf("prev %s, offence %s: got %v, want a 5000, b %d", tc.prev, tc.offence, got, tc.want)
			}
		})
	}
}

// penTieOffences builds offences of a few rows on few dates, so that many
// share a date across inspections and vessels.
func penTieOffences(r *rand.Rand, n int) []Offence {
	rows := []PenaltyRowID{PenaltySurvey, PenaltyInsurance, PenaltyLifejacket}
	statuses := []OffenceStatus{OffenceCharged, OffenceCharged, OffenceCharged, OffencePending, OffenceSetAside}
	days := []Date{D(2026, 1, 10), D(2026, 1, 11), D(2026, 6, 1), D(2027, 1, 10), D(2027, 1, 11), D(2028, 2, 29), D(2029, 2, 28), D(2029, 3, 1)}
	// Few times of day, so that inspections often tie to the minute too
	// (then only the ids could order them).
	times := []time.Duration{30 * time.Minute, 9 * time.Hour, 9 * time.Hour, 14*time.Hour + 15*time.Minute, 23*time.Hour + 30*time.Minute}
	out := make([]Offence, n)
	for i := range out {
		day := days[r.Intn(len(days))]
		out[i] = Offence{
			ID:           fmt.Sprintf("o%03d", i),
			Row:          rows[r.Intn(len(rows))],
			InspectionID: fmt.Sprintf("i%03d", r.Intn(n)),
			VesselID:     fmt.Sprintf("v%d", r.Intn(3)),
			OccurredAt:   day.Time().Add(times[r.Intn(len(times))]),
			Persons:      r.Intn(3),
			Status:       statuses[r.Intn(len(statuses))],
		}
	}
	return out
}

func TestRecomputeChainAmountsIgnoreIDsAndArrivalOrder(t *testing.T) {
	// docs/LAW.md §5.2, docs/LAW.md §12: renaming every offence and inspection id (a
	// random bijection) and permuting the arrival order never changes any
	// amount or level, under every doubling setting.
	base := penTestRS(t)
	settings := map[string]func(*RuleSet){
		"default": func(*RuleSet) {},
		"Sch-IV note, docs/LAW.md §5.2 scope=any_offence": func(r *RuleSet) { r.Repeat.Scope = ScopeAnyOffence },
		"docs/LAW.md §5.2 offender_key=owner_vessel":      func(r *RuleSet) { r.Repeat.OffenderKey = KeyOwnerVessel },
		"docs/LAW.md §5.2 window=rolling_from_first":      func(r *RuleSet) { r.Repeat.Window = WindowRollingFromFirst },
		"docs/LAW.md §5.2 mode=flat_double":               func(r *RuleSet) { r.Repeat.Mode = ModeFlatDouble },
	}
	r := rand.New(rand.NewSource(11))
	for name, tweak := range settings {
		rs := base.clone()
		tweak(rs)
		for trial := 0; trial < 300; trial++ {
			offs := penTieOffences(r, 2+r.Intn(25))
			want := RecomputeChain(rs, penOwner, offs, nil)
			rename := penRelabel(r, offs)
			moved := make([]Offence, len(offs))
			for i, o := range offs {
				o.ID, o.InspectionID = rename["o:"+o.ID], rename["i:"+o.InspectionID]
				moved[i] = o
			}
			r.Shuffle(len(moved), func(i, j int) { moved[i], moved[j] = moved[j], moved[i] })
			got := RecomputeChain(rs, penOwner, moved, nil)
			byID := map[string]ChainLine{}
			for _, ln := range got.Lines {
				byID[ln.OffenceID] = ln
			}
			for _, w := range want.Lines {
				g := byID[rename["o:"+w.OffenceID]]
				if g.Amount != w.Amount || g.Level != w.Level {
					t.Fatalf("%s, trial %d: offence %s is Rs %d level %d, renamed and reordered Rs %d level %d",
						name, trial, w.OffenceID, w.Amount, w.Level, g.Amount, g.Level)
				}
			}
		}
	}
}

// penRelabel maps every offence and inspection id to a fresh random one.
func penRelabel(r *rand.Rand, offs []Offence) map[string]string {
	out := map[string]string{}
	used := map[string]bool{}
	fresh := func() string {
		for {
			id := fmt.Sprintf("x%08x", r.Uint32())
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	for _, o := range offs {
		for _, k := range []string{"o:" + o.ID, "i:" + o.InspectionID} {
			if _, ok := out[k]; !ok {
				out[k] = fresh()
			}
		}
	}
	return out
}
