package models

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Inspection statuses (docs/SYNC.md §4): draft → submitted → approved |
// returned → submitted …; withdrawn with a reason; a discarded draft is a
// tombstone.
const (
	StatusDraft     = "draft"
	StatusSubmitted = "submitted"
	StatusApproved  = "approved"
	StatusReturned  = "returned"
	StatusWithdrawn = "withdrawn"
	StatusDiscarded = "discarded"
)

// Strings is a list stored as a jsonb array (database/sql cannot scan
// PostgreSQL arrays).
type Strings []string

// Value implements driver.Valuer.
func (s Strings) Value() (driver.Value, error) {
	if s == nil {
		return "[]", nil
	}
	b, err := json.Marshal([]string(s))
	return string(b), err
}

// Scan implements sql.Scanner.
func (s *Strings) Scan(src any) error { return scanJSON(src, s) }

// RecordFields are the named values a checklist answer records besides
// yes/no (the names its template item lists), stored as a jsonb object;
// empty is stored as NULL.
type RecordFields map[string]string

// Value implements driver.Valuer.
func (r RecordFields) Value() (driver.Value, error) {
	if len(r) == 0 {
		return nil, nil
	}
	b, err := json.Marshal(map[string]string(r))
	return string(b), err
}

// Scan implements sql.Scanner.
func (r *RecordFields) Scan(src any) error {
	*r = nil
	return scanJSON(src, r)
}

// JSON is a raw jsonb value.
type JSON json.RawMessage

// Value implements driver.Valuer.
func (j JSON) Value() (driver.Value, error) {
	if len(j) == 0 {
		return nil, nil
	}
	return string(j), nil
}

// Scan implements sql.Scanner.
func (j *JSON) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append(JSON(nil), v...)
	case string:
		*j = JSON(v)
	default:
		return fmt.Errorf("scan json: unexpected %T", src)
	}
	return nil
}

// MarshalJSON returns the raw value (null when empty).
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j) == 0 {
		return []byte("null"), nil
	}
	return j, nil
}

// Stamp records who last changed a client-editable field, and when
// (docs/SYNC.md §4): the row version at which it changed, the
// device, user and mutation, the device's seq and the corrected capture time.
type Stamp struct {
	Version  int64     `json:"v"`
	Device   uuid.UUID `json:"d"`
	User     uuid.UUID `json:"u"`
	Mutation uuid.UUID `json:"m"`
	Seq      int64     `json:"s"`
	Time     time.Time `json:"t"`
	// Prev is the value the change replaced, kept so that a later conflict
	// can show the base value.
	Prev json.RawMessage `json:"p,omitempty"`
}

// Stamps maps a field name to its stamp; stored as jsonb.
type Stamps map[string]Stamp

// Value implements driver.Valuer.
func (s Stamps) Value() (driver.Value, error) {
	if s == nil {
		return "{}", nil
	}
	b, err := json.Marshal(map[string]Stamp(s))
	return string(b), err
}

// Scan implements sql.Scanner.
func (s *Stamps) Scan(src any) error { return scanJSON(src, s) }

func scanJSON(src, dst any) error {
	switch v := src.(type) {
	case nil:
		return nil
	case []byte:
		return json.Unmarshal(v, dst)
	case string:
		return json.Unmarshal([]byte(v), dst)
	}
	return fmt.Errorf("scan json: unexpected %T", src)
}

// ChecklistTemplate is one immutable version of a checklist.
type ChecklistTemplate struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	Key             string
	TemplateVersion int
	Regime          string
	Title           string
	Source          string
	Items           JSON `gorm:"type:jsonb"`
	RetiredAt       *time.Time
	Synced
}

// Inspection is the root of the inspection aggregate.
type Inspection struct {
	ID                     uuid.UUID  `gorm:"type:uuid;primaryKey"`
	VesselID               uuid.UUID  `gorm:"type:uuid"`
	InspectorID            uuid.UUID  `gorm:"type:uuid"`
	DeviceID               *uuid.UUID `gorm:"type:uuid"`
	JurisdictionID         uuid.UUID  `gorm:"type:uuid"`
	OwnerID                uuid.UUID  `gorm:"type:uuid"`
	TemplateID             uuid.UUID  `gorm:"type:uuid"`
	TemplateIDs            Strings    `gorm:"type:jsonb;column:template_ids"` // every template used, primary first
	RuleSetID              string
	Kind                   string
	StartedAt              time.Time
	StartedRaw             *time.Time
	TimeFlags              Strings    `gorm:"type:jsonb"`
	TimeConfirmedBy        *uuid.UUID `gorm:"type:uuid"`
	Lat                    *float64
	Lon                    *float64
	Notes                  string
	PassengersCarried      *int
	CargoTonnes            *float64
	Status                 string
	SubmittedAt            *time.Time
	ApprovedAt             *time.Time
	ReviewComment          string
	WithdrawnReason        string
	ChangedAfterSubmission bool
	Outcome                JSON `gorm:"type:jsonb"`
	DetentionProposed      bool
	DetentionOrderID       *uuid.UUID `gorm:"type:uuid"`  // a re-inspection's order (Sch-IX Annex-1)
	InspectionActions      Strings    `gorm:"type:jsonb"` // codes 11-15 recorded (Sch-IX)
	EvidenceTotal          int
	EvidenceVerified       int
	Stamps                 Stamps `gorm:"type:jsonb"`
	Synced
}

