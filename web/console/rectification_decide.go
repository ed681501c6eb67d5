package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/web"
)

// rectificationDecide accepts or rejects an owner's rectification (POST
// /v1/rectifications/{id}/decide, decideRectification). Accepting closes
// the finding with action code 01 (Karnataka 2025 Sch-IX, after Form B); a
// rejection needs a reason, shown next to that rectification's field when
// missing.
func (c *Console) rectificationDecide(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "rectification")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decideRectification")
	if err != nil {
		return err
	}
	form, err := textFields(ctx, "decision", "reason")
	form["id"] = id.String()
	if err == nil {
		in := inspect.DecideRectificationInput{Decision: form["decision"], Reason: form["reason"]}
		if _, err = c.d.Inspect.DecideRectification(ctx.UserContext(), sc, id, in); err == nil {
			c.site.Flash(ctx, c.site.T(ctx, "rectification.done."+form["decision"]))
			return ctx.Redirect("/console/rectifications", fiber.StatusSeeOther)
		}
	}
	err = c.rectificationRefused(ctx, id, err)
	p, perr := c.rectificationsPage(ctx)
	if perr != nil {
		return perr
	}
	return c.t.RenderForm(ctx, "rectification_list", p, form, err)
}
