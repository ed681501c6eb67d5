package rules

import (
	"math"
	"sort"
)

// FeeKind names one fee of the law. The values are stable machine names used
// by the API; each belongs to exactly one regime.
type FeeKind string

// Karnataka 2025, Schedule-IV fees.
const (
	FeeKASurvey                  FeeKind = "ka_survey"                    // Sch-IV Annexure-1 Part A, by GRT band
	FeeKARegistrationInitial     FeeKind = "ka_registration_initial"      // Sch-IV Part B item 1, bands A-D
	FeeKARegistrationMSA         FeeKind = "ka_registration_msa"          // Sch-IV Part B item 2, Rs 50/GRT min 6,000
	FeeKARegistrationAlteration  FeeKind = "ka_registration_alteration"   // Sch-IV Part B item 3, Rs 50/GRT min 5,000
	FeeKADuplicateCertificate    FeeKind = "ka_duplicate_certificate"     // Sch-IV Part B item 4
	FeeKATransferOfRegistry      FeeKind = "ka_transfer_of_registry"      // Sch-IV Part B item 5
	FeeKATransferOfOwnership     FeeKind = "ka_transfer_of_ownership"     // Sch-IV Part B item 6
	FeeKAProvisionalCertificate  FeeKind = "ka_provisional_certificate"   // Sch-IV Part B item 7
	FeeKAAppeal                  FeeKind = "ka_appeal"                    // Sch-IV Part C
	FeeKAHCInitialSurvey         FeeKind = "ka_hc_initial_survey"         // harbour craft (a)
	FeeKAHCAnnualInspection      FeeKind = "ka_hc_annual_inspection"      // harbour craft (b)
	FeeKAHCCasualtyInspection    FeeKind = "ka_hc_casualty_inspection"    // harbour craft (c)
	FeeKAHCUnseaworthy           FeeKind = "ka_hc_unseaworthy"            // harbour craft (d), 50 % of (c)
	FeeKAHCDuplicateLicence      FeeKind = "ka_hc_duplicate_licence"      // harbour craft (e)
	FeeKAHCTindalChange          FeeKind = "ka_hc_tindal_change"          // harbour craft (f)
	FeeKAHCCompetencyCertificate FeeKind = "ka_hc_competency_certificate" // harbour craft (g)
	FeeKAHCChangeOfOwnership     FeeKind = "ka_hc_change_of_ownership"    // harbour craft (h)
	FeeKAHCMarineEngineerSurvey  FeeKind = "ka_hc_marine_engineer_survey" // harbour craft Note 1
	FeeKAHCAmendLicence          FeeKind = "ka_hc_amend_licence"          // harbour craft Note 2(1)
	FeeKADetentionVisit          FeeKind = "ka_detention_visit"           // detention table item 1, per visit
	FeeKADetentionHolding        FeeKind = "ka_detention_holding"         // item 2, per day + towing
	FeeKADetentionGuard          FeeKind = "ka_detention_guard"           // item 3, per 8-hour shift
	FeeKAForfeitureCustody       FeeKind = "ka_forfeiture_custody"        // item 4, per day
	FeeKANOC                     FeeKind = "ka_noc"                       // NOC table
	FeeKAMortgageEndorsement     FeeKind = "ka_mortgage_endorsement"      // NOC table
	FeeKAMortgageCancellation    FeeKind = "ka_mortgage_cancellation"     // NOC table
	FeeKAAssessor                FeeKind = "ka_assessor"                  // per assessor per day or meeting
)

// Karnataka 2025, Schedule-IV port charges: the pilotage and tug table
// (docs/LAW.md §6.5). Quantity counts the ways or passages where the row says
// "each way" or "per passage".
const (
	FeeKAPilotageKarwarOverseas FeeKind = "ka_pilotage_karwar_overseas"       // Rs 10/GRT or part each way, min 50,000
	FeeKAPilotageKarwarCoastal  FeeKind = "ka_pilotage_karwar_coastal"        // Rs 5/GRT or part each way, min 35,000
	FeeKAPilotageOtherOverseas  FeeKind = "ka_pilotage_other_overseas"        // Rs 5/GRT or part each way, min 35,000
	FeeKAPilotageOtherCoastal   FeeKind = "ka_pilotage_other_coastal"         // Rs 3/GRT or part each way, min 25,000
	FeeKAPilotageSailingKarwar  FeeKind = "ka_pilotage_sailing_karwar"        // ≤ 100 GRT 3,000 / > 100 GRT 4,000 each way
	FeeKAPilotageSailingBallast FeeKind = "ka_pilotage_sailing_other_ballast" // other ports, in ballast, per passage
	FeeKAPilotageSailingCargo   FeeKind = "ka_pilotage_sailing_other_cargo"   // other ports, with cargo, per passage
	// inland vessels, barges, tugs, launches…: Rs 4/GRT or part, min 4,000
	FeeKAPortInlandCraft FeeKind = "ka_port_inland_craft"
	FeeKATugOverseas     FeeKind = "ka_tug_overseas" // Rs 25/GRT each way, min 1,50,000
	FeeKATugCoastal      FeeKind = "ka_tug_coastal"  // Rs 25/GRT each way, min 1,00,000
)

