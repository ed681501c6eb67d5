package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// certificateDelete tombstones a certificate recorded in error (deleteCertificate), at the
// version shown.
func (c *Console) certificateDelete(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "certificate")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "deleteCertificate")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	version := f.version()
	if err := f.err(); err != nil {
		return err
	}
	if err := c.d.Registry.DeleteCertificate(ctx.UserContext(), sc, id, version); err != nil {
		if isStale(err) {
			return c.staleError(ctx)
		}
		return err
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.deleted"))
	return ctx.Redirect("/console/certificates", fiber.StatusSeeOther)
}
