package rules

import (
	"slices"
	"testing"
	"time"
)

// person is a crew member holding current certificates of the given grades.
func person(id string, grades ...CertificateGrade) CrewOnBoard {
	m := CrewOnBoard{ID: id}
	for _, g := range grades {
		m.Certificates = append(m.Certificates, CrewCertificate{Grade: g, IssuedOn: D(2024, 1, 1)})
	}
	return m
}

var manningDay = D(2026, 3, 1)

// motor builds a Kandla or Paradip motor-boat input.
func motor(regime Regime, bhp, lengthM float64, use Use, crew ...CrewOnBoard) ManningInput {
	return ManningInput{Regime: regime, Kind: KindMotor, EnginePower: bhp, PowerUnit: UnitBHP, LengthM: lengthM, Use: use, Crew: crew, On: manningDay}
}

// roleGrades returns the accepted grades of the first required role named role.
func roleGrades(r ManningResult, role string) []CertificateGrade {
	for _, rr := range r.Required {
		if rr.Role == role {
			return rr.Grades
		}
	}
	return nil
}

func TestCheckManningMotorBoatBands(t *testing.T) {
	tests := []struct {
		name       string
		in         ManningInput
		wantEng    CertificateGrade // the lowest grade the engineer role accepts
		notEng     CertificateGrade // a grade it must not accept ("" = none)
		wantMaster CertificateGrade
	}{
		{"Paradip 1967 r.29(2)(i): exactly 565 BHP needs a motor engineer (\"not less than 565\")", motor(RegimeParadip1967, 565, 20, UseCargo), GradeMotorEngineer, GradeFirstClassMotorEngineDriver, GradeFirstClassMaster},
		{"Paradip 1967 r.29(2)(ii): 564.9 BHP accepts a first class motor engine-driver", motor(RegimeParadip1967, 564.9, 20, UseCargo), GradeFirstClassMotorEngineDriver, GradeSecondClassMotorEngineDriver, GradeSecondClassMaster},
		{"Paradip 1967 r.29(2)(ii): exactly 226 BHP is band (ii) (\"not less than 226\")", motor(RegimeParadip1967, 226, 20, UseCargo), GradeFirstClassMotorEngineDriver, GradeSecondClassMotorEngineDriver, GradeSecondClassMaster},
		{"Paradip 1967 r.29(2)(iii): 225.9 BHP accepts a second class motor engine-driver and a serang", motor(RegimeParadip1967, 225.9, 20, UseCargo), GradeSecondClassMotorEngineDriver, GradePermit, GradeSerang},
		{"Paradip 1967 r.29(2) first proviso: exactly 40 BHP engineer may hold a permit", motor(RegimeParadip1967, 40, 20, UseCargo), GradePermit, "", GradeSerang},
		{"Paradip 1967 r.29(2) first proviso: 40.1 BHP needs a certificate", motor(RegimeParadip1967, 40.1, 20, UseCargo), GradeSecondClassMotorEngineDriver, GradePermit, GradeSerang},
		{"Kandla 1955 s.31(2)(i): exactly 565 BHP needs a motor engineer", motor(RegimeKandla1955, 565, 20, UseCargo), GradeMotorEngineer, GradeFirstClassMotorEngineDriver, GradeFirstClassMaster},
		{"Kandla 1955 s.31(2)(ii): exactly 226 BHP", motor(RegimeKandla1955, 226, 20, UseCargo), GradeFirstClassMotorEngineDriver, GradeSecondClassMotorEngineDriver, GradeSecondClassMaster},
		{"Kandla 1955 s.31(2)(iii): 225.99 BHP", motor(RegimeKandla1955, 225.99, 20, UseCargo), GradeSecondClassMotorEngineDriver, GradePermit, GradeSerang},
		{"Kandla 1955 s.31(2) first proviso: exactly 40 BHP permit", motor(RegimeKandla1955, 40, 20, UseCargo), GradePermit, "", GradeSerang},
		{"Kandla 1955 s.31(2)(i): 421.32 kW converts to 565 BHP (1 hp = 745.699872 W)", ManningInput{Regime: RegimeKandla1955, Kind: KindMotor, EnginePower: 565 * KWPerBHP, PowerUnit: UnitKW, On: manningDay}, GradeMotorEngineer, GradeFirstClassMotorEngineDriver, GradeFirstClassMaster},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if !r.Assessed {
				t.Fatalf("not assessed: %s", r.Reason)
			}
			eng, mas := roleGrades(r, RoleEngineer), roleGrades(r, RoleMaster)
			if !slices.Contains(eng, tt.wantEng) || (tt.notEng != "" && slices.Contains(eng, tt.notEng)) {
				t.Errorf("engineer grades %v: want %s, not %s", eng, tt.wantEng, tt.notEng)
			}
			if !slices.Contains(mas, tt.wantMaster) {
				t.Errorf("master grades %v: want %s", mas, tt.wantMaster)
			}
			if r.Compliant || len(r.Missing) != 2 {
				t.Errorf("no crew: compliant=%v missing=%d, want false/2", r.Compliant, len(r.Missing))
			}
		})
	}
}

