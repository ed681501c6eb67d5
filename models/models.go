// Package models holds the GORM models of Tindal's PostgreSQL schema and the
// domain enumerations shared by the packages above it. The schema itself is
// defined by the reviewed SQL migrations in storage/migrations; these structs
// only map it.
//
// Date columns (PostgreSQL date) are time.Time values at midnight UTC; they
// stand for calendar dates in Asia/Kolkata, where the law counts days.
package models

import (
	"database/sql/driver"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Synced holds the columns every synced table carries (docs/ARCHITECTURE.md).
type Synced struct {
	Version   int64          `gorm:"not null;default:1"`
	CreatedAt time.Time      `gorm:"not null"`
	UpdatedAt time.Time      `gorm:"not null"`
	DeletedAt gorm.DeletedAt `gorm:"index"`
}

// RowVersion is the row's version, the value clients send back in If-Match.
func (s Synced) RowVersion() int64 { return s.Version }

// Touch records a change: the next version, changed at.
func (s *Synced) Touch(at time.Time) {
	s.Version++
	s.UpdatedAt = at.UTC()
}

// Role is what a user may do.
type Role string

// Roles.
const (
	RoleAdmin      Role = "admin"
	RoleRegistrar  Role = "registrar"
	RoleSupervisor Role = "supervisor"
	RoleInspector  Role = "inspector"
	RoleOwner      Role = "owner"
)

// Roles lists every role, in order of decreasing reach.
var Roles = []Role{RoleAdmin, RoleRegistrar, RoleSupervisor, RoleInspector, RoleOwner}

// Languages the product speaks to owners (README.md).
var Languages = []string{"en", "kn", "hi"}

// Jurisdiction is a port or district office and the regime it enforces.
type Jurisdiction struct {
	ID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	Code   string
	Name   string
	Regime string
	State  string
	// Office is what the jurisdiction's papers and pages say of its
	// office: its authority, address and hours; empty parts take the
	// regime's default (document.Issuer.Of).
	Office Office `gorm:"type:jsonb"`
	// UPIPayee is the account its penalty notices ask to be paid into;
	// the zero value: the office takes no UPI payments.
	UPIPayee UPIPayee `gorm:"column:upi_payee;type:jsonb"`
	Synced
}

// UPIPayee is a jurisdiction's UPI payee: its virtual payment address (pa)
// and the name a payer's app shows (pn).
type UPIPayee struct {
	VPA  string `json:"vpa"`
	Name string `json:"name"`
}

// Set reports whether the jurisdiction has a payee.
func (p UPIPayee) Set() bool { return p.VPA != "" }

// Value implements driver.Valuer: NULL when there is no payee.
func (p UPIPayee) Value() (driver.Value, error) {
	if !p.Set() {
		return nil, nil
	}
	b, err := json.Marshal(p)
	return string(b), err
}

// Scan implements sql.Scanner.
func (p *UPIPayee) Scan(src any) error {
	*p = UPIPayee{}
	return scanJSON(src, p)
}

// Office is a jurisdiction's authority, office address and opening hours,
// each a text per language (en, kn, hi). A part given in any language is
// given in English, the language of record (registry checks).
type Office struct {
	Authority Texts `json:"authority,omitempty"`
	Address   Texts `json:"address,omitempty"`
	Hours     Texts `json:"hours,omitempty"`
}

// Texts is one text in each language that has it: en, kn, hi.
type Texts map[string]string

// In is the text in lang, else the English text, else "".
func (t Texts) In(lang string) string {
	if s := t[lang]; s != "" {
		return s
	}
	return t["en"]
}

// Value implements driver.Valuer.
func (o Office) Value() (driver.Value, error) {
	b, err := json.Marshal(o)
	return string(b), err
}

// Scan implements sql.Scanner.
func (o *Office) Scan(src any) error {
	*o = Office{}
	return scanJSON(src, o)
}

// User is a person who logs in.
type User struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email             string
	Name              string
	Role              Role
	PasswordHash      string
	OwnerID           *uuid.UUID `gorm:"type:uuid"`
	PreferredLanguage string
	DisabledAt        *time.Time
	Synced
}

// UserJurisdiction assigns a user to a jurisdiction for a period. Rows are
// never deleted: authorisation of offline work looks at the assignments in
// force when the work was captured.
type UserJurisdiction struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	UserID         uuid.UUID `gorm:"type:uuid"`
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	StartsOn       time.Time
	EndsOn         *time.Time
	CreatedAt      time.Time
}

