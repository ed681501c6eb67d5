package console

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// deletion is one kind of register record a registrar may tombstone: the
// API operation it acts as, the registry method, and the list it returns to.
type deletion struct {
	what, operationID, list string
	delete                  func(ctx context.Context, s models.Scope, id uuid.UUID, version int64) error
}

// deleteHandler tombstones a record at the version shown (the registry
// refuses what it refuses through the API: an owner with vessels, a stale
// version).
func (c *Console) deleteHandler(d deletion) fiber.Handler {
	return func(ctx *fiber.Ctx) error {
		id, err := pathID(ctx, "id", d.what)
		if err != nil {
			return err
		}
		sc, err := web.Scope(ctx, d.operationID)
		if err != nil {
			return err
		}
		f := newFormReader(ctx)
		version := f.version()
		if err := f.err(); err != nil {
			return err
		}
		if err := d.delete(ctx.UserContext(), sc, id, version); err != nil {
			if isStale(err) {
				return c.staleError(ctx)
			}
			return err
		}
		c.site.Flash(ctx, c.site.T(ctx, "registry.deleted"))
		return ctx.Redirect(d.list, fiber.StatusSeeOther)
	}
}

// The deletions of the register's pages.
func (c *Console) ownerDelete() fiber.Handler {
	return c.deleteHandler(deletion{"owner", "deleteOwner", "/console/owners", c.d.Registry.DeleteOwner})
}

func (c *Console) vesselDelete() fiber.Handler {
	return c.deleteHandler(deletion{"vessel", "deleteVessel", "/console/vessels", c.d.Registry.DeleteVessel})
}

func (c *Console) crewDelete() fiber.Handler {
	return c.deleteHandler(deletion{"crew member", "deleteCrewMember", "/console/crew", c.d.Registry.DeleteCrewMember})
}

func (c *Console) certificateDelete() fiber.Handler {
	return c.deleteHandler(deletion{"certificate", "deleteCertificate", "/console/certificates",
		c.d.Registry.DeleteCertificate})
}
