package rules

import "time"

// CertificateGrade is a crew certificate or licence grade. Old grades
// (Inland Steam-vessels Act 1917 and the Merchant Shipping Acts) are those
// Kandla 1955 and Paradip 1967 name; the Karnataka 2025 grades are the new
// Certificates of Competency into which Sch-XV E converts them.
type CertificateGrade string

// Karnataka 2025 (Inland Vessels Manning Rules 2022) grades.
const (
	GradeMasterClass1         CertificateGrade = "master_class_1"
	GradeMasterClass2         CertificateGrade = "master_class_2"
	GradeMasterClass3         CertificateGrade = "master_class_3"
	GradeEngineDriverClass1   CertificateGrade = "engine_driver_class_1"
	GradeEngineDriverClass2   CertificateGrade = "engine_driver_class_2"
	GradeInlandVesselEngineer CertificateGrade = "inland_vessel_engineer"
	GradeGPRating             CertificateGrade = "gp_rating"              // r.125
	GradePleasureCraftLicence CertificateGrade = "pleasure_craft_licence" // r.29(1) pleasure craft row
)

// Old grades named by Kandla 1955 s.31(2), Paradip 1967 r.29 and Sch-XV E.
const (
	GradeFirstClassMaster             CertificateGrade = "first_class_master"
	GradeSecondClassMaster            CertificateGrade = "second_class_master"
	GradeSerang                       CertificateGrade = "serang"
	GradeEngineer                     CertificateGrade = "engineer" // Engineer's certificate (steam)
	GradeMotorEngineer                CertificateGrade = "motor_engineer"
	GradeFirstClassEngineDriver       CertificateGrade = "first_class_engine_driver"
	GradeSecondClassEngineDriver      CertificateGrade = "second_class_engine_driver"
	GradeFirstClassMotorEngineDriver  CertificateGrade = "first_class_motor_engine_driver"
	GradeSecondClassMotorEngineDriver CertificateGrade = "second_class_motor_engine_driver"
	// GradeSeaGoingMaster is a master's certificate (of competency) under the
	// Merchant Shipping Acts (MSA 1958; Kandla also IMSA 1923, MSA 1894).
	GradeSeaGoingMaster CertificateGrade = "sea_going_master"
	// GradeSeaGoingEngineer is a first or second class engineer of a
	// sea-going (motor)ship under the Merchant Shipping Acts.
	GradeSeaGoingEngineer CertificateGrade = "sea_going_engineer"
	// GradeSeaGoingEngineDriver is an engine driver of a sea-going (motor)ship.
	GradeSeaGoingEngineDriver CertificateGrade = "sea_going_engine_driver"
	// GradePermit is a permit granted by the Central Government or a person it
	// authorises (Kandla 1955 s.31(2) and Paradip 1967 r.29(2) provisos).
	GradePermit CertificateGrade = "permit"
)

// Role names used in RequiredRole.
const (
	RoleMaster       = "master"
	RoleEngineer     = "engineer"
	RoleGPRating     = "gp_rating"
	RoleBoatInCharge = "boat_in_charge"
	RoleNavigator    = "navigator"
	RoleOwner        = "owner" // CrewOnBoard.Role of an owner navigating his own recreation boat
)

// CrewCertificate is a certificate held by a crew member.
type CrewCertificate struct {
	Grade CertificateGrade `json:"grade"`
	// Legacy marks a certificate issued before the Inland Vessels Act 2021
	// by any State or Central authority (Karnataka 2025, r.32(2)). Old
	// grades are treated as legacy in Karnataka whether or not it is set.
	Legacy        bool `json:"legacy,omitempty"`
	IssuedOn      Date `json:"issued_on,omitempty"`
	ExpiresOn     Date `json:"expires_on,omitempty"`     // endorsed validity, if any
	RevalidatedOn Date `json:"revalidated_on,omitempty"` // last revalidation course (Sch-XV F)
}

// CrewOnBoard is a person on board at the time asked.
type CrewOnBoard struct {
	ID           string            `json:"id"`
	Role         string            `json:"role,omitempty"` // declared role; only RoleOwner changes the check
	Certificates []CrewCertificate `json:"certificates"`
}

