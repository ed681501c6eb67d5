package rules

import (
	"fmt"
	"sort"
)

// Code is a deficiency code of our own catalogue: a 2-digit area and a
// 3-digit item, e.g. "01003" (docs/LAW.md §12). Codes are never reused.
type Code string

// Area returns the first two digits of c.
func (c Code) Area() Area {
	if len(c) < 2 {
		return ""
	}
	return Area(c[:2])
}

// Area is a group of deficiency codes.
type Area string

// The areas of the catalogue. 01, 02, 03, 07, 11, 13, 20 and 99 are those of
// docs/LAW.md §12; 10, 14 and 30 are added here.
const (
	AreaDocuments  Area = "01" // certificates and documents
	AreaManning    Area = "02" // manning and crew certification
	AreaStability  Area = "03" // overloading, stability, freeboard, structure
	AreaFire       Area = "07" // fire safety
	AreaNavigation Area = "10" // navigation, communication and conduct under way
	AreaLifeSaving Area = "11" // life-saving appliances
	AreaPollution  Area = "13" // pollution prevention
	AreaMachinery  Area = "14" // machinery, steering, bilge, ground tackle, alterations
	AreaMarking    Area = "20" // marking and display
	AreaDetention  Area = "30" // Sch-IX para 2 detention criteria answered "no"
	AreaOther      Area = "99" // other
)

// AreaTitles names every area in English.
var AreaTitles = map[Area]string{
	AreaDocuments:  "Certificates and documents",
	AreaManning:    "Manning and crew certification",
	AreaStability:  "Overloading, stability and structure",
	AreaFire:       "Fire safety",
	AreaNavigation: "Navigation and communication",
	AreaLifeSaving: "Life-saving appliances",
	AreaPollution:  "Pollution prevention",
	AreaMachinery:  "Machinery and equipment",
	AreaMarking:    "Marking and display",
	AreaDetention:  "Detention criteria (Karnataka 2025, Sch-IX para 2)",
	AreaOther:      "Other",
}

// Party is who is liable for a deficiency (Karnataka 2025, Sch-IV column
// "on whom"; docs/LAW.md §5.1).
type Party string

// Liable parties.
const (
	PartyOwner      Party = "owner"
	PartyCrewMember Party = "crew_member"
	PartyPassenger  Party = "passenger"
	PartyMaster     Party = "master"
)

// Languages of catalogue titles.
const (
	LangEnglish = "en"
	LangKannada = "kn"
	LangHindi   = "hi"
)

// Entry is one deficiency of the catalogue. Entries are the only place a
// code's meaning is defined.
type Entry struct {
	Code  Code              `json:"code"`
	Area  Area              `json:"area"`
	Title map[string]string `json:"title"` // "en" always; "kn", "hi" where written
	// LegalRefs cite the rules breached, most specific first.
	LegalRefs   []Citation   `json:"legal_refs"`
	LiableParty Party        `json:"liable_party"`
	PenaltyRow  PenaltyRowID `json:"penalty_row,omitempty"` // Sch-IV row or ""
	// DefaultAction is the action code given when the inspector gives none.
	DefaultAction  ActionCode   `json:"default_action"`
	AllowedActions []ActionCode `json:"allowed_actions"`
	Detainable     bool         `json:"detainable"`
	ParisMoU       string       `json:"paris_mou,omitempty"`
	Regimes        []Regime     `json:"regimes"`
	// Criterion is the Karnataka 2025 Sch-IX para 2.2 detention criterion
	// that covers a defect which is not detainable by default: the
	// inspector may propose 06 for it (detentionCriteria).
	Criterion Code `json:"detention_criterion,omitempty"`
}

// regimeCounterparts are the codes a regime uses where an older template
// version raised another regime's: Karnataka's detainable manning and
// overloading codes (Form-18 (c), (e)) under the harbour craft rules, which
// give no detention and put off excess load before starting (Paradip 1967,
// r.13(1), r.19, r.29; Kandla 1955, s.31(2)).
var regimeCounterparts = map[Regime]map[Code]Code{
	RegimeParadip1967: {CodeManningShortfall: CodeHarbourCraftOfficersShort, CodeCoCInvalid: CodeHarbourCraftCertInvalid,
		CodeOverloadPassengers: CodeParadipPassengersExcess, CodeOverloadCargo: CodeParadipCargoExcess},
	RegimeKandla1955: {CodeManningShortfall: CodeHarbourCraftOfficersShort, CodeCoCInvalid: CodeHarbourCraftCertInvalid},
}

// CounterpartIn returns regime r's code for c: c itself, or the code r
// uses in its place (regimeCounterparts).
func CounterpartIn(r Regime, c Code) Code {
	if to, ok := regimeCounterparts[r][c]; ok {
		return to
	}
	return c
}

