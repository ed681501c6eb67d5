// Package penalty owns what an inspection costs the people liable: the
// offence rows an evaluation charges (one per liable party, Karnataka 2025
// Sch-IV), the penalty chains that price them (the one function that writes
// penalties and adjustments, RecomputeParties), the penalty notices issued
// on approval with their revisions, and the payments and appeals recorded
// against them.
//
// It may import rules, models, storage, notify, document and locale. It
// never imports inspect: the inspection commands call it (the recompute
// syncs offences and chains, an approval issues the notice) through Unit,
// the part of their unit of work it needs.
package penalty

import (
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Entity types written to the change log.
const (
	EntityOffence    = "offence"
	EntityPenalty    = "penalty"
	EntityAdjustment = "penalty_adjustment"
)

// decisionApprove is the review decision that charges an inspection's
// offences (inspect.DecisionApprove, as stored in reviews.decision).
const decisionApprove = "approve"

// Service runs the penalty commands: notices, payments and appeals. It
// holds no state beyond its dependencies and its counters.
type Service struct {
	db       *storage.DB
	rules    *rules.Registry
	clock    func() time.Time
	outbox   notify.Outbox // owners' notices of changed penalties
	counters *noticeCounters
}

// New builds the penalty service; ob is where owners' notices of changed
// penalties go (Email: whether email rows are written).
func New(db *storage.DB, reg *rules.Registry, clock func() time.Time, ob notify.Outbox) *Service {
	return &Service{db: db, rules: reg, clock: clock, outbox: ob, counters: newNoticeCounters()}
}

// Unit is the part of an inspection's unit of work (inspect.Work) that the
// offence sync and the notice issue write through: its transaction, and
// its change-log, audit and after-commit buffers, which a command's
// savepoint rolls back with it.
type Unit interface {
	Tx() *storage.Tx
	Changed(entity string, id uuid.UUID, keys ...string)
	Audit(action, entity string, id uuid.UUID, after any)
	AfterCommit(f func())
	// TouchParty asks for a liable party's chains to be recomputed once
	// the inspections are (RecomputeParties).
	TouchParty(id uuid.UUID)
}

// inspectionKeys are the scope keys of an inspection's rows.
func inspectionKeys(row *models.Inspection) []string {
	return storage.ScopeKeys(row.JurisdictionID, row.OwnerID, row.InspectorID)
}
