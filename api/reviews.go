package api

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
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

// reviewerJSON is InspectionDetail with what a reviewer needs in one call.
type reviewerJSON struct {
	detailJSON
	ReviewerFindings []reviewerFindingJSON      `json:"reviewer_findings"`
	Photos           []openapi.Photo            `json:"photos"`
	Conflicts        []openapi.Conflict         `json:"conflicts"`
	Amendments       []openapi.AmendmentRequest `json:"amendment_requests"`
	Rectifications   []openapi.Rectification    `json:"rectifications"`
	Time             reviewerTimeJSON           `json:"time"`
	History          []historyJSON              `json:"history"`
}

type reviewerFindingJSON struct {
	FindingID           uuid.UUID         `json:"finding_id"`
	Overdue             bool              `json:"overdue"`
	RectificationAction string            `json:"rectification_action,omitempty"`
	Closure             rules.ClosureRule `json:"closure"`
	Photos              []openapi.Photo   `json:"photos"`
}

type reviewerTimeJSON struct {
	StartedAt       time.Time  `json:"started_at"`
	StartedRaw      *time.Time `json:"started_raw"`
	TimeFlags       []string   `json:"time_flags"`
	TimeConfirmedBy *uuid.UUID `json:"time_confirmed_by"`
}

type historyJSON struct {
	ID         int64      `json:"id"`
	At         time.Time  `json:"at"`
	Action     string     `json:"action"`
	EntityType string     `json:"entity_type"`
	EntityID   uuid.UUID  `json:"entity_id"`
	ActorID    *uuid.UUID `json:"actor_id"`
	ActorName  string     `json:"actor_name"`
	ActorRole  string     `json:"actor_role"`
	DeviceID   *uuid.UUID `json:"device_id"`
	RequestID  string     `json:"request_id"`
	Reason     string     `json:"reason"`
}

// reviewerOut composes the reviewer's view with the inspection's photos.
func (h *handlers) reviewerOut(ctx context.Context, v inspect.ReviewerView) (reviewerJSON, error) {
	out := reviewerJSON{
		detailJSON:       detailOut(v.View),
		ReviewerFindings: []reviewerFindingJSON{},
		Photos:           []openapi.Photo{},
		Conflicts:        mapSlice(v.Conflicts, conflictOut),
		Amendments:       mapSlice(v.AmendmentRows, amendmentOut),
		Rectifications:   mapSlice(v.Rectifications, rectificationOut),
		History:          []historyJSON{},
		Time: reviewerTimeJSON{
			StartedAt:       v.Inspection.StartedAt,
			StartedRaw:      v.Inspection.StartedRaw,
			TimeFlags:       v.Summary.TimeFlags,
			TimeConfirmedBy: v.Inspection.TimeConfirmedBy,
		},
	}
	byFinding := map[uuid.UUID][]openapi.Photo{}
	if h.d.Photos != nil {
		photos, err := h.d.Photos.ForInspection(ctx, scopeOf(ctx), v.Inspection.ID)
		if err != nil {
			return out, err
		}
		for _, p := range photos {
			po := photoOut(p)
			out.Photos = append(out.Photos, po)
			if p.FindingID != nil {
				byFinding[*p.FindingID] = append(byFinding[*p.FindingID], po)
			}
		}
	}
	for _, f := range v.Findings {
		ps := byFinding[f.ID]
		if ps == nil {
			ps = []openapi.Photo{}
		}
		out.ReviewerFindings = append(out.ReviewerFindings, reviewerFindingJSON{FindingID: f.ID, Overdue: v.Overdue(f),
			RectificationAction: v.Actions[f.ID], Closure: v.Closure[f.ID], Photos: ps})
	}
	for _, e := range v.History {
		out.History = append(
			out.History,
			historyJSON{
				ID:         e.ID,
				At:         e.At.UTC(),
				Action:     e.Action,
				EntityType: e.EntityType,
				EntityID:   e.EntityID,
				ActorID:    e.ActorID,
				ActorName:  e.ActorName,
				ActorRole:  e.ActorRole,
				DeviceID:   e.DeviceID,
				RequestID:  e.RequestID,
				Reason:     e.Reason,
			},
		)
	}
	if scopeOf(ctx).Access == models.AccessOwn {
		ownersCopy(&out)
	}
	return out, nil
}

// ownersCopy keeps from an owner's copy what belongs to the office: the
// officials' devices and request ids, and the conflicts and amendment
// requests (the inspectors' raw edits). The decisions, with who made them
// and why, stay: the owner is entitled to the reasons.
func ownersCopy(out *reviewerJSON) {
	out.Conflicts, out.Amendments = []openapi.Conflict{}, []openapi.AmendmentRequest{}
	for i := range out.History {
		out.History[i].DeviceID, out.History[i].RequestID = nil, ""
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