// AppliesTo reports whether the entry is defined for regime r.
func (e Entry) AppliesTo(r Regime) bool {
	for _, x := range e.Regimes {
		if x == r {
			return true
		}
	}
	return false
}

// Allows reports whether a is among the entry's allowed action codes.
func (e Entry) Allows(a ActionCode) bool {
	for _, x := range e.AllowedActions {
		if x == a {
			return true
		}
	}
	return false
}

// Catalogue returns a copy of every entry, ordered by code.
func Catalogue() []Entry {
	out := make([]Entry, 0, len(catalogueIndex))
	for _, e := range catalogueIndex {
		out = append(out, e.clone())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Lookup returns the entry for code c.
func Lookup(c Code) (Entry, bool) {
	e, ok := catalogueIndex[c]
	if !ok {
		return Entry{}, false
	}
	return e.clone(), true
}

// clone returns a copy that shares no slice or map with the catalogue.
func (e Entry) clone() Entry {
	c := e
	c.Title = make(map[string]string, len(e.Title))
	for k, v := range e.Title {
		c.Title[k] = v
	}
	c.LegalRefs = append([]Citation(nil), e.LegalRefs...)
	c.AllowedActions = append([]ActionCode(nil), e.AllowedActions...)
	c.Regimes = append([]Regime(nil), e.Regimes...)
	return c
}

// catalogueIndex is built once from catalogueEntries; it panics on a
// duplicate code, which is a programming error caught by any test.
var catalogueIndex = buildCatalogue(catalogueEntries())

func buildCatalogue(entries []Entry) map[Code]Entry {
	idx := make(map[Code]Entry, len(entries))
	for _, e := range entries {
		e = withCriterion(e)
		if _, dup := idx[e.Code]; dup {
			panic(fmt.Sprintf("rules: duplicate catalogue code %s", e.Code))
		}
		if t, ok := catalogueTranslations[e.Code]; ok {
			for lang, s := range t {
				e.Title[lang] = s
			}
		}
		idx[e.Code] = e
	}
	return idx
}

// Regime sets used by catalogue entries.
var (
	regKA       = []Regime{RegimeKarnataka2025}
	regPD       = []Regime{RegimeParadip1967}
	regKAPD     = []Regime{RegimeKarnataka2025, RegimeParadip1967}
	regAll      = []Regime{RegimeKarnataka2025, RegimeParadip1967, RegimeKandla1955}
	regPDKD     = []Regime{RegimeParadip1967, RegimeKandla1955}
	actsDefer   = []ActionCode{Action01, Action02, Action03, Action04, Action05, Action99}
	actsDetain  = []ActionCode{Action01, Action06}
	actsConduct = []ActionCode{Action01, Action04, Action99}
)

// def is one row of the deficiency catalogue (catalogue_entries.go), one
// row a line.
type def struct {
	Code       Code
	Title      string       // in English; Kannada and Hindi from catalogueTranslations
	Party      Party        // who is liable
	Fine       PenaltyRowID // the Sch-IV row; "" for none
	Action     ActionCode   // the default action (a detainable entry's is 06)
	Detainable bool         // a Sch-IX ground of detention
	Regimes    []Regime
	Refs       []Citation
}

// catDef builds an entry. A detainable entry allows only 01 and 06 and
// defaults to 06 (Karnataka 2025, Sch-IX: a detainable deficiency is never
// deferred, and unrectified it is 06); other entries allow 01–05 and 99.
func catDef(d def) Entry {
	allowed, action := actsDefer, d.Action
	if d.Detainable {
		allowed, action = actsDetain, Action06
	}
	return Entry{
		Code: d.Code, Area: d.Code.Area(), Title: map[string]string{LangEnglish: d.Title},
		LegalRefs: d.Refs, LiableParty: d.Party, PenaltyRow: d.Fine,
		DefaultAction: action, AllowedActions: append([]ActionCode(nil), allowed...),
		Detainable: d.Detainable, Regimes: d.Regimes,
	}
}

// conduct builds an entry for behaviour rather than a defect: it can only be
// stopped (01), stopped before departure (04, the default) or specified (99).
func conduct(d def) Entry {
	d.Action, d.Detainable = Action04, false
	e := catDef(d)
	e.AllowedActions = append([]ActionCode(nil), actsConduct...)
	return e
}

// beforePlying builds an entry for a condition the law puts on plying ("no
// person shall ply ... unless", "shall not ply until"): rectified (01),
// before the vessel next departs (04) or specified (99). Never 02, 03 or 05,
// which would let it ply meanwhile; never 06, as the law gives no detention.
func beforePlying(d def) Entry {
	d.Fine = ""
	return conduct(d)
}
