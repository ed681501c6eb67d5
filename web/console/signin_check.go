package console

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
)

// signInCheck checks the email and password (with the API's login rate
// limits) and starts a new session, then goes on to the console page the
// person was going to (nextOf), else the start page. A failure says the
// same whatever was wrong, so the form tells nobody which emails have
// accounts.
func (c *Console) signInCheck(ctx *fiber.Ctx) error {
	form := map[string]string{"email": ctx.FormValue("email")}
	u, err := c.site.Auth().CheckPassword(
		ctx.UserContext(), ctx.FormValue("email"), ctx.FormValue("password"), api.ClientAddr(ctx))
	if err == nil && u.Role == models.RoleOwner {
		err = models.Errorf(models.KindUnauthenticated, "invalid_credentials", "owners sign in at /my")
	}
	var me *models.Error
	if errors.As(err, &me) && me.Kind == models.KindUnauthenticated {
		err = models.Errorf(models.KindUnauthenticated, "invalid_credentials", "%s", c.site.T(ctx, "signin.failed"))
	}
	if err != nil {
		return c.t.RenderForm(ctx, "signin", signInPage{Next: nextOf(ctx)}, form, err)
	}
	if err := c.site.SignIn(ctx, u.ID); err != nil {
		return err
	}
	return ctx.Redirect(orStart(nextOf(ctx)), fiber.StatusSeeOther)
}
