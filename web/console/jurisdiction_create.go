package console

import (
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// jurisdictionCreate adds a jurisdiction (as createJurisdiction).
func (c *Console) jurisdictionCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createJurisdiction")
	if err != nil {
		return err
	}
	form := formValues(ctx, append([]string{"code", "name", "regime", "state"}, officeFields()...)...)
	in := models.Jurisdiction{Code: strings.ToUpper(form["code"]), Name: form["name"], Regime: form["regime"],
		State: form["state"], Office: officeOf(form)}
	if _, _, err := c.d.Registry.CreateJurisdiction(ctx.UserContext(), sc, in); err != nil {
		p, perr := c.jurisdictionsPageOf(ctx)
		if perr != nil {
			return perr
		}
		return c.t.RenderForm(ctx, "admin_jurisdictions", p, form, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.jurisdictions.created", "Code", in.Code))
	return ctx.Redirect("/console/admin/jurisdictions", fiber.StatusSeeOther)
}
