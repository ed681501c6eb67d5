package rules

// Regime is the body of law a vessel or jurisdiction falls under (RULES.md §1.1).
type Regime string

// The regimes Tindal encodes.
const (
	RegimeKarnataka2025 Regime = "KA-IV-2025"      // Draft Karnataka Inland Vessels Rules, 2025
	RegimeParadip1967   Regime = "PARADIP-HC-1967" // Paradip Port Harbour Craft Rules, 1967
	RegimeKandla1955    Regime = "KANDLA-HC-1955"  // Kandla Harbour Craft Rules, 1955 (s.31(2) only)
)

// VesselKind is the propulsion/registration kind of a vessel (RULES.md §1.1, §1.6, §1.7).
type VesselKind string

// The vessel kinds of DESIGN §3.
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

// Zone is a Karnataka inland waters zone, 1 (roughest) to 3 (RULES.md §1.3).
type Zone int

// PowerUnit is the unit an engine power is recorded in (RULES.md §1.7).
type PowerUnit string

// Power units. The law states thresholds in the unit of its own regime:
// BHP for motor boats (Kandla, Paradip), NHP for steam boats (Paradip),
// kW for Karnataka mechanised vessels.
const (
	UnitBHP PowerUnit = "BHP"
	UnitKW  PowerUnit = "kW"
	UnitNHP PowerUnit = "NHP"
)

// Use is what a vessel is used for (DESIGN §3).
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
