package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// vesselDelete tombstones a vessel (deleteVessel), at the
// version shown.
func (c *Console) vesselDelete(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "vessel")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "deleteVessel")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	version := f.version()
	if err := f.err(); err != nil {
		return err
	}
	if err := c.d.Registry.DeleteVessel(ctx.UserContext(), sc, id, version); err != nil {
		if isStale(err) {
			return c.staleError(ctx)
		}
		return err
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.deleted"))
	return ctx.Redirect("/console/vessels", fiber.StatusSeeOther)
}
