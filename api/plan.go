package api

import (
	"context"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/rules"
)

// ListInspectionPlan ranks the vessels in the caller's scope (docs/PLAN.md).
func (h *handlers) ListInspectionPlan(
	ctx context.Context,
	r openapi.ListInspectionPlanRequestObject,
) (openapi.ListInspectionPlanResponseObject, error) {
	now := h.d.Clock()
	es, next, err := h.d.Plans.List(ctx, scopeOf(ctx), plan.Filter{JurisdictionID: r.Params.JurisdictionId}, now,
		deref(r.Params.Cursor), deref(r.Params.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListInspectionPlan200JSONResponse{
		Items:      mapSlice(es, planEntryOut),
		NextCursor: cursorOf(next),
		On:         dateOut(rules.DateOf(now)),
	}, nil
}

func planEntryOut(e plan.Entry) openapi.PlanEntry {
	return openapi.PlanEntry{
		Id:                 e.ID,
		RegistrationNumber: e.RegistrationNumber,
		Name:               e.Name,
		Kind:               openapi.VesselKind(e.Kind),
		Use:                openapi.VesselUse(e.Use),
		Passengers:         e.Passengers,
		JurisdictionId:     e.JurisdictionID,
		Status:             openapi.VesselStatus(e.Status),
		PassengerBoat:      e.Passenger,
		Score:              e.Score,
		Band:               openapi.PlanEntryBand(e.Band),
		Parts:              mapSlice(e.Parts, planPartOut),
	}
}

func planPartOut(p plan.Part) openapi.PlanPart {
	out := openapi.PlanPart{
		Name:     openapi.PlanPartName(p.Name),
		Weight:   p.Weight,
		Count:    p.Count,
		Points:   p.Points,
		Fact:     p.Fact,
		Citation: string(p.Citation),
	}
	if !p.Since.IsZero() {
		days := p.Days
		out.Days, out.Since = &days, dateOutPtr(p.Since)
	}
	return out
}