func TestCheckManningSmallMotorBoatProvisos(t *testing.T) {
	dual := person("d1", GradeSecondClassMotorEngineDriver, GradeSerang)
	owner := CrewOnBoard{ID: "o1", Role: RoleOwner}
	tests := []struct {
		name      string
		in        ManningInput
		compliant bool
		roles     int
	}{
		{"Kandla 1955 s.31(2) second proviso: exactly 20 BHP and exactly 9.14 m, one person holds both", motor(RegimeKandla1955, 20, 9.14, UseCargo, dual), true, 2},
		{"Kandla 1955 s.31(2) second proviso: 20 BHP but 9.15 m needs two persons", motor(RegimeKandla1955, 20, 9.15, UseCargo, dual), false, 2},
		{"Kandla 1955 s.31(2) second proviso: 20.1 BHP at 9 m needs two persons", motor(RegimeKandla1955, 20.1, 9, UseCargo, dual), false, 2},
		{"Kandla 1955 s.31(2) second proviso: unknown length is not shown to be within 9.14 m", motor(RegimeKandla1955, 20, 0, UseCargo, dual), false, 2},
		{"Paradip 1967 r.29(2) second proviso: exactly 30 ft (9.144 m) one person holds both", motor(RegimeParadip1967, 20, 9.144, UseHire, dual), true, 2},
		{"Paradip 1967 r.29(2) second proviso: 9.142 m passes at Paradip (30 ft) though it fails Kandla's 9.14 m", motor(RegimeParadip1967, 20, 9.142, UseHire, dual), true, 2},
		{"Kandla 1955 s.31(2) second proviso: 9.142 m fails Kandla's 9.14 m", motor(RegimeKandla1955, 20, 9.142, UseHire, dual), false, 2},
		{"Paradip 1967 r.29(2) second proviso: 9.15 m (over 30 ft) needs two persons", motor(RegimeParadip1967, 20, 9.15, UseHire, dual), false, 2},
		{"Paradip 1967 r.29(2) third proviso: exactly 20 BHP, 30 ft, recreation, owner navigates", motor(RegimeParadip1967, 20, 9.144, UseRecreation, owner), true, 1},
		{"Kandla 1955 s.31(2) third proviso: recreation, permit holder navigates", motor(RegimeKandla1955, 20, 9.14, UseRecreation, person("p1", GradePermit)), true, 1},
		{"Kandla 1955 s.31(2) third proviso: recreation but 20.1 BHP needs certificated crew", motor(RegimeKandla1955, 20.1, 9, UseRecreation, owner), false, 2},
		{"Kandla 1955 s.31(2) first proviso: 40 BHP permit engineer and serang", motor(RegimeKandla1955, 40, 12, UseCargo, person("e", GradePermit), person("m", GradeSerang)), true, 2},
		{"Kandla 1955 s.31(2)(iii): higher grades satisfy lower bands", motor(RegimeKandla1955, 100, 12, UseCargo, person("e", GradeMotorEngineer), person("m", GradeFirstClassMaster)), true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if r.Compliant != tt.compliant || len(r.Required) != tt.roles {
				t.Errorf("compliant=%v roles=%d, want %v/%d; missing %+v; trace %+v", r.Compliant, len(r.Required), tt.compliant, tt.roles, r.Missing, r.Trace.Steps)
			}
		})
	}
}

