package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
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

// rectificationRefused is err of a decision on the rectification id,
// naming its finding (the deficiency code and its title in the page's
// language) and the vessel, as the inspection page names them.
func (c *Console) rectificationRefused(ctx *fiber.Ctx, id uuid.UUID, err error) error {
	if models.KindOf(err) == "" {
		return err
	}
	sc, serr := web.Scope(ctx, "listRectifications")
	if serr != nil {
		return c.refused(ctx, err, "", nil)
	}
	r, gerr := c.d.Inspect.GetRectification(ctx.UserContext(), sc, id)
	if gerr != nil {
		return c.refused(ctx, err, "", nil)
	}
	names := c.findingNames(ctx, r.InspectionID, r.FindingID)
	if names == nil {
		return c.refused(ctx, err, "", nil)
	}
	return c.refused(ctx, err, "rectification", names)
}

// findingNames names the finding of the inspection insp as its page does
// (Finding: the deficiency code and title) and its vessel (Vessel); nil
// when the person may not read them.
func (c *Console) findingNames(ctx *fiber.Ctx, insp, finding uuid.UUID) web.Names {
	sc, err := web.Scope(ctx, "getInspection")
	if err != nil {
		return nil
	}
	uctx := ctx.UserContext()
	v, err := c.d.Inspect.Reviewer(uctx, sc, insp)
	if err != nil {
		return nil
	}
	code := ""
	for _, f := range v.Findings {
		if f.ID == finding {
			code = f.Code
		}
	}
	vsc, err := web.Scope(ctx, "getVessel")
	if code == "" || err != nil {
		return nil
	}
	vs, err := c.d.Registry.VesselsByID(uctx, vsc, []uuid.UUID{v.Inspection.VesselID})
	vessel, ok := vs[v.Inspection.VesselID]
	if err != nil || !ok {
		return nil
	}
	return web.Names{
		"Vessel":  vesselName(vessel.RegistrationNumber, vessel.Name),
		"Finding": code + " " + c.site.View(ctx, nil).Deficiency(code),
	}
}

// backlogRefused is err of a decision on the held (deferred) work id,
// naming it as the page shows it: what was done, on which device, by
// whom, when.
func (c *Console) backlogRefused(ctx *fiber.Ctx, id uuid.UUID, err error) error {
	if models.KindOf(err) == "" {
		return err
	}
	sc, serr := web.Scope(ctx, "listSyncBacklog")
	if serr != nil {
		return c.refused(ctx, err, "", nil)
	}
	it, ok, gerr := c.d.Push.BacklogEntry(ctx.UserContext(), sc, id)
	if gerr != nil || !ok {
		return c.refused(ctx, err, "", nil)
	}
	return c.refused(ctx, err, "backlog", web.Names{
		"Work":   c.site.View(ctx, nil).History(it.Name),
		"Device": it.DeviceName,
		"Person": it.UserEmail,
		"At":     web.DateTime(it.CapturedAt),
	})
}
