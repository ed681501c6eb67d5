package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/web"
)

// conflictResolve closes a same-field conflict from the inspection page
// (POST /v1/conflicts/{id}/resolve, resolveConflict): kept leaves the
// value that won, reverted applies the other as the supervisor's own edit.
func (c *Console) conflictResolve(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "conflict")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "resolveConflict")
	if err != nil {
		return err
	}
	res := ctx.FormValue("resolution")
	if res != inspect.ResolutionKept && res != inspect.ResolutionReverted {
		return invalidResolution()
	}
	x, err := c.d.Inspect.ResolveConflict(ctx.UserContext(), sc, id, res)
	if err != nil {
		if insp, perr := uuid.Parse(ctx.FormValue("inspection")); perr == nil {
			if p, err := c.inspectionRefused(ctx, insp, err, "conflict"); p != nil {
				return c.t.RenderForm(ctx, "inspection_show", p, nil, err)
			}
		}
		return err
	}
	c.site.Flash(ctx, c.site.T(ctx, "conflict.done."+res))
	back := "/console/queue"
	if x.InspectionID != nil {
		back = "/console/inspections/" + x.InspectionID.String()
	}
	return ctx.Redirect(back, fiber.StatusSeeOther)
}
