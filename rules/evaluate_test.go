package rules

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// The -update flag rewrites golden files. Another file of the package may
// register a flag of the same name first; then that one is used.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files under testdata/")
	}
}

func evUpdate() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// evCase is one realistic inspection and the rule set it is judged by.
type evCase struct {
	name  string
	regim Regime
	in    InspectionInput
}

func evAt(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 11, 30, 0, 0, IST) }

func evCrew(id, role string, certs ...CrewCertificate) CrewOnBoard {
	return CrewOnBoard{ID: id, Role: role, Certificates: certs}
}

func evCert(g CertificateGrade, issued Date) CrewCertificate {
	return CrewCertificate{Grade: g, IssuedOn: issued}
}

// evKAValidCerts are a mechanised Karnataka vessel's certificates in force in 2026.
func evKAValidCerts() []CertificateRecord {
	return []CertificateRecord{
		{Kind: CertRegistration, Number: "KA-KWR-101", IssuedOn: D(2022, 5, 1)},
		{Kind: CertSurvey, Number: "COS-77", IssuedOn: D(2025, 8, 1), ExpiresOn: D(2026, 7, 31)},
		{Kind: CertInsurance, Number: "INS-9", IssuedOn: D(2025, 10, 1), ExpiresOn: D(2026, 9, 30)},
		{Kind: CertPollution, Number: "POL-3", IssuedOn: D(2025, 9, 1), ExpiresOn: D(2030, 8, 31)},
	}
}

// evZone1Checklist is a Karnataka Zone-1 Category C passenger template
// (r.46, Sch-VI Section A).
func evZone1Checklist() []ChecklistItem {
	codes := []Code{CodeVHFMissing, CodeAISMissing, CodeGPSMissing, CodeBinocularMissing, CodeSearchlightMissing,
		CodeRudderIndicatorMissing, CodeLifejacketsInsufficient, CodeLifebuoysInsufficient, CodeExtinguisherMissing,
		CodeFireBucketMissing, CodeSandBoxMissing, CodeCompassMissing, CodeNavLightsMissing, CodeDisplayBoardMissing}
	out := make([]ChecklistItem, len(codes))
	for i, c := range codes {
		out[i] = ChecklistItem{ID: fmt.Sprintf("z1-%02d", i+1), Code: c, FailWhen: AnswerNo}
	}
	return out
}

func evAnswers(items []ChecklistItem, fail ...Code) map[string]Answer {
	failing := map[Code]bool{}
	for _, c := range fail {
		failing[c] = true
	}
	out := map[string]Answer{}
	for _, it := range items {
		out[it.ID] = AnswerYes
		if failing[it.Code] {
			out[it.ID] = AnswerNo
		}
	}
	return out
}

func evKAFerry() InspectionInput {
	cl := evZone1Checklist()
	return InspectionInput{
		InspectionID: "ka-ferry", At: evAt(2026, 3, 2),
		Vessel: InspectedVessel{ID: "V-FERRY", OwnerID: "O-1", Regime: RegimeKarnataka2025, Kind: KindMechanised, Category: CategoryC,
			Zone: 1, EnginePower: 150, PowerUnit: UnitKW, LengthM: 14, Use: UsePassenger, PassengersCarried: 40, PassengersCertified: 50},
		Checklist: cl, Answers: evAnswers(cl), Certificates: evKAValidCerts(), LastPollutionInspection: D(2025, 9, 1),
		Crew: []CrewOnBoard{
			evCrew("c-master", "", evCert(GradeMasterClass3, D(2024, 1, 1))),
			evCrew("c-gp", "", evCert(GradeGPRating, D(2024, 1, 1))),
			evCrew("c-driver", "", evCert(GradeEngineDriverClass2, D(2024, 1, 1))),
		},
	}
}

