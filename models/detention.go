package models

import (
	"time"

	"github.com/google/uuid"
)

// Detention order statuses.
const (
	OrderInForce  = "in_force"
	OrderReleased = "released"
)

// DetentionOrder is a detention order (Karnataka 2025, Sch-IX Annex-1) and,
// once released, its release order (Annex-2). Particulars are the Annex-1
// fields frozen as issued; ReleaseParticulars the Annex-2 fields.
type DetentionOrder struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	Number             string
	Seq                int
	InspectionID       uuid.UUID `gorm:"type:uuid"`
	VesselID           uuid.UUID `gorm:"type:uuid"`
	JurisdictionID     uuid.UUID `gorm:"type:uuid"`
	OwnerID            uuid.UUID `gorm:"type:uuid"`
	InspectorID        uuid.UUID `gorm:"type:uuid"`
	Regime             string
	Status             string
	OrderedAt          time.Time
	OrderedBy          uuid.UUID `gorm:"type:uuid"`
	Reason             string
	VesselStatusBefore string
	ReportDueAt        time.Time
	Codes              Strings `gorm:"type:jsonb"`
	InspectionActions  Strings `gorm:"type:jsonb"`
	Particulars        JSON    `gorm:"type:jsonb"`
	VerifyCode         string
	ReleaseNumber      *string
	ReleaseSeq         *int
	ReleasedAt         *time.Time
	ReleasedBy         *uuid.UUID `gorm:"type:uuid"`
	ReinspectionID     *uuid.UUID `gorm:"type:uuid"`
	ReleaseConditions  *string
	ReleaseParticulars JSON `gorm:"type:jsonb"`
	ReleaseVerifyCode  *string
	Synced
}
