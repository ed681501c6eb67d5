package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// jobsRun starts a run of a job now (as runJob); the page shows it among
// the last runs.
func (c *Console) jobsRun(ctx *fiber.Ctx) error {
	if _, err := web.Scope(ctx, "runJob"); err != nil {
		return err
	}
	name := ctx.Params("name")
	if _, _, err := c.d.Jobs.Start(ctx.UserContext(), name, c.site.Now()); err != nil {
		st, serr := c.d.Jobs.Statuses(ctx.UserContext(), c.site.Now(), 3)
		if serr != nil {
			return serr
		}
		err = c.refused(ctx, err, "job", web.Names{"Job": c.site.T(ctx, "job."+name)})
		return c.t.RenderForm(ctx, "admin_jobs", st, nil, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.jobs.started", "Name", name))
	return ctx.Redirect("/console/admin/jobs", fiber.StatusSeeOther)
}
