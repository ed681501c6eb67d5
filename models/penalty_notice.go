package models

import (
	"time"

	"github.com/google/uuid"
)

// PenaltyNotice is the challan of one approved inspection: every penalty
// of its offences, numbered per office (docs/PENALTIES.md).
type PenaltyNotice struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InspectionID   uuid.UUID `gorm:"type:uuid"`
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	VesselID       uuid.UUID `gorm:"type:uuid"`
	Seq            int64
	Number         string
	Regime         string
	ServedOn       time.Time `gorm:"type:date"`
	IssuedBy       uuid.UUID `gorm:"type:uuid"`
	Revision       int
	Version        int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// PenaltyNoticeRevision is one immutable state of a notice's lines.
type PenaltyNoticeRevision struct {
	NoticeID  uuid.UUID `gorm:"type:uuid;primaryKey"`
	Revision  int       `gorm:"primaryKey"`
	Previous  *int
	Reason    string
	Lines     JSON `gorm:"type:jsonb"`
	Total     int64
	CreatedAt time.Time
}

// PenaltyPayment is a payment of one penalty, recorded by a registrar.
type PenaltyPayment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PenaltyID      uuid.UUID `gorm:"type:uuid"`
	NoticeID       uuid.UUID `gorm:"type:uuid"`
	NoticeRevision int
	Amount         int64
	PaidOn         time.Time `gorm:"type:date"`
	ReceiptNumber  string
	RecordedBy     uuid.UUID `gorm:"type:uuid"`
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	CreatedAt      time.Time
}

// PenaltyAppeal is an appeal against one penalty of a notice.
type PenaltyAppeal struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PenaltyID      uuid.UUID `gorm:"type:uuid"`
	NoticeID       uuid.UUID `gorm:"type:uuid"`
	FiledOn        time.Time `gorm:"type:date"`
	WindowClosesOn time.Time `gorm:"type:date"`
	Authority      string
	Grounds        string
	FiledBy        uuid.UUID `gorm:"type:uuid"`
	State          string
	DecidedBy      *uuid.UUID `gorm:"type:uuid"`
	DecidedAt      *time.Time
	DecisionReason string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	Version        int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// PhotoIDs are the photos attached when it was filed (photos.appeal_id),
	// sorted; read with the appeal, never written through this struct.
	PhotoIDs []uuid.UUID `gorm:"-"`
}
