package registry

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// registrationPattern is the contract's (and the vessels table's) shape of
// a registration number, after upper-casing.
var registrationPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9/ -]{2,40}$`)

// observedPatch turns an inspector's observed value of one particular
// (inspect.ObserveArgs: the field names of the vessel's sync record) into
// the registry patch that applies it to v. The value is checked with the
// bounds the contract's VesselPatch puts on the same field; the law's
// checks (ValidateVessel) run when the patch is applied.
func observedPatch(field string, raw []byte, v models.Vessel) (VesselPatch, error) {
	var p VesselPatch
	if ok, err := observedMeasure(field, raw, &p); ok {
		return p, err
	}
	var err error
	switch field {
	case "name":
		p.Name, err = observedText(field, raw, 1, 200)
	case "registration_number":
		p.RegistrationNumber, err = observedRegistration(raw)
	case "category":
		p.Category, err = observedEnum(field, raw, "A", "B", "C")
	case "use":
		p.Use, err = observedEnum(field, raw, "hire", "recreation", "fishing", "cargo", "passenger")
	case "status":
		p.Status, err = observedEnum(field, raw, "active", "detained", "suspended", "cancelled")
	case "zone":
		p.Zone, err = observedInt(field, raw, 1, 3)
	case "passengers":
		p.Passengers, err = observedInt(field, raw, 0, 10000)
	case "engine_power":
		p.EnginePower, p.PowerUnit, err = observedPower(raw, v)
	case "power_unit":
		p.EnginePower, p.PowerUnit, err = observedUnit(raw, v)
	case "owner":
		p.OwnerID, err = observedOwner(raw)
	default:
		// A vessel's kind is not amended: a registrar registers the vessel
		// afresh (docs/LAW.md §2.1, Karnataka 2025 r.22).
		err = observedError(
			"not_applicable",
			"%s cannot be applied to the registry: reject the observation and, if it is right, register the change by hand",
			field,
		)
	}
	return p, err
}

// observedMeasure sets the patch of a measured particular (dimensions and
// tonnages); false when field is not one.
func observedMeasure(field string, raw []byte, p *VesselPatch) (bool, error) {
	var err error
	switch field {
	case "length_m":
		p.LengthM, err = observedNumber(field, raw, 0, 500, true)
	case "breadth_m":
		p.BreadthM, err = observedNumber(field, raw, 0, 100, true)
	case "depth_m":
		p.DepthM, err = observedNumber(field, raw, 0, 50, true)
	case "grt":
		p.GRT, err = observedNumber(field, raw, 0, 1e6, false)
	case "nrt":
		p.NRT, err = observedNumber(field, raw, 0, 1e6, false)
	case "cargo_tonnes":
		p.CargoTonnes, err = observedNumber(field, raw, 0, 1e6, false)
	default:
		return false, nil
	}
	return true, err
}

func observedError(code, format string, args ...any) error {
	return models.Invalid(models.FieldError{Field: "observed", Code: code, Message: fmt.Sprintf(format, args...)})
}

func observedText(field string, raw []byte, lo, hi int) (*string, error) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil, observedError("type", "%s must be a string", field)
	}
	s = strings.TrimSpace(s)
	if n := len([]rune(s)); n < lo || n > hi {
		return nil, observedError("length", "%s must be %d to %d characters", field, lo, hi)
	}
	return &s, nil
}

func observedRegistration(raw []byte) (*string, error) {
	s, err := observedText("registration_number", raw, 3, 41)
	if err != nil {
		return nil, err
	}
	up := strings.ToUpper(*s)
	if !registrationPattern.MatchString(up) {
		return nil, observedError(
			"pattern",
			"registration_number must be letters, digits, spaces, / and - (3 to 41 characters)",
		)
	}
	return &up, nil
}

func observedEnum(field string, raw []byte, allowed ...string) (*string, error) {
	var s string
	if json.Unmarshal(raw, &s) != nil || !slices.Contains(allowed, s) {
		return nil, observedError("enum", "%s must be one of %s", field, strings.Join(allowed, ", "))
	}
	return &s, nil
}

func observedInt(field string, raw []byte, lo, hi int) (*int, error) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return nil, observedError("range", "%s must be a whole number from %d to %d", field, lo, hi)
	}
	n := int(f)
	return &n, nil
}

// observedNumber reads a number in [lo, hi], or (lo, hi] when loOpen.
func observedNumber(field string, raw []byte, lo, hi float64, loOpen bool) (*float64, error) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f > hi || f < lo || (loOpen && f == lo) {
		lower := "at least"
		if loOpen {
			lower = "more than"
		}
		return nil, observedError("range", "%s must be a number %s %g and at most %g", field, lower, lo, hi)
	}
	return &f, nil
}

// observedPower reads engine power as a number in the vessel's recorded
// unit, or as {"value", "unit"} (the contract's EnginePower).
func observedPower(raw []byte, v models.Vessel) (*float64, *string, error) {
	var withUnit struct {
		Value *float64 `json:"value"`
		Unit  string   `json:"unit"`
	}
	if json.Unmarshal(raw, &withUnit) == nil && withUnit.Value != nil {
		value, err := observedNumber("engine_power.value", mustJSON(*withUnit.Value), 0, 1e5, false)
		if err != nil {
			return nil, nil, err
		}
		unit, err := observedEnum("engine_power.unit", mustJSON(withUnit.Unit), "BHP", "kW", "NHP")
		return value, unit, err
	}
	value, err := observedNumber("engine_power", raw, 0, 1e5, false)
	if err != nil {
		return nil, nil, err
	}
	if v.PowerUnit == nil {
		return nil, nil, observedError(
			"unit_required",
			"the vessel has no power unit on record: observe engine_power as {\"value\", \"unit\"}",
		)
	}
	unit := *v.PowerUnit
	return value, &unit, nil
}

// observedUnit changes the unit of the engine power on record.
func observedUnit(raw []byte, v models.Vessel) (*float64, *string, error) {
	unit, err := observedEnum("power_unit", raw, "BHP", "kW", "NHP")
	if err != nil {
		return nil, nil, err
	}
	if v.EnginePower == nil {
		return nil, nil, observedError(
			"power_required",
			"the vessel has no engine power on record: observe engine_power with its unit",
		)
	}
	value := *v.EnginePower
	return &value, unit, nil
}

func observedOwner(raw []byte) (*uuid.UUID, error) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil, observedError("type", "owner must be the id of a registered owner")
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return nil, observedError("type", "owner must be the id of a registered owner; describe anything else as field other")
	}
	return &id, nil
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v) //nolint:errcheck // plain values
	return b
}