// Paradip 1967 fees.
const (
	FeeParadipLicence            FeeKind = "paradip_licence"             // r.28(i)
	FeeParadipLicenceAmendment   FeeKind = "paradip_licence_amendment"   // r.28(ii), also transfer
	FeeParadipDuplicateLicence   FeeKind = "paradip_duplicate_licence"   // r.28(iii)
	FeeParadipTindalRegistration FeeKind = "paradip_tindal_registration" // r.28(iv)
	FeeParadipTindalAmendment    FeeKind = "paradip_tindal_amendment"    // r.28(v)
	FeeParadipSurveyMeasurement  FeeKind = "paradip_survey_measurement"  // r.28(vi)
	FeeParadipAnnualInspection   FeeKind = "paradip_annual_inspection"   // r.28(vii)
	FeeParadipSpecialInspection  FeeKind = "paradip_special_inspection"  // r.28(viii)
	FeeParadipMajorRepair        FeeKind = "paradip_major_repair"        // r.12(3) scale
	FeeParadipServiceCompetency  FeeKind = "paradip_service_competency"  // r.29(3), by grade
)

// ParadipCraftClass is the column of the Paradip 1967 r.28 fee table.
type ParadipCraftClass string

// The four columns of Paradip 1967, r.28.
const (
	CraftBoat        ParadipCraftClass = "boat"         // column (2): boats other than canoes and shoedhonies
	CraftCanoe       ParadipCraftClass = "canoe"        // column (3): canoes and shoedhonies
	CraftCatamaran   ParadipCraftClass = "catamaran"    // column (4)
	CraftPowerDriven ParadipCraftClass = "power_driven" // column (5)
)

// FeeRequest asks for one fee. Only the fields the kind needs are read;
// a needed field that is missing or out of range is a *FieldError.
type FeeRequest struct {
	Kind       FeeKind           `json:"kind"`
	Regime     Regime            `json:"regime,omitempty"`      // optional; if set it must be the kind's regime
	Tonnage    float64           `json:"tonnage,omitempty"`     // gross (registered) tonnage, for banded and per-ton fees
	Quantity   int               `json:"quantity,omitempty"`    // visits, days, 8-hour shifts or assessor-days
	CraftClass ParadipCraftClass `json:"craft_class,omitempty"` // Paradip r.28 column
	Grade      CertificateGrade  `json:"grade,omitempty"`       // Paradip r.29(3) certificate
	Actuals    Rupees            `json:"actuals,omitempty"`     // towing charges or TA/DA billed at actuals
	// RunningTestOnly marks a mechanised fishing vessel that gets only a
	// running test by the Licensing Officer: the Note 1 fee is not levied
	// (docs/LAW.md §11 Q13 reading of the garbled tail of Note 1).
	RunningTestOnly bool `json:"running_test_only,omitempty"`
}

// FeeLine is one amount in a quote with the rule that sets it.
type FeeLine struct {
	Description string   `json:"description"`
	Amount      Rupees   `json:"amount"`
	Citation    Citation `json:"citation"`
}

// FeeQuote is the answer to a FeeRequest: the total, its lines and the trace.
type FeeQuote struct {
	Kind   FeeKind   `json:"kind"`
	Regime Regime    `json:"regime"`
	Total  Rupees    `json:"total"`
	Lines  []FeeLine `json:"lines"`
	Trace  Trace     `json:"trace"`
}

// add appends a line, adds it to the total and records it in the trace.
func (q *FeeQuote) add(desc string, amount Rupees, cite Citation) {
	q.Lines = append(q.Lines, FeeLine{Description: desc, Amount: amount, Citation: cite})
	q.Total += amount
	q.Trace.Add("fee."+string(q.Kind), cite, "%s: Rs %d", desc, amount)
}

