package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
)

// The demo's year: a year of two offices' work (Karwar and Mangaluru,
// both under Karnataka 2025), so that the console's charts, the plan, the
// reports and the owners' pages show what they are for on first start.
// It is a list of visits drawn from a fixed random seed, plus scripted
// ones for what must always be there: a detention released after a
// re-inspection and one still in force, repeat offences, notices paid,
// unpaid and appealed (history_run.go replays them through the services).

// historySeed seeds the draw of the demo's year: the same day gives the
// same year on every machine.
const historySeed = 20251211

// historyDays is how far back the year reaches: within the inspectors'
// assignments, which start 365 days before the seed (users.go).
const historyDays = 360

// visit is one inspection of the year and what followed it.
type visit struct {
	Key  string
	Jur  string
	Reg  string
	Ago  int // days before today (India) of the visit
	Kind string
	// Reinspects is the key of the visit whose detention order this
	// re-inspection may lift (Karnataka 2025, Sch-IX Annex-1).
	Reinspects string
	Findings   []planned
	// ReviewAfter is how many days after the visit the supervisor
	// approves it; a review that would fall after today leaves the
	// inspection in the queue.
	ReviewAfter int
	Detain      bool // the supervisor confirms the proposed detention
	Release     bool // the supervisor releases the order this re-inspection cleared
	Settle      settlement
}

// planned is a deficiency the inspector records; Rectified ones are put
// right on board before the inspector leaves (action 01).
type planned struct {
	Code, Action, Note string
	Rectified          bool
}

// settlement is what the owner does with the visit's penalty notice, in
// days after it was served; 0 is never.
type settlement struct {
	PayAfter    int
	AppealAfter int
	Decision    string // upheld | dismissed, 21 days after the appeal; "" leaves it pending
}

// Deficiencies the random visits draw from, each with the action the
// inspector gives (Karnataka 2025, Sch-IX action codes), so every code
// appears. unfined ones carry no Sch-IV penalty; fined ones do.
var (
	unfined = []planned{
		{Code: "01002", Action: "04", Note: "Certificate of Survey kept at the owner's office, not on board"},
		{Code: "01009", Action: "03", Note: "official log book not written up for three weeks"},
		{Code: "03003", Action: "03", Note: "load line paint worn away amidships"},
		{Code: "03011", Action: "04", Note: "oily water standing in the engine space"},
		{Code: "13004", Action: "03", Note: "garbage-disposal placards not displayed"},
		{Code: "14001", Action: "04", Note: "bilge pump does not prime"},
		{Code: "14003", Action: "05", Note: "one starting battery, no change-over switch"},
		{Code: "14004", Action: "02", Note: "anchor cable corroded; renew at the next port"},
		{Code: "20003", Action: "03", Note: "display board lacks the insurance particulars"},
		{Code: "13002", Action: "05", Note: "no holding tank for oily waste"},
		{Code: "14010", Action: "01", Note: "batteries loose; lashed down during the inspection", Rectified: true},
		{Code: "99999", Action: "99", Note: "gas cylinder stowed in the passenger saloon; move it to the open deck"},
	}
	fined = []planned{
		{Code: "11004", Action: "04", Note: "lifebuoys fewer than required, one without its line"},
		{Code: "07003", Action: "04", Note: "portable fire extinguisher discharged"},
		{Code: "10008", Action: "04", Note: "stern light not working"},
		{Code: "11002", Action: "04", Note: "lifejackets short of the persons on board"},
		{Code: "11006", Action: "02", Note: "first-aid kit missing; supply it at the next port"},
		{Code: "10014", Action: "04", Note: "plying beyond the operating region in its registration"},
		{Code: "14009", Action: "05", Note: "engine replaced with a larger one without approval"},
	}
)

// staffOf is the email of a jurisdiction's official of role.
func staffOf(role, jur string) string { return role + "." + strings.ToLower(jur) + "@demo.tindal" }

