package storage

import (
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
)

// Scoping says how one table (or query) is filtered by a caller's scope:
// which condition reaches a jurisdiction's rows, which an owner's, and
// whether the officials who made a row reach it too. Every list and every
// read of user data goes through Scoped with one of these, so the
// authorisation table (api/authz.go) and the SQL say the same everywhere.
type Scoping struct {
	// Jurisdiction is the condition an official with jurisdiction access
	// passes; every "?" in it is bound to the caller's jurisdictions
	// (never an empty list). "" reaches nothing by jurisdiction.
	Jurisdiction string
	// Owner is the condition an owner passes; every "?" in it is bound to
	// the owner account, e.g. "owner_id = ?". "" reaches nothing for owners.
	Owner string
	// Maker is the column of the official who made the row
	// (inspector_id); Makers says whom it lets in.
	Maker  string
	Makers MakerRule
}

// MakerRule is how the official who made a row reaches it.
type MakerRule int

// The maker rules.
const (
	// MakersNoMore: the maker column adds nothing to the jurisdictions.
	MakersNoMore MakerRule = iota
	// OfficialsAlsoMade: officials reach their jurisdictions' rows and
	// the rows they made (photos: a reviewer's own evidence).
	OfficialsAlsoMade
	// InspectorsAlsoMade: inspectors reach their jurisdictions' rows and
	// the rows they made (detention orders they proposed elsewhere).
	InspectorsAlsoMade
	// InspectorsOnlyMade: inspectors reach only the rows they made
	// (inspections); other officials their jurisdictions'.
	InspectorsOnlyMade
)

// ByJurisdiction is the scoping of a table with jurisdiction_id and
// owner_id columns: officials their jurisdictions', owners their own.
var ByJurisdiction = Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: "owner_id = ?"}

// OfficialsByJurisdiction is the scoping of the commands officials give on
// a row with jurisdiction_id (confirm or release a detention, raise a
// notice's penalty, resolve a conflict, decide an amendment): every row
// with AccessAll, their jurisdictions' with AccessJurisdiction, nothing for
// an owner. A command reads the row it changes through it, so a row of
// another office is not found (404), as by the reads by id.
var OfficialsByJurisdiction = Scoping{Jurisdiction: "jurisdiction_id IN ?"}

// QuarantineByJurisdiction is OfficialsByJurisdiction for the quarantine,
// whose entries without a jurisdiction (a device's, not yet placed) every
// caller reaches.
var QuarantineByJurisdiction = Scoping{
	Jurisdiction: "jurisdiction_id IS NULL OR jurisdiction_id IN ?",
	Owner:        "jurisdiction_id IS NULL",
}

// Scoped filters q to the rows sc may reach under s: everything for
// AccessAll, the jurisdiction (and maker) condition for
// AccessJurisdiction, the owner condition for AccessOwn, nothing otherwise.
func Scoped(q *gorm.DB, sc models.Scope, s Scoping) *gorm.DB {
	switch sc.Access {
	case models.AccessAll:
		return q
	case models.AccessJurisdiction:
		return s.officials(q, sc)
	case models.AccessOwn:
		if sc.OwnerID != nil && s.Owner != "" {
			return q.Where("("+s.Owner+")", repeat(*sc.OwnerID, strings.Count(s.Owner, "?"))...)
		}
	}
	return q.Where("false")
}

// ScopedBy returns Scoped as a GORM scope, for q.Scopes(...).
func ScopedBy(sc models.Scope, s Scoping) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB { return Scoped(q, sc, s) }
}

func (s Scoping) officials(q *gorm.DB, sc models.Scope) *gorm.DB {
	inspector := sc.Role == models.RoleInspector
	switch {
	case s.Maker != "" && s.Makers == InspectorsOnlyMade && inspector:
		return q.Where(s.Maker+" = ?", sc.UserID)
	case s.Jurisdiction == "":
		return q.Where("false")
	case s.Maker != "" && (s.Makers == OfficialsAlsoMade || s.Makers == InspectorsAlsoMade && inspector):
		return q.Where("("+s.Jurisdiction+") OR "+s.Maker+" = ?", append(s.jurisdictionArgs(sc), sc.UserID)...)
	}
	return q.Where("("+s.Jurisdiction+")", s.jurisdictionArgs(sc)...)
}

// jurisdictionArgs binds every "?" of the jurisdiction condition; an empty
// list becomes the nil id, which matches nothing, to keep "IN ()" out of SQL.
func (s Scoping) jurisdictionArgs(sc models.Scope) []any {
	js := sc.Jurisdictions
	if len(js) == 0 {
		js = []uuid.UUID{uuid.Nil}
	}
	return repeat(js, strings.Count(s.Jurisdiction, "?"))
}

// repeat is v n times, the arguments of a condition with n "?".
func repeat(v any, n int) []any {
	args := make([]any, n)
	for i := range args {
		args[i] = v
	}
	return args
}
