package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// jobsShow lists the scheduled jobs with their next run and last runs (as
// listJobs), each with a button that runs it now.
func (c *Console) jobsShow(ctx *fiber.Ctx) error {
	if _, err := web.Scope(ctx, "listJobs"); err != nil {
		return err
	}
	st, err := c.d.Jobs.Statuses(ctx.UserContext(), c.site.Now(), 3)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "admin_jobs", st)
}
