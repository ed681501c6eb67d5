package console

import (
	"github.com/gofiber/fiber/v2"
)

// passwordPage is the page that completes a one-time password link.
type passwordPage struct {
	Token string
	Done  bool
}

// passwordShow shows the form that sets a new password with the link's
// token (public: the token is the credential; the page never checks it
// before the form is sent, so it tells nothing about a token).
func (c *Console) passwordShow(ctx *fiber.Ctx) error {
	return c.t.Render(ctx, "admin_password", passwordPage{Token: ctx.Query("token")})
}
