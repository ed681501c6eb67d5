package checklist

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// Fit is the vessels a template or an item applies to: the law's own
// limits (a kind's chapter, a category's schedule, a zone's equipment
// list). An empty list admits every value; a non-empty one needs the
// vessel's value recorded and listed.
type Fit struct {
	Kinds      []rules.VesselKind `json:"kinds,omitempty"`
	Categories []rules.Category   `json:"categories,omitempty"`
	Zones      []int              `json:"zones,omitempty"`
	// SpecialCategory admits only vessels registered as special category
	// (Karnataka 2025, r.98; Chapter VI); false admits every vessel.
	SpecialCategory bool `json:"special_category,omitempty"`
	// Uses admits only vessels registered for one of these uses (a cargo
	// boat's load line, r.126(6)-(7)); empty admits every use.
	Uses []rules.Use `json:"uses,omitempty"`
	// LengthOverM and LengthUnderM bound the vessel's length (Sch-VI 4.2:
	// "length more than 6 m"; 5.6: "less than 10 m"); 0 sets no bound. A
	// vessel whose length is not recorded is admitted: the inspector sees
	// the boat and answers n/a where the rule does not reach it.
	LengthOverM  float64 `json:"length_over_m,omitempty"`
	LengthUnderM float64 `json:"length_under_m,omitempty"`
	// Rule is the citation that sets the limit, named in a refusal.
	Rule rules.Citation `json:"rule"`
}

// VesselFacts are the particulars a fit is judged on.
type VesselFacts struct {
	Regime   rules.Regime
	Kind     rules.VesselKind
	Category rules.Category // "" if not recorded
	Zone     int            // 0 if not recorded
	// SpecialCategory is the registry's special category flag (r.98).
	SpecialCategory bool
	Use             rules.Use
	LengthM         float64 // 0 if not recorded
}

// FactsOf reads the fit particulars of a registry vessel.
func FactsOf(v models.Vessel) VesselFacts {
	f := VesselFacts{
		Regime:          rules.Regime(v.Regime),
		Kind:            rules.VesselKind(v.Kind),
		SpecialCategory: v.SpecialCategory,
		Use:             rules.Use(v.Use),
	}
	if v.LengthM != nil {
		f.LengthM = *v.LengthM
	}
	if v.Category != nil {
		f.Category = rules.Category(*v.Category)
	}
	if v.Zone != nil {
		f.Zone = *v.Zone
	}
	return f
}

func factsOfInspected(v rules.InspectedVessel) VesselFacts {
	return VesselFacts{
		Regime:          v.Regime,
		Kind:            v.Kind,
		Category:        v.Category,
		Zone:            int(v.Zone),
		SpecialCategory: v.SpecialCategory,
		Use:             v.Use,
		LengthM:         v.LengthM,
	}
}

// Summary names the fit's limits ("kind mechanised, category C, length
// over 6 m"), "" when it admits every vessel.
func (f Fit) Summary() string {
	var parts []string
	if len(f.Kinds) > 0 {
		parts = append(parts, "kind "+join(f.Kinds))
	}
	if len(f.Categories) > 0 {
		parts = append(parts, "category "+join(f.Categories))
	}
	if len(f.Zones) > 0 {
		parts = append(parts, "zone "+join(f.Zones))
	}
	if f.SpecialCategory {
		parts = append(parts, "special category")
	}
	if len(f.Uses) > 0 {
		parts = append(parts, "use "+join(f.Uses))
	}
	if f.LengthOverM > 0 {
		parts = append(parts, fmt.Sprintf("length over %g m", f.LengthOverM))
	}
	if f.LengthUnderM > 0 {
		parts = append(parts, fmt.Sprintf("length under %g m", f.LengthUnderM))
	}
	return strings.Join(parts, ", ")
}

// Check returns why v is outside the fit, or nil.
func (f Fit) Check(v VesselFacts) error {
	why := append(f.registerMisfits(v), f.useMisfits(v)...)
	if len(why) == 0 {
		return nil
	}
	return fmt.Errorf("applies to %s under %s", strings.Join(why, ", "), f.Rule)
}

// registerMisfits are the registered facts of v the fit excludes: kind,
// category, zone, special category.
func (f Fit) registerMisfits(v VesselFacts) []string {
	var why []string
	if len(f.Kinds) > 0 && !slices.Contains(f.Kinds, v.Kind) {
		why = append(why, fmt.Sprintf("kind %s (not %s)", join(f.Kinds), orNone(string(v.Kind))))
	}
	if len(f.Categories) > 0 && !slices.Contains(f.Categories, v.Category) {
		why = append(why, fmt.Sprintf("category %s (not %s)", join(f.Categories), orNone(string(v.Category))))
	}
	if len(f.Zones) > 0 && !slices.Contains(f.Zones, v.Zone) {
		zone := "not recorded"
		if v.Zone != 0 {
			zone = fmt.Sprint(v.Zone)
		}
		why = append(why, fmt.Sprintf("zone %s (not %s)", join(f.Zones), zone))
	}
	if f.SpecialCategory && !v.SpecialCategory {
		why = append(why, "special category vessels (not a vessel registered as special category)")
	}
	return why
}

// useMisfits are the use and size of v the fit excludes; an unrecorded
// length excludes nothing.
func (f Fit) useMisfits(v VesselFacts) []string {
	var why []string
	if len(f.Uses) > 0 && !slices.Contains(f.Uses, v.Use) {
		why = append(why, fmt.Sprintf("use %s (not %s)", join(f.Uses), orNone(string(v.Use))))
	}
	if f.LengthOverM > 0 && v.LengthM > 0 && v.LengthM <= f.LengthOverM {
		why = append(why, fmt.Sprintf("length over %g m (not %g m)", f.LengthOverM, v.LengthM))
	}
	if f.LengthUnderM > 0 && v.LengthM > 0 && v.LengthM >= f.LengthUnderM {
		why = append(why, fmt.Sprintf("length under %g m (not %g m)", f.LengthUnderM, v.LengthM))
	}
	return why
}

func join[T any](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " or ")
}

func orNone(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}
