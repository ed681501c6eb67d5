package document

import "time"

// Finding is one deficiency an order lists, with the law it breaks.
type Finding struct {
	Code      string   `json:"code"`
	Title     string   `json:"title"`
	Action    string   `json:"action"` // deficiency action code (Sch-IX, after Form-B)
	LegalRefs []string `json:"legal_refs"`
}

// Action is one inspection action code recorded (Sch-IX, codes 11-15).
type Action struct {
	Code  string `json:"code"`
	Title string `json:"title"`
}

// Charge is one line of the detention charges (Karnataka 2025, Sch-IV).
type Charge struct {
	Description string `json:"description"`
	Amount      int64  `json:"amount"`
	Citation    string `json:"citation"`
}

// DetentionOrder holds every field of the detention order of Karnataka
// 2025, Sch-IX Annex-1, as issued. It is stored with the order (frozen) and
// rendered as HTML and PDF from this one struct.
type DetentionOrder struct {
	ReportingOffice    string    `json:"reporting_office"`
	HeadOffice         string    `json:"head_office"`
	Number             string    `json:"number"`
	Date               time.Time `json:"date"`
	VesselName         string    `json:"vessel_name"`
	RegistrationNumber string    `json:"registration_number"`
	PlaceOfRegistry    string    `json:"place_of_registry"`
	PresentLocation    string    `json:"present_location"`
	MasterName         string    `json:"master_name"`
	InspectionDate     string    `json:"inspection_date"` // YYYY-MM-DD, India
	PlaceOfInspection  string    `json:"place_of_inspection"`
	Port               string    `json:"port"` // the port/location limits the vessel may not leave
	Powers             string    `json:"powers"`
	Findings           []Finding `json:"findings"`
	InspectionActions  []Action  `json:"inspection_actions"`
	ReportDueAt        time.Time `json:"report_due_at"` // Sch-IX para 1.3
	DetentionAuthority string    `json:"detention_authority"`
	AppellateAuthority string    `json:"appellate_authority"`
	AppealRule         string    `json:"appeal_rule"`
	Copies             []string  `json:"copies"`
	Enclosure          string    `json:"enclosure"`
	OrderedBy          string    `json:"ordered_by"` // the officer's name
	VerifyCode         string    `json:"verify_code"`
}

// ReleaseOrder holds every field of the release order of Karnataka 2025,
// Sch-IX Annex-2, as issued, with the detention charges.
type ReleaseOrder struct {
	ReportingOffice    string    `json:"reporting_office"`
	HeadOffice         string    `json:"head_office"`
	Number             string    `json:"number"`
	Date               time.Time `json:"date"`
	DetentionNumber    string    `json:"detention_number"`
	DetentionDate      time.Time `json:"detention_date"`
	VesselName         string    `json:"vessel_name"`
	RegistrationNumber string    `json:"registration_number"`
	PlaceOfRegistry    string    `json:"place_of_registry"`
	PresentLocation    string    `json:"present_location"`
	MasterName         string    `json:"master_name"`
	ReinspectionDate   string    `json:"reinspection_date"`
	ReleaseDate        string    `json:"release_date"`
	Power              string    `json:"power"`
	Conditions         []string  `json:"conditions"` // ["NIL"] when none
	Findings           []Finding `json:"findings"`   // the deficiencies the detention was for
	Charges            []Charge  `json:"charges"`
	ChargesTotal       int64     `json:"charges_total"`
	ReleasingAuthority string    `json:"releasing_authority"`
	AppellateAuthority string    `json:"appellate_authority"`
	Copies             []string  `json:"copies"`
	ReleasedBy         string    `json:"released_by"`
	VerifyCode         string    `json:"verify_code"`
}
