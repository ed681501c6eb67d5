package api

import (
	"context"
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListVesselObservations lists observations of vessel particulars in scope.
func (h *handlers) ListVesselObservations(ctx context.Context, r openapi.ListVesselObservationsRequestObject) (openapi.ListVesselObservationsResponseObject, error) {
	p := r.Params
	f := registry.ObservationFilter{Status: string(deref(p.Status)), VesselID: p.VesselId}
	page, err := h.d.Registry.ListObservations(ctx, scopeOf(ctx), f, listOptions(p.Cursor, p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(mapSlice(page.Items, observationOut), page.NextCursor)}, nil
}

// DecideVesselObservation accepts or rejects an observation.
func (h *handlers) DecideVesselObservation(ctx context.Context, r openapi.DecideVesselObservationRequestObject) (openapi.DecideVesselObservationResponseObject, error) {
	decision, reason := decisionOf(r.Body)
	o, err := h.d.Registry.DecideObservation(ctx, scopeOf(ctx), r.Id, registry.ObservationDecision{Decision: decision, Reason: reason})
	if err != nil {
		return nil, err
	}
	return jsonResponse{observationOut(o)}, nil
}

// ListAmendmentRequests lists amendment requests in scope.
func (h *handlers) ListAmendmentRequests(ctx context.Context, r openapi.ListAmendmentRequestsRequestObject) (openapi.ListAmendmentRequestsResponseObject, error) {
	if h.d.Inspect == nil {
		return nil, errSyncUnavailable()
	}
	p := r.Params
	f := inspect.AmendmentFilter{Status: string(deref(p.Status)), InspectionID: p.InspectionId}
	rows, next, err := h.d.Inspect.ListAmendments(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(mapSlice(rows, amendmentOut), next)}, nil
}

// DecideAmendmentRequest accepts or rejects an amendment request.
func (h *handlers) DecideAmendmentRequest(ctx context.Context, r openapi.DecideAmendmentRequestRequestObject) (openapi.DecideAmendmentRequestResponseObject, error) {
	if h.d.Inspect == nil {
		return nil, errSyncUnavailable()
	}
	decision, reason := decisionOf(r.Body)
	a, err := h.d.Inspect.DecideAmendment(ctx, scopeOf(ctx), r.Id, decision, reason)
	if err != nil {
		return nil, err
	}
	return jsonResponse{amendmentOut(a)}, nil
}

func decisionOf(b *openapi.DecisionRequest) (decision, reason string) {
	if b == nil {
		return "", ""
	}
	return string(b.Decision), deref(b.Reason)
}

// VisitListVesselObservationsResponse implements the generated interface.
func (j jsonResponse) VisitListVesselObservationsResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitDecideVesselObservationResponse implements the generated interface.
func (j jsonResponse) VisitDecideVesselObservationResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitListAmendmentRequestsResponse implements the generated interface.
func (j jsonResponse) VisitListAmendmentRequestsResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitDecideAmendmentRequestResponse implements the generated interface.
func (j jsonResponse) VisitDecideAmendmentRequestResponse(c *fiber.Ctx) error { return j.visit(c) }

type observationJSON struct {
	ID             uuid.UUID   `json:"id"`
	Version        int64       `json:"version"`
	VesselID       uuid.UUID   `json:"vessel_id"`
	InspectionID   *uuid.UUID  `json:"inspection_id"`
	ObserverID     uuid.UUID   `json:"observer_id"`
	DeviceID       *uuid.UUID  `json:"device_id"`
	Field          string      `json:"field"`
	Observed       models.JSON `json:"observed"`
	Note           string      `json:"note"`
	ObservedAt     time.Time   `json:"observed_at"`
	Status         string      `json:"status"`
	DecidedBy      *uuid.UUID  `json:"decided_by"`
	DecidedAt      *time.Time  `json:"decided_at"`
	DecisionReason string      `json:"decision_reason"`
	JurisdictionID uuid.UUID   `json:"jurisdiction_id"`
	OwnerID        uuid.UUID   `json:"owner_id"`
	CreatedAt      time.Time   `json:"created_at"`
	UpdatedAt      time.Time   `json:"updated_at"`
}

func observationOut(o models.VesselObservation) observationJSON {
	return observationJSON{ID: o.ID, Version: o.Version, VesselID: o.VesselID, InspectionID: o.InspectionID, ObserverID: o.ObserverID,
		DeviceID: o.DeviceID, Field: o.Field, Observed: o.Observed, Note: o.Note, ObservedAt: o.ObservedAt, Status: o.Status,
		DecidedBy: o.DecidedBy, DecidedAt: o.DecidedAt, DecisionReason: o.DecisionReason, JurisdictionID: o.JurisdictionID,
		OwnerID: o.OwnerID, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
}

type amendmentJSON struct {
	ID             uuid.UUID       `json:"id"`
	Version        int64           `json:"version"`
	InspectionID   uuid.UUID       `json:"inspection_id"`
	MutationID     *uuid.UUID      `json:"mutation_id"`
	UserID         uuid.UUID       `json:"user_id"`
	DeviceID       *uuid.UUID      `json:"device_id"`
	Name           string          `json:"name"`
	Args           json.RawMessage `json:"args"`
	CapturedAt     time.Time       `json:"captured_at"`
	Status         string          `json:"status"`
	DecidedBy      *uuid.UUID      `json:"decided_by"`
	DecidedAt      *time.Time      `json:"decided_at"`
	Reason         string          `json:"reason"`
	JurisdictionID uuid.UUID       `json:"jurisdiction_id"`
	OwnerID        uuid.UUID       `json:"owner_id"`
	InspectorID    uuid.UUID       `json:"inspector_id"`
	CreatedAt      time.Time       `json:"created_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
}

func amendmentOut(a models.AmendmentRequest) amendmentJSON {
	args := json.RawMessage(a.Args)
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	return amendmentJSON{ID: a.ID, Version: a.Version, InspectionID: a.InspectionID, MutationID: a.MutationID, UserID: a.UserID,
		DeviceID: a.DeviceID, Name: a.Name, Args: args, CapturedAt: a.CapturedAt, Status: a.Status, DecidedBy: a.DecidedBy,
		DecidedAt: a.DecidedAt, Reason: a.Reason, JurisdictionID: a.JurisdictionID, OwnerID: a.OwnerID, InspectorID: a.InspectorID,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}
