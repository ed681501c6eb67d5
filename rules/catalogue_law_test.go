package rules

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// lawCase is what the law says of one catalogue entry: a rule it must cite,
// one it must not, the detention ground it must cite when detainable, its
// Sch-IV row ("" = none) and liable party, the default action, the actions
// allowed and forbidden, and the regimes it is defined for. The cases are
// written from docs/LAW.md and the source texts, not from the catalogue
// (catalogue_law_*_test.go, one file per group of areas).
type lawCase struct {
	name       string
	code       Code
	cite       Citation // must be among the legal refs
	notCite    Citation // must not be among them
	ground     Citation // detainable: the Form-18 or Sch-IX para 2 ground cited
	row        PenaltyRowID
	party      Party // checked when set
	detainable bool
	def        ActionCode
	allows     []ActionCode
	forbids    []ActionCode
	regimes    []Regime
}

// Action sets the law gives (Karnataka 2025, Sch-IX after Form B;
// ValidateAction): a detainable deficiency is never deferred and,
// unrectified, is 06; a condition of plying or a conduct offence is stopped
// or rectified before departure, never deferred; anything else is never 06.
var (
	lcDetain    = []ActionCode{Action01, Action06}
	lcNotDetain = []ActionCode{Action02, Action03, Action04, Action05}
	lcPlying    = []ActionCode{Action01, Action04, Action99}
	lcDeferred  = []ActionCode{Action02, Action03, Action05, Action06}
	lcNo06      = []ActionCode{Action06}
)

func lawCases() []lawCase {
	var cs []lawCase
	for _, part := range [][]lawCase{documentLawCases(), manningLawCases(), stabilityLawCases(), fireLawCases(),
		navigationLawCases(), lifeSavingLawCases(), pollutionLawCases(), machineryLawCases(), markingLawCases(),
		detentionLawCases(), otherLawCases()} {
		cs = append(cs, part...)
	}
	return cs
}

func TestCatalogueEntriesFollowTheLaw(t *testing.T) {
	for _, c := range lawCases() {
		t.Run(c.name, func(t *testing.T) {
			e, ok := Lookup(c.code)
			if !ok {
				t.Fatalf("code %s not in the catalogue", c.code)
			}
			lawCheckRefs(t, c, e)
			if e.PenaltyRow != c.row {
				t.Errorf("%s Sch-IV row = %q, want %q", c.code, e.PenaltyRow, c.row)
			}
			if c.party != "" && e.LiableParty != c.party {
				t.Errorf("%s liable party = %s, want %s", c.code, e.LiableParty, c.party)
			}
			if e.Detainable != c.detainable {
				t.Errorf("%s detainable = %v, want %v", c.code, e.Detainable, c.detainable)
			}
			lawCheckActions(t, c, e)
			if !slices.Equal(e.Regimes, c.regimes) {
				t.Errorf("%s regimes = %v, want %v", c.code, e.Regimes, c.regimes)
			}
		})
	}
}

func lawCheckRefs(t *testing.T, c lawCase, e Entry) {
	t.Helper()
	if c.cite != "" && !slices.Contains(e.LegalRefs, c.cite) {
		t.Errorf("%s cites %v, want %q among them", c.code, e.LegalRefs, c.cite)
	}
	if c.notCite != "" && slices.Contains(e.LegalRefs, c.notCite) {
		t.Errorf("%s cites %q, which does not apply", c.code, c.notCite)
	}
	if c.detainable && c.ground == "" {
		t.Errorf("case %q: a detainable entry's case names its ground", c.name)
	}
	if c.ground != "" && !slices.Contains(e.LegalRefs, c.ground) {
		t.Errorf("%s cites %v, want its detention ground %q among them", c.code, e.LegalRefs, c.ground)
	}
}

func lawCheckActions(t *testing.T, c lawCase, e Entry) {
	t.Helper()
	if e.DefaultAction != c.def {
		t.Errorf("%s default action = %s, want %s", c.code, e.DefaultAction, c.def)
	}
	for _, a := range c.allows {
		if !e.Allows(a) {
			t.Errorf("%s does not allow %s (%v)", c.code, a, e.AllowedActions)
		}
	}
	for _, a := range c.forbids {
		if e.Allows(a) {
			t.Errorf("%s allows %s (%v)", c.code, a, e.AllowedActions)
		}
	}
}

// Issue 15, done when: every entry's citation, Sch-IV row, detainability and
// allowed actions are checked by a case citing the rule. Before the audit
// 119 of the 153 codes had none.
func TestEveryCatalogueEntryHasALawCase(t *testing.T) {
	have := map[Code]bool{}
	for _, c := range lawCases() {
		have[c.code] = true
	}
	for _, e := range Catalogue() {
		if !have[e.Code] {
			t.Errorf("%s (%s) has no law case", e.Code, e.Title[LangEnglish])
		}
	}
}

var lawCaseName = regexp.MustCompile(`^(Karnataka 2025|Paradip 1967|Kandla 1955) `)

