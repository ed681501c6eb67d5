package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
)

// passwordUpdate sets the new password with the link's token (as
// completePasswordReset, with its per-address limit) and says so; the
// person then signs in.
func (c *Console) passwordUpdate(ctx *fiber.Ctx) error {
	token, pw := ctx.FormValue("token"), ctx.FormValue("password")
	var err error
	if pw != ctx.FormValue("password_again") {
		err = models.Refused("password_again", "mismatch", "%s", c.site.T(ctx, "password.mismatch"))
	} else {
		err = c.site.Auth().CompletePasswordReset(ctx.UserContext(), token, pw, api.ClientAddr(ctx))
	}
	if err != nil {
		return c.t.RenderForm(ctx, "admin_password", passwordPage{Token: token}, nil, err)
	}
	return c.t.Render(ctx, "admin_password", passwordPage{Done: true})
}
