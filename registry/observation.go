package registry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// entityObservation is the change-log type of a vessel observation, as
// package inspect writes it when an inspector records one.
const entityObservation = "vessel_observation"

// Decisions on an observation.
const (
	DecisionAccept = "accept"
	DecisionReject = "reject"
)

// Observation statuses (storage/migrations 00002: proposed | accepted |
// rejected).
const (
	ObservationProposed = "proposed"
	ObservationAccepted = "accepted"
	ObservationRejected = "rejected"
)

// statusAfter is the status a decision leaves an observation in.
var statusAfter = map[string]string{DecisionAccept: ObservationAccepted, DecisionReject: ObservationRejected}

// ObservationFilter narrows an observation list.
type ObservationFilter struct {
	Status   string
	VesselID *uuid.UUID
}

// ObservationDecision is a registrar's decision on an observation.
type ObservationDecision struct {
	Decision string // accept | reject
	Reason   string // required to reject
}

func (d ObservationDecision) validate() error {
	var fe models.FieldErrors
	if _, ok := statusAfter[d.Decision]; !ok {
		fe.Add("decision", "enum", "must be accept or reject")
	}
	if d.Decision == DecisionReject && strings.TrimSpace(d.Reason) == "" {
		fe.Add("reason", "required", "say why the observation is rejected: the inspector sees it")
	}
	if len(d.Reason) > 2000 {
		fe.Add("reason", "max_length", "at most 2000 characters")
	}
	return fe.Err()
}

// observationScope filters observations by the caller: an inspector sees
// the observations they made (as their devices pull them, sync's
// vessel_observation reader), everyone else the jurisdictions they reach.
func observationScope(s models.Scope) func(*gorm.DB) *gorm.DB {
	return storage.ScopedBy(
		s,
		storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Maker: "observer_id", Makers: storage.InspectorsOnlyMade},
	)
}

// ListObservations lists the observations the caller may see, by id.
// Errors: invalid (status, cursor).
func (r *Service) ListObservations(
	ctx context.Context,
	s models.Scope,
	f ObservationFilter,
	opt ListOptions,
) (Page[models.VesselObservation], error) {
	q := observationScope(s)(r.db.Gorm.WithContext(ctx).Model(&models.VesselObservation{}))
	if f.Status != "" {
		if f.Status != ObservationProposed && f.Status != ObservationAccepted && f.Status != ObservationRejected {
			return Page[models.VesselObservation]{}, models.Invalid(
				models.FieldError{Field: "status", Code: "enum", Message: "must be proposed, accepted or rejected"},
			)
		}
		q = q.Where("status = ?", f.Status)
	}
	if f.VesselID != nil {
		q = q.Where("vessel_id = ?", *f.VesselID)
	}
	return page(q, opt, func(o models.VesselObservation) uuid.UUID { return o.ID })
}

// DecideObservation settles an inspector's observation of a vessel
// (docs/SYNC.md §4: registry particulars are never changed by an
// inspector; a registrar accepts or rejects). Accepting applies the
// observed value to the vessel through the registry's own update path —
// validation, audit and change log as for any change of particulars; the
// registrar records the alteration (docs/LAW.md §2.1, Karnataka 2025 r.22) —
// and marks the observation, in one transaction. Rejecting only marks it.
// The same decision again answers the stored observation.
// Errors: invalid (decision, reason, or an observed value the registry
// refuses: nothing changes), not_found (out of scope), conflict (decided
// the other way, vessel deleted or moved out of the caller's reach,
// duplicate registration number).
func (r *Service) DecideObservation(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	d ObservationDecision,
) (models.VesselObservation, error) {
	if err := d.validate(); err != nil {
		return models.VesselObservation{}, err
	}
	var o models.VesselObservation
	err := r.db.InTx(ctx, storage.ActorOf(s), func(tx *storage.Tx) error {
		var err error
		o, err = r.decideObservation(ctx, tx, s, id, d)
		return err
	})
	return o, err
}

// decideObservation takes the vessel's lock before the observation's
// (docs/ARCHITECTURE.md, lock order: vessels first), then checks again that nobody
// decided in between.
func (r *Service) decideObservation(
	ctx context.Context,
	tx *storage.Tx,
	s models.Scope,
	id uuid.UUID,
	d ObservationDecision,
) (models.VesselObservation, error) {
	o, err := loadObservation(ctx, tx, s, id, false)
	if err != nil || o.Status != ObservationProposed {
		return settled(o, d, err)
	}
	var v models.Vessel
	if d.Decision == DecisionAccept {
		if v, err = lockObservedVessel(ctx, tx, s, o.VesselID); err != nil {
			return o, err
		}
	}
	if o, err = loadObservation(ctx, tx, s, id, true); err != nil || o.Status != ObservationProposed {
		return settled(o, d, err)
	}
	if d.Decision == DecisionAccept {
		if err := r.applyObservation(tx, s, o, v); err != nil {
			return o, err
		}
	}
	return r.markObservation(ctx, tx, s, o, d)
}

