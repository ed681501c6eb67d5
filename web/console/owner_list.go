package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/web"
)

// ownerList lists the owners in the person's scope, searched by name.
func (c *Console) ownerList(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listOwners")
	if err != nil {
		return err
	}
	q := ctx.Query("q")
	page, err := c.d.Registry.ListOwners(ctx.UserContext(), sc, nil, q, listOptions(ctx))
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	l := listPage{Heading: "owners.title", Action: "/console/owners", Query: q, SearchLabel: "owners.search",
		Columns: []string{"owner.name", "owner.kind", "owner.phone", "registry.jurisdiction"}, Empty: "owners.empty",
		Next: nextHref("/console/owners", page.NextCursor, url.Values{"q": {q}})}
	if may(ctx, "createOwner") {
		l.NewHref, l.NewLabel = "/console/owners/new", "owner.new"
	}
	for _, o := range page.Items {
		l.Rows = append(l.Rows, row{Cells: []fact{{Value: o.Name, Href: "/console/owners/" + o.ID.String()},
			{Value: o.Kind, Code: "owner.kind."}, {Value: o.Phone}, {Value: names[o.JurisdictionID]}}})
	}
	return c.t.Render(ctx, "registry_list", l)
}
