package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// usersPage is the list of users: a page of them, the filter, and the
// next page's cursor.
type usersPage struct {
	Users []auth.Account
	Role  string
	Query string
	Roles []models.Role
	Next  string
	Names map[string]string // jurisdiction id → code
}

// usersShow lists users, paged, by role and a text in the name or email
// (as listUsers).
func (c *Console) usersShow(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listUsers")
	if err != nil {
		return err
	}
	p := usersPage{Role: ctx.Query("role"), Query: ctx.Query("q"), Roles: models.Roles}
	f := auth.UserFilter{Query: p.Query}
	if p.Role != "" {
		role := models.Role(p.Role)
		f.Role = &role
	}
	p.Users, p.Next, err = c.site.Auth().ListUsers(ctx.UserContext(), sc, f, ctx.Query("cursor"), 50)
	if err != nil {
		return err
	}
	if p.Names, err = c.jurisdictionCodes(ctx); err != nil {
		return err
	}
	return c.t.Render(ctx, "admin_users", p)
}