// InspectionAnswer is the answer to one checklist item, with its stamp.
type InspectionAnswer struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InspectionID   uuid.UUID `gorm:"type:uuid"`
	TemplateID     uuid.UUID `gorm:"type:uuid"` // the template the item belongs to
	ItemID         string
	Answer         string
	Note           string
	Record         RecordFields `gorm:"type:jsonb"` // nil when none was given (inspection.answer v3)
	StampVersion   int64
	StampDevice    *uuid.UUID `gorm:"type:uuid"`
	StampUser      *uuid.UUID `gorm:"type:uuid"`
	StampMutation  *uuid.UUID `gorm:"type:uuid"`
	StampSeq       int64
	StampTime      time.Time
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Finding is a deficiency of an inspection, recorded or derived.
type Finding struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	InspectionID      uuid.UUID `gorm:"type:uuid"`
	Code              string
	Source            string
	Sources           Strings `gorm:"type:jsonb"`
	Note              string
	RequestedAction   string
	Action            string
	DueKind           string
	DueDate           *time.Time
	Detainable        bool
	LiableParty       string
	PartyRef          string
	Persons           int
	PenaltyRow        string
	Rectified         bool
	RectifiedAt       *time.Time
	RectificationNote string
	Stamps            Stamps    `gorm:"type:jsonb"`
	JurisdictionID    uuid.UUID `gorm:"type:uuid"`
	OwnerID           uuid.UUID `gorm:"type:uuid"`
	InspectorID       uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Photo is the record of one photo of an inspection (docs/PHOTOS.md).
type Photo struct {
	ID             uuid.UUID  `gorm:"type:uuid;primaryKey"`
	InspectionID   uuid.UUID  `gorm:"type:uuid"`
	FindingID      *uuid.UUID `gorm:"type:uuid"`
	SHA256         string     `gorm:"column:sha256"`
	Size           int64
	ContentType    string
	State          string
	Caption        string
	CapturedAt     *time.Time
	UploadedBy     *uuid.UUID `gorm:"type:uuid"`
	Stamps         Stamps     `gorm:"type:jsonb"`
	JurisdictionID uuid.UUID  `gorm:"type:uuid"`
	OwnerID        uuid.UUID  `gorm:"type:uuid"`
	InspectorID    uuid.UUID  `gorm:"type:uuid"`
	Synced
}

