package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// detentionPage is the preview of a detention order (Karnataka 2025,
// Sch-IX Annex-1) before the supervisor confirms it: the vessel, the
// reasons with their legal references, the power, and the form for the
// particulars the inspection does not hold.
type detentionPage struct {
	Proposal detention.DetentionProposal
	Vessel   models.Vessel
	// Actions are the inspection action codes the officer may add (11, 13).
	Actions []actionChoice
}

type actionChoice struct{ Code, Title string }

// detentionShow shows the order as it would be issued (GET
// /v1/inspections/{id}/detention, getDetentionProposal).
func (c *Console) detentionShow(ctx *fiber.Ctx) error {
	p, err := c.detentionPage(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "detention_show", p)
}

func (c *Console) detentionPage(ctx *fiber.Ctx) (*detentionPage, error) {
	id, err := idParam(ctx, "inspection")
	if err != nil {
		return nil, err
	}
	sc, err := web.Scope(ctx, "getDetentionProposal")
	if err != nil {
		return nil, err
	}
	pr, err := c.d.Orders.Proposal(ctx.UserContext(), sc, id)
	if err != nil {
		return nil, err
	}
	p := &detentionPage{Proposal: pr}
	for _, a := range []rules.InspectionActionCode{rules.Inspection11, rules.Inspection13} {
		p.Actions = append(p.Actions, actionChoice{Code: string(a), Title: rules.InspectionActionTitles[a]})
	}
	isc, err := web.Scope(ctx, "getInspection")
	if err != nil {
		return nil, err
	}
	v, err := c.d.Inspect.Get(ctx.UserContext(), isc, id)
	if err != nil {
		return nil, err
	}
	if vsc, err := web.Scope(ctx, "getVessel"); err == nil {
		if vs, err := c.d.Registry.VesselsByID(ctx.UserContext(), vsc, []uuid.UUID{v.Inspection.VesselID}); err == nil {
			p.Vessel = vs[v.Inspection.VesselID]
		}
	}
	return p, nil
}
