package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/web"
)

// detentionConfirm issues the detention order (POST
// /v1/inspections/{id}/detention, confirmDetention) and shows it, with its
// PDF; a refusal shows the preview again with the problem next to the
// field it names.
func (c *Console) detentionConfirm(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "inspection")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "confirmDetention")
	if err != nil {
		return err
	}
	form, err := textFields(ctx, "present_location", "master_name", "place_of_inspection", "port", "reason")
	if err == nil {
		in := detention.DetentionInput{PresentLocation: form["present_location"], MasterName: form["master_name"],
			PlaceOfInspection: form["place_of_inspection"], Port: form["port"], Reason: form["reason"]}
		for _, a := range ctx.Request().PostArgs().PeekMulti("inspection_actions") {
			in.InspectionActions = append(in.InspectionActions, string(a))
		}
		o, cerr := c.d.Orders.ConfirmDetention(ctx.UserContext(), sc, id, in)
		if cerr == nil {
			c.site.Flash(ctx, c.site.T(ctx, "detention.confirmed", "Number", o.Number))
			return ctx.Redirect("/console/detention-orders/"+o.ID.String(), fiber.StatusSeeOther)
		}
		err = cerr
	}
	p, perr := c.detentionPage(ctx)
	if perr != nil {
		return perr
	}
	err = c.refused(ctx, err, "detention", web.Names{"Vessel": vesselName(p.Vessel.RegistrationNumber, p.Vessel.Name),
		"Order": c.orderNumberOf(ctx, p)})
	return c.t.RenderForm(ctx, "detention_show", p, form, err)
}
