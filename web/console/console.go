// Package console is the office console at /console: the pages of
// supervisors, registrars, administrators and inspectors at their desks.
// Every page acts through the same services as the API, with the scope the
// API's authorisation table gives the operation the page performs
// (web.Scope), so a page never reaches what the API would refuse. One small
// file per page action: <thing>_show.go renders, <thing>_update.go (or
// _create, _decide …) handles its form (web/README.md).
package console

import (
	"embed"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/web"
)

// Deps are the services the console's pages act through: the one set the
// API's handlers call (services.Set, built in cmd/tindal). Site, Printer
// and every service of the set are required.
type Deps struct {
	services.Set
	Site *web.Site
	// Printer and Issuer print documents (a detention order's PDF) as the
	// API does: its Deps.Printer and Issuer.
	Printer *document.Printer
	Issuer  document.Issuer
}

//go:embed templates/*.html
var templateFS embed.FS

// Console is the office console.
type Console struct {
	d    Deps
	site *web.Site
	t    *web.Templates
}

// Mount adds the console to the site under /console.
func Mount(d Deps) (*Console, error) {
	if d.Site == nil || d.Printer == nil || len(d.Missing()) > 0 {
		return nil, errors.New("console: every service is required")
	}
	t, err := d.Site.Templates(templateFS, "templates")
	if err != nil {
		return nil, err
	}
	c := &Console{d: d, site: d.Site, t: t}
	d.Site.Add(web.Area{Prefix: "/console", Routes: c.routes})
	return c, nil
}

// routes registers the console's pages: sign-in first, then everything
// that needs a signed-in official. Each area of the console registers its
// own pages in routes_<area>.go.
func (c *Console) routes(r fiber.Router) {
	r.Get("/signin", c.signInShow)
	r.Post("/signin", c.signInCheck)
	c.routesAdminPublic(r)
	r.Use(web.RequireRoles(web.Officials...))
	r.Get("/", c.homeShow)
	c.routesReview(r)
	c.routesRegistry(r)
	c.routesAdmin(r)
	c.routesPlan(r)
}
