package console

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// userPage is one user: the edit form, deactivation, the password link,
// and the assignments with the forms that add and end them.
type userPage struct {
	userForm
	User        auth.Account
	Assignments []assignmentRow
	Names       map[string]string // jurisdiction id → code
	Assignable  bool
	Today       string
}

// assignmentRow is an assignment as the page shows it.
type assignmentRow struct {
	auth.Assignment
	InForce bool
}

// userShow shows a user (as getUser and listUserAssignments).
func (c *Console) userShow(ctx *fiber.Ctx) error {
	p, err := c.userPageOf(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "admin_user", p)
}

// userPageOf reads the user named by the path and what their page shows.
func (c *Console) userPageOf(ctx *fiber.Ctx) (userPage, error) {
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return userPage{}, models.NotFound("user")
	}
	sc, err := web.Scope(ctx, "getUser")
	if err != nil {
		return userPage{}, err
	}
	var p userPage
	if p.User, err = c.site.Auth().GetUser(ctx.UserContext(), sc, id); err != nil {
		return userPage{}, err
	}
	if sc, err = web.Scope(ctx, "listUserAssignments"); err != nil {
		return userPage{}, err
	}
	as, err := c.site.Auth().ListAssignments(ctx.UserContext(), sc, id)
	if err != nil {
		return userPage{}, err
	}
	today := rules.DateOf(c.site.Now()).String()
	for _, a := range as {
		in := a.StartsOn.Format(time.DateOnly) <= today && (a.EndsOn == nil || a.EndsOn.Format(time.DateOnly) >= today)
		p.Assignments = append(p.Assignments, assignmentRow{Assignment: a, InForce: in})
	}
	if p.userForm, err = c.formChoices(ctx); err != nil {
		return userPage{}, err
	}
	p.Names = map[string]string{}
	for _, j := range p.Jurisdictions {
		p.Names[j.ID.String()] = j.Code
	}
	r := p.User.Role
	p.Assignable = r == models.RoleInspector || r == models.RoleSupervisor || r == models.RoleRegistrar
	p.Today = today
	return p, nil
}

// userFormFailed shows the user's page again with a failed form's problem.
func (c *Console) userFormFailed(ctx *fiber.Ctx, form map[string]string, err error) error {
	p, perr := c.userPageOf(ctx)
	if perr != nil {
		return perr
	}
	return c.t.RenderForm(ctx, "admin_user", p, form, err)
}
