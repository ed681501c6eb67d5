package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
)

// catalogueCacheControl lets clients keep the catalogue but makes them
// revalidate it: it changes only with the law, and then at once.
const catalogueCacheControl = "private, no-cache"

// ruleSets is the registry of rule-set versions. It is built with the
// default deployment settings (docs/LAW.md §11 Q4: KA_RULES_COMMENCEMENT_DATE,
// COC_TRANSITION_DEADLINE) until the composition root passes its own.
func (h *handlers) ruleSets() *rules.Registry {
	if h.d.Rules != nil {
		return h.d.Rules
	}
	return rules.NewRegistry(rules.RegistrySettings{})
}

// today is the civil date in Asia/Kolkata, where the law counts days.
func (h *handlers) today() rules.Date { return rules.DateOf(h.d.Clock()) }

// GetRulesCatalogue serves the catalogue with a strong ETag over its body.
func (h *handlers) GetRulesCatalogue(
	ctx context.Context,
	r openapi.GetRulesCatalogueRequestObject,
) (openapi.GetRulesCatalogueResponseObject, error) {
	body := catalogueOut(h.ruleSets(), h.today())
	raw, err := json.Marshal(&body)
	if err != nil {
		return nil, fmt.Errorf("encode catalogue: %w", err)
	}
	sum := sha256.Sum256(raw)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	if etagMatches(deref(r.Params.IfNoneMatch), etag) {
		return openapi.GetRulesCatalogue304Response{
			Headers: openapi.GetRulesCatalogue304ResponseHeaders{ETag: etag, CacheControl: catalogueCacheControl},
		}, nil
	}
	return openapi.GetRulesCatalogue200JSONResponse{Body: body,
		Headers: openapi.GetRulesCatalogue200ResponseHeaders{ETag: etag, CacheControl: catalogueCacheControl}}, nil
}

// etagMatches applies If-None-Match (RFC 9110 §13.1.2): "*" or any listed
// tag equal to etag under weak comparison.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// EvaluateRules reads one inspection by the law; nothing is stored.
func (h *handlers) EvaluateRules(
	ctx context.Context,
	r openapi.EvaluateRulesRequestObject,
) (openapi.EvaluateRulesResponseObject, error) {
	rs, err := pickRuleSet(h.ruleSets(), *r.Body)
	if err != nil {
		return nil, err
	}
	in := inspectionInput(*r.Body)
	if in.Vessel.Regime == "" {
		in.Vessel.Regime = rs.Regime
	}
	ev := rules.Evaluate(rs, in)
	normaliseEvaluation(&ev)
	return openapi.EvaluateRules200JSONResponse(ev), nil
}

// pickRuleSet is the rule set named by id, or else the one of the regime
// (given, or the vessel's) in force on the date given or of the inspection.
func pickRuleSet(reg *rules.Registry, b openapi.EvaluateRequest) (*rules.RuleSet, error) {
	if b.RuleSetId != nil {
		rs, err := reg.ByID(*b.RuleSetId)
		if err != nil {
			return nil, invalidField("rule_set_id", "unknown_rule_set", "no rule set %q", *b.RuleSetId)
		}
		return rs, nil
	}
	regime := deref(b.Regime)
	if regime == "" {
		regime = deref(b.Vessel.Regime)
	}
	if regime == "" {
		return nil, invalidField("regime", "required", "give rule_set_id, regime or vessel.regime")
	}
	on := rules.DateOf(b.At)
	if b.On != nil {
		on = ruleDate(b.On)
	}
	rs, err := reg.For(rules.Regime(regime), on)
	if err != nil {
		return nil, invalidField("on", "no_rule_set", "no rule set of %s is in force on %s", regime, on)
	}
	return rs, nil
}

// QuoteFee prices one fee.
func (h *handlers) QuoteFee(
	ctx context.Context,
	r openapi.QuoteFeeRequestObject,
) (openapi.QuoteFeeResponseObject, error) {
	q, err := rules.QuoteFee(feeRequest(*r.Body))
	if err != nil {
		return nil, rulesError(err, "")
	}
	return openapi.QuoteFee200JSONResponse(q), nil
}

// CheckManning checks a crew against the manning the law requires.
func (h *handlers) CheckManning(
	ctx context.Context,
	r openapi.CheckManningRequestObject,
) (openapi.CheckManningResponseObject, error) {
	b := *r.Body
	on := h.today()
	if b.On != nil {
		on = ruleDate(b.On)
	}
	in := manningInput(b, on)
	if rs, err := h.ruleSets().For(in.Regime, on); err == nil {
		in.LegacyDeadline = rs.LegacyCoCDeadline
	}
	res := rules.CheckManning(in)
	normaliseManning(&res)
	return openapi.CheckManning200JSONResponse(res), nil
}

