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

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web"
)

// Deps are the services the console's pages act through: the same ones the
// API's handlers call. Site is required, and so is every service a page
// of the console uses.
type Deps struct {
	Site     *web.Site
	Registry *registry.Service
	Inspect  *inspect.Service
	Orders   *detention.Service
	Photos   *photo.Service
	Jobs     *jobs.Service
	Push     *tsync.Engine
	Rules    *rules.Registry
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
	// plans and reports read the plan and the charts as the API's
	// listInspectionPlan and getReportChart do (over the site's database).
	plans   *plan.Service
	reports *report.Service
}

// Mount adds the console to the site under /console.
func Mount(d Deps) (*Console, error) {
	if d.Site == nil || d.Registry == nil || d.Inspect == nil || d.Orders == nil || d.Photos == nil || d.Jobs == nil ||
		d.Push == nil || d.Printer == nil {
		return nil, errors.New("console: every service is required")
	}
	t, err := d.Site.Templates(templateFS, "templates")
	if err != nil {
		return nil, err
	}
	c := &Console{d: d, site: d.Site, t: t, plans: plan.New(d.Site.DB()), reports: report.New(d.Site.DB())}
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
