package console

import "github.com/gofiber/fiber/v2"

// routesPlan registers the inspection plan and the charts (docs/PLAN.md):
// every official of an office; each page acts as its API operation
// (listInspectionPlan, getReportChart), so the table decides who sees what.
func (c *Console) routesPlan(r fiber.Router) {
	r.Get("/plan", c.planShow)
	r.Get("/reports", c.reportsShow)
}