func TestCheckManningNoPropulsion(t *testing.T) {
	tests := []struct {
		name  string
		in    ManningInput
		roles int
	}{
		{"Kandla 1955 s.31(2)(i)(b): no master when engines are not used for propulsion", ManningInput{Regime: RegimeKandla1955, Kind: KindMotor, EnginePower: 600, PowerUnit: UnitBHP, NoPropulsion: true}, 1},
		{"Paradip 1967 r.29(2)(i)(b) (Q21): master required at 565 BHP even without propulsion", ManningInput{Regime: RegimeParadip1967, Kind: KindMotor, EnginePower: 565, PowerUnit: UnitBHP, NoPropulsion: true}, 2},
		{"Paradip 1967 r.29(2)(ii)(b): no master without propulsion", ManningInput{Regime: RegimeParadip1967, Kind: KindMotor, EnginePower: 300, PowerUnit: UnitBHP, NoPropulsion: true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r := CheckManning(tt.in); len(r.Required) != tt.roles {
				t.Errorf("roles = %d, want %d", len(r.Required), tt.roles)
			}
		})
	}
}

func TestCheckManningSteamBoat(t *testing.T) {
	steam := func(nhp float64, crew ...CrewOnBoard) ManningInput {
		return ManningInput{Regime: RegimeParadip1967, Kind: KindSteam, EnginePower: nhp, PowerUnit: UnitNHP, Crew: crew, On: manningDay}
	}
	both2 := person("b", GradeSecondClassMaster, GradeFirstClassEngineDriver)
	both3 := person("b", GradeSerang, GradeSecondClassEngineDriver)
	tests := []struct {
		name      string
		in        ManningInput
		compliant bool
		master    CertificateGrade
	}{
		{"Paradip 1967 r.29(1)(i): exactly 100 NHP needs a first class master; one person is not enough", steam(100, person("x", GradeFirstClassMaster, GradeEngineer)), false, GradeFirstClassMaster},
		{"Paradip 1967 r.29(1)(i): 100 NHP with two persons", steam(100, person("m", GradeSeaGoingMaster), person("e", GradeEngineer)), true, GradeFirstClassMaster},
		{"Paradip 1967 r.29(1)(ii): 99.9 NHP, one person holding both complies", steam(99.9, both2), true, GradeSecondClassMaster},
		{"Paradip 1967 r.29(1)(ii): exactly 40 NHP is band (ii); serang not enough", steam(40, both3), false, GradeSecondClassMaster},
		{"Paradip 1967 r.29(1)(iii): 39.9 NHP, serang and second class engine driver in one person", steam(39.9, both3), true, GradeSerang},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if r.Compliant != tt.compliant || !slices.Contains(roleGrades(r, RoleMaster), tt.master) {
				t.Errorf("compliant=%v master=%v, want %v and %s", r.Compliant, roleGrades(r, RoleMaster), tt.compliant, tt.master)
			}
		})
	}
	if r := CheckManning(ManningInput{Regime: RegimeParadip1967, Kind: KindSteam, EnginePower: 50, PowerUnit: UnitBHP}); r.Assessed {
		t.Error("Paradip 1967 r.29(1): BHP must not be converted to NHP")
	}
}

// kaCatC builds a Karnataka Category C mechanised vessel input.
func kaCatC(zone Zone, kw float64, use Use, crew ...CrewOnBoard) ManningInput {
	return ManningInput{Regime: RegimeKarnataka2025, Kind: KindMechanised, Category: CategoryC, Zone: zone, EnginePower: kw, PowerUnit: UnitKW, Use: use, Crew: crew, On: manningDay}
}

