package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// crewList lists the crew members in the person's scope, searched by
// name or INDIVC number.
func (c *Console) crewList(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listCrewMembers")
	if err != nil {
		return err
	}
	q := ctx.Query("q")
	page, err := c.d.Registry.ListCrewMembers(ctx.UserContext(), sc, nil, q, listOptions(ctx))
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	l := listPage{Heading: "crew.title", Action: "/console/crew", Query: q, SearchLabel: "crew.search",
		Columns: []string{"crew.name", "crew.indivc", "crew.phone", "registry.jurisdiction"}, Empty: "crew.empty",
		Next: nextHref("/console/crew", page.NextCursor, url.Values{"q": {q}})}
	if may(ctx, "createCrewMember") {
		l.NewHref, l.NewLabel = "/console/crew/new", "crew.new"
	}
	for _, m := range page.Items {
		l.Rows = append(l.Rows, row{Cells: []fact{{Value: m.Name, Href: "/console/crew/" + m.ID.String()},
			{Value: m.IndivcNumber}, {Value: m.Phone}, {Value: names[m.JurisdictionID]}}})
	}
	return c.t.Render(ctx, "registry_list", l)
}
