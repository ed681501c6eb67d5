package console

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// orderRelease issues the release order after a clearing re-inspection
// (POST /v1/detention-orders/{id}/release, releaseDetentionOrder); a
// refusal (no re-inspection, codes still open) shows the order again with
// the problem.
func (c *Console) orderRelease(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "detention order")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "releaseDetentionOrder")
	if err != nil {
		return err
	}
	form, err := textFields(ctx, "release_conditions", "present_location", "towing_rupees", "guard_shifts", "reason")
	if err == nil {
		var in detention.ReleaseInput
		if in, err = releaseInput(form); err == nil {
			if _, err = c.d.Orders.ReleaseDetention(ctx.UserContext(), sc, id, in); err == nil {
				c.site.Flash(ctx, c.site.T(ctx, "release.done"))
				return ctx.Redirect("/console/detention-orders/"+id.String(), fiber.StatusSeeOther)
			}
		}
	}
	p, perr := c.orderPage(ctx)
	if perr != nil {
		return perr
	}
	err = c.refused(ctx, err, "release", web.Names{"Order": p.Order.Number,
		"Vessel": vesselName(p.Detention.RegistrationNumber, p.Detention.VesselName)})
	return c.t.RenderForm(ctx, "detention_order", p, form, err)
}

// releaseInput reads the release form: conditions one a line, the
// amounts as whole numbers (empty: none).
func releaseInput(form map[string]string) (detention.ReleaseInput, error) {
	in := detention.ReleaseInput{Conditions: lines(form["release_conditions"]),
		PresentLocation: form["present_location"], Reason: form["reason"]}
	var fe models.FieldErrors
	if s := strings.TrimSpace(form["towing_rupees"]); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			fe.Add("towing_rupees", "integer", "give whole rupees, digits only")
		}
		in.TowingRupees = n
	}
	if s := strings.TrimSpace(form["guard_shifts"]); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			fe.Add("guard_shifts", "integer", "give a whole number of 8-hour shifts")
		}
		in.GuardShifts = n
	}
	return in, fe.Err()
}
