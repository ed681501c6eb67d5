package sync

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
)

// Limits of one push (docs/SYNC.md §2).
const (
	MaxMutations = 500
	MaxBodyBytes = 1 << 20 // decompressed
	ChunkSize    = 50
)

// Mutation is one intent as the device sent it.
type Mutation struct {
	ID          uuid.UUID       `json:"id"`
	Seq         int64           `json:"seq"`
	Name        string          `json:"name"`
	Version     int             `json:"version"`
	Args        json.RawMessage `json:"args"`
	BaseVersion *int64          `json:"base_version,omitempty"`
	CapturedAt  *string         `json:"captured_at,omitempty"`
	CapturedRaw *string         `json:"captured_raw,omitempty"`
	AnchorAgeMs *int64          `json:"anchor_age_ms,omitempty"`
}

// Result statuses (docs/SYNC.md §3).
const (
	StatusApplied  = "applied"
	StatusReplayed = "replayed"
	StatusMerged   = "merged"
	StatusDeferred = "deferred"
	StatusRejected = "rejected"
	StatusRetry    = "retry"
)

// Result codes the engine itself gives.
const (
	CodeIdempotencyKeyReused = "idempotency_key_reused"
	CodeMutationIDTaken      = "mutation_id_taken"
	CodePrerequisiteRejected = "prerequisite_rejected"
	CodeUnknownMutation      = "unknown_mutation"
	CodeUntranslatable       = "untranslatable_mutation"
	CodeAggregateUnknown     = "aggregate_unknown"
	CodeWaitingForEarlier    = "waiting_for_earlier"
	CodeQuarantined          = "quarantined"
	CodeTimeBudget           = "time_budget"
	CodeAfterRetry           = "after_retry"
	CodeBusy                 = "busy"
)

// Result is the answer for one mutation.
type Result struct {
	ID          uuid.UUID           `json:"id"`
	Seq         int64               `json:"seq"`
	Status      string              `json:"status"`
	Code        string              `json:"code,omitempty"`
	Message     string              `json:"message,omitempty"`
	Errors      []models.FieldError `json:"errors,omitempty"`
	Unapplied   []string            `json:"unapplied,omitempty"`
	ConflictIDs []uuid.UUID         `json:"conflict_ids,omitempty"`
	AmendmentID *uuid.UUID          `json:"amendment_id,omitempty"`
	Written     []inspect.RowRef    `json:"written,omitempty"`
	Aggregate   *inspect.RowRef     `json:"aggregate,omitempty"`
	CapturedAt  *time.Time          `json:"captured_at,omitempty"`
	TimeFlags   []string            `json:"time_flags,omitempty"`
	// Outcome is the stored outcome a replay or a reused key answers with.
	Outcome *Result `json:"outcome,omitempty"`
}

// PushRequest is one push from one device.
type PushRequest struct {
	DeviceTime      *time.Time
	AppVersion      string
	ProtocolVersion int
	AckSeq          int64
	// Epoch is the epoch AckSeq was counted in (epoch.go); "" when the app
	// sent none.
	Epoch     string
	Mutations []Mutation
}

// PushResponse answers a push: one result per mutation, in the order sent,
// and the current state of every inspection the results name.
type PushResponse struct {
	ServerTime  time.Time         `json:"server_time"`
	Epoch       string            `json:"epoch"`
	AckSeq      int64             `json:"ack_seq"`
	Results     []Result          `json:"results"`
	Inspections []inspect.Summary `json:"inspections"`
}

// rejected builds a rejected result from a domain error.
func rejected(m Mutation, err error) Result {
	r := Result{ID: m.ID, Seq: m.Seq, Status: StatusRejected, Code: "rejected", Message: "the mutation was refused"}
	var e *models.Error
	if asError(err, &e) {
		r.Code, r.Message, r.Errors = e.Code, e.Message, e.Fields
	}
	return r
}

// outcomeResult turns a command's outcome into a result.
func outcomeResult(m Mutation, o inspect.Outcome, c Capture) Result {
	r := Result{ID: m.ID, Seq: m.Seq, Status: o.Status, Code: o.Code, Unapplied: o.Unapplied, ConflictIDs: o.ConflictIDs,
		AmendmentID: o.AmendmentID, Written: o.Written, TimeFlags: c.Flags}
	if o.Aggregate.ID != uuid.Nil {
		a := o.Aggregate
		r.Aggregate = &a
	}
	at := c.At
	r.CapturedAt = &at
	return r
}

// stored is the outcome kept in applied_mutations: the result without its
// volatile parts.
func stored(r Result) []byte {
	r.Outcome = nil
	b, _ := json.Marshal(r) //nolint:errcheck // a Result of plain values
	return b
}