func evCases() []evCase {
	var cs []evCase
	add := func(name string, r Regime, in InspectionInput) { cs = append(cs, evCase{name, r, in}) }

	add("ka_ferry_zone1_clean", RegimeKarnataka2025, evKAFerry())

	f := evKAFerry()
	f.InspectionID = "ka-ferry-nav"
	f.Answers = evAnswers(f.Checklist, CodeVHFMissing, CodeAISMissing, CodeFireBucketMissing)
	f.Findings = []Finding{{Code: CodeFireBucketMissing, Action: Action01, Rectified: true, Note: "bucket brought from shore"}}
	add("ka_ferry_zone1_vhf_ais_missing", RegimeKarnataka2025, f)

	f = evKAFerry()
	f.InspectionID = "ka-ferry-cos"
	f.Certificates[1].ExpiresOn = D(2026, 2, 28)
	add("ka_ferry_cos_expired_not_noticed", RegimeKarnataka2025, f)

	f = evKAFerry()
	f.InspectionID = "ka-ferry-actions"
	f.Certificates[1].ExpiresOn = D(2026, 2, 28)
	f.Answers = evAnswers(f.Checklist, CodeExtinguisherMissing, CodeLifejacketsInsufficient)
	f.Findings = []Finding{
		{Code: CodeSurveyCertExpired, Action: Action03, Note: "CoS expired, owner says renewal applied"},
		{Code: CodeFireBucketMissing, Action: Action06},
		{Code: CodeExtinguisherMissing, Action: Action01, Rectified: true},
		{Code: CodeLifejacketsInsufficient, Action: Action02},
		{Code: "55555", Action: Action99, Note: "template code not in catalogue"},
	}
	add("ka_ferry_inspector_actions_corrected", RegimeKarnataka2025, f)

	f = evKAFerry()
	f.InspectionID = "ka-ferry-overload"
	f.Vessel.PassengersCarried = 63
	f.Findings = []Finding{
		{Code: CodePassengerNoLifejacket, Action: Action04, Persons: 6},
		{Code: CodeCrewIntoxicated, Action: Action04, Persons: 1, Note: "driver breath test positive"},
		{Code: CodeDetainPassengerSafety},
	}
	add("ka_ferry_overloaded_drunk_driver", RegimeKarnataka2025, f)

	add("ka_country_boat_overloaded", RegimeKarnataka2025, InspectionInput{
		InspectionID: "ka-nada-doni", At: evAt(2026, 5, 15),
		Vessel: InspectedVessel{ID: "V-NADA", OwnerID: "O-2", Regime: RegimeKarnataka2025, Kind: KindNonMechanised, Category: CategoryB,
			Zone: 3, Use: UsePassenger, PassengersCarried: 14, PassengersCertified: 8},
		Certificates: []CertificateRecord{
			{Kind: CertRegistration, Number: "KWR-NM-12", IssuedOn: D(2023, 1, 1)},
			{Kind: CertNonMechSurvey, Number: "NM-COS-12", IssuedOn: D(2025, 9, 1)},
			{Kind: CertInsurance, Number: "INS-12", IssuedOn: D(2025, 9, 1), ExpiresOn: D(2026, 8, 31)},
		},
		Crew: []CrewOnBoard{evCrew("b1", RoleBoatInCharge, evCert(GradeGPRating, D(2025, 1, 1))), evCrew("b2", "")},
		Findings: []Finding{
			{Code: CodePassengerNoLifejacket, Persons: 6},
			{Code: CodeMaxPassengersNotDisplayed},
		},
	})

	add("ka_non_mech_survey_lapsed_late", RegimeKarnataka2025, InspectionInput{
		InspectionID: "ka-theppa", At: evAt(2026, 6, 20),
		Vessel: InspectedVessel{ID: "V-THEPPA", OwnerID: "O-3", Regime: RegimeKarnataka2025, Kind: KindNonMechanised, Category: CategoryC,
			Zone: 3, Use: UseCargo, CargoTonnes: 3.5, CargoPermitted: 2.5, LakeOnly: true},
		Certificates: []CertificateRecord{
			{Kind: CertRegistration, Number: "KWR-NM-40", IssuedOn: D(2020, 1, 1)},
			{Kind: CertNonMechSurvey, Number: "NM-COS-40", IssuedOn: D(2025, 3, 1)},
			{Kind: CertInsurance, Number: "INS-40", IssuedOn: D(2025, 7, 1), ExpiresOn: D(2026, 6, 30)},
		},
		Crew: []CrewOnBoard{evCrew("t1", RoleBoatInCharge, evCert(GradeGPRating, D(2024, 1, 1)))},
	})

	f = evKAFerry()
	f.InspectionID = "ka-ferry-provisional"
	f.Certificates = append(f.Certificates[:1], f.Certificates[2:]...)
	f.Certificates = append(f.Certificates, CertificateRecord{Kind: CertProvisionalSurvey, Number: "PROV-5", IssuedOn: D(2025, 11, 1)})
	add("ka_ferry_provisional_cos_lapsed", RegimeKarnataka2025, f)

	f = evKAFerry()
	f.InspectionID = "ka-ferry-legacy"
	f.At = evAt(2027, 7, 1)
	f.Certificates = []CertificateRecord{
		{Kind: CertRegistration, Number: "KA-KWR-101", IssuedOn: D(2022, 5, 1)},
		{Kind: CertSurvey, Number: "COS-78", IssuedOn: D(2026, 8, 1), ExpiresOn: D(2027, 7, 31)},
		{Kind: CertInsurance, Number: "INS-10", IssuedOn: D(2026, 10, 1), ExpiresOn: D(2027, 9, 30)},
		{Kind: CertPollution, Number: "POL-3", IssuedOn: D(2025, 9, 1), ExpiresOn: D(2030, 8, 31)},
	}
	f.Crew[0] = evCrew("c-master", "", CrewCertificate{Grade: GradeSerang, Legacy: true, IssuedOn: D(2010, 1, 1)})
	add("ka_ferry_legacy_serang_after_deadline", RegimeKarnataka2025, f)

	f = evKAFerry()
	f.InspectionID = "ka-spl"
	f.Vessel.SpecialCategory = true
	f.LastPollutionInspection = D(2025, 1, 10)
	f.Checklist = append(f.Checklist, ChecklistItem{ID: "s9-nav", Code: CodeDetainNavigation, FailWhen: AnswerNo},
		ChecklistItem{ID: "s9-pol", Code: CodeDetainPollution, FailWhen: AnswerNo})
	f.Answers = evAnswers(f.Checklist, CodeDetainPollution)
	add("ka_special_category_cof_missing_pollution", RegimeKarnataka2025, f)

	add("paradip_motor_launch_300bhp_serang_only", RegimeParadip1967, InspectionInput{
		InspectionID: "pd-launch", At: evAt(2026, 2, 10),
		Vessel: InspectedVessel{ID: "V-LAUNCH", OwnerID: "O-4", Regime: RegimeParadip1967, Kind: KindMotor,
			EnginePower: 300, PowerUnit: UnitBHP, LengthM: 16, Use: UseHire},
		Certificates: []CertificateRecord{{Kind: CertParadipLicence, Number: "PD-L-17", IssuedOn: D(2025, 4, 2)}},
		Crew:         []CrewOnBoard{evCrew("s1", "", evCert(GradeSerang, D(2001, 1, 1)))},
		Findings:     []Finding{{Code: CodeSilencerMissing}, {Code: CodeSandBoxMissing, Action: Action04}},
	})

	add("paradip_harbour_craft_licence_expired_night", RegimeParadip1967, InspectionInput{
		InspectionID: "pd-craft", At: evAt(2025, 6, 5),
		Vessel: InspectedVessel{ID: "V-CRAFT", OwnerID: "O-5", Regime: RegimeParadip1967, Kind: KindHarbourCraft,
			Use: UsePassenger, PassengersCarried: 12, PassengersCertified: 10},
		Certificates: []CertificateRecord{{Kind: CertParadipLicence, Number: "PD-L-3", IssuedOn: D(2024, 5, 1)}},
		Findings: []Finding{
			{Code: CodeNightPlying, Note: "outer roads 19:40"},
			{Code: CodeLifebuoysInsufficient, Action: Action03},
			{Code: CodeLicenceNotOnBoard, Action: Action01, Rectified: true},
		},
	})

	add("kandla_recreation_boat_owner", RegimeKandla1955, InspectionInput{
		InspectionID: "kd-rec", At: evAt(2026, 1, 20),
		Vessel: InspectedVessel{ID: "V-REC", OwnerID: "O-6", Regime: RegimeKandla1955, Kind: KindMotor,
			EnginePower: 15, PowerUnit: UnitBHP, LengthM: 8, Use: UseRecreation},
		Crew: []CrewOnBoard{evCrew("owner", RoleOwner)},
	})
	return cs
}

