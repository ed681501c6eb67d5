package rules

import (
	"fmt"
	"sort"
	"strings"
)

// manningDeficiencies checks the crew on board against what the law
// requires (CheckManning, rules/manning.go) and turns each missing role into
// a manning shortfall, with the reason a certificate on board did not count
// where one is found (Karnataka 2025, r.29, r.124, Sch-IV row 2; Kandla
// 1955, s.31(2); Paradip 1967, r.29).
func manningDeficiencies(rs *RuleSet, in InspectionInput, tr *Trace) []evalDerived {
	on := DateOf(in.At)
	if c, changed := EffectiveCategory(in.Vessel); changed {
		_, why := NonMechCategory(in.Vessel.PassengersCertified, in.Vessel.CargoPermitted, in.Vessel.DangerousGoods)
		tr.Add(
			"manning.nonmech.category",
			"Karnataka 2025, r.102 Note",
			"recorded Category %q, but %s: manned as Category %s",
			in.Vessel.Category,
			why,
			c,
		)
	}
	res := CheckManning(evalManningInput(rs, in, on))
	tr.Steps = append(tr.Steps, res.Trace.Steps...)
	if !res.Assessed {
		return nil
	}
	var out []evalDerived
	for _, role := range res.Missing {
		out = append(out, evalDerived{Code: manningShortfallCode(rs.Regime), Source: SourceManning,
			Detail: fmt.Sprintf("no valid holder for %s (%s)", role.Role, role.Citation)})
		out = append(out, manningExplain(rs, in, on, role)...)
	}
	return out
}

// evalManningInput is the manning question for the inspected vessel.
func evalManningInput(rs *RuleSet, in InspectionInput, on Date) ManningInput {
	return ManningInputFor(rs, in.Vessel, in.Crew, on)
}

// ManningInputFor is the one manning question for a vessel and the crew on
// board on a date under a rule set: the category the law reads it under
// (EffectiveCategory, r.102 Note), the r.124 reductions and the legacy
// deadline of the rule set. Compliance, the inspection recompute and the
// jobs all ask CheckManning this question, so they cannot disagree.
func ManningInputFor(rs *RuleSet, v InspectedVessel, crew []CrewOnBoard, on Date) ManningInput {
	crew = append([]CrewOnBoard(nil), crew...)
	sort.SliceStable(crew, func(i, j int) bool { return crew[i].ID < crew[j].ID }) // order-independent
	return ManningInput{
		Regime: rs.Regime, Kind: v.Kind, Category: category(v), Zone: v.Zone,
		EnginePower: v.EnginePower, PowerUnit: v.PowerUnit, LengthM: v.LengthM, Use: v.Use,
		Towing: v.Towing, LakeOnly: v.LakeOnly, NoPropulsion: v.NoPropulsion,
		Crew: crew, On: on, LegacyDeadline: rs.LegacyCoCDeadline,
	}
}

// manningExplain names, for a missing role, the crew certificates of an
// accepted grade that did not count on the date: past the legacy deadline
// (r.32(2)), overdue for revalidation (Sch-XV F) or otherwise invalid.
func manningExplain(rs *RuleSet, in InspectionInput, on Date, role RequiredRole) []evalDerived {
	var out []evalDerived
	for _, c := range evalManningInput(rs, in, on).Crew {
		for _, cert := range c.Certificates {
			if !manningAccepts(role, cert.Grade) {
				continue
			}
			if ok, why, cite := CertificateCounts(cert, rs.Regime, on, rs.LegacyCoCDeadline); !ok {
				out = append(out, evalDerived{Code: manningCodeFor(rs.Regime, cite), Source: SourceManning,
					Detail: fmt.Sprintf("crew %s %s: %s (%s)", c.ID, cert.Grade, why, cite)})
			}
		}
	}
	return out
}

func manningAccepts(role RequiredRole, g CertificateGrade) bool {
	for _, x := range role.Grades {
		if x == g {
			return true
		}
	}
	return false
}

// manningCodeFor picks the deficiency for a certificate that did not count,
// from the rule that stopped it.
func manningCodeFor(r Regime, cite Citation) Code {
	s := string(cite)
	switch {
	case r != RegimeKarnataka2025:
		return CodeHarbourCraftCertInvalid
	case strings.Contains(s, "r.32(2)") || strings.Contains(s, "Sch-XV G"):
		return CodeLegacyCoCExpired
	case strings.Contains(s, "Sch-XV F"):
		return CodeCoCRevalidationOverdue
	}
	return CodeCoCInvalid
}

// manningShortfallCode is the regime's code for a required officer not on
// board: Karnataka's is detainable (Form-18 (e)); the harbour craft
// rules' is stopped before plying (Paradip 1967, r.29; Kandla 1955, s.31(2)).
func manningShortfallCode(r Regime) Code {
	if r == RegimeKarnataka2025 {
		return CodeManningShortfall
	}
	return CodeHarbourCraftOfficersShort
}

// category is the vessel's effective category (EffectiveCategory).
func category(v InspectedVessel) Category {
	c, _ := EffectiveCategory(v)
	return c
}