// ComputeCapacity is the passenger capacity of a non-mechanised boat, with
// the persons carried and the lifejackets required.
func (h *handlers) ComputeCapacity(
	ctx context.Context,
	r openapi.ComputeCapacityRequestObject,
) (openapi.ComputeCapacityResponseObject, error) {
	b := *r.Body
	res, err := rules.PassengerCapacity(
		rules.CapacityInput{FloorAreaM2: deref(b.FloorAreaM2), SeatingM: deref(b.SeatingM)},
	)
	if err != nil {
		return nil, rulesError(err, "")
	}
	out := openapi.CapacityResult{
		Passengers: res.Passengers,
		Method:     openapi.CapacityResultMethod(res.Method),
		Trace:      res.Trace,
	}
	crew := deref(b.Crew)
	out.LifejacketsRequired = rules.LifejacketsRequired(crew, res.Passengers)
	out.Trace.Add(
		"formula.lifejackets",
		"Karnataka 2025, Sch-VI 3.3, 3.9",
		"110%% of %d crew + %d passengers, rounded up = %d",
		crew,
		res.Passengers,
		out.LifejacketsRequired,
	)
	if c := b.Carried; c != nil {
		n, err := rules.PersonsCarried(c.Adults, deref(c.ChildrenUnder12), deref(c.LuggageKg))
		if err != nil {
			return nil, rulesError(err, "carried.")
		}
		over := n > res.Passengers
		out.PersonsCarried, out.Overloaded = &n, &over
		out.Trace.Add(
			"formula.persons_carried",
			"Karnataka 2025, r.123(9)",
			"%d adults, %d children under 12, %v kg luggage = %d persons against %d",
			c.Adults,
			deref(c.ChildrenUnder12),
			deref(c.LuggageKg),
			n,
			res.Passengers,
		)
	}
	return openapi.ComputeCapacity200JSONResponse(out), nil
}

// ComputeTonnage is the gross tonnage K·V of a non-mechanised boat.
func (h *handlers) ComputeTonnage(
	ctx context.Context,
	r openapi.ComputeTonnageRequestObject,
) (openapi.ComputeTonnageResponseObject, error) {
	res, err := rules.GrossTonnage(r.Body.VolumeM3)
	if err != nil {
		return nil, rulesError(err, "")
	}
	return openapi.ComputeTonnage200JSONResponse(res), nil
}

// ComputeFreeboard is the required freeboard of a non-mechanised boat
// (Karnataka 2025, r.123(5), Sch-VI Section B; a boat carrying passengers
// and cargo is measured as a cargo boat, r.123(6)) and, given its gross
// tonnage, whether it needs a load line mark (r.107(1)).
func (h *handlers) ComputeFreeboard(
	ctx context.Context,
	r openapi.ComputeFreeboardRequestObject,
) (openapi.ComputeFreeboardResponseObject, error) {
	b := *r.Body
	passengerOnly := b.Carries == openapi.FreeboardRequestCarriesPassengers
	mm, tr, err := rules.RequiredFreeboardMM(b.DepthM, passengerOnly)
	if err != nil {
		return nil, rulesError(err, "")
	}
	out := openapi.FreeboardResult{RequiredMm: mm, MeasuredAs: openapi.FreeboardResultMeasuredAsCargo, Trace: tr}
	if passengerOnly {
		out.MeasuredAs = openapi.FreeboardResultMeasuredAsPassenger
	} else if b.Carries == openapi.FreeboardRequestCarriesPassengersAndCargo {
		out.Trace.Add(
			"formula.freeboard.mixed",
			"Karnataka 2025, r.123(6)",
			"registered for passengers and cargo: measured and marked as a cargo boat",
		)
	}
	if b.Gt != nil {
		mark := rules.LoadLineMarkRequired(*b.Gt)
		out.LoadLineMarkRequired = &mark
		out.Trace.Add(
			"formula.load_line_mark",
			"Karnataka 2025, r.107(1), r.123(5)",
			"GT %v: load line mark required only above 10 tons: %t",
			*b.Gt,
			mark,
		)
	}
	return openapi.ComputeFreeboard200JSONResponse(out), nil
}

// GetVesselCompliance says whether a vessel in scope is fit to ply, and why.
func (h *handlers) GetVesselCompliance(
	ctx context.Context,
	r openapi.GetVesselComplianceRequestObject,
) (openapi.GetVesselComplianceResponseObject, error) {
	on := h.today()
	if r.Params.On != nil {
		on = ruleDate(r.Params.On)
	}
	c, err := h.d.Registry.Compliance(ctx, scopeOf(ctx), r.Id, on)
	if err != nil {
		return nil, err
	}
	return openapi.GetVesselCompliance200JSONResponse(complianceOut(c)), nil
}

// rulesError turns a rule's *FieldError into a 422 naming the field (with
// prefix, for inputs nested in the body); other errors pass through.
func rulesError(err error, prefix string) error {
	var fe *rules.FieldError
	if errors.As(err, &fe) {
		return models.Invalid(models.FieldError{Field: prefix + fe.Field, Code: "invalid", Message: fe.Reason})
	}
	return err
}

func invalidField(field, code, format string, args ...any) error {
	return models.Invalid(models.FieldError{Field: field, Code: code, Message: fmt.Sprintf(format, args...)})
}
