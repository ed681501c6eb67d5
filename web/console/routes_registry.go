package console

import "github.com/gofiber/fiber/v2"

// routesRegistry registers the registrar's pages (owners, vessels, crew,
// certificates) and the penalty notices' pages. Every page names the API
// operation it performs (web.Scope), so each role reaches here what it
// reaches through the API: inspectors and supervisors read, registrars
// and admins also write; another office's ids are the same 404.
func (c *Console) routesRegistry(r fiber.Router) {
	r.Get("/owners", c.ownerList)
	r.Get("/owners/new", c.ownerNew)
	r.Post("/owners", c.ownerCreate)
	r.Get("/owners/:id", c.ownerShow)
	r.Get("/owners/:id/edit", c.ownerEdit)
	r.Post("/owners/:id", c.ownerUpdate)
	r.Post("/owners/:id/delete", c.ownerDelete())

	r.Get("/vessels", c.vesselList)
	r.Get("/vessels/new", c.vesselNew)
	r.Post("/vessels", c.vesselCreate)
	r.Get("/vessels/:id", c.vesselShow)
	r.Get("/vessels/:id/edit", c.vesselEdit)
	r.Post("/vessels/:id", c.vesselUpdate)
	r.Post("/vessels/:id/delete", c.vesselDelete())

	r.Get("/crew", c.crewList)
	r.Get("/crew/new", c.crewNew)
	r.Post("/crew", c.crewCreate)
	r.Get("/crew/:id", c.crewShow)
	r.Get("/crew/:id/edit", c.crewEdit)
	r.Post("/crew/:id", c.crewUpdate)
	r.Post("/crew/:id/delete", c.crewDelete())

	r.Get("/certificates", c.certificateList)
	r.Get("/certificates/new", c.certificateNew)
	r.Post("/certificates", c.certificateCreate)
	r.Get("/certificates/:id", c.certificateShow)
	r.Get("/certificates/:id/edit", c.certificateEdit)
	r.Post("/certificates/:id", c.certificateUpdate)
	r.Post("/certificates/:id/delete", c.certificateDelete())

	r.Get("/notices", c.noticeList)
	r.Get("/notices/:id", c.noticeShow)
	r.Post("/notices/:id/payments", c.noticePayment)
	r.Post("/notices/:id/appeals/:appeal", c.noticeAppealDecide)
	r.Post("/notices/:id/rises/:rise", c.noticeRiseDecide)
}
