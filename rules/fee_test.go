package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestQuoteFee(t *testing.T) {
	tests := []struct {
		name string
		req  FeeRequest
		want Rupees
	}{
		// Karnataka 2025, Sch-IV Annexure-1 Part A: every band edge, on and just above.
		{"Karnataka 2025 Sch-IV Ann-1 Sl.1: 0.5 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 0.5}, 1000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.1: exactly 10 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 10}, 1000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.2: just above 10 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 10.01}, 1500},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.2: exactly 20 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 20}, 1500},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.3: just above 20 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 20.01}, 2000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.3: exactly 30 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 30}, 2000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.4: just above 30 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 30.01}, 3000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.4: exactly 50 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 50}, 3000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.5: just above 50 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 50.01}, 4000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.5: exactly 75 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 75}, 4000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.6: just above 75 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 75.01}, 6000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.6: exactly 100 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 100}, 6000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.7 (Q11 lower bound 100): just above 100 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 100.01}, 10000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.7: exactly 300 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 300}, 10000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.8: just above 300 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 300.01}, 13000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.8: exactly 600 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 600}, 13000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.9: just above 600 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 600.01}, 16000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.9: exactly 900 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 900}, 16000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.10: just above 900 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 900.01}, 30000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.10: exactly 1200 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 1200}, 30000},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.12: just above 1200 GRT is Rs 100 × ceil (Q11)", FeeRequest{Kind: FeeKASurvey, Tonnage: 1200.01}, 120100},
		{"Karnataka 2025 Sch-IV Ann-1 Sl.12: 1500 GRT", FeeRequest{Kind: FeeKASurvey, Tonnage: 1500}, 150000},
		// Karnataka 2025, Sch-IV Part B item 1 (Q12).
		{"Karnataka 2025 Sch-IV Part B band A: exactly 10 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 10}, 2000},
		{"Karnataka 2025 Sch-IV Part B band B: just above 10 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 10.01}, 3000},
		{"Karnataka 2025 Sch-IV Part B band B: exactly 20 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 20}, 3000},
		{"Karnataka 2025 Sch-IV Part B band C: just above 20 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 20.01}, 4000},
		{"Karnataka 2025 Sch-IV Part B band C: exactly 40 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 40}, 4000},
		{"Karnataka 2025 Sch-IV Part B band D: just above 40 GRT, part of a GRT counts (Q12)", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 40.01}, 4050},
		{"Karnataka 2025 Sch-IV Part B band D: 100 GRT", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: 100}, 7000},
		{"Karnataka 2025 Sch-IV Part B item 2: minimum 6000 at exactly 120 GRT", FeeRequest{Kind: FeeKARegistrationMSA, Tonnage: 120}, 6000},
		{"Karnataka 2025 Sch-IV Part B item 2: just above 120 GRT", FeeRequest{Kind: FeeKARegistrationMSA, Tonnage: 120.01}, 6050},
		{"Karnataka 2025 Sch-IV Part B item 3: minimum 5000 at exactly 100 GRT", FeeRequest{Kind: FeeKARegistrationAlteration, Tonnage: 100}, 5000},
		{"Karnataka 2025 Sch-IV Part B item 3: just above 100 GRT", FeeRequest{Kind: FeeKARegistrationAlteration, Tonnage: 100.5}, 5050},
		{"Karnataka 2025 Sch-IV Part B item 4: duplicate", FeeRequest{Kind: FeeKADuplicateCertificate}, 1000},
		{"Karnataka 2025 Sch-IV Part B item 5: transfer of registry", FeeRequest{Kind: FeeKATransferOfRegistry}, 5000},
		{"Karnataka 2025 Sch-IV Part B item 6: transfer of ownership", FeeRequest{Kind: FeeKATransferOfOwnership}, 5000},
		{"Karnataka 2025 Sch-IV Part B item 7: provisional certificate", FeeRequest{Kind: FeeKAProvisionalCertificate}, 1000},
		{"Karnataka 2025 Sch-IV Part C: appeal", FeeRequest{Kind: FeeKAAppeal, Regime: RegimeKarnataka2025}, 5000},
		// Harbour craft: per ton or part with minimums.
		{"Karnataka 2025 Sch-IV harbour craft (a): minimum 2000 at exactly 200 t", FeeRequest{Kind: FeeKAHCInitialSurvey, Tonnage: 200}, 2000},
		{"Karnataka 2025 Sch-IV harbour craft (a): just above 200 t", FeeRequest{Kind: FeeKAHCInitialSurvey, Tonnage: 200.1}, 2010},
		{"Karnataka 2025 Sch-IV harbour craft (b): minimum 1500 at exactly 150 t", FeeRequest{Kind: FeeKAHCAnnualInspection, Tonnage: 150}, 1500},
		{"Karnataka 2025 Sch-IV harbour craft (b): just above 150 t", FeeRequest{Kind: FeeKAHCAnnualInspection, Tonnage: 150.2}, 1510},
		{"Karnataka 2025 Sch-IV harbour craft (c): minimum 1500 at exactly 150 t", FeeRequest{Kind: FeeKAHCCasualtyInspection, Tonnage: 150}, 1500},
		{"Karnataka 2025 Sch-IV harbour craft (c): just above 150 t", FeeRequest{Kind: FeeKAHCCasualtyInspection, Tonnage: 151}, 1510},
		{"Karnataka 2025 Sch-IV harbour craft (d): 50% of (c) minimum", FeeRequest{Kind: FeeKAHCUnseaworthy, Tonnage: 20}, 750},
		{"Karnataka 2025 Sch-IV harbour craft (d): 50% of (c) just above minimum", FeeRequest{Kind: FeeKAHCUnseaworthy, Tonnage: 150.5}, 755},
		{"Karnataka 2025 Sch-IV harbour craft (e): duplicate licence", FeeRequest{Kind: FeeKAHCDuplicateLicence}, 500},
		{"Karnataka 2025 Sch-IV harbour craft (f): change of tindal", FeeRequest{Kind: FeeKAHCTindalChange}, 500},
		{"Karnataka 2025 Sch-IV harbour craft (g): competency certificate", FeeRequest{Kind: FeeKAHCCompetencyCertificate}, 1000},
		{"Karnataka 2025 Sch-IV harbour craft (h): change of ownership", FeeRequest{Kind: FeeKAHCChangeOfOwnership}, 500},
		{"Karnataka 2025 Sch-IV harbour craft Note 1: marine engineer survey", FeeRequest{Kind: FeeKAHCMarineEngineerSurvey}, 2000},
		{"Karnataka 2025 Sch-IV harbour craft Note 1 (Q13): fishing running test only", FeeRequest{Kind: FeeKAHCMarineEngineerSurvey, RunningTestOnly: true}, 0},
		{"Karnataka 2025 Sch-IV harbour craft Note 2(1): amend licence", FeeRequest{Kind: FeeKAHCAmendLicence}, 300},
		// Detention, NOC, assessors.
		{"Karnataka 2025 Sch-IV detention item 1 (Q25): 3 visits", FeeRequest{Kind: FeeKADetentionVisit, Quantity: 3}, 15000},
		{"Karnataka 2025 Sch-IV detention item 2: 4 days plus towing at actuals", FeeRequest{Kind: FeeKADetentionHolding, Quantity: 4, Actuals: 2500}, 6500},
		{"Karnataka 2025 Sch-IV detention item 3: 3 shifts of 8 hours", FeeRequest{Kind: FeeKADetentionGuard, Quantity: 3}, 3000},
		{"Karnataka 2025 Sch-IV detention item 4: custody 2 days", FeeRequest{Kind: FeeKAForfeitureCustody, Quantity: 2}, 3000},
		{"Karnataka 2025 Sch-IV NOC", FeeRequest{Kind: FeeKANOC}, 1000},
		{"Karnataka 2025 Sch-IV mortgage endorsement", FeeRequest{Kind: FeeKAMortgageEndorsement}, 1000},
		{"Karnataka 2025 Sch-IV mortgage cancellation", FeeRequest{Kind: FeeKAMortgageCancellation}, 500},
		{"Karnataka 2025 Sch-IV assessors: 2 assessor-days plus TA/DA", FeeRequest{Kind: FeeKAAssessor, Quantity: 2, Actuals: 1234}, 21234},
		// Paradip 1967, r.28.
		{"Paradip 1967 r.28(i): licence, power-driven", FeeRequest{Kind: FeeParadipLicence, CraftClass: CraftPowerDriven}, 25},
		{"Paradip 1967 r.28(i): licence, boat", FeeRequest{Kind: FeeParadipLicence, CraftClass: CraftBoat}, 2},
		{"Paradip 1967 r.28(ii): amendment, catamaran", FeeRequest{Kind: FeeParadipLicenceAmendment, CraftClass: CraftCatamaran}, 1},
		{"Paradip 1967 r.28(iii): duplicate, power-driven", FeeRequest{Kind: FeeParadipDuplicateLicence, CraftClass: CraftPowerDriven}, 2},
		{"Paradip 1967 r.28(iv): tindal registration", FeeRequest{Kind: FeeParadipTindalRegistration, CraftClass: CraftCanoe}, 1},
		{"Paradip 1967 r.28(v): tindal amendment", FeeRequest{Kind: FeeParadipTindalAmendment, CraftClass: CraftBoat}, 1},
		{"Paradip 1967 r.28(vi): survey, canoe", FeeRequest{Kind: FeeParadipSurveyMeasurement, CraftClass: CraftCanoe}, 2},
		{"Paradip 1967 r.28(vi): survey, power-driven", FeeRequest{Kind: FeeParadipSurveyMeasurement, CraftClass: CraftPowerDriven}, 50},
		{"Paradip 1967 r.28(vii): annual inspection, boat", FeeRequest{Kind: FeeParadipAnnualInspection, CraftClass: CraftBoat}, 3},
		{"Paradip 1967 r.28(viii): special inspection, power-driven", FeeRequest{Kind: FeeParadipSpecialInspection, CraftClass: CraftPowerDriven, Regime: RegimeParadip1967}, 50},
		// Paradip 1967, r.12(3): every band edge.
		{"Paradip 1967 r.12(3)(i): exactly 25 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 25}, 60},
		{"Paradip 1967 r.12(3)(ii): just above 25 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 25.01}, 75},
		{"Paradip 1967 r.12(3)(ii): exactly 50 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 50}, 75},
		{"Paradip 1967 r.12(3)(iii): just above 50 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 50.01}, 90},
		{"Paradip 1967 r.12(3)(iii): exactly 75 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 75}, 90},
		{"Paradip 1967 r.12(3)(iv): just above 75 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 75.01}, 105},
		{"Paradip 1967 r.12(3)(iv): exactly 100 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 100}, 105},
		{"Paradip 1967 r.12(3)(v): just above 100 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 100.01}, 120},
		{"Paradip 1967 r.12(3)(v): exactly 300 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 300}, 120},
		{"Paradip 1967 r.12(3)(vi): just above 300 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 300.01}, 135},
		{"Paradip 1967 r.12(3)(vi): exactly 600 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 600}, 135},
		{"Paradip 1967 r.12(3)(vii): just above 600 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 600.01}, 150},
		{"Paradip 1967 r.12(3)(vii): exactly 900 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 900}, 150},
		{"Paradip 1967 r.12(3)(viii): just above 900 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 900.01}, 180},
		{"Paradip 1967 r.12(3)(viii): exactly 1200 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 1200}, 180},
		{"Paradip 1967 r.12(3)(ix): just above 1200 GT is one started block of 300", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 1200.01}, 210},
		{"Paradip 1967 r.12(3)(ix): exactly 1500 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 1500}, 210},
		{"Paradip 1967 r.12(3)(ix): just above 1500 GT", FeeRequest{Kind: FeeParadipMajorRepair, Tonnage: 1500.01}, 240},
		// Paradip 1967, r.29(3).
		{"Paradip 1967 r.29(3): first class master", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeFirstClassMaster}, 16},
		{"Paradip 1967 r.29(3): second class master", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeSecondClassMaster}, 6},
		{"Paradip 1967 r.29(3): serang", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeSerang}, 4},
		{"Paradip 1967 r.29(3): second class motor engine-driver", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeSecondClassMotorEngineDriver}, 4},
		{"Paradip 1967 r.29(3): first class engine-driver", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeFirstClassEngineDriver}, 10},
		{"Paradip 1967 r.29(3): motor engineer", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeMotorEngineer}, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := QuoteFee(tt.req)
			if err != nil {
				t.Fatalf("QuoteFee: %v", err)
			}
			if q.Total != tt.want {
				t.Errorf("total = %d, want %d (lines %+v)", q.Total, tt.want, q.Lines)
			}
			var sum Rupees
			for _, l := range q.Lines {
				sum += l.Amount
				if l.Citation == "" {
					t.Errorf("line %q has no citation", l.Description)
				}
			}
			if sum != q.Total || len(q.Trace.Steps) != len(q.Lines) || q.Trace.RuleSet == "" {
				t.Errorf("lines sum %d, total %d, %d steps for %d lines, rule set %q", sum, q.Total, len(q.Trace.Steps), len(q.Lines), q.Trace.RuleSet)
			}
		})
	}
}

func TestQuoteFeeErrors(t *testing.T) {
	tests := []struct {
		name  string
		req   FeeRequest
		field string
	}{
		{"unknown fee kind", FeeRequest{Kind: "ka_pilotage"}, "kind"},
		{"regime does not match kind", FeeRequest{Kind: FeeKASurvey, Regime: RegimeParadip1967, Tonnage: 5}, "regime"},
		{"Karnataka 2025 Sch-IV Ann-1: zero tonnage", FeeRequest{Kind: FeeKASurvey}, "tonnage"},
		{"Karnataka 2025 Sch-IV Part B: negative tonnage", FeeRequest{Kind: FeeKARegistrationInitial, Tonnage: -1}, "tonnage"},
		{"Karnataka 2025 Sch-IV detention: zero visits", FeeRequest{Kind: FeeKADetentionVisit}, "quantity"},
		{"Karnataka 2025 Sch-IV detention: negative towing", FeeRequest{Kind: FeeKADetentionHolding, Quantity: 1, Actuals: -5}, "actuals"},
		{"Paradip 1967 r.28: unknown craft class", FeeRequest{Kind: FeeParadipLicence, CraftClass: "dinghy"}, "craft_class"},
		{"Paradip 1967 r.29(3): grade without a fee", FeeRequest{Kind: FeeParadipServiceCompetency, Grade: GradeGPRating}, "grade"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := QuoteFee(tt.req)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Fatalf("err = %v, want *FieldError on %q", err, tt.field)
			}
			if msg := err.Error(); msg != strings.ToLower(msg[:1])+msg[1:] || !strings.Contains(msg, tt.field) {
				t.Errorf("message %q must be lower-case and name the field", msg)
			}
		})
	}
}

func TestFeeKindsAllQuotable(t *testing.T) {
	if n := len(FeeKinds()); n != 47 {
		t.Errorf("FeeKinds() has %d kinds, want 47", n)
	}
}

func BenchmarkQuoteFee(b *testing.B) {
	req := FeeRequest{Kind: FeeKASurvey, Tonnage: 450}
	for b.Loop() {
		if _, err := QuoteFee(req); err != nil {
			b.Fatal(err)
		}
	}
}
