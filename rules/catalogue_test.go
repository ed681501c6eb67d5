package rules

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

var catCodeRE = regexp.MustCompile(`^[0-9]{5}$`)

func TestCatalogueEntriesWellFormed(t *testing.T) {
	for _, e := range Catalogue() {
		t.Run(string(e.Code), func(t *testing.T) {
			if !catCodeRE.MatchString(string(e.Code)) || e.Area != e.Code.Area() || AreaTitles[e.Area] == "" {
				t.Errorf("docs/LAW.md §12: code %q must be 2-digit known area + 3-digit item (area %q)", e.Code, e.Area)
			}
			if e.Title[LangEnglish] == "" {
				t.Error("every entry has an English title")
			}
			if len(e.LegalRefs) == 0 {
				t.Error("every entry cites the law")
			}
			for _, c := range e.LegalRefs {
				if !strings.HasPrefix(string(c), "Karnataka 2025, ") && !strings.HasPrefix(string(c), "Paradip 1967, ") && !strings.HasPrefix(string(c), "Kandla 1955, ") {
					t.Errorf("citation %q not in docs/LAW.md §0 style", c)
				}
			}
			if len(e.Regimes) == 0 {
				t.Error("every entry names its regimes")
			}
			switch e.LiableParty {
			case PartyOwner, PartyCrewMember, PartyPassenger, PartyMaster:
			default:
				t.Errorf("liable party %q", e.LiableParty)
			}
			catCheckActions(t, e)
			catCheckPenalty(t, e)
		})
	}
}

// catCheckActions: Karnataka 2025 Sch-IX action-code consistency.
func catCheckActions(t *testing.T, e Entry) {
	t.Helper()
	if !e.Allows(e.DefaultAction) {
		t.Errorf("default action %s not allowed", e.DefaultAction)
	}
	for _, a := range e.AllowedActions {
		if ActionTitles[a] == "" {
			t.Errorf("allowed action %q is not a Sch-IX code", a)
		}
		if e.Detainable && (a == Action02 || a == Action03) {
			t.Errorf("Sch-IX: detainable deficiency allows %s", a)
		}
	}
	if e.Detainable && e.DefaultAction != Action06 {
		t.Errorf("Sch-IX: unrectified detainable deficiency defaults to %s, want 06", e.DefaultAction)
	}
	if !e.Detainable && e.Allows(Action06) {
		t.Error("06 allowed on a deficiency that is not detainable")
	}
	if err := ValidateAction(e, ConsistentAction(e, false), false); err != nil {
		t.Errorf("consistent action invalid: %v", err)
	}
	if err := ValidateAction(e, ConsistentAction(e, true), true); err != nil {
		t.Errorf("consistent action when rectified invalid: %v", err)
	}
}

// catCheckPenalty: the entry's Sch-IV row exists, has the same liable party,
// and is cited.
func catCheckPenalty(t *testing.T, e Entry) {
	t.Helper()
	if e.PenaltyRow == "" {
		return
	}
	row, ok := PenaltyRowByID(e.PenaltyRow)
	if !ok {
		t.Fatalf("unknown penalty row %s", e.PenaltyRow)
	}
	if row.LiableParty != e.LiableParty {
		t.Errorf("liable party %s, Sch-IV row %s says %s", e.LiableParty, row.ID, row.LiableParty)
	}
	if !e.AppliesTo(RegimeKarnataka2025) {
		t.Error("Sch-IV rows are Karnataka 2025")
	}
}

func TestCatalogueCoversEveryScheduleIVRow(t *testing.T) {
	covered := map[PenaltyRowID]bool{}
	for _, e := range Catalogue() {
		covered[e.PenaltyRow] = true
	}
	for _, r := range PenaltyRows() {
		if !covered[r.ID] {
			t.Errorf("Karnataka 2025 Sch-IV %s (%s) has no catalogue entry", r.ID, r.Offence)
		}
	}
}

func TestCatalogueCoversDetentionCriteria(t *testing.T) {
	// Karnataka 2025 Sch-IX para 2.1 (4 questions), 2.2 (12), 2.3 (1).
	n := 0
	for _, e := range Catalogue() {
		if e.Area == AreaDetention {
			n++
			if !e.Detainable {
				t.Errorf("%s: Sch-IX criterion must be detainable", e.Code)
			}
		}
	}
	if n != 17 {
		t.Errorf("Sch-IX criteria: %d entries, want 17", n)
	}
}

func TestNamedCodesAreInCatalogue(t *testing.T) {
	for _, c := range []Code{CodeSurveyCertExpired, CodeManningShortfall, CodeCoCInvalid, CodeLegacyCoCExpired,
		CodeOverloadPassengers, CodeInsuranceInvalid, CodeRegistrationInvalid, CodeLicenceInvalid, CodeOther} {
		if _, ok := Lookup(c); !ok {
			t.Errorf("named code %s missing from the catalogue", c)
		}
	}
	if _, ok := Lookup("00000"); ok {
		t.Error("unknown code found")
	}
}

