package api

import (
	"context"

	"github.com/google/uuid"
	openapi_types "github.com/oapi-codegen/runtime/types"

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
	return openapi.GetInspection200JSONResponse(out), nil
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
	return openapi.ReviewInspection200JSONResponse(detailOut(v)), nil
}

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

// detailAnswer and detailFinding are the generated InspectionDetail's
// answer and finding rows.
type (
	detailAnswer = struct {
		Answer     string             `json:"answer"`
		ItemId     string             `json:"item_id"`
		Note       *string            `json:"note,omitempty"`
		Record     *map[string]string `json:"record,omitempty"`
		TemplateId openapi_types.UUID `json:"template_id"`
		Version    int64              `json:"version"`
	}
	detailFinding = struct {
		Action     string              `json:"action"`
		Code       string              `json:"code"`
		Detainable *bool               `json:"detainable,omitempty"`
		DueDate    *openapi_types.Date `json:"due_date"`
		DueKind    *string             `json:"due_kind,omitempty"`
		Id         openapi_types.UUID  `json:"id"`
		Note       *string             `json:"note,omitempty"`
		Rectified  bool                `json:"rectified"`
		Source     string              `json:"source"`
		Version    int64               `json:"version"`
	}
)

// detailOut is an inspection's detail as InspectionDetail: its answers,
// findings and summary (the reviewer's additions are reviewerOut's).
func detailOut(v inspect.View) openapi.InspectionDetail {
	out := openapi.InspectionDetail{
		Inspection:     inspectionOut(v.Inspection),
		Summary:        summaryOut(v.Summary),
		Answers:        make([]detailAnswer, 0, len(v.Answers)),
		Findings:       make([]detailFinding, 0, len(v.Findings)),
		OpenConflicts:  v.OpenConflicts,
		OpenAmendments: v.Amendments,
	}
	for _, a := range v.Answers {
		da := detailAnswer{TemplateId: a.TemplateID, ItemId: a.ItemID, Answer: a.Answer, Note: &a.Note, Version: a.Version}
		if len(a.Record) > 0 { // absent when none was given (inspection.answer v3)
			r := map[string]string(a.Record)
			da.Record = &r
		}
		out.Answers = append(out.Answers, da)
	}
	for _, f := range v.Findings {
		df := detailFinding{Id: f.ID, Code: f.Code, Source: f.Source, Note: &f.Note, Action: f.Action,
			DueKind: &f.DueKind, Detainable: &f.Detainable, Rectified: f.Rectified, Version: f.Version}
		if f.DueDate != nil {
			df.DueDate = &openapi_types.Date{Time: *f.DueDate}
		}
		out.Findings = append(out.Findings, df)
	}
	return out
}

// summaryOut is the derived summary as the generated InspectionSummary,
// whose JSON form inspect.Summary already writes.
func summaryOut(s inspect.Summary) openapi.InspectionSummary {
	if out := valueAs[openapi.InspectionSummary](s); out != nil {
		return *out
	}
	return openapi.InspectionSummary{} // unreachable: inspect.Summary always encodes
}