// yearOfVisits is the demo's year, in no particular order: the scripted
// visits and, for each office, two or three drawn visits in each of the
// last twelve calendar months.
func (s *seeder) yearOfVisits(ctx context.Context) ([]visit, error) {
	rng := rand.New(rand.NewPCG(historySeed, 1)) //nolint:gosec // a fixed seed: the same year on every machine
	clean := newCleanDays(s)
	out := scriptedVisits()
	taken := map[string]int{} // owner/Sch-IV row → offences drawn so far
	for _, v := range out {
		for _, f := range v.Findings {
			taken[offenceKey(v.Reg, f.Code)]++
		}
	}
	for _, j := range []string{karwar, mangaluru} {
		for m := 11; m >= 0; m-- {
			for i := range 2 + rng.IntN(2) {
				v, ok, err := s.drawVisit(ctx, rng, clean, j, m, i, taken)
				if err != nil {
					return nil, err
				}
				if ok {
					out = append(out, v)
				}
			}
		}
	}
	return out, nil
}

// drawnKeys is the most visits an office draws in a month.
const drawnKeys = 3

// visitKey names visit i of the month m months back in jurisdiction j.
func visitKey(j string, m, i int) string { return fmt.Sprintf("%s-%02d-%d", strings.ToLower(j), m, i) }

// yearIDs are the ids every visit of the year may have, drawn or not.
func yearIDs() []uuid.UUID {
	var ids []uuid.UUID
	for _, v := range scriptedVisits() {
		ids = append(ids, visitID(v.Key))
	}
	for _, j := range []string{karwar, mangaluru} {
		for m := range 12 {
			for i := range drawnKeys {
				ids = append(ids, visitID(visitKey(j, m, i)))
			}
		}
	}
	return ids
}

// drawVisit draws visit i of the month m months back in jurisdiction j:
// a day of that month at least three days ago, a vessel in which the law
// finds nothing wrong from the register on that day (cleanDays), and up
// to three deficiencies; at most two offences of one Sch-IV row per
// owner, so the repeat doubling stays where the scripted visits put it.
func (s *seeder) drawVisit(
	ctx context.Context,
	rng *rand.Rand,
	clean *cleanDays,
	j string,
	m, i int,
	taken map[string]int,
) (visit, bool, error) {
	first := time.Date(s.today.Year(), s.today.Month()-time.Month(m), 1, 0, 0, 0, 0, time.UTC)
	day := first.AddDate(0, 0, rng.IntN(28))
	ago := int(s.today.Sub(day).Hours() / 24)
	pick := rng.IntN(1 << 20)
	if ago < 3 || ago > historyDays {
		return visit{}, false, nil
	}
	reg, ok, err := clean.pick(ctx, j, ago, pick)
	if err != nil || !ok {
		return visit{}, false, err
	}
	v := visit{Key: visitKey(j, m, i), Jur: j, Reg: reg,
		Ago: ago, Kind: "routine", ReviewAfter: 1 + rng.IntN(3)}
	if rng.IntN(4) == 0 {
		v.Kind = "spot"
	}
	seen := map[string]bool{}
	for range rng.IntN(4) {
		f := unfined[rng.IntN(len(unfined))]
		if rng.IntN(3) == 0 {
			g := fined[rng.IntN(len(fined))]
			if k := offenceKey(v.Reg, g.Code); taken[k] < 2 {
				f = g
				taken[k]++
			}
		}
		if !seen[f.Code] {
			seen[f.Code] = true
			v.Findings = append(v.Findings, f)
		}
	}
	v.Settle = drawSettlement(rng, ago)
	return v, true, nil
}

// drawSettlement is what an owner does with a notice served about ago
// days back: most old notices are paid, some appealed and decided, some
// left unpaid; recent ones are often still open or under appeal.
func drawSettlement(rng *rand.Rand, ago int) settlement {
	r := rng.IntN(100)
	switch {
	case ago > 60 && r < 60:
		return settlement{PayAfter: 3 + rng.IntN(20)}
	case ago > 60 && r < 80:
		d := []string{"upheld", "dismissed"}[rng.IntN(2)]
		st := settlement{AppealAfter: 5 + rng.IntN(15), Decision: d}
		if d == "dismissed" {
			st.PayAfter = st.AppealAfter + 25
		}
		return st
	case ago <= 60 && r < 35:
		return settlement{PayAfter: 2 + rng.IntN(10)}
	case ago <= 60 && r < 55:
		return settlement{AppealAfter: 2 + rng.IntN(10)}
	}
	return settlement{}
}

// offenceKey is the owner of the vessel and the Sch-IV row of code.
func offenceKey(reg, code string) string {
	v, _ := vesselByReg(reg)
	return fmt.Sprintf("%d/%s", v.Owner, rowOf(code))
}

