package api

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/openapi"
)

// ListFlags lists the flags the jobs raised, in the caller's scope.
func (h *handlers) ListFlags(
	ctx context.Context,
	r openapi.ListFlagsRequestObject,
) (openapi.ListFlagsResponseObject, error) {
	q := r.Params
	f := jobs.FlagFilter{Kind: deref(q.Kind), Status: string(deref(q.Status)), JurisdictionID: q.JurisdictionId,
		VesselID: q.VesselId, DueFrom: fromDate(q.DueFrom), DueTo: fromDate(q.DueTo)}
	rows, next, err := h.d.Jobs.ListFlags(ctx, scopeOf(ctx), f, deref(q.Cursor), limitOr(q.Limit, 50))
	if err != nil {
		return nil, err
	}
	return openapi.ListFlags200JSONResponse{Items: mapSlice(rows, flagOut), NextCursor: cursorOf(next)}, nil
}

// ResolveFlag resolves an open flag with a reason.
func (h *handlers) ResolveFlag(
	ctx context.Context,
	r openapi.ResolveFlagRequestObject,
) (openapi.ResolveFlagResponseObject, error) {
	f, err := h.d.Jobs.ResolveFlag(ctx, scopeOf(ctx), r.Id, r.Body.Reason, h.d.Clock().UTC())
	if err != nil {
		return nil, err
	}
	return openapi.ResolveFlag200JSONResponse(flagOut(f)), nil
}

func limitOr(l *int, def int) int {
	if l == nil {
		return def
	}
	return *l
}

func dateOnly(t time.Time) openapi_types.Date { return openapi_types.Date{Time: t} }

func flagOut(f jobs.FlagRow) openapi.Flag {
	return openapi.Flag{
		Id:             f.ID,
		Kind:           f.Kind,
		SubjectType:    openapi.FlagSubjectType(f.SubjectType),
		SubjectId:      f.SubjectID,
		Document:       f.Document,
		DueOn:          dateOnly(f.DueOn),
		JurisdictionId: f.JurisdictionID,
		OwnerId:        f.OwnerID,
		VesselId:       f.VesselID,
		CertificateId:  f.CertificateID,
		Citation:       f.Citation,
		Detail:         f.Detail,
		RaisedBy:       f.RaisedBy,
		RaisedOn:       dateOnly(f.RaisedOn),
		Status:         openapi.FlagStatus(f.Status),
		ResolvedAt:     f.ResolvedAt,
		ResolvedBy:     f.ResolvedBy,
		Resolution:     f.Resolution,
		CreatedAt:      f.CreatedAt.UTC(),
		UpdatedAt:      f.UpdatedAt.UTC(),
	}
}