func evRuleSet(t testing.TB, r Regime, at time.Time) *RuleSet {
	t.Helper()
	rs, err := RuleSetFor(r, DateOf(at))
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestEvaluateGolden(t *testing.T) {
	for _, tc := range evCases() {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.MarshalIndent(Evaluate(evRuleSet(t, tc.regim, tc.in.At), tc.in), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "evaluate", tc.name+".golden.json")
			if evUpdate() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./rules -run TestEvaluateGolden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("evaluation differs from %s; run with -update and review the diff", path)
			}
		})
	}
}

// evFind returns the deficiency with code c.
func evFind(ev Evaluation, c Code) (Deficiency, bool) {
	for _, d := range ev.Deficiencies {
		if d.Code == c {
			return d, true
		}
	}
	return Deficiency{}, false
}

func evCaseByName(t *testing.T, name string) evCase {
	for _, c := range evCases() {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no case %s", name)
	return evCase{}
}

func TestEvaluateRules(t *testing.T) {
	run := func(name string) Evaluation {
		c := evCaseByName(t, name)
		return Evaluate(evRuleSet(t, c.regim, c.in.At), c.in)
	}
	t.Run("docs/LAW.md §12: expired CoS is a deficiency though the inspector did not record it", func(t *testing.T) {
		ev := run("ka_ferry_cos_expired_not_noticed")
		d, ok := evFind(ev, CodeSurveyCertExpired)
		if !ok || d.Action != Action06 || d.Sources[0] != SourceRegistry || d.Penalty.FirstOffence != 5000 || !ev.Detention.Proposed {
			t.Errorf("got %+v, detention %+v", d, ev.Detention)
		}
	})
	t.Run("Karnataka 2025 Sch-IX: inspector's 03 on a detainable deficiency corrected to 06", func(t *testing.T) {
		ev := run("ka_ferry_inspector_actions_corrected")
		d, _ := evFind(ev, CodeSurveyCertExpired)
		if d.Action != Action06 || len(d.Sources) != 2 {
			t.Errorf("got %+v", d)
		}
		if d, _ := evFind(ev, CodeExtinguisherMissing); d.Action != Action01 || !d.Rectified {
			t.Errorf("rectified on the spot should stay 01: %+v", d)
		}
		if d, ok := evFind(ev, "55555"); !ok || d.Known || d.Action != Action99 {
			t.Errorf("unknown inspector code must be kept: %+v", d)
		}
	})
	t.Run("Karnataka 2025 Sch-IV row 9: several equipment deficiencies are one offence", func(t *testing.T) {
		ev := run("ka_ferry_zone1_vhf_ais_missing")
		if len(ev.Offences) != 1 || ev.Offences[0].Row != PenaltySafetyEquip || len(ev.Offences[0].Codes) != 3 || ev.Offences[0].FirstOffence != 5000 {
			t.Errorf("offences = %+v", ev.Offences)
		}
	})
	t.Run("Karnataka 2025 Sch-IV rows 5, 7, 10: overloading, per-crew and per-passenger", func(t *testing.T) {
		ev := run("ka_ferry_overloaded_drunk_driver")
		want := map[PenaltyRowID]Rupees{PenaltyOverloading: 10000, PenaltyIntoxicated: 20000, PenaltyLifejacket: 6000}
		for _, o := range ev.Offences {
			if want[o.Row] != o.FirstOffence {
				t.Errorf("%s: Rs %d, want %d", o.Row, o.FirstOffence, want[o.Row])
			}
			delete(want, o.Row)
		}
		if len(want) != 0 {
			t.Errorf("missing offences %v", want)
		}
	})
	t.Run("Paradip 1967 r.29(2)(ii): 300 BHP launch with a Serang only is undermanned; no fine, no detention (the harbour craft rules give neither), it does not ply until manned (04)", func(t *testing.T) {
		ev := run("paradip_motor_launch_300bhp_serang_only")
		if d, ok := evFind(ev, CodeHarbourCraftOfficersShort); !ok || d.Penalty != nil || d.Detainable || d.Action != Action04 || ev.Detention.Proposed {
			t.Errorf("got %+v, detention %+v", d, ev.Detention)
		}
		if _, ok := evFind(ev, CodeManningShortfall); ok {
			t.Errorf("Karnataka's detainable 02001 raised under Paradip 1967")
		}
	})
	t.Run("Karnataka 2025 r.32(2): legacy Serang certificate after 6 June 2027", func(t *testing.T) {
		ev := run("ka_ferry_legacy_serang_after_deadline")
		if _, ok := evFind(ev, CodeLegacyCoCExpired); !ok {
			t.Errorf("deficiencies %+v", ev.Deficiencies)
		}
	})
	t.Run("Karnataka 2025 Sch-IX codes 14 and 15: detention and pollution", func(t *testing.T) {
		ev := run("ka_special_category_cof_missing_pollution")
		if !reflect.DeepEqual(ev.InspectionActions, []InspectionActionCode{Inspection14, Inspection15}) {
			t.Errorf("inspection actions %v", ev.InspectionActions)
		}
	})
}

// evShuffled returns in with every slice shuffled.
func evShuffled(r *rand.Rand, in InspectionInput) InspectionInput {
	out := in
	out.Checklist = append([]ChecklistItem(nil), in.Checklist...)
	out.Certificates = append([]CertificateRecord(nil), in.Certificates...)
	out.Crew = append([]CrewOnBoard(nil), in.Crew...)
	out.Findings = append([]Finding(nil), in.Findings...)
	r.Shuffle(len(out.Checklist), func(i, j int) { out.Checklist[i], out.Checklist[j] = out.Checklist[j], out.Checklist[i] })
	r.Shuffle(len(out.Certificates), func(i, j int) { out.Certificates[i], out.Certificates[j] = out.Certificates[j], out.Certificates[i] })
	r.Shuffle(len(out.Crew), func(i, j int) { out.Crew[i], out.Crew[j] = out.Crew[j], out.Crew[i] })
	r.Shuffle(len(out.Findings), func(i, j int) { out.Findings[i], out.Findings[j] = out.Findings[j], out.Findings[i] })
	return out
}

func TestEvaluateDeterministic(t *testing.T) {
	// docs/LAW.md §12: deterministic output, independent of the order inputs
	// arrive in.
	r := rand.New(rand.NewSource(42))
	for _, tc := range evCases() {
		rs := evRuleSet(t, tc.regim, tc.in.At)
		want := Evaluate(rs, tc.in)
		for i := 0; i < 20; i++ {
			if got := Evaluate(rs, evShuffled(r, tc.in)); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: evaluation depends on input order", tc.name)
			}
		}
	}
}

