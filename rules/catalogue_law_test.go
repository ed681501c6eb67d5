package rules

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// lawCase is what the law says of one catalogue entry: the rule it must cite
// first, its Sch-IV row, whether it is detainable, the actions allowed and
// the regimes it is defined for.
type lawCase struct {
	name       string
	code       Code
	cite       Citation // must be among the legal refs
	notCite    Citation // must not be among them
	row        PenaltyRowID
	detainable bool
	def        ActionCode
	allows     []ActionCode
	forbids    []ActionCode
	regimes    []Regime
}

func lawCases() []lawCase {
	return []lawCase{
		{name: "Karnataka 2025 r.15(2): a harbour craft working commercially without the State's fee; the amount is unset, so no fine row", code: CodeHarbourCraftFeeUnpaid,
			cite: "Karnataka 2025, r.15(2)", row: "", detainable: false, def: Action04, regimes: regKA},
		{name: "Karnataka 2025 r.15(1): a harbour craft without the DA's endorsement for the passage", code: CodeHarbourCraftNotEndorsed,
			cite: "Karnataka 2025, r.15(1)", row: "", detainable: false, def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Form-18 (g), r.13: contravention of the Act's Chapter X (wreck and salvage) is a detention ground", code: CodeWreckSalvageChapter,
			cite: "Karnataka 2025, Form-18 (g)", detainable: true, def: Action06, allows: []ActionCode{Action06}, forbids: []ActionCode{Action02, Action03, Action04}, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 2.1.3: machinery at 10° list and 5° trim is a design condition, not detainable", code: CodeMachineryInclination,
			cite: "Karnataka 2025, Sch-VI 2.1.3", detainable: false, def: Action05, allows: []ActionCode{Action05}, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 2.8.1: the 15 km/h calm-water speed is a design condition, not detainable", code: CodeSpeedBelowMinimum,
			cite: "Karnataka 2025, Sch-VI 2.8.1", detainable: false, def: Action05, allows: []ActionCode{Action05}, regimes: regKA},
		{name: "Karnataka 2025 Sch-X: a non-mechanised boat altered without permission has no s.8 fine (the Act's s.8 is for mechanically propelled vessels)", code: CodeBoatAlteredUnpermitted,
			cite: "Karnataka 2025, Sch-X (Permission and Operation)", notCite: "Karnataka 2025, Sch-IV (s.87 table)", row: "", detainable: false, def: Action05, regimes: regKA},
		{name: "Karnataka 2025 Sch-IV s.87 table (s.8), Sch-X: a mechanised vessel altered without approval, fine up to Rs 10,000", code: CodeUnapprovedAlteration,
			cite: "Karnataka 2025, Sch-X (Permission and Operation)", row: PenaltyAlteration, detainable: false, def: Action05, regimes: regKA},
		{name: "Karnataka 2025 Sch-V-2 A para 1 and 3: a wooden special category hull's timber and scantlings, a design matter", code: CodeHullTimberNotCompliant,
			cite: "Karnataka 2025, Sch-V-2 A", notCite: "Karnataka 2025, Sch-IV row 9", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, regimes: regKA},
		{name: "Karnataka 2025 Sch-V-2 A para 5: the wooden vessel's fixed motor-driven bilge pump is a bilge-pumping deficiency", code: CodeBilgePumping,
			cite: "Karnataka 2025, Sch-V-2 A", detainable: false, def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.4.2: the assigned freeboard is a design requirement, not overloading", code: CodeFreeboardInsufficient,
			cite: "Karnataka 2025, Sch-VI 1.4.2", notCite: "Karnataka 2025, Sch-IV row 5", row: "", detainable: false, def: Action05, allows: []ActionCode{Action05}, regimes: regKA},
		{name: "Karnataka 2025 r.120, r.126(7), Sch-IV row 5: loaded below the assigned freeboard is overloading", code: CodeLoadedFreeboardInsufficient,
			cite: "Karnataka 2025, r.120", row: PenaltyOverloading, detainable: true, def: Action06, allows: []ActionCode{Action06}, forbids: []ActionCode{Action02, Action03}, regimes: regKA},
		{name: "Karnataka 2025 r.126(7): the load water line mark submerged", code: CodeLoadedFreeboardInsufficient, cite: "Karnataka 2025, r.126(7)", row: PenaltyOverloading, detainable: true, def: Action06, regimes: regKA},
		{name: "Karnataka 2025 r.145(8)(b): holding tank for oil and oily waste", code: CodeOilyWasteTankMissing, cite: "Karnataka 2025, r.145(8)(b)", notCite: "Karnataka 2025, r.145(7)", def: Action05, regimes: regKA},
		{name: "Karnataka 2025 r.145(8)(c): bio-digester where sewage is generated", code: CodeBioDigesterMissing, cite: "Karnataka 2025, r.145(8)(c)", notCite: "Karnataka 2025, r.145(7)", def: Action05, regimes: regKA},
		{name: "Karnataka 2025 r.145(7)(b): garbage placards on Category A and B boats", code: CodeGarbagePlacardsMissing, cite: "Karnataka 2025, r.145(7)(b)", notCite: "Karnataka 2025, r.145(9)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 r.145(9): harmful antifouling paints", code: CodeHarmfulAntifouling, cite: "Karnataka 2025, r.145(9)", notCite: "Karnataka 2025, r.145(10)", def: Action05, regimes: regKA},
		{name: "Karnataka 2025 r.145(8)(a): oil discharge records kept three months", code: CodeOilRecordsNotKept, cite: "Karnataka 2025, r.145(8)(a)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 r.145(7)(a): garbage retained on board", code: CodeGarbageRetentionMissing, cite: "Karnataka 2025, r.145(7)(a)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 r.145(10): Boat in-Charge's record of waste removed", code: CodeWasteRecordNotKept, cite: "Karnataka 2025, r.145(10)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI Section B 3.2: retro-reflective material on life-saving appliances", code: CodeRetroReflectiveMissing, cite: "Karnataka 2025, Sch-VI Section B 3.2", notCite: "Karnataka 2025, Sch-VI 3.9", row: PenaltySafetyEquip, def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 3.2: retro-reflective material (Section A)", code: CodeRetroReflectiveMissing, cite: "Karnataka 2025, Sch-VI 3.2", row: PenaltySafetyEquip, def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI Section B 1.8: flush, contrasting, anti-skid floor (non-mechanised)", code: CodeDeckFloorNotAntiSkid, cite: "Karnataka 2025, Sch-VI Section B 1.8", def: Action05, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.8: mechanised passenger vessel floor flush or highlighted", code: CodeFloorFittingsNotFlush, cite: "Karnataka 2025, Sch-VI 1.8", notCite: "Karnataka 2025, Sch-VI Section B", def: Action05, regimes: regKA},
		{name: "Karnataka 2025 Annex to Form-2: batteries secured and in order is not the Sch-VI 2.6.2 duplication rule", code: CodeBatteriesNotInOrder, cite: "Karnataka 2025, Sch-I Annex to Form-2 (Machinery/Electrical)", notCite: "Karnataka 2025, Sch-VI 2.6.2", def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Form-18 (d), r.13: a mechanised vessel's registration number not affixed is a detention ground", code: CodeRegistrationNumberNotAffixed,
			cite: "Karnataka 2025, Form-18 (d)", detainable: true, def: Action06, allows: []ActionCode{Action06}, forbids: []ActionCode{Action03, Action04}, regimes: regKA},
		{name: "Karnataka 2025 r.103(2): a non-mechanised boat's number is not a Form-18 ground", code: CodeRegistrationNumberNotMarked,
			cite: "Karnataka 2025, r.103(2)", notCite: "Karnataka 2025, Form-18 (d)", detainable: false, def: Action04, allows: []ActionCode{Action04}, regimes: regKA},
		{name: "Karnataka 2025 r.123(5): freeboard mark 2.5 cm by 15 cm amidships", code: CodeFreeboardMarkMissing, cite: "Karnataka 2025, r.123(5)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 r.107(1): load line cut into the hull", code: CodeLoadLineNotMarked, cite: "Karnataka 2025, r.107(1)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 r.20(3): the mechanised vessel's display board", code: CodeDisplayBoardMissing, cite: "Karnataka 2025, r.20(3)", def: Action03, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI Section B 2.2: paddle wheel greased and with frictional material", code: CodePaddleWheelNotMaintained, cite: "Karnataka 2025, Sch-VI Section B 2.2", def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Sch-VI 1.3.1: hull openings watertight, side scuttles non-opening", code: CodeHullOpeningsNotWatertight, cite: "Karnataka 2025, Sch-VI 1.3.1", def: Action04, regimes: regKA},
		{name: "Karnataka 2025 Sch-IV row 5: overloading passengers is Karnataka's, detainable", code: CodeOverloadPassengers, cite: "Karnataka 2025, Sch-IV row 5", notCite: "Paradip 1967, r.13(1)",
			row: PenaltyOverloading, detainable: true, def: Action06, regimes: regKA},
		{name: "Karnataka 2025 Sch-IV row 5: overloading cargo is Karnataka's, detainable", code: CodeOverloadCargo, cite: "Karnataka 2025, Sch-IV row 5", notCite: "Paradip 1967, r.13(1)",
			row: PenaltyOverloading, detainable: true, def: Action06, regimes: regKA},
		{name: "Paradip 1967 r.19: excess passengers put off before starting (04), no detention", code: CodeParadipPassengersExcess, cite: "Paradip 1967, r.19",
			detainable: false, def: Action04, allows: []ActionCode{Action01, Action04}, forbids: []ActionCode{Action06}, regimes: regPD},
		{name: "Paradip 1967 r.19: excess cargo removed before starting (04), no detention", code: CodeParadipCargoExcess, cite: "Paradip 1967, r.13(1)",
			detainable: false, def: Action04, allows: []ActionCode{Action01, Action04}, forbids: []ActionCode{Action06}, regimes: regPD},
		{name: "Paradip 1967 r.13(2): life-buoys and buoyant apparatus", code: CodeLifebuoysInsufficient, cite: "Paradip 1967, r.13(2)", row: PenaltySafetyEquip, def: Action04, regimes: regKAPD},
		{name: "Paradip 1967 r.10(3), r.29: tindal without the certificate r.29 requires", code: CodeCoCInvalid, cite: "Paradip 1967, r.10(3)", row: PenaltyManning, detainable: true, def: Action06, regimes: regAll},
		{name: "Karnataka 2025 r.46: Zone-1 VHF under Sch-IV row 9", code: CodeVHFMissing, cite: "Karnataka 2025, r.46(a)", row: PenaltySafetyEquip, def: Action04, regimes: regKA},
	}
}

func TestCatalogueEntriesFollowTheLaw(t *testing.T) {
	for _, c := range lawCases() {
		t.Run(c.name, func(t *testing.T) {
			e, ok := Lookup(c.code)
			if !ok {
				t.Fatalf("code %s not in the catalogue", c.code)
			}
			if c.cite != "" && !slices.Contains(e.LegalRefs, c.cite) {
				t.Errorf("%s cites %v, want %q among them", c.code, e.LegalRefs, c.cite)
			}
			if c.notCite != "" && slices.Contains(e.LegalRefs, c.notCite) {
				t.Errorf("%s cites %q, which does not apply", c.code, c.notCite)
			}
			if e.PenaltyRow != c.row {
				t.Errorf("%s Sch-IV row = %q, want %q", c.code, e.PenaltyRow, c.row)
			}
			if e.Detainable != c.detainable {
				t.Errorf("%s detainable = %v, want %v", c.code, e.Detainable, c.detainable)
			}
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
			if !slices.Equal(e.Regimes, c.regimes) {
				t.Errorf("%s regimes = %v, want %v", c.code, e.Regimes, c.regimes)
			}
		})
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
