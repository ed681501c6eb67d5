package console

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// userDeactivate deactivates a user (as deactivateUser): their tokens,
// refresh families, devices and sessions end at once.
func (c *Console) userDeactivate(ctx *fiber.Ctx) error {
	return c.userActivation(ctx, "deactivateUser", "admin.user.deactivated", c.site.Auth().DeactivateUser)
}

// userReactivate lifts a deactivation (as reactivateUser).
func (c *Console) userReactivate(ctx *fiber.Ctx) error {
	return c.userActivation(ctx, "reactivateUser", "admin.user.reactivated", c.site.Auth().ReactivateUser)
}

type activation func(ctx context.Context, a storage.Actor, sc models.Scope, id uuid.UUID) (auth.Account, error)

func (c *Console) userActivation(ctx *fiber.Ctx, op, done string, act activation) error {
	sc, err := web.Scope(ctx, op)
	if err != nil {
		return err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return models.NotFound("user")
	}
	if _, err := act(ctx.UserContext(), storage.ActorOf(sc), sc, id); err != nil {
		return c.userFormFailed(ctx, nil, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, done))
	return ctx.Redirect("/console/admin/users/"+id.String(), fiber.StatusSeeOther)
}
