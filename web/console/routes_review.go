package console

import "github.com/gofiber/fiber/v2"

// routesReview registers the supervisor's pages: the review queue, the
// inspection with its photos, the decision, detention and release, owners'
// rectifications and the flags (docs/ENFORCEMENT.md). Each page names the
// API operation it performs (web.Scope), so the authorisation table decides
// who may use it, and another office's ids are the API's 404.
func (c *Console) routesReview(r fiber.Router) {
	r.Get("/queue", c.queueShow)
	r.Get("/inspections/:id", c.inspectionShow)
	r.Post("/inspections/:id/review", c.reviewDecide)
	r.Get("/inspections/:id/detention", c.detentionShow)
	r.Post("/inspections/:id/detention", c.detentionConfirm)
	r.Post("/conflicts/:id/resolve", c.conflictResolve)
	r.Post("/amendment-requests/:id/decide", c.amendmentDecide)
	r.Get("/photos/:id", c.photoShow)
	r.Get("/photos/:id/content", c.photoContent)
	r.Get("/detention-orders/:id", c.orderShow)
	r.Get("/detention-orders/:id/pdf", c.orderPDF)
	r.Post("/detention-orders/:id/release", c.orderRelease)
	r.Get("/rectifications", c.rectificationsShow)
	r.Post("/rectifications/:id/decide", c.rectificationDecide)
	r.Get("/flags", c.flagsShow)
	r.Get("/sync", c.syncShow)
	r.Post("/sync/backlog/:id/decide", c.backlogDecide)
	r.Post("/sync/quarantine/:id/decide", c.quarantineDecide)
}
