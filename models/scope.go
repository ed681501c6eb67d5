package models

import (
	"slices"

	"github.com/google/uuid"
)

// Access is how far a role reaches for one operation: the right half of
// the authorization table (route × role × scope) kept in package api.
type Access int

// Access levels, from none to everything.
const (
	AccessNone         Access = iota // forbidden
	AccessOwn                        // records of the caller's own owner account
	AccessJurisdiction               // records of the caller's jurisdictions
	AccessAll                        // every record
)

// Scope is what the caller may reach for the operation at hand. Every query
// that returns user data takes a Scope and filters by it in SQL.
type Scope struct {
	UserID        uuid.UUID
	DeviceID      uuid.UUID
	Role          Role
	Access        Access
	Jurisdictions []uuid.UUID
	OwnerID       *uuid.UUID
	RequestID     string
}

// CanJurisdiction reports whether the scope reaches records of jurisdiction j.
func (s Scope) CanJurisdiction(j uuid.UUID) bool {
	switch s.Access {
	case AccessAll:
		return true
	case AccessJurisdiction:
		return slices.Contains(s.Jurisdictions, j)
	}
	return false
}
