package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// userCreate creates a user from the form (as createUser) and opens their
// page.
func (c *Console) userCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createUser")
	if err != nil {
		return err
	}
	form := formValues(ctx, "email", "name", "role", "preferred_language", "owner_id", "assigned_from")
	n, err := newUserForm(ctx)
	if err == nil {
		n.ID = nil
		u, cerr := c.site.Auth().CreateUser(ctx.UserContext(), storage.ActorOf(sc), n)
		if cerr == nil {
			c.site.Flash(ctx, c.site.T(ctx, "admin.user.created", "Email", u.Email))
			return ctx.Redirect("/console/admin/users/"+u.ID.String(), fiber.StatusSeeOther)
		}
		err = cerr
	}
	f, ferr := c.formChoices(ctx)
	if ferr != nil {
		return ferr
	}
	err = c.refused(ctx, err, "user", web.Names{"Email": form["email"]})
	return c.t.RenderForm(ctx, "admin_user_new", f, form, err)
}