func TestEvaluateKeepsEveryInspectorFinding(t *testing.T) {
	// docs/LAW.md §12: nothing the inspector recorded is dropped.
	for _, tc := range evCases() {
		ev := Evaluate(evRuleSet(t, tc.regim, tc.in.At), tc.in)
		for _, f := range tc.in.Findings {
			d, ok := evFind(ev, f.Code)
			if !ok {
				t.Errorf("%s: finding %s dropped", tc.name, f.Code)
				continue
			}
			if e, known := Lookup(f.Code); known && f.Action != "" && ValidateAction(e, f.Action, f.Rectified) == nil && d.Action != f.Action {
				t.Errorf("%s: valid inspector action %s for %s replaced by %s", tc.name, f.Action, f.Code, d.Action)
			}
		}
	}
}

func BenchmarkEvaluate40Items(b *testing.B) {
	in := evKAFerry()
	var items []ChecklistItem
	for i, e := range Catalogue() {
		if len(items) == 40 {
			break
		}
		if e.AppliesTo(RegimeKarnataka2025) {
			items = append(items, ChecklistItem{ID: fmt.Sprintf("b%03d", i), Code: e.Code, FailWhen: AnswerNo})
		}
	}
	in.Checklist = items
	in.Answers = evAnswers(items, items[3].Code, items[17].Code, items[29].Code)
	rs := evRuleSet(b, RegimeKarnataka2025, in.At)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Evaluate(rs, in)
	}
}

