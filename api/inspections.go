package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListInspections lists inspections in scope.
func (h *handlers) ListInspections(
	ctx context.Context,
	r openapi.ListInspectionsRequestObject,
) (openapi.ListInspectionsResponseObject, error) {
	p := r.Params
	f := inspect.ListFilter{JurisdictionID: p.JurisdictionId, VesselID: p.VesselId, Status: string(deref(p.Status))}
	page, err := h.d.Inspect.List(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListInspections200JSONResponse{
		Items:      mapSlice(page.Items, inspectionOut),
		NextCursor: cursorOf(page.NextCursor),
	}, nil
}

// GetInspection returns one inspection with everything a reviewer sees.
func (h *handlers) GetInspection(
	ctx context.Context,
	r openapi.GetInspectionRequestObject,
) (openapi.GetInspectionResponseObject, error) {
	v, err := h.d.Inspect.Reviewer(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	out, err := h.reviewerOut(ctx, v)
	if err != nil {
		return nil, err
	}
	return jsonResponse{out}, nil
}

// ReviewInspection approves, returns or withdraws an inspection, or
// confirms its flagged capture time.
func (h *handlers) ReviewInspection(
	ctx context.Context,
	r openapi.ReviewInspectionRequestObject,
) (openapi.ReviewInspectionResponseObject, error) {
	in := inspect.ReviewInput{
		Decision:       string(r.Body.Decision),
		Comment:        deref(r.Body.Comment),
		OverrideReason: deref(r.Body.OverrideReason),
	}
	if r.Params.IfMatch != nil {
		v, err := registry.ParseIfMatch(r.Params.IfMatch)
		if err != nil {
			return nil, err
		}
		in.IfMatch = v
	}
	v, err := h.d.Inspect.Review(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	return jsonResponse{detailOut(v)}, nil
}

// jsonResponse writes any value as a 200 JSON answer; it implements the
// generated response interfaces of the operations that use it.
type jsonResponse struct{ v any }

func (j jsonResponse) visit(c *fiber.Ctx) error {
	c.Status(fiber.StatusOK)
	return c.JSON(j.v)
}

// VisitGetInspectionResponse implements the generated interface.
func (j jsonResponse) VisitGetInspectionResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitReviewInspectionResponse implements the generated interface.
func (j jsonResponse) VisitReviewInspectionResponse(c *fiber.Ctx) error { return j.visit(c) }

func inspectionOut(i models.Inspection) openapi.Inspection {
	ids := make([]uuid.UUID, 0, len(i.TemplateIDs))
	for _, id := range i.TemplateIDs {
		if u, err := uuid.Parse(id); err == nil { // stored as uuid[]: always well-formed
			ids = append(ids, u)
		}
	}
	if len(ids) == 0 { // a row read without the column lists its primary
		ids = []uuid.UUID{i.TemplateID}
	}
	return openapi.Inspection{
		Id:                     i.ID,
		Version:                i.Version,
		VesselId:               i.VesselID,
		InspectorId:            i.InspectorID,
		JurisdictionId:         i.JurisdictionID,
		OwnerId:                i.OwnerID,
		TemplateId:             i.TemplateID,
		TemplateIds:            &ids,
		RuleSetId:              i.RuleSetID,
		Kind:                   i.Kind,
		Status:                 openapi.InspectionStatus(i.Status),
		StartedAt:              i.StartedAt,
		SubmittedAt:            i.SubmittedAt,
		Notes:                  &i.Notes,
		DetentionProposed:      &i.DetentionProposed,
		EvidenceTotal:          &i.EvidenceTotal,
		EvidenceVerified:       &i.EvidenceVerified,
		ChangedAfterSubmission: &i.ChangedAfterSubmission,
		CreatedAt:              i.CreatedAt,
		UpdatedAt:              i.UpdatedAt,
	}
}

type answerJSON struct {
	TemplateID uuid.UUID `json:"template_id"`
	ItemID     string    `json:"item_id"`
	Answer     string    `json:"answer"`
	Note       string    `json:"note"`
	// Record is absent when none was given (inspection.answer v3).
	Record  map[string]string `json:"record,omitempty"`
	Version int64             `json:"version"`
}

type findingJSON struct {
	ID         uuid.UUID `json:"id"`
	Code       string    `json:"code"`
	Source     string    `json:"source"`
	Note       string    `json:"note"`
	Action     string    `json:"action"`
	DueKind    string    `json:"due_kind"`
	DueDate    *string   `json:"due_date"`
	Detainable bool      `json:"detainable"`
	Rectified  bool      `json:"rectified"`
	Version    int64     `json:"version"`
}

type detailJSON struct {
	Inspection     openapi.Inspection `json:"inspection"`
	Summary        inspect.Summary    `json:"summary"`
	Answers        []answerJSON       `json:"answers"`
	Findings       []findingJSON      `json:"findings"`
	OpenConflicts  int64              `json:"open_conflicts"`
	OpenAmendments int64              `json:"open_amendments"`
}

func detailOut(v inspect.View) detailJSON {
	out := detailJSON{
		Inspection:     inspectionOut(v.Inspection),
		Summary:        v.Summary,
		Answers:        []answerJSON{},
		Findings:       []findingJSON{},
		OpenConflicts:  v.OpenConflicts,
		OpenAmendments: v.Amendments,
	}
	for _, a := range v.Answers {
		out.Answers = append(out.Answers, answerJSON{a.TemplateID, a.ItemID, a.Answer, a.Note, a.Record, a.Version})
	}
	for _, f := range v.Findings {
		fj := findingJSON{ID: f.ID, Code: f.Code, Source: f.Source, Note: f.Note, Action: f.Action, DueKind: f.DueKind,
			Detainable: f.Detainable, Rectified: f.Rectified, Version: f.Version}
		if f.DueDate != nil {
			d := f.DueDate.Format(time.DateOnly)
			fj.DueDate = &d
		}
		out.Findings = append(out.Findings, fj)
	}
	return out
}
