package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// signInShow shows the sign-in form; an official already signed in goes on.
func (c *Console) signInShow(ctx *fiber.Ctx) error {
	if p := web.Viewer(ctx); p != nil && p.Role != models.RoleOwner {
		return ctx.Redirect("/console/", fiber.StatusSeeOther)
	}
	return c.t.Render(ctx, "signin", nil)
}
