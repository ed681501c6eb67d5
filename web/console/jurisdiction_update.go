package console

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// jurisdictionUpdate renames a jurisdiction at the version shown (as
// updateJurisdiction); its code and regime are fixed.
func (c *Console) jurisdictionUpdate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "updateJurisdiction")
	if err != nil {
		return err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return models.NotFound("jurisdiction")
	}
	name, state := strings.TrimSpace(ctx.FormValue("name")), strings.TrimSpace(ctx.FormValue("state"))
	version, err := parseVersion(ctx.FormValue("version"))
	if err == nil {
		_, err = c.d.Registry.UpdateJurisdiction(ctx.UserContext(), sc, id, version,
			registry.JurisdictionPatch{Name: &name, State: &state})
	} else {
		err = models.Refused("version", "invalid", "reload the page")
	}
	if err != nil {
		p, perr := c.jurisdictionsPageOf(ctx)
		if perr != nil {
			return perr
		}
		return c.t.RenderForm(ctx, "admin_jurisdictions", p, nil, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.user.saved"))
	return ctx.Redirect("/console/admin/jurisdictions", fiber.StatusSeeOther)
}
