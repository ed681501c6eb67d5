package models

import (
	"time"

	"github.com/google/uuid"
)

// Bank credit states (docs/OWNERS.md, "Bank statement").
const (
	CreditRecorded  = "recorded"  // matched by notice number and amount; its payments are recorded
	CreditQueued    = "queued"    // waits for a registrar: unknown notice, wrong amount, nothing due
	CreditApplied   = "applied"   // a registrar applied it to a notice
	CreditDismissed = "dismissed" // a registrar dismissed it, with a reason
)

// BankCredit is one credit of an imported bank statement, once per office
// and bank reference.
type BankCredit struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	BankReference  string
	CreditedOn     time.Time `gorm:"type:date"`
	AmountPaise    int64
	Narration      string
	NoticeID       *uuid.UUID `gorm:"type:uuid"`
	State          string
	Reason         string     // why it was queued
	Resolution     string     // the registrar's reason for a dismissal
	ImportedBy     uuid.UUID  `gorm:"type:uuid"`
	ResolvedBy     *uuid.UUID `gorm:"type:uuid"`
	ResolvedAt     *time.Time
	Version        int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
}