func TestCheckManningKarnataka(t *testing.T) {
	dual := person("d", GradeMasterClass3, GradeEngineDriverClass2)
	gp := person("g", GradeGPRating)
	tests := []struct {
		name      string
		in        ManningInput
		compliant bool
		assessed  bool
	}{
		{"Karnataka 2025 r.29(2): exactly 425 kW, one person master and engineer plus GP rating", kaCatC(1, 425, UsePassenger, dual, gp), true, true},
		{"Karnataka 2025 r.29(2): 425.1 kW needs a separate engineer", kaCatC(1, 425.1, UsePassenger, dual, gp), false, true},
		{"Karnataka 2025 r.29(2): 570 BHP = 425.05 kW is over 425 kW", ManningInput{Regime: RegimeKarnataka2025, Kind: KindMechanised, Category: CategoryC, Zone: 1, EnginePower: 570, PowerUnit: UnitBHP, Crew: []CrewOnBoard{dual, gp}, On: manningDay}, false, true},
		{"Karnataka 2025 r.29(2): 569.9 BHP = 424.98 kW is within 425 kW", ManningInput{Regime: RegimeKarnataka2025, Kind: KindMechanised, Category: CategoryC, Zone: 1, EnginePower: 569.9, PowerUnit: UnitBHP, Crew: []CrewOnBoard{dual, gp}, On: manningDay}, true, true},
		{"Karnataka 2025 r.29(1) zone 1 (§7.3 reconstruction): GP rating cannot stand in for the driver", kaCatC(1, 500, UseCargo, person("m", GradeSerang), gp, person("g2", GradeGPRating)), false, true},
		{"Karnataka 2025 r.29(1) zones 2 and 3: GP rating may stand in for the driver", kaCatC(2, 500, UseCargo, person("m", GradeSerang), gp, person("g2", GradeGPRating)), true, true},
		{"Karnataka 2025 r.29(1) zone 3 passenger: master class 1 satisfies the serang column", kaCatC(3, 500, UsePassenger, person("m", GradeMasterClass1), gp, person("e", GradeEngineDriverClass1)), true, true},
		{"Karnataka 2025 r.29(1) pleasure craft: licence holder and a GP rating", kaCatC(2, 50, UseRecreation, person("p", GradePleasureCraftLicence), gp), true, true},
		{"Karnataka 2025 r.29(1) pleasure craft: licence alone is not enough", kaCatC(1, 50, UseRecreation, person("p", GradePleasureCraftLicence, GradeGPRating)), false, true},
		{"Karnataka 2025 r.28 (Q1): category A manning is not in the sources", ManningInput{Regime: RegimeKarnataka2025, Kind: KindMechanised, Category: CategoryA, Zone: 1}, false, false},
		{"Karnataka 2025 r.29(1): zone 4 does not exist", kaCatC(4, 100, UseCargo), false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if r.Compliant != tt.compliant || r.Assessed != tt.assessed {
				t.Errorf("compliant=%v assessed=%v, want %v/%v; missing %+v; reason %q", r.Compliant, r.Assessed, tt.compliant, tt.assessed, r.Missing, r.Reason)
			}
		})
	}
}