func TestCatalogueTitlesAreWellFormed(t *testing.T) {
	scripts := map[string]*unicode.RangeTable{LangKannada: unicode.Kannada, LangHindi: unicode.Devanagari}
	for _, e := range Catalogue() {
		for lang, s := range e.Title {
			table := scripts[lang]
			if lang == LangEnglish {
				continue
			}
			if table == nil || !utf8.ValidString(s) || strings.TrimSpace(s) == "" {
				t.Errorf("%s title %s: bad language or text %q", e.Code, lang, s)
				continue
			}
			for _, r := range s {
				// Punctuation is the script's own: a title lists cases
				// ("expired, missing, suspended or cancelled") as the
				// English does.
				if !unicode.Is(table, r) && !strings.ContainsRune(" ,;:()-", r) {
					t.Errorf("%s %s title has %q outside the script", e.Code, lang, r)
				}
			}
		}
	}
	missing := MissingTitles()
	if len(missing[LangKannada]) == 0 || len(missing[LangKannada]) >= len(Catalogue()) {
		t.Errorf("MissingTitles kn = %d of %d", len(missing[LangKannada]), len(Catalogue()))
	}
}

func TestLookupReturnsCopy(t *testing.T) {
	e, _ := Lookup(CodeSurveyCertExpired)
	e.Title[LangEnglish] = "changed"
	e.AllowedActions[0] = Action99
	again, _ := Lookup(CodeSurveyCertExpired)
	if again.Title[LangEnglish] == "changed" || again.AllowedActions[0] == Action99 {
		t.Error("Lookup must not expose the catalogue to mutation")
	}
}

func TestValidateAction(t *testing.T) {
	det, _ := Lookup(CodeSurveyCertExpired)
	soft, _ := Lookup(CodeFireBucketMissing)
	tests := []struct {
		name      string
		e         Entry
		a         ActionCode
		rectified bool
		rule      string
	}{
		{"Karnataka 2025 Sch-IX: detainable deficiency never gets 02", det, Action02, false, RuleActionDetainableDeferred},
		{"Karnataka 2025 Sch-IX: detainable deficiency never gets 03", det, Action03, true, RuleActionDetainableDeferred},
		{"Karnataka 2025 Sch-IX: unrectified detainable deficiency is 06, not 04", det, Action04, false, RuleActionDetainableUnrectify},
		{"Karnataka 2025 Sch-IX: unrectified detainable deficiency 06 is valid", det, Action06, false, ""},
		{"Karnataka 2025 Sch-IX: 01 needs rectification recorded", soft, Action01, false, RuleActionRectifiedRecorded},
		{"Karnataka 2025 Sch-IX: 01 with rectification recorded", soft, Action01, true, ""},
		{"Karnataka 2025 Sch-IX: 03 for a non-detainable deficiency", soft, Action03, false, ""},
		{"Karnataka 2025 Sch-IX: 06 not allowed for a non-detainable deficiency", soft, Action06, false, RuleActionNotAllowed},
		{"Karnataka 2025 Sch-IX: 07 is not an action code", soft, "07", false, RuleActionUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateAction(tc.e, tc.a, tc.rectified)
			var ae *ActionError
			switch {
			case tc.rule == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tc.rule != "" && (!errors.As(err, &ae) || ae.Rule != tc.rule):
				t.Errorf("got %v, want rule %s", err, tc.rule)
			}
		})
	}
}

func TestDueFor(t *testing.T) {
	on := D(2026, 1, 31)
	tests := []struct {
		name string
		a    ActionCode
		want Due
	}{
		{"Karnataka 2025 Sch-IX code 01: rectified, nothing due", Action01, Due{Kind: DueNone}},
		{"Karnataka 2025 Sch-IX code 02: next port", Action02, Due{Kind: DueNextPort}},
		{"Karnataka 2025 Sch-IX code 03: 14 days", Action03, Due{Kind: DueDate, Date: D(2026, 2, 14)}},
		{"Karnataka 2025 Sch-IX code 04: before departure", Action04, Due{Kind: DueBeforeDeparture}},
		{"Karnataka 2025 Sch-IX code 05: 3 months, clamped to month end", Action05, Due{Kind: DueDate, Date: D(2026, 4, 30)}},
		{"Karnataka 2025 Sch-IX code 06: until release order", Action06, Due{Kind: DueOnRelease}},
		{"Karnataka 2025 Sch-IX code 99: as specified", Action99, Due{Kind: DueAsSpecified}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DueFor(tc.a, on)
			if err != nil || got != tc.want {
				t.Errorf("DueFor(%s) = %+v, %v; want %+v", tc.a, got, err, tc.want)
			}
		})
	}
	if _, err := DueFor("42", on); err == nil {
		t.Error("unknown action code accepted")
	}
	if len(InspectionActionTitles) != 5 {
		t.Error("Sch-IX inspection action codes are 11–15")
	}
}
