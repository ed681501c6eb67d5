package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// amendmentDecide accepts or rejects an inspector's amendment request of
// an approved inspection (POST /v1/amendment-requests/{id}/decide,
// decideAmendmentRequest); a refusal (a rejection without a reason) shows
// the inspection again with the message next to that request's reason.
func (c *Console) amendmentDecide(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "amendment request")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decideAmendmentRequest")
	if err != nil {
		return err
	}
	form, err := textFields(ctx, "decision", "reason", "inspection")
	form["id"] = id.String()
	if err == nil {
		var a models.AmendmentRequest
		if a, err = c.d.Inspect.DecideAmendment(ctx.UserContext(), sc, id, form["decision"], form["reason"]); err == nil {
			c.site.Flash(ctx, c.site.T(ctx, "amendment.done."+form["decision"]))
			return ctx.Redirect("/console/inspections/"+a.InspectionID.String(), fiber.StatusSeeOther)
		}
	}
	insp, perr := uuid.Parse(form["inspection"])
	if perr != nil {
		return err
	}
	p, err := c.inspectionRefused(ctx, insp, err, "amendment")
	if p == nil {
		return err
	}
	return c.t.RenderForm(ctx, "inspection_show", p, form, err)
}
