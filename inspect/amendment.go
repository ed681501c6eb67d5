package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Decisions on an amendment request.
const (
	AmendmentAccept = "accept"
	AmendmentReject = "reject"
)

// Amendment request statuses (storage/migrations 00002: open | accepted |
// rejected).
const (
	AmendmentOpen     = "open"
	AmendmentAccepted = "accepted"
	AmendmentRejected = "rejected"
)

// amendmentAfter is the status a decision leaves a request in.
var amendmentAfter = map[string]string{AmendmentAccept: AmendmentAccepted, AmendmentReject: AmendmentRejected}

// AmendmentFilter narrows the amendment list.
type AmendmentFilter struct {
	Status       string
	InspectionID *uuid.UUID
}

// ListAmendments lists amendment requests with the visibility of their
// inspections (inspectors their own, supervisors and registrars their
// jurisdictions'), by id. Errors: invalid (status, cursor).
func (s *Service) ListAmendments(
	ctx context.Context,
	sc models.Scope,
	f AmendmentFilter,
	cursor string,
	limit int,
) ([]models.AmendmentRequest, string, error) {
	q := scopeQuery(s.db.Gorm.WithContext(ctx).Model(&models.AmendmentRequest{}), sc)
	if f.Status != "" {
		if _, ok := map[string]bool{AmendmentOpen: true, AmendmentAccepted: true, AmendmentRejected: true}[f.Status]; !ok {
			return nil, "", models.InvalidField("status", "enum", "must be open, accepted or rejected")
		}
		q = q.Where("status = ?", f.Status)
	}
	if f.InspectionID != nil {
		q = q.Where("inspection_id = ?", *f.InspectionID)
	}
	return storage.ByID(func(r models.AmendmentRequest) uuid.UUID { return r.ID }).Page(q, cursor, limit)
}

// DecideAmendment settles an amendment request (docs/SYNC.md §4: edits
// captured after submission, and any edit of an approved inspection, wait
// for the reviewer). Accepting runs the kept mutation through its command
// as the deciding supervisor's own edit, past the lifecycle gate, and
// recomputes the inspection and its penalty chains in the same
// transaction; rejecting only records the decision. The same decision
// again answers the stored request.
// Errors: invalid (decision, reason, or an edit its command now refuses:
// nothing changes), not_found (out of scope), conflict (decided the other
// way, inspection withdrawn, request not replayable).
func (s *Service) DecideAmendment(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
) (models.AmendmentRequest, error) {
	if err := validateAmendmentDecision(decision, reason); err != nil {
		return models.AmendmentRequest{}, err
	}
	var r models.AmendmentRequest
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		w := s.NewWork(tx)
		var err error
		if r, err = w.decideAmendment(ctx, sc, id, decision, strings.TrimSpace(reason)); err != nil {
			return err
		}
		return w.Finish(ctx)
	})
	return r, err
}

func validateAmendmentDecision(decision, reason string) error {
	var fe models.FieldErrors
	if _, ok := amendmentAfter[decision]; !ok {
		fe.Add("decision", "enum", "must be accept or reject")
	}
	if decision == AmendmentReject && strings.TrimSpace(reason) == "" {
		fe.Add("reason", "required", "say why the amendment is rejected: the inspector sees it")
	}
	if len(reason) > 2000 {
		fe.Add("reason", "max_length", "at most 2000 characters")
	}
	return fe.Err()
}

// decideAmendment locks the inspection before the request (docs/ARCHITECTURE.md,
// lock order: the aggregate root first), then checks again that nobody decided
// in between.
func (w *Work) decideAmendment(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	decision, reason string,
) (models.AmendmentRequest, error) {
	r, err := w.amendment(ctx, sc, id, false)
	if err != nil || r.Status != AmendmentOpen {
		return settledAmendment(r, decision, err)
	}
	ag, err := w.lock(ctx, r.InspectionID)
	if err != nil {
		return r, err
	}
	if r, err = w.amendment(ctx, sc, id, true); err != nil || r.Status != AmendmentOpen {
		return settledAmendment(r, decision, err)
	}
	if decision == AmendmentAccept {
		if err := w.applyAmendment(ctx, sc, ag, r); err != nil {
			return r, err
		}
	}
	return w.closeAmendment(ctx, sc, r, decision, reason)
}

