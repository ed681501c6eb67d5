// Package inspect is the inspection aggregate and its commands: start,
// answer, record and rectify findings, attach photos, submit, discard,
// observe a vessel, review and withdraw, amendments and conflicts. Every
// way data comes in — a sync push, a REST call, an import — runs these
// commands inside a Work, which locks aggregate roots, applies the
// per-field stamp rules of docs/SYNC.md, writes only what changed, and at
// the end recomputes what the law says (rules.Evaluate with the rule set
// stored on the inspection), then the penalty chains of every liable party
// touched, under their locks. It also holds the review queue and the
// rectification of findings.
//
// It may import checklist (the templates an inspection is started with),
// penalty (the recompute syncs offences and chains; an approval issues the
// notice), photo, rules, models, storage and notify. detention builds on
// it; nothing here imports detention (docs/ARCHITECTURE.md).
package inspect

import (
	"context"
	"encoding/json"
	stdsync "sync"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Entity types written to the change log.
const (
	EntityInspection = "inspection"
	EntityAnswer     = "inspection_answer"
	EntityFinding    = "finding"
	EntityPhoto      = "photo"
	EntityOffence    = penalty.EntityOffence
	EntityPenalty    = penalty.EntityPenalty
	EntityAdjustment = penalty.EntityAdjustment
	EntityConflict   = "conflict"
	EntityAmendment  = "amendment_request"
	EntityReview     = "review"
	EntityTemplate   = "checklist_template"
	EntityObserve    = "vessel_observation"
)

// Service runs inspection commands. It holds no state beyond its
// dependencies and a record of which templates it has written.
type Service struct {
	db        *storage.DB
	rules     *rules.Registry
	clock     func() time.Time
	templates map[uuid.UUID]checklist.Template
	seeded    stdsync.Map      // template id → true once known to be in the database
	outbox    notify.Outbox    // owners' notices of changed penalties (WithOutbox)
	penalty   *penalty.Service // offences, chains and notices (built by New)
	// retiredGrace is how long a retired template version is still
	// accepted for new inspections (WithRetiredGrace).
	retiredGrace time.Duration
}

// New builds the inspection service; reg may be nil for the default rules.
func New(db *storage.DB, reg *rules.Registry, clock func() time.Time, opts ...Option) *Service {
	if reg == nil {
		reg = rules.NewRegistry(rules.RegistrySettings{})
	}
	if clock == nil {
		clock = time.Now
	}
	s := &Service{db: db, rules: reg, clock: clock, templates: checklist.Index(),
		retiredGrace: DefaultRetiredGrace}
	for _, o := range opts {
		o(s)
	}
	if s.penalty == nil { // tests and the demo's simulated year: one of its own
		s.penalty = penalty.New(db, reg, clock, s.outbox)
	}
	return s
}

// Option configures a Service.
type Option func(*Service)

// WithPenalties sets the penalty service the recompute writes offences,
// chains and notices through: the server's one (services.Set.Penalties),
// which the handlers read notices from. Without it New builds its own.
func WithPenalties(p *penalty.Service) Option { return func(s *Service) { s.penalty = p } }

// WithOutbox sets the outbox the penalty chain function writes owners'
// notices to (Email: whether email rows are written, i.e. SMTP is
// configured). Without it notices go to the in-app feed only.
func WithOutbox(o notify.Outbox) Option { return func(s *Service) { s.outbox = o } }

// DB returns the database the service writes to.
func (s *Service) DB() *storage.DB { return s.db }

// Meta is who issued a command, from where and when: the corrected capture
// time drives rule versions, penalty chains and "later capture wins".
type Meta struct {
	UserID   uuid.UUID
	DeviceID uuid.UUID
	Role     models.Role
	Mutation uuid.UUID // the pushed mutation; uuid.Nil for REST
	Seq      int64
	At       time.Time  // corrected capture time
	Raw      *time.Time // the phone's own clock, evidence only
	Flags    []string   // time flags (clock_skew, future_clamped, before_registration, stale)
	Base     int64      // base_version: the aggregate version the client last saw
	Name     string     // mutation name, kept on amendment requests
	Args     json.RawMessage
	// amendment is the amendment request a supervisor accepted, whose
	// edit this is; only DecideAmendment sets it, so no push can pass the
	// lifecycle gate by itself.
	amendment uuid.UUID
}

// Outcome is what a command did: the stored outcome of a mutation (docs/SYNC.md,
// Results) — status, error or conflict ids, unapplied fields, and the
// ids and row versions written.
type Outcome struct {
	Status      string      `json:"status"` // applied | merged
	Code        string      `json:"code,omitempty"`
	Unapplied   []string    `json:"unapplied,omitempty"`
	ConflictIDs []uuid.UUID `json:"conflict_ids,omitempty"`
	AmendmentID *uuid.UUID  `json:"amendment_id,omitempty"`
	Written     []RowRef    `json:"written,omitempty"`
	Aggregate   RowRef      `json:"aggregate"`
}

// RowRef names a row and the version written.
type RowRef struct {
	Type    string    `json:"type"`
	ID      uuid.UUID `json:"id"`
	Version int64     `json:"version"`
}

// Result statuses a command returns.
const (
	ResultApplied = "applied"
	ResultMerged  = "merged"
)

// ensureTemplate writes a built-in template to the database the first time
// an inspection uses it, so that the foreign key holds without a seed step.
func (s *Service) ensureTemplate(ctx context.Context, w *Work, t checklist.Template) error {
	if _, ok := s.seeded.Load(t.ID); ok {
		return nil
	}
	n, err := checklist.Insert(ctx, w.tx, t)
	if err != nil {
		return err
	}
	if n > 0 {
		w.changed(EntityTemplate, t.ID, storage.ScopeReference)
	}
	w.afterCommit(func() { s.seeded.Store(t.ID, true) })
	return nil
}

// IsMissingAggregate reports whether err says the command's aggregate does
// not exist yet (the sync engine defers the mutation).
func IsMissingAggregate(err error) bool {
	var e *models.Error
	return errorAs(err, &e) && e.Code == "aggregate_missing"
}

func missingAggregate(what string, id uuid.UUID) error {
	return models.Errorf(models.KindNotFound, "aggregate_missing", "%s %s does not exist (yet)", what, id)
}