// Device is one installation of the app for one user, issued at login.
type Device struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	UserID         uuid.UUID `gorm:"type:uuid"`
	InstallationID string
	Name           string
	AppVersion     string
	RegisteredAt   time.Time
	LastSeenAt     *time.Time
	LastPushAt     *time.Time
	LastPullAt     *time.Time
	ClockSkewMs    *int64
	RevokedAt      *time.Time
}

// RefreshToken is one link of a refresh-token family (docs/SECURITY.md).
type RefreshToken struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	FamilyID  uuid.UUID `gorm:"type:uuid"`
	UserID    uuid.UUID `gorm:"type:uuid"`
	DeviceID  uuid.UUID `gorm:"type:uuid"`
	TokenHash []byte
	ParentID  *uuid.UUID `gorm:"type:uuid"`
	IssuedAt  time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
	RevokedAt *time.Time
	// SuccessorSealed is the successor token encrypted under a key derived
	// from this token (docs/SECURITY.md: a lost refresh response is recoverable).
	SuccessorSealed []byte
}

// Owner is a person or firm that owns vessels.
type Owner struct {
	ID    uuid.UUID `gorm:"type:uuid;primaryKey"`
	Kind  string
	Name  string
	Email string
	Phone string
	// Mobile is an Indian mobile number in E.164 (NormaliseMobile), or
	// empty: where SMS go and what sign-in by SMS code asks for.
	Mobile            string
	Address           string
	PreferredLanguage string
	JurisdictionID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Vessel is a registered inland vessel or harbour craft.
type Vessel struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationNumber string
	SpecialCategory    bool
	// DangerousGoods: carries dangerous goods or flammable liquids other
	// than for its domestic use (Karnataka 2025, r.102 Note: Category A).
	DangerousGoods    bool
	Name              string
	Regime            string
	Kind              string
	Category          *string
	Zone              *int
	EnginePower       *float64
	PowerUnit         *string
	LengthM           *float64
	BreadthM          *float64
	DepthM            *float64
	GRT               *float64 `gorm:"column:grt"`
	NRT               *float64 `gorm:"column:nrt"`
	Passengers        *int
	CargoTonnes       *float64
	Use               string
	JurisdictionID    uuid.UUID `gorm:"type:uuid"`
	OwnerID           uuid.UUID `gorm:"type:uuid"`
	Status            string
	SurveyAnniversary *time.Time
	Synced
}

// CrewMember is a person who serves on vessels, identified by INDIVC number.
type CrewMember struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	IndivcNumber      string
	Name              string
	DateOfBirth       *time.Time
	Email             string
	Phone             string
	Mobile            string // an Indian mobile in E.164, or empty
	PreferredLanguage string
	JurisdictionID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// VesselCrew places a crew member on a vessel in a role.
type VesselCrew struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	VesselID       uuid.UUID `gorm:"type:uuid"`
	CrewMemberID   uuid.UUID `gorm:"type:uuid"`
	Role           string
	SignedOn       time.Time
	SignedOff      *time.Time
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	Synced
}

// TableName keeps GORM from pluralising to "vessel_crews".
func (VesselCrew) TableName() string { return "vessel_crew" }

// Certificate is a certificate of a vessel or of a crew member.
type Certificate struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	SubjectType    string
	VesselID       *uuid.UUID `gorm:"type:uuid"`
	CrewMemberID   *uuid.UUID `gorm:"type:uuid"`
	Kind           string
	Grade          string
	Legacy         bool
	Number         string
	IssuedOn       time.Time
	ExpiresOn      *time.Time
	RevalidatedOn  *time.Time
	Issuer         string
	Status         string
	JurisdictionID uuid.UUID  `gorm:"type:uuid"`
	OwnerID        *uuid.UUID `gorm:"type:uuid"`
	Synced
}

// AuditEntry is one row of the append-only audit log.
type AuditEntry struct {
	ID         int64 `gorm:"primaryKey"`
	At         time.Time
	ActorID    *uuid.UUID `gorm:"type:uuid"`
	DeviceID   *uuid.UUID `gorm:"type:uuid"`
	RequestID  string
	Action     string
	EntityType string
	EntityID   uuid.UUID `gorm:"type:uuid"`
	Before     []byte    `gorm:"type:jsonb"`
	After      []byte    `gorm:"type:jsonb"`
}

// TableName maps AuditEntry to audit_log.
func (AuditEntry) TableName() string { return "audit_log" }