// ManningInput describes a vessel and its crew on a date.
type ManningInput struct {
	Regime      Regime     `json:"regime"`
	Kind        VesselKind `json:"kind"`
	Category    Category   `json:"category,omitempty"`
	Zone        Zone       `json:"zone,omitempty"`
	EnginePower float64    `json:"engine_power,omitempty"`
	PowerUnit   PowerUnit  `json:"power_unit,omitempty"`
	LengthM     float64    `json:"length_m,omitempty"` // fore part of stem to after part of stern post; 0 = unknown
	Use         Use        `json:"use,omitempty"`
	Towing      bool       `json:"towing,omitempty"`    // non-mechanised cargo boat in tow of a mechanised launch
	LakeOnly    bool       `json:"lake_only,omitempty"` // plies only in lake or still waters
	// NoPropulsion says the engines are not used for propulsion, which
	// removes the master where the text says "in case the engines are used
	// for propulsion" (Kandla 1955 all bands, Paradip 1967 r.29(2)(ii)-(iii)).
	NoPropulsion bool          `json:"no_propulsion,omitempty"`
	Crew         []CrewOnBoard `json:"crew"`
	On           Date          `json:"on"`
	// LegacyDeadline is the date until which pre-Act certificates count
	// (Karnataka 2025, r.32(2), Sch-XV G); zero means 6 June 2027. The
	// Central Government may move it, so callers pass the rule set's value.
	LegacyDeadline Date `json:"legacy_deadline,omitempty"`
}

// RequiredRole is one person the law requires and the grades it accepts.
type RequiredRole struct {
	Role     string             `json:"role"`
	Grades   []CertificateGrade `json:"grades"`
	OwnerMay bool               `json:"owner_may,omitempty"` // the owner may fill it without a certificate
	Citation Citation           `json:"citation"`
}

// Assignment says who fills a required role (by index into Required) with
// which certificate, and through which equivalence if any.
type Assignment struct {
	RoleIndex int              `json:"role_index"`
	Role      string           `json:"role"`
	CrewID    string           `json:"crew_id"`
	Grade     CertificateGrade `json:"grade,omitempty"` // the grade as held
	// equivalence applied, e.g. "serang → master_class_3 (Karnataka 2025, Sch-XV E)"
	Via string `json:"via,omitempty"`
}

// ManningResult is the answer of CheckManning. Assessed is false when the
// sources do not set the manning for the case (e.g. Karnataka Category A or
// B mechanised vessels, whose tables are in the Manning Rules 2022) or the
// input lacks what the rule needs; then Compliant is false and Reason says why.
type ManningResult struct {
	Assessed bool           `json:"assessed"`
	Reason   string         `json:"reason,omitempty"`
	Required []RequiredRole `json:"required"`
	// OnePersonMay lists pairs of Required indices one person may fill
	// together (the dual-certificate provisos).
	OnePersonMay [][2]int       `json:"one_person_may,omitempty"`
	Assignments  []Assignment   `json:"assignments"`
	Missing      []RequiredRole `json:"missing"`
	Compliant    bool           `json:"compliant"`
	Trace        Trace          `json:"trace"`
}

// defaultLegacyDeadline is 6 June 2027 (Karnataka 2025, r.32(2), Sch-XV G).
var defaultLegacyDeadline = Date{2027, time.June, 6}

// LegacyDeadlineOrDefault returns d, or 6 June 2027 when d is zero
// (Karnataka 2025, r.32(2), Sch-XV paras 2 and G).
func LegacyDeadlineOrDefault(d Date) Date {
	if d.IsZero() {
		return defaultLegacyDeadline
	}
	return d
}

// CheckManning works out the crew the law requires for the vessel and
// checks the crew on board against it on in.On. Certificates count only if
// valid on that date: not expired, revalidated within 5 years (Karnataka CoCs)
// and, for legacy certificates in Karnataka, not past the legacy deadline
// unless revalidated.
func CheckManning(in ManningInput) ManningResult {
	res := ManningResult{Trace: Trace{RuleSet: string(in.Regime)}}
	req, ok := requirementsFor(in, &res.Trace)
	if !ok.assessed {
		res.Reason = ok.reason
		res.Trace.Add("manning.not_assessed", ok.cite, "%s", ok.reason)
		res.Required, res.Assignments, res.Missing = []RequiredRole{}, []Assignment{}, []RequiredRole{}
		return res
	}
	res.Assessed = true
	res.Required, res.OnePersonMay = req.roles, req.pairs
	holders := crewHoldings(in, &res.Trace)
	res.Assignments = assign(req, holders)
	res.Missing = missingRoles(req.roles, res.Assignments)
	res.Compliant = len(res.Missing) == 0
	traceAssignments(&res)
	return res
}

// missingRoles lists the roles no assignment fills.
func missingRoles(roles []RequiredRole, as []Assignment) []RequiredRole {
	filled := make([]bool, len(roles))
	for _, a := range as {
		filled[a.RoleIndex] = true
	}
	out := []RequiredRole{}
	for i, r := range roles {
		if !filled[i] {
			out = append(out, r)
		}
	}
	return out
}

// traceAssignments records each assignment and each missing role.
func traceAssignments(res *ManningResult) {
	for _, a := range res.Assignments {
		r := res.Required[a.RoleIndex]
		res.Trace.Add("manning.assigned", r.Citation, "%s filled by %s holding %s %s", a.Role, a.CrewID, a.Grade, a.Via)
	}
	for _, m := range res.Missing {
		res.Trace.Add("manning.missing", m.Citation, "no valid holder for %s (accepts %v)", m.Role, m.Grades)
	}
}