// feeSpec binds a fee kind to its regime and the function that prices it.
type feeSpec struct {
	regime Regime
	quote  func(FeeRequest, *FeeQuote) error
}

// QuoteFee prices one fee. It returns a *FieldError for an unknown kind, a
// regime that does not match the kind, or an input outside the rule's domain.
func QuoteFee(req FeeRequest) (FeeQuote, error) {
	spec, ok := feeSpecs[req.Kind]
	if !ok {
		return FeeQuote{}, fieldErr("kind", "unknown fee kind %q", req.Kind)
	}
	if req.Regime != "" && req.Regime != spec.regime {
		return FeeQuote{}, fieldErr("regime", "fee kind %s belongs to regime %s, not %s", req.Kind, spec.regime, req.Regime)
	}
	q := FeeQuote{Kind: req.Kind, Regime: spec.regime, Trace: Trace{RuleSet: string(spec.regime)}}
	if err := spec.quote(req, &q); err != nil {
		return FeeQuote{}, err
	}
	return q, nil
}

// FeeKinds lists every fee kind QuoteFee knows, sorted, for the API and docs.
func FeeKinds() []FeeKind {
	out := make([]FeeKind, 0, len(feeSpecs))
	for k := range feeSpecs {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// feeSpecs is filled by the regime files' init functions.
var feeSpecs = map[FeeKind]feeSpec{}

// register adds kinds to feeSpecs; a duplicate is a programming error.
func register(regime Regime, fns map[FeeKind]func(FeeRequest, *FeeQuote) error) {
	for k, fn := range fns {
		if _, dup := feeSpecs[k]; dup {
			panic("rules: duplicate fee kind " + string(k))
		}
		feeSpecs[k] = feeSpec{regime: regime, quote: fn}
	}
}

// needTonnage validates the tonnage of a banded or per-ton fee.
func needTonnage(t float64) error {
	if math.IsNaN(t) || math.IsInf(t, 0) || t <= 0 {
		return fieldErr("tonnage", "must be a finite number greater than zero, got %v", t)
	}
	return nil
}

// needQuantity validates the count of a per-visit, per-day or per-shift fee.
func needQuantity(n int) error {
	if n < 1 {
		return fieldErr("quantity", "must be at least 1, got %d", n)
	}
	return nil
}

// needActuals validates an amount billed at actuals.
func needActuals(r Rupees) error {
	if r < 0 {
		return fieldErr("actuals", "must not be negative, got %d", r)
	}
	return nil
}

// ceilTons is tonnage "or part thereof": every started ton counts.
func ceilTons(t float64) int64 { return int64(math.Ceil(t)) }

// perTonWithMinimum is "Rs rate per ton or part thereof, subject to a
// minimum of Rs min" (docs/LAW.md §6 preamble): max(rate × ceil(t), min).
func perTonWithMinimum(rate Rupees, t float64, min Rupees) (Rupees, bool) {
	fee := rate * Rupees(ceilTons(t))
	if fee < min {
		return min, true
	}
	return fee, false
}

// tonnageBand is a row of a fee scale: tonnage above the previous row's
// bound and not exceeding upTo ("exceeding X but does not exceed Y").
type tonnageBand struct {
	upTo float64
	fee  Rupees
	row  string
}

// findBand returns the first band whose bound is not exceeded, or false if
// the tonnage exceeds every bound.
func findBand(bands []tonnageBand, t float64) (tonnageBand, bool) {
	for _, b := range bands {
		if t <= b.upTo {
			return b, true
		}
	}
	return tonnageBand{}, false
}

// flat returns a quote function for a fixed fee.
func flat(desc string, amount Rupees, cite Citation) func(FeeRequest, *FeeQuote) error {
	return func(_ FeeRequest, q *FeeQuote) error {
		q.add(desc, amount, cite)
		return nil
	}
}

// perUnit returns a quote function for "Rs amount per unit" with Quantity units.
func perUnit(desc string, amount Rupees, cite Citation) func(FeeRequest, *FeeQuote) error {
	return func(r FeeRequest, q *FeeQuote) error {
		if err := needQuantity(r.Quantity); err != nil {
			return err
		}
		q.add(desc, amount*Rupees(r.Quantity), cite)
		q.Trace.Steps[len(q.Trace.Steps)-1].Detail += formatUnits(r.Quantity, amount)
		return nil
	}
}
