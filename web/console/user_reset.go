package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// userReset mails the user a one-time password link (as
// requestPasswordReset); the page never sees the link.
func (c *Console) userReset(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "requestPasswordReset")
	if err != nil {
		return err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return models.NotFound("user")
	}
	r, err := c.site.Auth().RequestPasswordReset(ctx.UserContext(), storage.ActorOf(sc), sc, id, c.site.PublicBaseURL())
	if err != nil {
		return c.userFormFailed(ctx, nil, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.user.reset_sent", "Email", r.SentTo))
	return ctx.Redirect("/console/admin/users/"+id.String(), fiber.StatusSeeOther)
}
