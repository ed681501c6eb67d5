package api

import (
	"context"
	"encoding/json"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListVesselObservations lists observations of vessel particulars in scope.
func (h *handlers) ListVesselObservations(
	ctx context.Context,
	r openapi.ListVesselObservationsRequestObject,
) (openapi.ListVesselObservationsResponseObject, error) {
	p := r.Params
	f := registry.ObservationFilter{Status: string(deref(p.Status)), VesselID: p.VesselId}
	page, err := h.d.Registry.ListObservations(ctx, scopeOf(ctx), f, listOptions(p.Cursor, p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListVesselObservations200JSONResponse{
		Items:      mapSlice(page.Items, observationOut),
		NextCursor: cursorOf(page.NextCursor),
	}, nil
}

// DecideVesselObservation accepts or rejects an observation.
func (h *handlers) DecideVesselObservation(
	ctx context.Context,
	r openapi.DecideVesselObservationRequestObject,
) (openapi.DecideVesselObservationResponseObject, error) {
	decision, reason := decisionOf(r.Body)
	o, err := h.d.Registry.DecideObservation(
		ctx,
		scopeOf(ctx),
		r.Id,
		registry.ObservationDecision{Decision: decision, Reason: reason},
	)
	if err != nil {
		return nil, err
	}
	return openapi.DecideVesselObservation200JSONResponse(observationOut(o)), nil
}

// ListAmendmentRequests lists amendment requests in scope.
func (h *handlers) ListAmendmentRequests(
	ctx context.Context,
	r openapi.ListAmendmentRequestsRequestObject,
) (openapi.ListAmendmentRequestsResponseObject, error) {
	p := r.Params
	f := inspect.AmendmentFilter{Status: string(deref(p.Status)), InspectionID: p.InspectionId}
	rows, next, err := h.d.Inspect.ListAmendments(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListAmendmentRequests200JSONResponse{
		Items:      mapSlice(rows, amendmentOut),
		NextCursor: cursorOf(next),
	}, nil
}

// DecideAmendmentRequest accepts or rejects an amendment request.
func (h *handlers) DecideAmendmentRequest(
	ctx context.Context,
	r openapi.DecideAmendmentRequestRequestObject,
) (openapi.DecideAmendmentRequestResponseObject, error) {
	decision, reason := decisionOf(r.Body)
	a, err := h.d.Inspect.DecideAmendment(ctx, scopeOf(ctx), r.Id, decision, reason)
	if err != nil {
		return nil, err
	}
	return openapi.DecideAmendmentRequest200JSONResponse(amendmentOut(a)), nil
}

func decisionOf(b *openapi.DecisionRequest) (decision, reason string) {
	if b == nil {
		return "", ""
	}
	return string(b.Decision), deref(b.Reason)
}

func observationOut(o models.VesselObservation) openapi.VesselObservation {
	return openapi.VesselObservation{
		Id:           o.ID,
		Version:      o.Version,
		VesselId:     o.VesselID,
		InspectionId: o.InspectionID,
		ObserverId:   o.ObserverID,
		DeviceId:     o.DeviceID,
		Field:        o.Field,
		Observed:     jsonAny(o.Observed),
		Note:         o.Note,
		ObservedAt:   o.ObservedAt,
		Status: openapi.VesselObservationStatus(
			o.Status,
		),
		DecidedBy:      o.DecidedBy,
		DecidedAt:      o.DecidedAt,
		DecisionReason: o.DecisionReason,
		JurisdictionId: o.JurisdictionID,
		OwnerId:        o.OwnerID,
		CreatedAt:      o.CreatedAt,
		UpdatedAt:      o.UpdatedAt,
	}
}

func amendmentOut(a models.AmendmentRequest) openapi.AmendmentRequest {
	args := map[string]any{}
	_ = json.Unmarshal(a.Args, &args) //nolint:errcheck // a read: shown as far as it decodes
	return openapi.AmendmentRequest{
		Id:             a.ID,
		Version:        a.Version,
		InspectionId:   a.InspectionID,
		MutationId:     a.MutationID,
		UserId:         a.UserID,
		DeviceId:       a.DeviceID,
		Name:           a.Name,
		Args:           args,
		CapturedAt:     a.CapturedAt,
		Status:         openapi.AmendmentRequestStatus(a.Status),
		DecidedBy:      a.DecidedBy,
		DecidedAt:      a.DecidedAt,
		Reason:         a.Reason,
		JurisdictionId: a.JurisdictionID,
		OwnerId:        a.OwnerID,
		InspectorId:    a.InspectorID,
		CreatedAt:      a.CreatedAt,
		UpdatedAt:      a.UpdatedAt,
	}
}
