package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// routesAdminPublic registers the admin area's pages that need no
// signed-in person: completing a one-time password link (its token is the
// credential).
func (c *Console) routesAdminPublic(r fiber.Router) {
	r.Get("/password", c.passwordShow)
	r.Post("/password", c.passwordUpdate)
}

// routesAdmin registers the administrators' pages (docs/USERS.md): users
// and their assignments, jurisdictions, devices' sync health, jobs. Each handler also takes its scope from the API
// operation it performs (web.Scope), so the table in api/authz.go decides.
func (c *Console) routesAdmin(r fiber.Router) {
	a := r.Group("/admin", web.RequireRoles(models.RoleAdmin))
	a.Get("/users", c.usersShow)
	a.Get("/users/new", c.userNew)
	a.Post("/users", c.userCreate)
	a.Get("/users/:id", c.userShow)
	a.Post("/users/:id", c.userUpdate)
	a.Post("/users/:id/deactivate", c.userDeactivate)
	a.Post("/users/:id/reactivate", c.userReactivate)
	a.Post("/users/:id/password-reset", c.userReset)
	a.Post("/users/:id/assignments", c.assignmentCreate)
	a.Post("/users/:id/assignments/:aid/end", c.assignmentEnd)
	a.Get("/jurisdictions", c.jurisdictionsShow)
	a.Post("/jurisdictions", c.jurisdictionCreate)
	a.Post("/jurisdictions/:id", c.jurisdictionUpdate)
	a.Get("/jurisdictions/:id/office", c.jurisdictionOfficeShow)
	a.Post("/jurisdictions/:id/office", c.jurisdictionOfficeUpdate)
	a.Get("/devices", c.devicesShow)
	a.Get("/jobs", c.jobsShow)
	a.Post("/jobs/:name/run", c.jobsRun)
}
