package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// vesselList lists the vessels in the person's scope, searched by
// registration number or name.
func (c *Console) vesselList(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listVessels")
	if err != nil {
		return err
	}
	q := ctx.Query("q")
	page, err := c.d.Registry.ListVessels(ctx.UserContext(), sc, registry.VesselFilter{Query: q}, listOptions(ctx))
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	l := listPage{Heading: "vessels.title", Action: "/console/vessels", Query: q, SearchLabel: "vessels.search",
		Columns: []string{"vessel.registration", "vessel.name", "vessel.kind", "vessel.use", "vessel.status",
			"registry.jurisdiction"},
		Empty: "vessels.empty", Next: nextHref("/console/vessels", page.NextCursor, url.Values{"q": {q}})}
	if may(ctx, "createVessel") {
		l.NewHref, l.NewLabel = "/console/vessels/new", "vessel.new"
	}
	for _, v := range page.Items {
		l.Rows = append(l.Rows, row{Cells: []fact{{Value: v.RegistrationNumber, Href: "/console/vessels/" + v.ID.String()},
			{Value: v.Name}, {Value: v.Kind, Code: "vessel.kind."}, {Value: v.Use, Code: "vessel.use."},
			{Value: v.Status, Code: "my.vessel.status."}, {Value: names[v.JurisdictionID]}}})
	}
	return c.t.Render(ctx, "registry_list", l)
}
