package penalty_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// lawWorld is a chainWorld whose inspections are made by the commands a
// push applies (start, finding.record, submit) and approved by a
// supervisor's review, so offences come from the evaluation.
type lawWorld struct {
	*chainWorld
	svc                 *inspect.Service
	vessel2, supervisor uuid.UUID
}

func newLawWorld(t *testing.T) *lawWorld {
	w := &lawWorld{chainWorld: newChainWorld(t, "en", "lakshmi@test.tindal"), vessel2: uuid.New(), supervisor: uuid.New()}
	w.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'sup@test.tindal', 'Supervisor', 'supervisor', 'x')`, w.supervisor)
	w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, 'KA-KWR-M-0008', 'Sagar Devi', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, w.vessel2, w.jur, w.owner)
	w.svc = inspect.New(w.db, nil, func() time.Time { return time.Date(2027, 12, 1, 6, 0, 0, 0, time.UTC) })
	return w
}

// finding is one finding an inspector records: a code and the person named.
type finding struct {
	code, party string
	persons     int
}

// inspect runs start, the findings and submit at `at` on vessel, then
// approves the inspection (charging its offences); it returns its id.
func (w *lawWorld) inspect(vessel uuid.UUID, at time.Time, fs ...finding) uuid.UUID {
	w.t.Helper()
	id := uuid.Must(uuid.NewV7())
	w.run(at, "inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": currentTemplate(w.t, "ka-form2-annex"), "kind": "routine"})
	for i, f := range fs {
		args := map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": f.code, "persons": f.persons}
		if f.party != "" {
			args["party_ref"] = f.party
		}
		w.run(at.Add(time.Duration(i+1)*time.Minute), "finding.record", args)
	}
	w.run(at.Add(time.Hour), "inspection.submit", map[string]any{"inspection_id": id})
	sc := models.Scope{UserID: w.supervisor, Role: models.RoleSupervisor, Access: models.AccessAll}
	if _, err := w.svc.Review(context.Background(), sc, id, inspect.ReviewInput{Decision: inspect.DecisionApprove}); err != nil {
		w.t.Fatalf("approve: %v", err)
	}
	return id
}

// currentTemplate is the current version of key. This world's starts are
// dated 2027 and later, past the grace of a version retired today (the
// database stamps the retirement at its first write), so they use the
// version a phone would have then.
func currentTemplate(t *testing.T, key string) uuid.UUID {
	t.Helper()
	for _, tp := range checklist.Templates() {
		if tp.Key == key && !tp.Retired {
			return tp.ID
		}
	}
	t.Fatalf("no current version of %s", key)
	return uuid.Nil
}

// run applies one command as a push applies it, in its own transaction.
func (w *lawWorld) run(at time.Time, name string, args map[string]any) {
	w.t.Helper()
	cmd, ok := inspect.LookupCommand(name, 1)
	if !ok {
		w.t.Fatalf("no command %s", name)
	}
	raw, _ := json.Marshal(args)
	a, err := cmd.Decode(raw)
	if err != nil {
		w.t.Fatalf("%s: %v", name, err)
	}
	ctx := context.Background()
	m := inspect.Meta{UserID: w.inspector, Role: models.RoleInspector, At: at, Name: name, Args: raw}
	err = w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		wk := w.svc.NewWork(tx)
		out, err := wk.Run(ctx, m, a)
		if err == nil && out.Status != "applied" {
			err = fmt.Errorf("status %s code %s", out.Status, out.Code)
		}
		if err == nil {
			err = wk.Finish(ctx)
		}
		return err
	})
	if err != nil {
		w.t.Fatalf("%s: %v", name, err)
	}
}

// charged is the live penalty of each liable person of an inspection for a
// row: person ref → amount.
func (w *lawWorld) charged(inspection uuid.UUID, row rules.PenaltyRowID) map[string]int64 {
	w.t.Helper()
	var rs []struct {
		Ref    string
		Amount int64
	}
	err := w.db.Gorm.Raw(`SELECT lp.ref, p.amount FROM penalties p JOIN liable_parties lp ON lp.id = p.party_id
		WHERE p.inspection_id = ? AND p.penalty_row = ? AND p.deleted_at IS NULL`, inspection, string(row)).Scan(&rs).Error
	if err != nil {
		w.t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rs {
		if _, dup := out[r.Ref]; dup {
			w.t.Errorf("two penalties of %s for %s in one inspection", r.Ref, row)
		}
		out[r.Ref] = r.Amount
	}
	return out
}

func wantCharged(t *testing.T, what string, got, want map[string]int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: penalties %v, want %v", what, got, want)
		return
	}
	for ref, a := range want {
		if got[ref] != a {
			t.Errorf("%s: %s charged Rs %d, want Rs %d (all: %v)", what, ref, got[ref], a, got)
		}
	}
}

var (
	ist  = rules.IST
	day1 = time.Date(2027, 2, 1, 10, 30, 0, 0, ist)
	day2 = time.Date(2027, 3, 10, 10, 30, 0, 0, ist)
	day3 = time.Date(2027, 6, 1, 10, 30, 0, 0, ist)
)

func TestKAF07F10EachPersonIsChargedAndEscalatesAlone(t *testing.T) {
	// Karnataka 2025, Sch-IV row 7 (Rs 20,000 "per crew") and row 10 (Rs
	// 1,000 "per pax"): each crew member and each identified passenger is a
	// separate person with their own repeat chain (docs/LAW.md §5.2, Q34).
	w := newLawWorld(t)
	first := w.inspect(w.vessel, day1,
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000101", 1},
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000102", 1},
		finding{string(rules.CodePassengerNoLifejacket), "PAX-AADHAAR-1", 1},
		finding{string(rules.CodePassengerNoLifejacket), "PAX-AADHAAR-2", 1})
	wantCharged(t, "Sch-IV row 7, two crew drunk on duty", w.charged(first, rules.PenaltyIntoxicated),
		map[string]int64{"INDIVC-KA-000101": 20000, "INDIVC-KA-000102": 20000})
	wantCharged(t, "Sch-IV row 10, two passengers without lifejackets", w.charged(first, rules.PenaltyLifejacket),
		map[string]int64{"PAX-AADHAAR-1": 1000, "PAX-AADHAAR-2": 1000})

	// Five weeks later, one of each again, and a new crew member: doubled
	// for the repeat offenders only (Sch-IV note).
	second := w.inspect(w.vessel, day2,
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000101", 1},
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000103", 1},
		finding{string(rules.CodePassengerNoLifejacket), "PAX-AADHAAR-2", 1})
	wantCharged(t, "Sch-IV row 7 and note, one crew member again within a year", w.charged(second, rules.PenaltyIntoxicated),
		map[string]int64{"INDIVC-KA-000101": 40000, "INDIVC-KA-000103": 20000})
	wantCharged(t, "Sch-IV row 10 and note, one passenger again within a year", w.charged(second, rules.PenaltyLifejacket),
		map[string]int64{"PAX-AADHAAR-2": 2000})
	// The first inspection's penalties are unchanged.
	wantCharged(t, "Sch-IV row 7, the earlier penalties", w.charged(first, rules.PenaltyIntoxicated),
		map[string]int64{"INDIVC-KA-000101": 20000, "INDIVC-KA-000102": 20000})
}

func TestKAF07TwoPersonsTwoBoatsSameDay(t *testing.T) {
	// Karnataka 2025, Sch-IV row 7 and note; docs/LAW.md §5.2: two crew members
	// on two boats of one owner the same day are two first offences, and a
	// crew member found on both boats that day is not a repeat offender
	// (neither offence was committed earlier than the other).
	w := newLawWorld(t)
	a := w.inspect(w.vessel, day3,
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000104", 1},
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000106", 1})
	b := w.inspect(w.vessel2, day3.Add(5*time.Hour),
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000105", 1},
		finding{string(rules.CodeCrewIntoxicated), "INDIVC-KA-000106", 1})
	wantCharged(t, "Sch-IV row 7, boat 1", w.charged(a, rules.PenaltyIntoxicated), map[string]int64{"INDIVC-KA-000104": 20000, "INDIVC-KA-000106": 20000})
	wantCharged(t, "Sch-IV row 7, boat 2", w.charged(b, rules.PenaltyIntoxicated), map[string]int64{"INDIVC-KA-000105": 20000, "INDIVC-KA-000106": 20000})
}

func TestKAF10NamedAndUnnamedPassengers(t *testing.T) {
	// Karnataka 2025, Sch-IV row 10 (Rs 1,000 per pax); docs/LAW.md §5.2: a
	// named passenger is their own person; passengers counted but not named
	// are one unidentified offence of their count, never escalated.
	w := newLawWorld(t)
	id := w.inspect(w.vessel, day1,
		finding{string(rules.CodePassengerNoLifejacket), "PAX-AADHAAR-7", 1},
		finding{string(rules.CodePassengerNoLifejacket), "", 3})
	got := w.charged(id, rules.PenaltyLifejacket)
	var anon int64
	for ref, a := range got {
		if ref != "PAX-AADHAAR-7" {
			anon = a
		}
	}
	if len(got) != 2 || got["PAX-AADHAAR-7"] != 1000 || anon != 3000 {
		t.Errorf("penalties %v, want PAX-AADHAAR-7 Rs 1,000 and the three unnamed Rs 3,000", got)
	}
}

func TestKAF04TwoBoatsSameDayAnyArrivalOrder(t *testing.T) {
	// Karnataka 2025, Sch-IV row 4 and note; docs/LAW.md §5.2: two boats of one
	// owner found without a valid Certificate of Survey on the same day are
	// each a first offence (Rs 5,000), whatever their ids and whichever
	// reaches the server and is recomputed first.
	for _, order := range []string{"together", "boat 1 first", "boat 2 first"} {
		t.Run(order, func(t *testing.T) {
			w := newLawWorld(t)
			at1, at2 := day1, day1.Add(6*time.Hour)
			var o1, o2 uuid.UUID
			switch order {
			case "together":
				o1, o2 = w.offenceOn(w.vessel, "KA-F04", at1), w.offenceOn(w.vessel2, "KA-F04", at2)
				w.recompute()
			case "boat 1 first":
				o1 = w.offenceOn(w.vessel, "KA-F04", at1)
				w.recompute()
				o2 = w.offenceOn(w.vessel2, "KA-F04", at2)
				w.recompute()
			default:
				o2 = w.offenceOn(w.vessel2, "KA-F04", at2)
				w.recompute()
				o1 = w.offenceOn(w.vessel, "KA-F04", at1)
				w.recompute()
			}
			for _, o := range []uuid.UUID{o1, o2} {
				if l, a := w.amount(o); l != 1 || a != 5000 {
					t.Errorf("offence %s: level %d Rs %d, want 1 / 5000", o, l, a)
				}
			}
			later := w.offenceOn(w.vessel2, "KA-F04", day2)
			w.recompute()
			if l, a := w.amount(later); l != 2 || a != 10000 {
				t.Errorf("a later offence: level %d Rs %d, want 2 / 10000 (doubled from Rs 5,000)", l, a)
			}
		})
	}
}

// offenceOn writes a charged offence of the owner with vessel at `at`, as
// chainWorld.offence does for the first vessel.
func (w *lawWorld) offenceOn(vessel uuid.UUID, row string, at time.Time) uuid.UUID {
	w.t.Helper()
	return w.offenceOf(w.owner, w.party, vessel, row, at, "charged", uuid.New())
}

func TestPenaltyAmountsIgnoreIDsAndArrivalOrder(t *testing.T) {
	// Karnataka 2025, Sch-IV rows 1 and 4 and note; docs/LAW.md §5.2; docs/LAW.md §12:
	// the same offences of two owners, one delivered at once and the other
	// in a random order, in random batches each followed by a recompute (as
	// pushes and reviews arrive), with other random ids, end with the same
	// amounts and levels.
	r := rand.New(rand.NewSource(2027))
	days := []time.Time{day1, day1.Add(7 * time.Hour), day2, day2.Add(-2 * time.Hour), day3,
		time.Date(2028, 2, 1, 18, 0, 0, 0, ist), time.Date(2028, 2, 2, 9, 0, 0, 0, ist)} // the anniversary of day1, and the day after
	for trial := 0; trial < 4; trial++ {
		t.Run(fmt.Sprint("trial ", trial), func(t *testing.T) {
			w := newLawWorld(t)
			other := w.secondOwner()
			type spec struct {
				at     time.Time
				row    string
				boat   int
				status string
			}
			specs := make([]spec, 6+r.Intn(5))
			for i := range specs {
				specs[i] = spec{days[r.Intn(len(days))], []string{"KA-F01", "KA-F04"}[r.Intn(2)], r.Intn(2), []string{"charged", "charged", "pending"}[r.Intn(3)]}
			}
			mine := make([]uuid.UUID, len(specs))
			for i, s := range specs {
				mine[i] = w.offenceOf(w.owner, w.party, []uuid.UUID{w.vessel, w.vessel2}[s.boat], s.row, s.at, s.status, randomID(r))
			}
			w.recomputeParty(w.party)
			theirs := make([]uuid.UUID, len(specs))
			order := r.Perm(len(specs))
			for len(order) > 0 {
				n := 1 + r.Intn(len(order))
				for _, i := range order[:n] {
					s := specs[i]
					theirs[i] = w.offenceOf(other.owner, other.party, other.vessels[s.boat], s.row, s.at, s.status, randomID(r))
				}
				w.recomputeParty(other.party)
				order = order[n:]
			}
			for i := range specs {
				l1, a1 := w.amount(mine[i])
				l2, a2 := w.amount(theirs[i])
				if l1 != l2 || a1 != a2 || a1 == 0 {
					s := specs[i]
					t.Errorf("offence %d (%s, %s, boat %d, %s): at once level %d Rs %d, in another order with other ids level %d Rs %d",
						i, s.row, s.at.In(ist).Format(time.DateTime), s.boat, s.status, l1, a1, l2, a2)
				}
			}
		})
	}
}

// owner2 is a second owner of the world with two boats and its party.
type owner2 struct {
	owner, party uuid.UUID
	vessels      [2]uuid.UUID
}

func (w *lawWorld) secondOwner() owner2 {
	o := owner2{owner: uuid.New(), vessels: [2]uuid.UUID{uuid.New(), uuid.New()}}
	o.party = penalty.PartyID(string(rules.PartyOwner), o.owner.String())
	w.exec(`INSERT INTO owners (id, kind, name, email, preferred_language, jurisdiction_id) VALUES (?, 'person', 'Ravi', '', 'en', ?)`, o.owner, w.jur)
	for i, v := range o.vessels {
		w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
			VALUES (?, ?, 'Ravi boat', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, v, fmt.Sprintf("KA-KWR-M-01%02d", i), w.jur, o.owner)
	}
	w.exec(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES (?, 'owner', ?, ?)`, o.party, o.owner.String(), o.owner)
	return o
}

// offenceOf writes an offence of owner's party with vessel at `at`, in an
// inspection approved (charged) or submitted (pending), with the given id.
func (w *lawWorld) offenceOf(owner, party, vessel uuid.UUID, row string, at time.Time, status string, id uuid.UUID) uuid.UUID {
	w.t.Helper()
	insp := uuid.New()
	st := map[string]string{"charged": "approved", "pending": "submitted"}[status]
	w.exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at, status)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'routine', ?, ?)`, insp, vessel, w.inspector, w.jur, owner, w.tpl, ruleSet, at, st)
	w.exec(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id, status, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, party, row, insp, vessel, at, ruleSet, status, w.jur, owner, w.inspector)
	return id
}

// recomputeParty runs the chain function for one party in a transaction.
func (w *lawWorld) recomputeParty(party uuid.UUID) {
	w.t.Helper()
	ctx := context.Background()
	err := w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		return penalty.RecomputeParties(ctx, tx, rules.NewRegistry(rules.RegistrySettings{}), notify.Outbox{}, []uuid.UUID{party})
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// randomID is a version-4 UUID drawn from r, so a failing trial repeats.
func randomID(r *rand.Rand) uuid.UUID {
	var b [16]byte
	r.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return uuid.UUID(b)
}
