package inspect

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage"
)

// Review decisions.
const (
	DecisionApprove     = "approve"
	DecisionReturn      = "return"
	DecisionWithdraw    = "withdraw"
	DecisionConfirmTime = "confirm_time"
)

// ReviewInput is a supervisor's decision on an inspection.
type ReviewInput struct {
	Decision string
	Comment  string
	// OverrideReason lets an inspection be approved before all of its
	// photos are verified (docs/PHOTOS.md).
	OverrideReason string
	// IfMatch is the inspection version the reviewer saw (0 = not checked).
	IfMatch int64
}

// Review approves, returns or withdraws an inspection, or confirms its
// flagged capture time, then recomputes it and the penalty chains of its
// parties in the same transaction (approval charges its offences).
// Errors: not_found (out of scope), conflict (wrong status, unverified
// evidence), invalid (missing comment), precondition (stale If-Match).
func (s *Service) Review(ctx context.Context, sc models.Scope, id uuid.UUID, in ReviewInput) (View, error) {
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		w := s.NewWork(tx)
		ag, err := w.lock(ctx, id)
		if IsMissingAggregate(err) || (err == nil && (!sc.CanJurisdiction(ag.row.JurisdictionID) || ag.row.DeletedAt.Valid)) {
			return models.NotFound("inspection")
		}
		if err != nil {
			return err
		}
		if in.IfMatch > 0 && in.IfMatch != ag.row.Version {
			return models.Errorf(
				models.KindPrecondition,
				"version_mismatch",
				"inspection is at version %d, not %d",
				ag.row.Version,
				in.IfMatch,
			)
		}
		if err := w.decide(ctx, sc, ag, in); err != nil {
			return err
		}
		if err := w.Finish(ctx); err != nil {
			return err
		}
		if in.Decision != DecisionApprove {
			return nil
		}
		// The challan, in the approval's transaction: no approved
		// inspection lacks its notice (notice.go).
		if err := w.s.penalty.IssueNotice(ctx, w, sc, &ag.row); err != nil {
			return err
		}
		return w.flush()
	})
	if err != nil {
		return View{}, err
	}
	return s.Get(ctx, sc, id)
}

// decide applies one review decision to a locked inspection.
func (w *Work) decide(ctx context.Context, sc models.Scope, ag *agg, in ReviewInput) error {
	r := &ag.row
	cols := map[string]any{}
	switch in.Decision {
	case DecisionApprove:
		if err := w.approve(ctx, r, in, cols); err != nil {
			return err
		}
	case DecisionReturn:
		if r.Status != models.StatusSubmitted {
			return models.Errorf(
				models.KindConflict,
				"not_submitted",
				"only a submitted inspection can be returned (it is %s)",
				r.Status,
			)
		}
		if strings.TrimSpace(in.Comment) == "" {
			return models.InvalidField("comment", "required", "say what the inspector must change")
		}
		r.Status = models.StatusReturned
		cols["status"] = r.Status
	case DecisionWithdraw:
		if r.Status == models.StatusWithdrawn {
			return models.Errorf(models.KindConflict, "already_withdrawn", "the inspection is already withdrawn")
		}
		if strings.TrimSpace(in.Comment) == "" {
			return models.InvalidField("comment", "required", "give the reason for withdrawing")
		}
		r.Status, r.WithdrawnReason = models.StatusWithdrawn, in.Comment
		cols["status"], cols["withdrawn_reason"] = r.Status, in.Comment
	case DecisionConfirmTime:
		u := sc.UserID
		r.TimeConfirmedBy = &u
		cols["time_confirmed_by"] = u
	default:
		return models.InvalidField("decision", "enum", "must be approve, return, withdraw or confirm_time")
	}
	if in.Comment != "" && in.Decision != DecisionWithdraw {
		r.ReviewComment = in.Comment
		cols["review_comment"] = in.Comment
	}
	w.bump(r.ID)
	if err := w.updateInspection(ctx, ag, cols); err != nil {
		return err
	}
	return w.recordReview(ctx, sc, ag, in)
}

// approve approves a submitted inspection whose photos are all verified,
// or with an override reason; the columns to write are added to cols.
func (w *Work) approve(ctx context.Context, r *models.Inspection, in ReviewInput, cols map[string]any) error {
	if r.Status != models.StatusSubmitted {
		return models.Errorf(
			models.KindConflict,
			"not_submitted",
			"only a submitted inspection can be approved (it is %s)",
			r.Status,
		)
	}
	e, err := photo.EvidenceCounts(ctx, w.tx.DB, r.ID) // in the review's transaction, the inspection locked
	if err != nil {
		return err
	}
	if !e.Complete() && strings.TrimSpace(in.OverrideReason) == "" {
		return models.Errorf(
			models.KindConflict,
			"evidence_unverified",
			"evidence: %d/%d photos verified; give the reason to approve anyway",
			e.Verified,
			e.Total,
		)
	}
	now := w.s.clock().UTC()
	r.Status, r.ApprovedAt = models.StatusApproved, &now
	cols["status"], cols["approved_at"] = r.Status, now
	return nil
}

// recordReview writes the review row and the audit entry.
func (w *Work) recordReview(ctx context.Context, sc models.Scope, ag *agg, in ReviewInput) error {
	rv := models.Review{
		ID:             uuid.Must(uuid.NewV7()),
		InspectionID:   ag.row.ID,
		ReviewerID:     sc.UserID,
		Decision:       in.Decision,
		Comment:        in.Comment,
		OverrideReason: in.OverrideReason,
		JurisdictionID: ag.row.JurisdictionID,
		OwnerID:        ag.row.OwnerID,
		InspectorID:    ag.row.InspectorID,
	}
	rv.Version = 1
	if err := w.tx.DB.WithContext(ctx).Create(&rv).Error; err != nil {
		return fmt.Errorf("record review: %w", err)
	}
	w.changed(EntityReview, rv.ID, keys(&ag.row)...)
	w.audit(
		"inspection."+in.Decision,
		EntityInspection,
		ag.row.ID,
		map[string]any{"comment": in.Comment, "override_reason": in.OverrideReason},
	)
	return nil
}

// RefreshEvidence recomputes an inspection's evidence counts ("5/6
// verified") in the caller's transaction, for the photo service to call
// when a photo's state changes. It locks the inspection, so call it after
// any vessel lock and before liable-party locks (docs/ARCHITECTURE.md, lock order).
func (s *Service) RefreshEvidence(ctx context.Context, tx *storage.Tx, inspection uuid.UUID) error {
	w := s.NewWork(tx)
	if _, err := w.lock(ctx, inspection); err != nil {
		return err
	}
	w.MarkDirty(inspection)
	return w.Finish(ctx)
}
