package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/web"
)

// The refusals of the console's other actions, naming what they refer to
// as people name it (web.Site.Refusal): a change or a conflict by the
// vessel whose inspection it is, an assignment by the person and the
// jurisdiction, a record of the register by its name, a job by its name in
// words.

// inspectionRefused is err of an action on the inspection insp's record
// (an amendment request, a conflict), naming its vessel; the inspection
// page, shown again, carries the message.
func (c *Console) inspectionRefused(ctx *fiber.Ctx, insp uuid.UUID, err error, action string) (*inspectionPage, error) {
	p, perr := c.inspectionPage(ctx, insp)
	if perr != nil {
		return nil, err
	}
	return p, c.refused(ctx, err, action, web.Names{"Vessel": vesselName(p.Vessel.RegistrationNumber, p.Vessel.Name)})
}

// assignmentFailed shows the user's page again after err, the refusal
// naming the person and the assignment's jurisdiction.
func (c *Console) assignmentFailed(ctx *fiber.Ctx, form map[string]string, err error, action string,
	assignment uuid.UUID,
) error {
	p, perr := c.userPageOf(ctx)
	if perr != nil {
		return perr
	}
	jur := form["jurisdiction_id"]
	for _, a := range p.Assignments {
		if a.ID == assignment {
			jur = a.JurisdictionID.String()
		}
	}
	err = c.refused(ctx, err, action, web.Names{"Person": p.User.Name, "Jurisdiction": p.Names[jur]})
	return c.t.RenderForm(ctx, "admin_user", p, form, err)
}