// Karnataka 2025 r.15(1), docs/LAW.md §1.6, Q13: a harbour craft licensed under
// the Karnataka Harbour Craft Rules, 1963 passes through the inland
// waterways on the DA's endorsement; the IV Act's CoR, CoS and insurance
// are not its documents, so no Sch-IV row 3, 4 or 1 fine follows from their
// absence. A mechanised vessel with the same (empty) registry is charged.
func TestEvaluateKarnatakaHarbourCraftIsNotChargedForIVActCertificates(t *testing.T) {
	at := evAt(2026, 3, 10)
	in := InspectionInput{InspectionID: "ka-hc", At: at,
		Vessel: InspectedVessel{ID: "V-HC", OwnerID: "O-9", Regime: RegimeKarnataka2025, Kind: KindHarbourCraft, Use: UseCargo}}
	ev := Evaluate(evRuleSet(t, RegimeKarnataka2025, at), in)
	for _, code := range []Code{CodeRegistrationInvalid, CodeSurveyCertExpired, CodeInsuranceInvalid} {
		if d, ok := evFind(ev, code); ok {
			t.Errorf("harbour craft charged %s: %+v", code, d)
		}
	}
	if len(ev.Offences) != 0 {
		t.Errorf("offences %+v", ev.Offences)
	}
	in.Vessel.Kind = KindMechanised
	ev = Evaluate(evRuleSet(t, RegimeKarnataka2025, at), in)
	if _, ok := evFind(ev, CodeRegistrationInvalid); !ok {
		t.Errorf("a mechanised vessel without a CoR is not charged: %+v", ev.Deficiencies)
	}
}
