package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// assignmentCreate assigns the user to a jurisdiction from a day (as
// createUserAssignment).
func (c *Console) assignmentCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createUserAssignment")
	if err != nil {
		return err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return models.NotFound("user")
	}
	form := formValues(ctx, "jurisdiction_id", "starts_on", "ends_on")
	a, err := assignmentForm(ctx)
	if err == nil {
		_, _, err = c.site.Auth().Assign(ctx.UserContext(), storage.ActorOf(sc), sc, id, a)
	}
	if err != nil {
		return c.assignmentFailed(ctx, form, err, "assignment", uuid.Nil)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.assignment.added"))
	return ctx.Redirect("/console/admin/users/"+id.String()+"#assignments", fiber.StatusSeeOther)
}