// Every case names the rule it checks, and no two cases share a name.
func TestLawCasesCiteTheRule(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range lawCases() {
		if !lawCaseName.MatchString(c.name) {
			t.Errorf("case %q does not begin with the source it cites", c.name)
		}
		if seen[c.name] {
			t.Errorf("case %q twice", c.name)
		}
		seen[c.name] = true
	}
}

// detentionGrounds are the grounds on which the law detains: the Form-18
// challan (Karnataka 2025, r.13), "Till the time, the vessel is detained",
// and the Sch-IX para 2.1, 2.2 and 2.3 criteria.
var detentionGrounds = regexp.MustCompile(`^Karnataka 2025, (Form-18 \([a-i]\)|Sch-IX para 2\.[123])$`)

// A detainable entry cites the ground on which the law detains; an entry
// that cites none is not detainable (Karnataka 2025, Sch-IX para 4; r.13).
// Before the audit 01008, 01010, 02002, 02004, 02005, 03002, 03015 and
// 20002 were detainable without citing a ground, and Paradip's 01020 was
// detainable although Paradip 1967 gives no power to detain.
func TestDetainableEntriesCiteTheirGround(t *testing.T) {
	for _, e := range Catalogue() {
		var grounds []Citation
		for _, c := range e.LegalRefs {
			if detentionGrounds.MatchString(string(c)) {
				grounds = append(grounds, c)
			}
		}
		if e.Detainable && len(grounds) == 0 {
			t.Errorf("%s is detainable but cites no Form-18 or Sch-IX para 2 ground (%v)", e.Code, e.LegalRefs)
		}
		if e.Detainable && !e.AppliesTo(RegimeKarnataka2025) {
			t.Errorf("%s is detainable under %v, which give no detention", e.Code, e.Regimes)
		}
	}
}

// The Sch-IV row an entry carries is cited, and an entry citing a row
// carries it (Karnataka 2025, Sch-IV; r.82, r.131(1)).
func TestScheduleIVRowIsCited(t *testing.T) {
	cites := map[PenaltyRowID]Citation{PenaltyAlteration: "Karnataka 2025, Sch-IV (s.87 table)"}
	for _, r := range PenaltyRows() {
		if r.Sl > 0 {
			cites[r.ID] = Citation(fmt.Sprintf("Karnataka 2025, Sch-IV row %d", r.Sl))
		}
	}
	for _, e := range Catalogue() {
		if e.PenaltyRow != "" && !slices.Contains(e.LegalRefs, cites[e.PenaltyRow]) {
			t.Errorf("%s carries %s but does not cite %q", e.Code, e.PenaltyRow, cites[e.PenaltyRow])
		}
		for _, c := range e.LegalRefs {
			if strings.HasPrefix(string(c), "Karnataka 2025, Sch-IV") && c != cites[e.PenaltyRow] {
				t.Errorf("%s cites %q but carries row %q", e.Code, c, e.PenaltyRow)
			}
		}
	}
}

// lawLine is one catalogue entry as the law reads it: what Form B prints
// and what decides fines, deadlines and detention.
type lawLine struct {
	Code       Code         `json:"code"`
	Title      string       `json:"title"`
	Refs       []Citation   `json:"refs"`
	Row        PenaltyRowID `json:"row,omitempty"`
	Detainable bool         `json:"detainable"`
	Default    ActionCode   `json:"default"`
	Allowed    []ActionCode `json:"allowed"`
	Regimes    []Regime     `json:"regimes"`
}

// Every catalogue entry's citations, Sch-IV row, detainability and actions
// are locked in testdata/catalogue.golden.json: any change shows as a diff
// a reviewer checks against the law (-update rewrites it).
func TestCatalogueGolden(t *testing.T) {
	var lines []lawLine
	for _, e := range Catalogue() {
		lines = append(lines, lawLine{e.Code, e.Title[LangEnglish], e.LegalRefs, e.PenaltyRow, e.Detainable, e.DefaultAction, e.AllowedActions, e.Regimes})
	}
	got, err := json.MarshalIndent(lines, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	const path = "testdata/catalogue.golden.json"
	if evUpdate() {
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(got)+"\n" {
		t.Fatalf("catalogue differs from %s; run with -update and review the diff against the law", path)
	}
}

// Every counterpart is defined for its regime and carries the same kind of
// deficiency without Karnataka's detention (Paradip 1967, Kandla 1955 give
// none); the Karnataka code it replaces is not defined there.
func TestRegimeCounterparts(t *testing.T) {
	for r, m := range regimeCounterparts {
		for from, to := range m {
			ef, _ := Lookup(from)
			et, ok := Lookup(to)
			if !ok || !et.AppliesTo(r) || ef.AppliesTo(r) || et.Detainable || et.Area != ef.Area {
				t.Errorf("%s: %s → %s: target %+v", r, from, to, et)
			}
			if CounterpartIn(r, from) != to || CounterpartIn(RegimeKarnataka2025, from) != from {
				t.Errorf("%s: CounterpartIn(%s)", r, from)
			}
		}
	}
}
