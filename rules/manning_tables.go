package rules

import (
	"fmt"
	"math"
)

// requirement is the crew a rule requires.
type requirement struct {
	roles []RequiredRole
	pairs [][2]int // role indices one person may fill together
}

// assessment says whether a rule could be applied and, if not, why.
type assessment struct {
	assessed bool
	reason   string
	cite     Citation
}

// notAssessed builds a negative assessment.
func notAssessed(cite Citation, format string, args ...any) assessment {
	return assessment{reason: fmt.Sprintf(format, args...), cite: cite}
}

// assessed is a positive assessment.
var assessedOK = assessment{assessed: true}

// Grade ladders. Each band "or any such certificate as is referred to in"
// the band above, so a higher grade satisfies a lower band (Kandla 1955,
// s.31(2); Paradip 1967, r.29(1)-(2)).
var (
	motorEngineerI  = []CertificateGrade{GradeMotorEngineer, GradeSeaGoingEngineer}
	motorEngineerII = append(
		[]CertificateGrade{GradeFirstClassMotorEngineDriver, GradeSeaGoingEngineDriver},
		motorEngineerI...)
	motorEngineerIII = append([]CertificateGrade{GradeSecondClassMotorEngineDriver}, motorEngineerII...)
	masterI          = []CertificateGrade{GradeFirstClassMaster, GradeSeaGoingMaster}
	masterII         = append([]CertificateGrade{GradeSecondClassMaster}, masterI...)
	masterIII        = append([]CertificateGrade{GradeSerang}, masterII...)
	steamEngineerI   = []CertificateGrade{GradeEngineer, GradeSeaGoingEngineer}
	steamEngineerII  = append(
		[]CertificateGrade{GradeFirstClassEngineDriver, GradeSeaGoingEngineDriver},
		steamEngineerI...)
	steamEngineerIII = append([]CertificateGrade{GradeSecondClassEngineDriver}, steamEngineerII...)
	// Karnataka 2025 r.29(1) names "Serang or Master Class 3" and "Driver
	// Class 2"; higher classes of the same column are read as satisfying it,
	// as in the older ladders.
	kaDeck   = []CertificateGrade{GradeSerang, GradeMasterClass3, GradeMasterClass2, GradeMasterClass1}
	kaEngine = []CertificateGrade{GradeEngineDriverClass2, GradeEngineDriverClass1, GradeInlandVesselEngineer}
)

// Length limits of the ≤ 20 BHP provisos: Kandla "does not exceed 9.14
// metres"; Paradip "does not exceed 30 feet" = 30 × 0.3048 m = 9.144 m.
const (
	kandlaSmallBoatM  = 9.14
	paradipSmallBoatM = 30 * 0.3048
)

// eps absorbs floating-point noise from unit conversion at band edges, so
// that 421.32 kW entered for a 565 BHP engine is still 565 BHP.
const eps = 1e-6

// requirementsFor selects the rule for the regime and kind.
func requirementsFor(in ManningInput, tr *Trace) (requirement, assessment) {
	switch {
	case in.Regime == RegimeKandla1955 && in.Kind == KindMotor:
		return motorBoat(in, tr, false)
	case in.Regime == RegimeParadip1967 && in.Kind == KindMotor:
		return motorBoat(in, tr, true)
	case in.Regime == RegimeParadip1967 && in.Kind == KindSteam:
		return steamBoat(in, tr)
	case in.Regime == RegimeParadip1967 && in.Kind == KindHarbourCraft:
		tr.Add(
			"manning.paradip.unpowered",
			"Paradip 1967, r.13(1), r.29",
			"unpowered harbour craft: r.29 requires no certificated officer; crew numbers are those entered in the licence",
		)
		return requirement{}, assessedOK
	case in.Regime == RegimeKarnataka2025 && in.Kind == KindNonMechanised:
		return nonMechanised(in, tr)
	case in.Regime == RegimeKarnataka2025 && (in.Kind == KindMechanised || in.Kind == KindMotor):
		return karnatakaMechanised(in, tr)
	}
	return requirement{}, notAssessed("", "no manning rule in the sources for regime %q and kind %q", in.Regime, in.Kind)
}

// powerIn returns the engine power in unit want. kW and BHP convert with
// KWPerBHP (1 hp = 745.699872 W); NHP is a nominal rating with no fixed
// relation to brake power and is never converted.
func powerIn(in ManningInput, want PowerUnit) (float64, bool) {
	p := in.EnginePower
	if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
		return 0, false
	}
	switch {
	case in.PowerUnit == want:
		return p, true
	case in.PowerUnit == UnitKW && want == UnitBHP:
		return p / KWPerBHP, true
	case in.PowerUnit == UnitBHP && want == UnitKW:
		return p * KWPerBHP, true
	}
	return 0, false
}

// leq is a ≤ b with conversion noise absorbed ("not more than", "does not exceed").
func leq(a, b float64) bool { return a <= b+eps }

// geq is a ≥ b with conversion noise absorbed ("not less than").
func geq(a, b float64) bool { return a >= b-eps }