// VesselObservation is what an inspector found that differs from the
// registry, for a registrar to accept or reject.
type VesselObservation struct {
	ID             uuid.UUID  `gorm:"type:uuid;primaryKey"`
	VesselID       uuid.UUID  `gorm:"type:uuid"`
	InspectionID   *uuid.UUID `gorm:"type:uuid"`
	ObserverID     uuid.UUID  `gorm:"type:uuid"`
	DeviceID       *uuid.UUID `gorm:"type:uuid"`
	Field          string
	Observed       JSON `gorm:"type:jsonb"`
	Note           string
	ObservedAt     time.Time
	Status         string
	DecidedBy      *uuid.UUID `gorm:"type:uuid"`
	DecidedAt      *time.Time
	DecisionReason string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Review is a supervisor's decision on a submitted inspection.
type Review struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InspectionID   uuid.UUID `gorm:"type:uuid"`
	ReviewerID     uuid.UUID `gorm:"type:uuid"`
	Decision       string
	Comment        string
	OverrideReason string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// AmendmentRequest is an edit kept for the reviewer instead of applied.
type AmendmentRequest struct {
	ID             uuid.UUID  `gorm:"type:uuid;primaryKey"`
	InspectionID   uuid.UUID  `gorm:"type:uuid"`
	MutationID     *uuid.UUID `gorm:"type:uuid"`
	UserID         uuid.UUID  `gorm:"type:uuid"`
	DeviceID       *uuid.UUID `gorm:"type:uuid"`
	Name           string
	Args           JSON `gorm:"type:jsonb"`
	CapturedAt     time.Time
	Status         string
	DecidedBy      *uuid.UUID `gorm:"type:uuid"`
	DecidedAt      *time.Time
	Reason         string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// LiableParty is the lock row of one liable person's penalty chains.
type LiableParty struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	Kind      string
	Ref       string
	OwnerID   *uuid.UUID `gorm:"type:uuid"`
	CreatedAt time.Time
}

// Offence is one Schedule-IV offence of one liable party.
type Offence struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartyID        uuid.UUID `gorm:"type:uuid"`
	PenaltyRow     string
	InspectionID   uuid.UUID `gorm:"type:uuid"`
	VesselID       uuid.UUID `gorm:"type:uuid"`
	OccurredAt     time.Time
	Persons        int
	Codes          Strings `gorm:"type:jsonb"`
	Status         string
	Held           bool
	RuleSetID      string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Penalty is the computed penalty of one offence, written only by the
// chain function.
type Penalty struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	OffenceID      uuid.UUID `gorm:"type:uuid"`
	PartyID        uuid.UUID `gorm:"type:uuid"`
	InspectionID   uuid.UUID `gorm:"type:uuid"`
	PenaltyRow     string
	Level          int
	UnitAmount     int64
	Amount         int64
	ProposedAmount *int64
	EscalatedFrom  *uuid.UUID `gorm:"type:uuid"`
	Flags          Strings    `gorm:"type:jsonb"`
	Trace          JSON       `gorm:"type:jsonb"`
	RuleSetID      string
	Revision       int
	NoticeIssuedAt *time.Time
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// PenaltyAdjustment records a changed penalty amount.
type PenaltyAdjustment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PenaltyID      uuid.UUID `gorm:"type:uuid"`
	OffenceID      uuid.UUID `gorm:"type:uuid"`
	OldAmount      int64
	NewAmount      int64
	Reason         string
	Revision       int
	State          string
	DedupeKey      string
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// Conflict is a same-field clash between two edits, both kept.
type Conflict struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	EntityType     string
	EntityID       uuid.UUID  `gorm:"type:uuid"`
	InspectionID   *uuid.UUID `gorm:"type:uuid"`
	Field          string
	BaseVersion    int64
	BaseValue      JSON `gorm:"type:jsonb"`
	ServerValue    JSON `gorm:"type:jsonb"`
	ClientValue    JSON `gorm:"type:jsonb"`
	ServerAuthor   JSON `gorm:"type:jsonb"`
	ClientAuthor   JSON `gorm:"type:jsonb"`
	Policy         string
	Winner         string
	Resolution     string
	ResolvedBy     *uuid.UUID `gorm:"type:uuid"`
	ResolvedAt     *time.Time
	JurisdictionID uuid.UUID `gorm:"type:uuid"`
	OwnerID        uuid.UUID `gorm:"type:uuid"`
	InspectorID    uuid.UUID `gorm:"type:uuid"`
	Synced
}

// AppliedMutation is the exactly-once record of one pushed mutation.
type AppliedMutation struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeviceID    uuid.UUID `gorm:"type:uuid"`
	UserID      uuid.UUID `gorm:"type:uuid"`
	Seq         int64
	Name        string
	AggregateID *uuid.UUID `gorm:"type:uuid"`
	RequestHash []byte
	Status      string
	Outcome     JSON `gorm:"type:jsonb"`
	Acked       bool
	CreatedAt   time.Time
}

// BacklogEntry is a deferred mutation waiting for its aggregate.
type BacklogEntry struct {
	MutationID  uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeviceID    uuid.UUID `gorm:"type:uuid"`
	UserID      uuid.UUID `gorm:"type:uuid"`
	AggregateID uuid.UUID `gorm:"type:uuid"`
	Seq         int64
	Payload     JSON `gorm:"type:jsonb"`
	RequestHash []byte
	CapturedAt  time.Time
	TimeFlags   Strings `gorm:"type:jsonb"`
	FirstSeen   time.Time
	LastSeen    time.Time
}

// TableName maps BacklogEntry to mutation_backlog.
func (BacklogEntry) TableName() string { return "mutation_backlog" }

// QuarantineEntry is rejected or unauthorised work kept for a supervisor.
type QuarantineEntry struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	MutationID     uuid.UUID `gorm:"type:uuid"`
	DeviceID       uuid.UUID `gorm:"type:uuid"`
	UserID         uuid.UUID `gorm:"type:uuid"`
	Payload        JSON      `gorm:"type:jsonb"`
	Reason         string
	Detail         JSON `gorm:"type:jsonb"`
	CapturedAt     *time.Time
	JurisdictionID *uuid.UUID `gorm:"type:uuid"`
	State          string
	DecidedBy      *uuid.UUID `gorm:"type:uuid"`
	DecidedAt      *time.Time
	DecisionReason string
	Version        int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName maps QuarantineEntry to quarantine.
func (QuarantineEntry) TableName() string { return "quarantine" }
