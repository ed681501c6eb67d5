package console

import "github.com/gofiber/fiber/v2"

// ReviewRoutes lists the routes routesReview registers (method and path
// under /console), for the route walk of the external tests.
func ReviewRoutes() []fiber.Route {
	app := fiber.New()
	(&Console{}).routesReview(app)
	var out []fiber.Route
	for _, r := range app.GetRoutes(true) {
		if r.Method == fiber.MethodGet || r.Method == fiber.MethodPost {
			out = append(out, r)
		}
	}
	return out
}

// PageRoutes lists every GET route of the console (path under /console),
// for the walk that checks every page.
func PageRoutes() []string {
	app := fiber.New()
	(&Console{}).routes(app)
	var out []string
	for _, r := range app.GetRoutes(true) {
		if r.Method == fiber.MethodGet {
			out = append(out, r.Path)
		}
	}
	return out
}