func TestCheckManningNonMechanised(t *testing.T) {
	nm := func(cat Category, use Use, towing, lake bool) ManningInput {
		return ManningInput{Regime: RegimeKarnataka2025, Kind: KindNonMechanised, Category: cat, Use: use, Towing: towing, LakeOnly: lake, On: manningDay}
	}
	tests := []struct {
		name string
		in   ManningInput
		want int
	}{
		{"Karnataka 2025 r.124: Category A cargo, 3 GP ratings", nm(CategoryA, UseCargo, false, false), 3},
		{"Karnataka 2025 r.124: Category A passenger, 3 GP ratings", nm(CategoryA, UsePassenger, false, false), 3},
		{"Karnataka 2025 r.124: Category B, 2", nm(CategoryB, UsePassenger, false, false), 2},
		{"Karnataka 2025 r.124: Category C, 2", nm(CategoryC, UseCargo, false, false), 2},
		{"Karnataka 2025 r.124 first proviso (Q16): Category A cargo in tow, half of 3 rounded up = 2", nm(CategoryA, UseCargo, true, false), 2},
		{"Karnataka 2025 r.124 first proviso (Q16): towing does not halve a passenger boat", nm(CategoryA, UsePassenger, true, false), 3},
		{"Karnataka 2025 r.124 lake proviso: Category B lake only, 1", nm(CategoryB, UsePassenger, false, true), 1},
		{"Karnataka 2025 r.124 (Q16): Category A cargo in tow and lake only, 2 − 1 = 1", nm(CategoryA, UseCargo, true, true), 1},
		{"Karnataka 2025 r.124, r.117 (Q16): Category C cargo in tow and lake only never below 1", nm(CategoryC, UseCargo, true, true), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if len(r.Required) != tt.want || r.Required[0].Role != RoleBoatInCharge {
				t.Errorf("required %+v, want %d with a boat in-charge first", r.Required, tt.want)
			}
		})
	}
	in := nm(CategoryB, UseCargo, false, false)
	in.Crew = []CrewOnBoard{person("a", GradeGPRating), person("b", GradeGPRating)}
	if r := CheckManning(in); !r.Compliant || len(r.Assignments) != 2 {
		t.Errorf("Karnataka 2025 r.124: two GP ratings man a Category B boat: %+v", r)
	}
}

func TestCheckManningLegacyDeadline(t *testing.T) {
	legacySerang := CrewOnBoard{ID: "s", Certificates: []CrewCertificate{{Grade: GradeSerang, Legacy: true, IssuedOn: D(2010, 5, 1)}}}
	revalidated := CrewOnBoard{ID: "s", Certificates: []CrewCertificate{{Grade: GradeSerang, Legacy: true, IssuedOn: D(2010, 5, 1), RevalidatedOn: D(2027, 1, 10)}}}
	endorsed := CrewOnBoard{ID: "s", Certificates: []CrewCertificate{{Grade: GradeSerang, IssuedOn: D(2010, 5, 1), ExpiresOn: D(2026, 12, 31)}}}
	others := []CrewOnBoard{person("g", GradeGPRating), person("e", GradeEngineDriverClass2)}
	at := func(on Date, deadline Date, master CrewOnBoard) ManningInput {
		in := kaCatC(1, 600, UsePassenger, append([]CrewOnBoard{master}, others...)...)
		in.On, in.LegacyDeadline = on, deadline
		return in
	}
	tests := []struct {
		name      string
		in        ManningInput
		compliant bool
	}{
		{"Karnataka 2025 r.32(2), Sch-XV G: legacy serang counts on 2027-06-06", at(D(2027, 6, 6), Date{}, legacySerang), true},
		{"Karnataka 2025 r.32(2), Sch-XV G: legacy serang does not count on 2027-06-07", at(D(2027, 6, 7), Date{}, legacySerang), false},
		{"Karnataka 2025 r.32(2): a moved deadline (2028-06-06) is honoured", at(D(2027, 6, 7), D(2028, 6, 6), legacySerang), true},
		{"Karnataka 2025 Sch-XV E, F: revalidated legacy serang counts as master class 3 after the deadline", at(D(2027, 6, 7), Date{}, revalidated), true},
		{"Karnataka 2025 Sch-XV F: revalidated legacy certificate lapses 5 years after revalidation", at(D(2032, 1, 11), Date{}, revalidated), false},
		{"Karnataka 2025 r.32(2): endorsed validity earlier than the deadline governs (old grade is legacy)", at(D(2027, 1, 1), Date{}, endorsed), false},
		{"Karnataka 2025 r.32(2): endorsed validity, last day", at(D(2026, 12, 31), Date{}, endorsed), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CheckManning(tt.in)
			if r.Compliant != tt.compliant {
				t.Errorf("compliant=%v, want %v; trace %+v", r.Compliant, tt.compliant, r.Trace.Steps)
			}
		})
	}
	secondClass := CrewOnBoard{ID: "s2", Certificates: []CrewCertificate{{Grade: GradeSecondClassMaster, IssuedOn: D(2010, 5, 1)}}}
	r := CheckManning(at(D(2027, 6, 6), Date{}, secondClass))
	if !r.Compliant || r.Assignments[0].Via == "" {
		t.Errorf("Karnataka 2025 Sch-XV E: assignment should name the equivalence: %+v", r.Assignments)
	}
}

