package api

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
)

// catalogueOut is everything the app shows offline, in a stable order so
// that its ETag changes only when its content does. Amounts are those of
// each regime's rule set in force on today.
func catalogueOut(reg *rules.Registry, today rules.Date) openapi.RulesCatalogue {
	sets := reg.All()
	priced := pricingSets(reg, sets, today)
	out := openapi.RulesCatalogue{Entries: []openapi.CatalogueEntry{}, Areas: []openapi.CatalogueArea{},
		ActionCodes: []openapi.CatalogueActionCode{}, InspectionActionCodes: []openapi.CatalogueInspectionActionCode{},
		PenaltyRows: rules.PenaltyRows(), FeeKinds: []openapi.CatalogueFeeKind{}, RuleSets: []openapi.RuleSet{}}
	for _, e := range rules.Catalogue() {
		out.Entries = append(out.Entries, entryOut(e, priced))
	}
	for _, a := range sortedKeys(rules.AreaTitles) {
		out.Areas = append(out.Areas, openapi.CatalogueArea{Code: string(a), Title: rules.AreaTitles[a]})
	}
	for _, a := range sortedKeys(rules.ActionTitles) {
		out.ActionCodes = append(out.ActionCodes, actionCodeOut(a))
	}
	for _, a := range sortedKeys(rules.InspectionActionTitles) {
		out.InspectionActionCodes = append(out.InspectionActionCodes, openapi.CatalogueInspectionActionCode{
			Code: openapi.InspectionActionCode(a), Title: rules.InspectionActionTitles[a]})
	}
	for _, k := range rules.FeeKinds() {
		out.FeeKinds = append(
			out.FeeKinds,
			openapi.CatalogueFeeKind{Kind: string(k), Regime: openapi.Regime(feeKindRegime(k, sets))},
		)
	}
	for _, s := range sets {
		out.RuleSets = append(out.RuleSets, *s)
	}
	return out
}

// pricingSets picks, for each regime, the rule set in force on today, or
// the earliest one if none is in force yet.
func pricingSets(reg *rules.Registry, sets []*rules.RuleSet, today rules.Date) []*rules.RuleSet {
	var out []*rules.RuleSet
	seen := map[rules.Regime]bool{}
	for _, s := range sets {
		if seen[s.Regime] {
			continue
		}
		seen[s.Regime] = true
		if inForce, err := reg.For(s.Regime, today); err == nil {
			s = inForce
		}
		out = append(out, s)
	}
	return out
}

func entryOut(e rules.Entry, priced []*rules.RuleSet) openapi.CatalogueEntry {
	out := openapi.CatalogueEntry{
		Code:        string(e.Code),
		Area:        string(e.Area),
		LiableParty: openapi.LiableParty(e.LiableParty),
		Title: openapi.CatalogueTitle{
			En: e.Title[rules.LangEnglish],
			Kn: nonEmptyPtr(catalogueTitle(e, rules.LangKannada)),
			Hi: nonEmptyPtr(catalogueTitle(e, rules.LangHindi)),
		},
		LegalRefs:      mapSlice(e.LegalRefs, func(c rules.Citation) string { return string(c) }),
		DefaultAction:  openapi.ActionCode(e.DefaultAction),
		Detainable:     e.Detainable,
		ParisMou:       nonEmptyPtr(e.ParisMoU),
		AllowedActions: mapSlice(e.Offers(), func(a rules.ActionCode) openapi.ActionCode { return openapi.ActionCode(a) }),
		Regimes:        mapSlice(e.Regimes, func(r rules.Regime) openapi.Regime { return openapi.Regime(r) }),
	}
	if e.PenaltyRow != "" {
		out.Penalty = penaltyOut(e.PenaltyRow, priced)
	}
	if e.Criterion != "" {
		c := openapi.DeficiencyCode(e.Criterion)
		out.DetentionCriterion = &c
	}
	return out
}

// penaltyOut is a Schedule-IV row with its amount in the first rule set
// that prices it.
func penaltyOut(id rules.PenaltyRowID, priced []*rules.RuleSet) *openapi.CataloguePenalty {
	row, ok := rules.PenaltyRowByID(id)
	if !ok {
		return &openapi.CataloguePenalty{Row: string(id), Multiplier: openapi.CataloguePenaltyMultiplierOffence}
	}
	out := &openapi.CataloguePenalty{
		Row:        string(id),
		Multiplier: openapi.CataloguePenaltyMultiplier(row.Multiplier),
		Citation:   string(row.Citation),
	}
	for _, rs := range priced {
		amount, priced := rs.Fines[id]
		if !priced {
			continue
		}
		a, setID := int64(amount), rs.ID
		out.RuleSet = &setID
		if row.Maximum {
			out.Maximum = &a
		} else {
			out.FirstOffence = &a
		}
		break
	}
	return out
}

// actionCodeOut describes an action code and its due rule, the period
// read off rules.DueFor rather than restated here.
func actionCodeOut(a rules.ActionCode) openapi.CatalogueActionCode {
	ref := rules.D(2001, 1, 1)
	due, _ := rules.DueFor(a, ref) //nolint:errcheck // no due date for this action is the answer
	out := openapi.CatalogueActionCode{
		Code:    openapi.ActionCode(a),
		Title:   rules.ActionTitles[a],
		DueKind: openapi.CatalogueActionCodeDueKind(due.Kind),
	}
	if due.Kind == rules.DueDate {
		period := fmt.Sprintf("P%dD", ref.DaysUntil(due.Date))
		for m := 1; m <= 24; m++ {
			if ref.AddMonths(m) == due.Date {
				period = fmt.Sprintf("P%dM", m)
			}
		}
		out.DuePeriod = &period
	}
	return out
}

// feeKindRegime is the regime a fee kind belongs to: the one QuoteFee does
// not reject as the wrong regime.
func feeKindRegime(k rules.FeeKind, sets []*rules.RuleSet) rules.Regime {
	for _, s := range sets {
		_, err := rules.QuoteFee(rules.FeeRequest{Kind: k, Regime: s.Regime})
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != "regime" {
			return s.Regime
		}
	}
	return ""
}

func sortedKeys[K ~string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func nonEmptyPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
