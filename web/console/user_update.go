package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// userUpdate edits a user at the version the form was shown with (as
// updateUser: a stale version is refused).
func (c *Console) userUpdate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "updateUser")
	if err != nil {
		return err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return models.NotFound("user")
	}
	form := formValues(ctx, "email", "name", "role", "preferred_language", "owner_id")
	p, version, err := userPatchForm(ctx)
	if err == nil {
		_, err = c.site.Auth().UpdateUser(ctx.UserContext(), storage.ActorOf(sc), sc, id, version, p)
	}
	if err != nil {
		return c.userFormFailed(ctx, form, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.user.saved"))
	return ctx.Redirect("/console/admin/users/"+id.String(), fiber.StatusSeeOther)
}