// scriptedVisits are the year's visits that are always there, whatever
// the draw: each is named for what it shows. Their vessels are those in
// which the law finds nothing wrong from the register (their crew and
// papers complete), so what follows from a visit is what it recorded.
func scriptedVisits() []visit {
	return []visit{
		// A detention released: the serang was not on board (Karnataka 2025,
		// Sch-IX, detainable, Sch-IV fine), the order confirmed the next
		// day, the vessel re-inspected with its serang nine days later and
		// released.
		{Key: "released-detention", Jur: mangaluru, Reg: "KA-MNG-M-0001", Ago: 150, Kind: "spot", ReviewAfter: 1,
			Detain: true, Settle: settlement{PayAfter: 12},
			Findings: []planned{
				{Code: "02001", Action: "06", Note: "plying with passengers and no master on board"},
				{Code: "20003", Action: "03", Note: "display board lacks the maximum load"},
			}},
		{Key: "released-detention-reinspection", Jur: mangaluru, Reg: "KA-MNG-M-0001", Ago: 141,
			Kind: "re_inspection", Reinspects: "released-detention", ReviewAfter: 1, Release: true,
			Findings: []planned{{Code: "02001", Action: "01", Rectified: true,
				Note: "master on board with his certificate"}}},
		// A detention in force: a ferry carrying more passengers than its
		// certificate allows, found six days ago (Karnataka 2025, Sch-IV
		// row 5, detainable).
		{Key: "open-detention", Jur: karwar, Reg: "KA-KWR-M-0002", Ago: 6, Kind: "spot", ReviewAfter: 1, Detain: true,
			Findings: []planned{{Code: "03001", Action: "06", Note: "132 passengers on board against a certified 100"}}},
		// Repeat offences: Mohan Shetty & Sons' boats short of lifejackets
		// three times in a year, the fine doubled each time (Karnataka 2025,
		// Sch-IV; docs/LAW.md §5.2); the last notice is open, in its appeal
		// window.
		{Key: "repeat-1", Jur: mangaluru, Reg: "KA-MNG-M-0003", Ago: 300, Kind: "routine", ReviewAfter: 2,
			Settle:   settlement{PayAfter: 9},
			Findings: []planned{{Code: "11002", Action: "04", Note: "six lifejackets for a crew of nine"}}},
		{Key: "repeat-2", Jur: mangaluru, Reg: "KA-MNG-M-0005", Ago: 200, Kind: "routine", ReviewAfter: 2,
			Settle: settlement{AppealAfter: 6, Decision: "dismissed", PayAfter: 40},
			Findings: []planned{{Code: "11002", Action: "04", Note: "lifejackets torn, four unserviceable"},
				{Code: "14003", Action: "05", Note: "one starting battery, no change-over switch"}}},
		{Key: "repeat-3", Jur: mangaluru, Reg: "KA-MNG-M-0003", Ago: 12, Kind: "spot", ReviewAfter: 1,
			Findings: []planned{{Code: "11002", Action: "04", Note: "lifejackets again short of the crew on board"},
				{Code: "99999", Action: "99", Note: "fish hold hatch cover cracked; repair before the next trip"}}},
		// Konkan Coast Ferries: a notice paid, then the same offence again
		// within the year, doubled and appealed, the appeal pending.
		{Key: "ferries-paid", Jur: karwar, Reg: "KA-KWR-M-0001", Ago: 230, Kind: "routine", ReviewAfter: 1,
			Settle: settlement{PayAfter: 14},
			Findings: []planned{{Code: "07003", Action: "04", Note: "two of four extinguishers discharged"},
				{Code: "01009", Action: "03", Note: "log book not written up since the monsoon"}}},
		{Key: "ferries-appealed", Jur: karwar, Reg: "KA-KWR-M-0001", Ago: 24, Kind: "spot", ReviewAfter: 1,
			Settle: settlement{AppealAfter: 8},
			Findings: []planned{{Code: "07003", Action: "04", Note: "extinguisher in the saloon empty"},
				{Code: "14004", Action: "02", Note: "anchor shackle worn; renew at the next port"}}},
		// An appeal upheld: the penalty set aside on appeal.
		{Key: "appeal-upheld", Jur: mangaluru, Reg: "KA-MNG-M-0001", Ago: 190, Kind: "routine", ReviewAfter: 2,
			Settle:   settlement{AppealAfter: 10, Decision: "upheld"},
			Findings: []planned{{Code: "11004", Action: "04", Note: "lifebuoy missing from the wheelhouse rail"}}},
	}
}
