package rules

import "fmt"

// Regime is the body of law a vessel or jurisdiction falls under (docs/LAW.md §1.1).
type Regime string

// The regimes Tindal encodes.
const (
	RegimeKarnataka2025 Regime = "KA-IV-2025"      // Draft Karnataka Inland Vessels Rules, 2025
	RegimeParadip1967   Regime = "PARADIP-HC-1967" // Paradip Port Harbour Craft Rules, 1967
	RegimeKandla1955    Regime = "KANDLA-HC-1955"  // Kandla Harbour Craft Rules, 1955 (s.31(2) only)
)

// VesselKind is the propulsion/registration kind of a vessel (docs/LAW.md §1.1, §1.6, §1.7).
type VesselKind string

// The vessel kinds (docs/LAW.md §1).
const (
	KindMechanised    VesselKind = "mechanised"     // Karnataka 2025 mechanically propelled inland vessel
	KindNonMechanised VesselKind = "non_mechanised" // Karnataka 2025 Chapter VII boat (oars, pedals)
	KindHarbourCraft  VesselKind = "harbour_craft"  // unpowered harbour craft (Paradip 1967 r.2(c))
	KindSteam         VesselKind = "steam"          // steam-boat (Paradip 1967 r.2(l)); power in NHP
	KindMotor         VesselKind = "motor"          // motor boat (Paradip 1967 r.2(f), Kandla 1955 s.31(2)); power in BHP
)

// Category is the Karnataka 2025 category of a vessel: A, B or C, for
// mechanised vessels (r.5, r.28) and, with other criteria, non-mechanised
// boats (note under r.102).
type Category string

// Categories.
const (
	CategoryA Category = "A"
	CategoryB Category = "B"
	CategoryC Category = "C"
)

// Zone is a Karnataka inland waters zone, 1 (roughest) to 3 (docs/LAW.md §1.3).
type Zone int

// PowerUnit is the unit an engine power is recorded in (docs/LAW.md §1.7).
type PowerUnit string

// Power units. The law states thresholds in the unit of its own regime:
// BHP for motor boats (Kandla, Paradip), NHP for steam boats (Paradip),
// kW for Karnataka mechanised vessels.
const (
	UnitBHP PowerUnit = "BHP"
	UnitKW  PowerUnit = "kW"
	UnitNHP PowerUnit = "NHP"
)

// Use is what a vessel is used for (docs/LAW.md §1).
type Use string

// Uses.
const (
	UseHire       Use = "hire"
	UseRecreation Use = "recreation"
	UseFishing    Use = "fishing"
	UseCargo      Use = "cargo"
	UsePassenger  Use = "passenger"
)

// KWPerBHP converts brake (mechanical) horsepower to kilowatts:
// 1 hp = 745.699872 W. Used only to compare a power recorded in one unit
// with a threshold the law states in another.
const KWPerBHP = 0.745699872

// NonMechCategory is the category of a non-mechanised boat by the Note
// under Karnataka 2025 r.102 (docs/LAW.md §1.4, Q2): Category A for more than
// 10 passengers or more than 5 tons of cargo, or any dangerous goods or
// flammable liquids other than for its domestic use; B for more than 5
// passengers or more than 3 tons; C for at most 5 passengers and 3 tons.
// The Note's gaps (exactly 10 passengers, exactly 5 tons) are B (Q2: A is
// "more than", C is "up to"), and a boat with passengers and cargo takes
// the more onerous of the two. why says which criterion decided it.
func NonMechCategory(passengers int, cargoTonnes float64, dangerousGoods bool) (c Category, why string) {
	byPax, byCargo := CategoryC, CategoryC
	switch {
	case passengers > 10:
		byPax = CategoryA
	case passengers > 5:
		byPax = CategoryB
	}
	switch {
	case cargoTonnes > 5:
		byCargo = CategoryA
	case cargoTonnes > 3:
		byCargo = CategoryB
	}
	paxWhy := fmt.Sprintf("%d passengers → Category %s", passengers, byPax)
	cargoWhy := fmt.Sprintf("%g t of cargo → Category %s", cargoTonnes, byCargo)
	switch {
	case dangerousGoods:
		return CategoryA, "dangerous goods or flammable liquids carried → Category A"
	case MoreOnerous(byCargo, byPax) == byCargo && byCargo != byPax:
		return byCargo, cargoWhy
	default:
		return byPax, paxWhy + "; " + cargoWhy
	}
}

// categoryRank orders categories by how onerous their rules are.
var categoryRank = map[Category]int{CategoryC: 1, CategoryB: 2, CategoryA: 3}

// MoreOnerous is the more onerous of two categories (A over B over C); an
// unknown category counts as the least.
func MoreOnerous(a, b Category) Category {
	if categoryRank[b] > categoryRank[a] {
		return b
	}
	return a
}

// EffectiveCategory is the category the law reads a vessel under. For a
// non-mechanised boat it is the more onerous of the recorded category and
// the one its certified passengers and permitted cargo give (Karnataka
// 2025, r.102 Note), so a boat recorded too low is still manned as r.124
// requires; changed says the recorded one was raised. For other vessels it
// is the recorded category.
func EffectiveCategory(v InspectedVessel) (c Category, changed bool) {
	if v.Kind != KindNonMechanised || (v.PassengersCertified == 0 && v.CargoPermitted == 0 && !v.DangerousGoods) {
		return v.Category, false
	}
	derived, _ := NonMechCategory(v.PassengersCertified, v.CargoPermitted, v.DangerousGoods)
	c = MoreOnerous(v.Category, derived)
	return c, c != v.Category
}
