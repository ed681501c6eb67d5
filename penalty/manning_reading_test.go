package penalty_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
)

// crewCert is one certificate of a crew member in a manning test.
type crewCert struct {
	kind, grade, status string
	expires             *time.Time
}

// crewPost is a crew member signed on with certificates.
type crewPost struct {
	signedOff *time.Time
	certs     []crewCert
}

// boat inserts a Karnataka vessel of kind, category and zone with pax
// certified passengers and signs on the crew; it returns its id.
func (w *lawWorld) boat(n int, kind, cat string, zone, pax int, crew []crewPost) uuid.UUID {
	w.t.Helper()
	id := uuid.New()
	power, unit := any(nil), any(nil)
	if kind == "mechanised" {
		power, unit = 120, "kW"
	}
	w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, ?, 'Boat', 'KA-IV-2025', ?, ?, ?, ?, ?, ?, 'passenger', ?, ?)`, id, fmt.Sprintf("KA-KWR-T-%04d", n), kind, cat, zone, power, unit, pax, w.jur, w.owner)
	for i, p := range crew {
		m := uuid.New()
		w.exec(`INSERT INTO crew_members (id, indivc_number, name, jurisdiction_id) VALUES (?, ?, 'Crew', ?)`, m, fmt.Sprintf("IND-%04d-%d", n, i), w.jur)
		for j, c := range p.certs {
			w.exec(`INSERT INTO certificates (id, subject_type, crew_member_id, kind, grade, number, issued_on, expires_on, status, jurisdiction_id)
				VALUES (?, 'crew_member', ?, ?, ?, ?, '2025-01-01', ?, ?, ?)`, uuid.New(), m, c.kind, c.grade, fmt.Sprintf("C-%d-%d-%d", n, i, j), c.expires, c.status, w.jur)
		}
		w.exec(`INSERT INTO vessel_crew (id, vessel_id, crew_member_id, role, signed_on, signed_off, jurisdiction_id, owner_id)
			VALUES (?, ?, ?, 'gp_rating', '2026-01-01', ?, ?, ?)`, uuid.New(), id, m, p.signedOff, w.jur, w.owner)
	}
	return id
}

// manningReadings asks vessel compliance and an approved inspection of the
// same vessel on the same day whether the crew on board mans it: compliance
// says compliant, the inspection says no 02001 (Karnataka 2025, Sch-IV row
// 2) was recorded.
func (w *lawWorld) manningReadings(vessel uuid.UUID, at time.Time, template string) (compliance, inspection bool) {
	w.t.Helper()
	reg := registry.New(w.db, func() time.Time { return at })
	c, err := reg.Compliance(context.Background(), models.Scope{Access: models.AccessAll, UserID: uuid.New()}, vessel, rules.DateOf(at))
	if err != nil {
		w.t.Fatalf("compliance: %v", err)
	}
	id := uuid.Must(uuid.NewV7())
	w.run(at, "inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": currentTemplate(w.t, template), "kind": "routine"})
	w.run(at.Add(time.Hour), "inspection.submit", map[string]any{"inspection_id": id})
	sc := models.Scope{UserID: w.supervisor, Role: models.RoleSupervisor, Access: models.AccessAll}
	if _, err := w.svc.Review(context.Background(), sc, id, inspect.ReviewInput{Decision: inspect.DecisionApprove}); err != nil {
		w.t.Fatalf("approve: %v", err)
	}
	short := w.count(`findings WHERE inspection_id = ? AND code = ? AND deleted_at IS NULL`, id, string(rules.CodeManningShortfall))
	return c.Manning.Assessed && c.Manning.Compliant, short == 0
}

// Karnataka 2025, r.124, r.125: a Category B passenger boat needs two GP
// ratings including the Boat in-Charge. A GP rating certificate names its
// qualification by its kind; one with no grade written on it qualifies its
// holder all the same, at the inspection as in the vessel's compliance.
func TestGPRatingCertificateWithoutGradeMansTheBoat(t *testing.T) {
	w := newLawWorld(t)
	gp := crewCert{kind: "gp_rating", status: "valid"}
	v := w.boat(1, "non_mechanised", "B", 3, 8, []crewPost{{certs: []crewCert{gp}}, {certs: []crewCert{gp}}})
	comp, insp := w.manningReadings(v, day1, "ka-sch6-non-mechanised")
	if !comp {
		t.Errorf("compliance: two GP ratings do not man a Category B boat")
	}
	if !insp {
		t.Errorf("inspection recorded 02001 for a Category B boat with two GP ratings")
	}
	row := func() string { e, _ := rules.Lookup(rules.CodeManningShortfall); return string(e.PenaltyRow) }()
	var fined int64
	if err := w.db.Gorm.Raw(`SELECT coalesce(sum(amount), 0) FROM penalties WHERE penalty_row = ? AND deleted_at IS NULL
		AND inspection_id IN (SELECT id FROM inspections WHERE vessel_id = ?)`, row, v).Scan(&fined).Error; err != nil {
		t.Fatal(err)
	}
	if fined != 0 {
		t.Errorf("a correctly crewed boat was fined Rs %d for manning (Karnataka 2025, Sch-IV row 2)", fined)
	}
}

// Property: for any crew, vessel compliance and the inspection recompute
// agree on whether the vessel is manned (Karnataka 2025, r.29, r.124): both
// read who is qualified for what through registry.CrewOnBoard and ask
// rules.CheckManning the same question (rules.ManningInputFor).
func TestManningComplianceAndInspectionNeverDisagree(t *testing.T) {
	w := newLawWorld(t)
	rnd := rand.New(rand.NewSource(19))
	at := day1
	today := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
	past := today.AddDate(0, 0, -1)
	pick := func() crewCert {
		c := crewCert{status: "valid"}
		switch r := rnd.Intn(20); {
		case r < 6:
			c.kind = "gp_rating" // no grade written: the kind names it
		case r < 10:
			c.kind, c.grade = "gp_rating", "gp_rating"
		case r < 16:
			c.kind, c.grade = "competency", []string{"serang", "master_class_3", "engine_driver_class_2"}[rnd.Intn(3)]
		case r < 18:
			c.kind = "fitness"
		default:
			c.kind, c.grade = "competency", ""
		}
		switch rnd.Intn(10) {
		case 0:
			c.status = "suspended"
		case 1:
			c.expires = &past
		}
		return c
	}
	manned := 0
	for n := 0; n < 30; n++ {
		var crew []crewPost
		for i := 2 + rnd.Intn(2); i > 0; i-- {
			p := crewPost{certs: []crewCert{pick()}}
			if rnd.Intn(4) == 0 {
				p.certs = append(p.certs, pick())
			}
			switch rnd.Intn(10) {
			case 0:
				p.signedOff = &today
			case 1:
				p.signedOff = &past
			}
			crew = append(crew, p)
		}
		kind, cat, zone, tpl := "non_mechanised", []string{"A", "B", "C"}[rnd.Intn(3)], 3, "ka-sch6-non-mechanised"
		if rnd.Intn(2) == 0 {
			kind, cat, zone, tpl = "mechanised", "C", 1+rnd.Intn(3), "ka-form2-annex"
		}
		v := w.boat(100+n, kind, cat, zone, 4, crew)
		comp, insp := w.manningReadings(v, at, tpl)
		manned += map[bool]int{true: 1}[comp]
		if comp != insp {
			t.Errorf("case %d (%s %s zone %d, crew %+v): compliance manned=%t, inspection manned=%t", n, kind, cat, zone, crew, comp, insp)
		}
	}
	if manned == 0 || manned == 30 {
		t.Errorf("%d of 30 cases manned: the generator does not exercise both answers", manned)
	}
}

// Karnataka 2025, r.104(3): the Boat Surveyor's initial survey of a
// non-mechanised boat is recorded on Form-2 with its Annexure, so the annex
// template is offered to the boat (and started for it), without the
// machinery and powered-equipment items of a mechanised vessel.
func TestForm2AnnexIsOfferedToANonMechanisedBoat(t *testing.T) {
	boat := checklist.VesselFacts{Regime: rules.RegimeKarnataka2025, Kind: rules.KindNonMechanised, Category: rules.CategoryB, Zone: 1, Use: rules.UsePassenger}
	var annex checklist.Template
	for _, tp := range checklist.Templates() {
		if tp.Key == "ka-form2-annex" && !tp.Retired {
			annex = tp
		}
	}
	if err := annex.Fit.Check(boat); err != nil {
		t.Fatalf("Form-2 annex refused to a non-mechanised boat: %v", err)
	}
	for _, it := range annex.Items {
		mechanical := it.ID == "fire.pump_mech" || it.ID == "nav.ais" || len(it.ID) > 5 && it.ID[:5] == "mach."
		if mechanical && (it.Only == nil || it.Only.Check(boat) == nil) {
			t.Errorf("item %s asked of a non-mechanised boat", it.ID)
		}
	}
	w := newLawWorld(t)
	v := w.boat(7, "non_mechanised", "B", 3, 8, nil)
	w.run(day1, "inspection.start", map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": v, "template_id": currentTemplate(t, "ka-form2-annex"), "kind": "routine"})
}
