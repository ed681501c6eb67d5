package api

import (
	"context"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

// ListReviews serves the supervisors' review queue (docs/REVIEW.md).
func (h *handlers) ListReviews(
	ctx context.Context,
	r openapi.ListReviewsRequestObject,
) (openapi.ListReviewsResponseObject, error) {
	p := r.Params
	f := inspect.QueueFilter{
		JurisdictionID:         p.JurisdictionId,
		Outcome:                string(deref(p.Outcome)),
		DetentionProposed:      p.DetentionProposed,
		EvidenceIncomplete:     p.EvidenceIncomplete,
		OpenIssues:             p.OpenIssues,
		ChangedAfterSubmission: p.ChangedAfterSubmission,
		Overdue:                p.Overdue,
		MinAgeDays:             p.MinAgeDays,
		MaxAgeDays:             p.MaxAgeDays,
	}
	q, err := h.d.Inspect.ReviewQueue(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	items := make([]openapi.ReviewQueueItem, 0, len(q.Items))
	for _, it := range q.Items {
		items = append(
			items,
			openapi.ReviewQueueItem{Inspection: inspectionOut(it.Inspection), AgeDays: it.AgeDays, OpenFindings: it.OpenFindings,
				OverdueFindings: it.OverdueFindings, EvidenceIncomplete: it.EvidenceIncomplete, OpenConflicts: it.OpenConflicts,
				OpenAmendments: it.OpenAmendments, PendingRectifications: it.PendingRectifs},
		)
	}
	return openapi.ListReviews200JSONResponse{Items: items, NextCursor: cursorOf(q.NextCursor),
		Counts: queueCountsOut(q.Counts)}, nil
}

func queueCountsOut(c inspect.QueueCounts) openapi.ReviewQueueCounts {
	return openapi.ReviewQueueCounts{Total: c.Total, Clean: c.Clean, Deficiencies: c.Deficiencies,
		DetentionProposed: c.DetentionProposed, EvidenceIncomplete: c.EvidenceIncomplete, OpenIssues: c.OpenIssues,
		ChangedAfterSubmission: c.ChangedAfterSubmission, Overdue: c.Overdue, OlderThan7Days: c.OlderThan7Days}
}

// reviewerOut composes the reviewer's view (InspectionDetail with what a
// reviewer needs in one call) with the inspection's photos.
func (h *handlers) reviewerOut(ctx context.Context, v inspect.ReviewerView) (openapi.InspectionDetail, error) {
	out := detailOut(v.View)
	photos, byFinding, err := h.inspectionPhotos(ctx, v.Inspection.ID)
	if err != nil {
		return out, err
	}
	conflicts, amendments := mapSlice(v.Conflicts, conflictOut), mapSlice(v.AmendmentRows, amendmentOut)
	rectifications, history := mapSlice(v.Rectifications, rectificationOut), mapSlice(v.History, historyOut)
	findings := make([]openapi.ReviewerFinding, 0, len(v.Findings))
	for _, f := range v.Findings {
		findings = append(findings, reviewerFindingOut(v, f, byFinding[f.ID]))
	}
	out.ReviewerFindings, out.Photos, out.History = &findings, &photos, &history
	out.Conflicts, out.AmendmentRequests, out.Rectifications = &conflicts, &amendments, &rectifications
	out.Time = &openapi.ReviewerTime{
		StartedAt:       v.Inspection.StartedAt,
		StartedRaw:      v.Inspection.StartedRaw,
		TimeFlags:       v.Summary.TimeFlags,
		TimeConfirmedBy: v.Inspection.TimeConfirmedBy,
	}
	if scopeOf(ctx).Access == models.AccessOwn {
		ownersCopy(&out)
	}
	return out, nil
}

// inspectionPhotos lists an inspection's photos, and those of each finding.
func (h *handlers) inspectionPhotos(
	ctx context.Context,
	id uuid.UUID,
) ([]openapi.Photo, map[uuid.UUID][]openapi.Photo, error) {
	all, byFinding := []openapi.Photo{}, map[uuid.UUID][]openapi.Photo{}
	photos, err := h.d.Photos.ForInspection(ctx, scopeOf(ctx), id)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range photos {
		po := photoOut(p)
		all = append(all, po)
		if p.FindingID != nil {
			byFinding[*p.FindingID] = append(byFinding[*p.FindingID], po)
		}
	}
	return all, byFinding, nil
}

// reviewerFindingOut is what a reviewer sees of one finding.
func reviewerFindingOut(v inspect.ReviewerView, f models.Finding, photos []openapi.Photo) openapi.ReviewerFinding {
	if photos == nil {
		photos = []openapi.Photo{}
	}
	out := openapi.ReviewerFinding{FindingId: f.ID, Overdue: v.Overdue(f), Photos: photos}
	if c := valueAs[openapi.ClosureRule](v.Closure[f.ID]); c != nil {
		out.Closure = *c
	}
	if a := v.Actions[f.ID]; a != "" {
		out.RectificationAction = &a
	}
	return out
}

// historyOut is one decision of the audit log.
func historyOut(e inspect.HistoryEntry) openapi.HistoryEntry {
	return openapi.HistoryEntry{
		Id:         e.ID,
		At:         e.At.UTC(),
		Action:     e.Action,
		EntityType: e.EntityType,
		EntityId:   e.EntityID,
		ActorId:    e.ActorID,
		ActorName:  e.ActorName,
		ActorRole:  e.ActorRole,
		DeviceId:   e.DeviceID,
		RequestId:  &e.RequestID,
		Reason:     e.Reason,
	}
}

// ownersCopy keeps from an owner's copy what belongs to the office: the
// officials' devices and request ids, and the conflicts and amendment
// requests (the inspectors' raw edits). The decisions, with who made them
// and why, stay: the owner is entitled to the reasons.
func ownersCopy(out *openapi.InspectionDetail) {
	conflicts, amendments := []openapi.Conflict{}, []openapi.AmendmentRequest{}
	out.Conflicts, out.AmendmentRequests = &conflicts, &amendments
	if out.History == nil {
		return
	}
	for i := range *out.History {
		e := &(*out.History)[i]
		e.DeviceId, e.RequestId = nil, new(string)
	}
}

// AttachFindingPhoto records an owner's photo of an open finding.
func (h *handlers) AttachFindingPhoto(
	ctx context.Context,
	r openapi.AttachFindingPhotoRequestObject,
) (openapi.AttachFindingPhotoResponseObject, error) {
	b := r.Body
	in := inspect.FindingPhotoInput{
		ID:          b.Id,
		SHA256:      b.Sha256,
		Size:        b.Size,
		ContentType: string(b.ContentType),
		Caption:     deref(b.Caption),
	}
	id, err := h.d.Inspect.AttachFindingPhoto(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	return openapi.AttachFindingPhoto200JSONResponse{PhotoId: id, FindingId: r.Id, PlanUrl: "/v1/photos"}, nil
}

// SubmitRectification records an owner's rectification of a finding.
func (h *handlers) SubmitRectification(
	ctx context.Context,
	r openapi.SubmitRectificationRequestObject,
) (openapi.SubmitRectificationResponseObject, error) {
	rc, err := h.d.Inspect.SubmitRectification(
		ctx,
		scopeOf(ctx),
		r.Id,
		inspect.RectifyInput{Note: r.Body.Note, PhotoIDs: r.Body.PhotoIds},
	)
	if err != nil {
		return nil, err
	}
	return openapi.SubmitRectification200JSONResponse(rectificationOut(rc)), nil
}

// ListRectifications lists rectifications in scope.
func (h *handlers) ListRectifications(
	ctx context.Context,
	r openapi.ListRectificationsRequestObject,
) (openapi.ListRectificationsResponseObject, error) {
	p := r.Params
	rows, next, err := h.d.Inspect.ListRectifications(
		ctx,
		scopeOf(ctx),
		inspect.RectificationFilter{Status: string(deref(p.Status)), FindingID: p.FindingId},
		deref(p.Cursor),
		deref(p.Limit),
	)
	if err != nil {
		return nil, err
	}
	return openapi.ListRectifications200JSONResponse{
		Items:      mapSlice(rows, rectificationOut),
		NextCursor: cursorOf(next),
	}, nil
}

// DecideRectification accepts or rejects a rectification.
func (h *handlers) DecideRectification(
	ctx context.Context,
	r openapi.DecideRectificationRequestObject,
) (openapi.DecideRectificationResponseObject, error) {
	in := inspect.DecideRectificationInput{Decision: string(r.Body.Decision), Reason: deref(r.Body.Reason)}
	rc, err := h.d.Inspect.DecideRectification(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	return openapi.DecideRectification200JSONResponse(rectificationOut(rc)), nil
}

func rectificationOut(r inspect.Rectification) openapi.Rectification {
	ids := make([]uuid.UUID, 0, len(r.PhotoIDs))
	for _, id := range r.PhotoIDs {
		if u, err := uuid.Parse(id); err == nil { // stored as uuid[]: always well-formed
			ids = append(ids, u)
		}
	}
	return openapi.Rectification{
		Id:             r.ID,
		FindingId:      r.FindingID,
		InspectionId:   r.InspectionID,
		Note:           r.Note,
		PhotoIds:       ids,
		SubmittedBy:    r.SubmittedBy,
		SubmittedAt:    r.SubmittedAt.UTC(),
		Status:         openapi.RectificationStatus(r.Status),
		DecidedBy:      r.DecidedBy,
		DecidedAt:      r.DecidedAt,
		Reason:         r.Reason,
		ActionCode:     r.ActionCode,
		JurisdictionId: r.JurisdictionID,
		OwnerId:        r.OwnerID,
		Version:        r.Version,
	}
}
