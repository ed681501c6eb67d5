package api

import (
	"context"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/openapi"
)

// ListVesselTemplates lists the current checklist templates that fit a
// vessel in scope: those inspection.start accepts for it.
func (h *handlers) ListVesselTemplates(
	ctx context.Context,
	r openapi.ListVesselTemplatesRequestObject,
) (openapi.ListVesselTemplatesResponseObject, error) {
	v, err := h.d.Registry.GetVessel(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	items := checklist.TemplatesFor(checklist.FactsOf(v))
	if items == nil {
		items = []checklist.Template{}
	}
	return openapi.ListVesselTemplates200JSONResponse{VesselId: v.ID, Items: items}, nil
}