// settled answers a decision on an observation already decided: the same
// decision is a retry and gets the stored observation; the other one is a
// conflict.
func settled(o models.VesselObservation, d ObservationDecision, err error) (models.VesselObservation, error) {
	if err != nil {
		return o, err
	}
	if o.Status == statusAfter[d.Decision] {
		return o, nil
	}
	return o, models.Errorf(models.KindConflict, "already_decided", "the observation was %s already", o.Status)
}

// loadObservation reads a live observation in scope, locked if asked.
func loadObservation(
	ctx context.Context,
	tx *storage.Tx,
	s models.Scope,
	id uuid.UUID,
	lock bool,
) (models.VesselObservation, error) {
	var o models.VesselObservation
	q := observationScope(s)(tx.DB.WithContext(ctx).Model(&models.VesselObservation{})).Where("id = ?", id)
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, models.NotFound("vessel observation")
	}
	if err != nil {
		return o, fmt.Errorf("load observation %s: %w", id, err)
	}
	return o, nil
}

// lockObservedVessel locks the observed vessel. A vessel deleted since, or
// moved to a jurisdiction the caller does not reach, cannot take the value.
func lockObservedVessel(ctx context.Context, tx *storage.Tx, s models.Scope, id uuid.UUID) (models.Vessel, error) {
	var v models.Vessel
	err := tx.DB.WithContext(ctx).Unscoped().Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&v).Error
	if err != nil {
		return v, fmt.Errorf("lock vessel %s: %w", id, err)
	}
	if v.DeletedAt.Valid {
		return v, models.Errorf(
			models.KindConflict,
			"vessel_deleted",
			"the vessel was deleted from the registry; reject the observation",
		)
	}
	if !s.CanJurisdiction(v.JurisdictionID) {
		return v, models.Errorf(
			models.KindConflict,
			"vessel_moved",
			"the vessel is now registered in a jurisdiction you do not decide for",
		)
	}
	return v, nil
}

// applyObservation writes the observed value to the locked vessel. An
// observation of "other" is a free note with no particular to take the
// value: accepting it acknowledges it, and the registrar changes the
// registry by hand if needed.
func (r *Service) applyObservation(tx *storage.Tx, s models.Scope, o models.VesselObservation, v models.Vessel) error {
	if o.Field == "other" {
		return nil
	}
	p, err := observedPatch(o.Field, o.Observed, v)
	if err != nil {
		return err
	}
	_, err = updateIn(
		tx,
		r,
		entityVessel,
		v.ID,
		v.Version,
		vesselScope(s),
		vesselKeys,
		r.patchVessel(s, p),
		r.moveVesselDependents,
	)
	return err
}

// markObservation records the decision on a locked observation, logs it
// under the keys the observation was logged under when made (the
// jurisdiction and the observer, so the observer's devices pull the
// decision) and audits it.
func (r *Service) markObservation(
	ctx context.Context,
	tx *storage.Tx,
	s models.Scope,
	o models.VesselObservation,
	d ObservationDecision,
) (models.VesselObservation, error) {
	before := o
	now := r.clock().UTC()
	// The version moves in SQL: accepting an observation of the owner has
	// just moved this row with its vessel (moveVesselDependents).
	err := tx.DB.WithContext(ctx).
		Model(&models.VesselObservation{}).
		Where("id = ?", o.ID).
		Updates(map[string]any{
			"status":          statusAfter[d.Decision],
			"decided_by":      s.UserID,
			"decided_at":      now,
			"decision_reason": strings.TrimSpace(d.Reason),
			"version":         gorm.Expr("version + 1"),
			"updated_at":      now,
		}).
		Error
	if err != nil {
		return o, fmt.Errorf("record decision on observation %s: %w", o.ID, err)
	}
	if o, err = loadObservation(ctx, tx, s, o.ID, false); err != nil {
		return o, err
	}
	tx.Changed(
		entityObservation,
		o.ID,
		storage.ScopeJurisdiction(before.JurisdictionID),
		storage.ScopeJurisdiction(o.JurisdictionID),
		storage.ScopeUser(o.ObserverID),
	)
	return o, tx.Audit("observation."+d.Decision, entityObservation, o.ID, before, o)
}