// settledAmendment answers a decision on a request already decided: the
// same decision is a retry; the other one is a conflict.
func settledAmendment(r models.AmendmentRequest, decision string, err error) (models.AmendmentRequest, error) {
	if err != nil {
		return r, err
	}
	if r.Status == amendmentAfter[decision] {
		return r, nil
	}
	return r, models.Errorf(models.KindConflict, "already_decided", "the amendment request was %s already", r.Status)
}

// amendment reads a live request in the caller's jurisdictions, locked if
// asked.
func (w *Work) amendment(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	lock bool,
) (models.AmendmentRequest, error) {
	var r models.AmendmentRequest
	q := storage.Scoped(w.tx.DB.WithContext(ctx), sc, storage.OfficialsByJurisdiction).Where("id = ?", id)
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, models.NotFound("amendment request")
	}
	if err != nil {
		return r, fmt.Errorf("load amendment request %s: %w", id, err)
	}
	return r, nil
}

// applyAmendment runs the kept mutation on the locked inspection. Requests
// do not store the mutation's version; every inspection command is at
// version 1.
func (w *Work) applyAmendment(ctx context.Context, sc models.Scope, ag *agg, r models.AmendmentRequest) error {
	if st := ag.row.Status; st == models.StatusWithdrawn || st == models.StatusDiscarded {
		return models.Errorf(
			models.KindConflict,
			"inspection_"+st,
			"the inspection is %s: its amendment requests can only be rejected",
			st,
		)
	}
	cmd, ok := LookupCommand(r.Name, 1)
	if !ok || cmd.Kind != AggregateInspection || cmd.Creates {
		return models.Errorf(
			models.KindConflict,
			"not_replayable",
			"a %q request cannot be applied as it is: reject it and make the change directly",
			r.Name,
		)
	}
	args, err := cmd.Decode(json.RawMessage(r.Args))
	if err != nil {
		return err
	}
	if args.Aggregate() != r.InspectionID {
		return models.Errorf(models.KindConflict, "not_replayable", "the request's edit names another inspection")
	}
	m := Meta{UserID: sc.UserID, DeviceID: sc.DeviceID, Role: sc.Role, At: w.s.clock(), Base: math.MaxInt64, Name: r.Name,
		Args: json.RawMessage(r.Args), amendment: r.ID}
	out, err := w.Run(ctx, m, args)
	if err == nil && out.AmendmentID != nil {
		err = fmt.Errorf("amendment request %s was kept again instead of applied", r.ID)
	}
	return err
}

// closeAmendment records the decision, logs the request under the
// inspection's keys (so the devices holding the inspection pull it) and
// audits it. A decision's reason replaces the reason the edit was held
// for, which stays in the audit log.
func (w *Work) closeAmendment(
	ctx context.Context,
	sc models.Scope,
	r models.AmendmentRequest,
	decision, reason string,
) (models.AmendmentRequest, error) {
	before := r
	now, by := w.s.clock().UTC().Truncate(time.Microsecond), sc.UserID // as stored, so a retry answers the same
	r.Status, r.DecidedBy, r.DecidedAt = amendmentAfter[decision], &by, &now
	if reason != "" {
		r.Reason = reason
	}
	r.Touch(now)
	err := w.tx.DB.WithContext(ctx).
		Model(&models.AmendmentRequest{}).
		Where("id = ?", r.ID).
		Updates(map[string]any{"status": r.Status,
			"decided_by": by, "decided_at": now, "reason": r.Reason, "version": r.Version, "updated_at": now}).
		Error
	if err != nil {
		return r, fmt.Errorf("record decision on amendment request %s: %w", r.ID, err)
	}
	w.changed(
		EntityAmendment,
		r.ID,
		storage.ScopeJurisdiction(r.JurisdictionID),
		storage.ScopeOwner(r.OwnerID),
		storage.ScopeUser(r.InspectorID),
	)
	w.audit("amendment."+decision, EntityAmendment, r.ID, map[string]any{"before": before, "after": r})
	return r, nil
}
