package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/web"
)

// reviewDecide approves or returns an inspection (POST
// /v1/inspections/{id}/review, reviewInspection): approve, approve with
// an override reason when photos are not all verified, or return with a
// comment. A refusal shows the inspection again with the problem next to
// the field it names (a return without a comment: next to the comment).
func (c *Console) reviewDecide(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "inspection")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "reviewInspection")
	if err != nil {
		return err
	}
	form, err := textFields(ctx, "decision", "comment", "override_reason")
	if err == nil {
		in := inspect.ReviewInput{Decision: form["decision"], Comment: form["comment"],
			OverrideReason: form["override_reason"]}
		_, err = c.d.Inspect.Review(ctx.UserContext(), sc, id, in)
		err = withField(err, "evidence_unverified", "override_reason")
	}
	if err != nil {
		p, perr := c.inspectionPage(ctx, id)
		if perr != nil {
			return perr
		}
		err = c.refused(ctx, err, "review", web.Names{"Vessel": vesselName(p.Vessel.RegistrationNumber, p.Vessel.Name)})
		return c.t.RenderForm(ctx, "inspection_show", p, form, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "review.done."+form["decision"]))
	return ctx.Redirect("/console/inspections/"+id.String(), fiber.StatusSeeOther)
}