// motorBoat applies Kandla 1955 s.31(2) or Paradip 1967 r.29(2). The text
// says "not less than 565 B.H.P." (band (i), so exactly 565 is band (i)),
// "less than 565 but not less than 226" (band (ii), 226 inclusive) and "less
// than 226" (band (iii)); the provisos say "not more than 40" and "not more
// than 20", both inclusive, and a length that "does not exceed" the limit.
func motorBoat(in ManningInput, tr *Trace, paradip bool) (requirement, assessment) {
	cite, lim := Citation("Kandla 1955, s.31(2)"), kandlaSmallBoatM
	if paradip {
		cite, lim = "Paradip 1967, r.29(2)", paradipSmallBoatM
	}
	bhp, ok := powerIn(in, UnitBHP)
	if !ok {
		return requirement{}, notAssessed(
			cite,
			"engine power in BHP (or kW) is required, got %v %q",
			in.EnginePower,
			in.PowerUnit,
		)
	}
	tr.Add("manning.power", cite, "engine power %.3f BHP (entered %v %s)", bhp, in.EnginePower, in.PowerUnit)
	small := leq(bhp, 20) && in.LengthM > 0 && leq(in.LengthM, lim)
	if small && in.Use == UseRecreation {
		tr.Add(
			"manning.recreation",
			cite+" third proviso",
			"≤ 20 BHP, length %.3f m ≤ %.3f m, exclusively recreation: owner or a permit holder may navigate",
			in.LengthM,
			lim,
		)
		return requirement{
			roles: []RequiredRole{
				{Role: RoleNavigator, Grades: []CertificateGrade{GradePermit}, OwnerMay: true, Citation: cite + " third proviso"},
			},
		}, assessedOK
	}
	eng, mas, band := motorBand(bhp, cite)
	if leq(bhp, 40) {
		eng.Grades = append([]CertificateGrade{GradePermit}, eng.Grades...)
		tr.Add("manning.permit", cite+" first proviso", "≤ 40 BHP: the engineer may hold a permit")
	}
	tr.Add("manning.band", eng.Citation, "%.3f BHP is band %s", bhp, band)
	r := requirement{roles: []RequiredRole{eng}}
	if in.NoPropulsion && (!paradip || band != "(i)") {
		tr.Add("manning.no_propulsion", mas.Citation, "engines not used for propulsion: no master required")
	} else {
		r.roles = append(r.roles, mas)
	}
	if small && len(r.roles) == 2 {
		r.pairs = [][2]int{{0, 1}}
		tr.Add(
			"manning.dual",
			cite+" second proviso",
			"≤ 20 BHP and length %.3f m ≤ %.3f m: one person holding both certificates may act as master and engineer",
			in.LengthM,
			lim,
		)
	}
	return r, assessedOK
}

// motorBand returns the engineer and master roles of the band for bhp.
func motorBand(bhp float64, cite Citation) (eng, mas RequiredRole, band string) {
	switch {
	case geq(bhp, 565):
		band = "(i)"
		eng, mas = RequiredRole{Role: RoleEngineer, Grades: motorEngineerI}, RequiredRole{Role: RoleMaster, Grades: masterI}
	case geq(bhp, 226):
		band = "(ii)"
		eng, mas = RequiredRole{Role: RoleEngineer, Grades: motorEngineerII}, RequiredRole{Role: RoleMaster, Grades: masterII}
	default:
		band = "(iii)"
		eng, mas = RequiredRole{
			Role:   RoleEngineer,
			Grades: motorEngineerIII,
		}, RequiredRole{
			Role:   RoleMaster,
			Grades: masterIII,
		}
	}
	eng.Citation = cite + Citation(band+"(a)")
	mas.Citation = cite + Citation(band+"(b)")
	eng.Grades, mas.Grades = cloneGrades(eng.Grades), cloneGrades(mas.Grades)
	return eng, mas, band
}

// steamBoat applies Paradip 1967 r.29(1) by NHP: "not less than 100",
// "less than 100 but not less than 40", "less than 40". Bands (ii) and (iii)
// deem one person holding both certificates compliant.
func steamBoat(in ManningInput, tr *Trace) (requirement, assessment) {
	const cite = "Paradip 1967, r.29(1)"
	nhp, ok := powerIn(in, UnitNHP)
	if !ok {
		return requirement{}, notAssessed(
			cite,
			"steam boat power must be given in NHP, got %v %q",
			in.EnginePower,
			in.PowerUnit,
		)
	}
	var band string
	var mas, eng []CertificateGrade
	switch {
	case nhp >= 100:
		band, mas, eng = "(i)", masterI, steamEngineerI
	case nhp >= 40:
		band, mas, eng = "(ii)", masterII, steamEngineerII
	default:
		band, mas, eng = "(iii)", masterIII, steamEngineerIII
	}
	tr.Add("manning.band", Citation(cite+band), "%v NHP is band %s", nhp, band)
	r := requirement{roles: []RequiredRole{
		{Role: RoleMaster, Grades: cloneGrades(mas), Citation: Citation(cite + band + "(a)")},
		{Role: RoleEngineer, Grades: cloneGrades(eng), Citation: Citation(cite + band + "(b)")},
	}}
	if band != "(i)" {
		r.pairs = [][2]int{{0, 1}}
		tr.Add("manning.dual", Citation(cite+band+" proviso"), "one person holding both certificates complies")
	}
	return r, assessedOK
}

// clone copies a grade list so that callers cannot change the tables.
func cloneGrades(g []CertificateGrade) []CertificateGrade {
	return append([]CertificateGrade(nil), g...)
}