func TestCertificateCountsRevalidation(t *testing.T) {
	coc := CrewCertificate{Grade: GradeMasterClass3, IssuedOn: D(2020, 2, 29)}
	tests := []struct {
		name string
		c    CrewCertificate
		on   Date
		want bool
	}{
		{"Karnataka 2025 Sch-XV F: CoC issued 2020-02-29 counts on 2025-02-28 (5 years, leap day clamps)", coc, D(2025, 2, 28), true},
		{"Karnataka 2025 Sch-XV F: CoC issued 2020-02-29 lapses on 2025-03-01 without revalidation", coc, D(2025, 3, 1), false},
		{"Karnataka 2025 Sch-XV F: revalidated 2025-02-01 counts until 2030-02-01", CrewCertificate{Grade: GradeMasterClass3, IssuedOn: D(2020, 2, 29), RevalidatedOn: D(2025, 2, 1)}, D(2030, 2, 1), true},
		{"Karnataka 2025 Sch-XV F: revalidated 2025-02-01 lapses 2030-02-02", CrewCertificate{Grade: GradeMasterClass3, IssuedOn: D(2020, 2, 29), RevalidatedOn: D(2025, 2, 1)}, D(2030, 2, 2), false},
		{"Karnataka 2025: a certificate issued after the day asked does not count", coc, D(2020, 2, 28), false},
		{"Karnataka 2025 r.125: a GP rating has no 5-year revalidation", CrewCertificate{Grade: GradeGPRating, IssuedOn: D(2010, 1, 1)}, D(2026, 1, 1), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, why, _ := CertificateCounts(tt.c, RegimeKarnataka2025, tt.on, Date{}); got != tt.want {
				t.Errorf("counts = %v (%s), want %v", got, why, tt.want)
			}
		})
	}
	old := CrewCertificate{Grade: GradeSerang, IssuedOn: D(1990, 1, 1)}
	if ok, _, _ := CertificateCounts(old, RegimeParadip1967, D(2030, 1, 1), Date{}); !ok {
		t.Error("Paradip 1967 r.29: the Karnataka legacy deadline does not apply")
	}
}

func TestSchXVEquivalents(t *testing.T) {
	want := map[CertificateGrade]CertificateGrade{
		GradeSerang: GradeMasterClass3, GradeSecondClassMaster: GradeMasterClass2, GradeFirstClassMaster: GradeMasterClass1,
		GradeSecondClassEngineDriver: GradeEngineDriverClass2, GradeFirstClassEngineDriver: GradeEngineDriverClass1, GradeEngineer: GradeInlandVesselEngineer,
	}
	for old, nw := range want {
		t.Run("Karnataka 2025 Sch-XV E: "+string(old)+" becomes "+string(nw), func(t *testing.T) {
			if got, ok := schXVEquivalents[old]; !ok || got != nw {
				t.Errorf("schXVEquivalents[%s] = %s, %v", old, got, ok)
			}
		})
	}
}

func BenchmarkCheckManning(b *testing.B) {
	in := kaCatC(2, 400, UsePassenger,
		CrewOnBoard{ID: "s", Certificates: []CrewCertificate{{Grade: GradeSerang, Legacy: true, IssuedOn: D(2010, 5, 1)}}},
		person("g", GradeGPRating), person("x", GradeGPRating, GradeEngineDriverClass2))
	in.On = D(2027, time.June, 6)
	for b.Loop() {
		if r := CheckManning(in); !r.Compliant {
			b.Fatal("not compliant")
		}
	}
}
