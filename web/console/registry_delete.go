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
	// name is the record as people name it, for a refusal; nil: unnamed.
	name func(ctx *fiber.Ctx, id uuid.UUID) string
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
			if d.name != nil {
				return c.refused(ctx, err, "delete", web.Names{"Record": d.name(ctx, id)})
			}
			return err
		}
		c.site.Flash(ctx, c.site.T(ctx, "registry.deleted"))
		return ctx.Redirect(d.list, fiber.StatusSeeOther)
	}
}

// The deletions of the register's pages.
func (c *Console) ownerDelete() fiber.Handler {
	return c.deleteHandler(deletion{"owner", "deleteOwner", "/console/owners", c.d.Registry.DeleteOwner, c.ownerName})
}

func (c *Console) vesselDelete() fiber.Handler {
	return c.deleteHandler(deletion{"vessel", "deleteVessel", "/console/vessels", c.d.Registry.DeleteVessel, nil})
}

func (c *Console) crewDelete() fiber.Handler {
	return c.deleteHandler(deletion{"crew member", "deleteCrewMember", "/console/crew",
		c.d.Registry.DeleteCrewMember, nil})
}

func (c *Console) certificateDelete() fiber.Handler {
	return c.deleteHandler(deletion{"certificate", "deleteCertificate", "/console/certificates",
		c.d.Registry.DeleteCertificate, nil})
}

// ownerName is the owner's registered name, for a refusal that names it.
func (c *Console) ownerName(ctx *fiber.Ctx, id uuid.UUID) string {
	sc, err := web.Scope(ctx, "getOwner")
	if err != nil {
		return ""
	}
	o, err := c.d.Registry.GetOwner(ctx.UserContext(), sc, id)
	if err != nil {
		return ""
	}
	return o.Name
}
