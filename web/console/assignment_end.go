package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// assignmentEnd ends an assignment on its last day (as endUserAssignment).
func (c *Console) assignmentEnd(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "endUserAssignment")
	if err != nil {
		return err
	}
	id, err1 := uuid.Parse(ctx.Params("id"))
	aid, err2 := uuid.Parse(ctx.Params("aid"))
	if err1 != nil || err2 != nil {
		return models.NotFound("assignment")
	}
	var fe models.FieldErrors
	last := formDate(ctx, "last_day", &fe)
	if last == nil && len(fe) == 0 {
		fe.Add("last_day", "required", "give the last day")
	}
	err = fe.Err()
	if err == nil {
		_, err = c.site.Auth().EndAssignment(ctx.UserContext(), storage.ActorOf(sc), sc, id, aid, *last)
	}
	if err != nil {
		return c.assignmentFailed(ctx, map[string]string{"last_day": ctx.FormValue("last_day")}, err, "assignment_end", aid)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.assignment.ended"))
	return ctx.Redirect("/console/admin/users/"+id.String()+"#assignments", fiber.StatusSeeOther)
}
