package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// home is the start page: who is signed in and where they act today.
type home struct {
	All           bool
	Jurisdictions []models.Jurisdiction
}

// homeShow shows the start page.
func (c *Console) homeShow(ctx *fiber.Ctx) error {
	p := web.Viewer(ctx)
	h := home{All: p.Role == models.RoleAdmin}
	if !h.All && len(p.Jurisdictions) > 0 {
		page, err := c.d.Registry.ListJurisdictions(ctx.UserContext(), registry.ListOptions{Limit: 500})
		if err != nil {
			return err
		}
		for _, j := range page.Items {
			if p.InJurisdiction(j.ID) {
				h.Jurisdictions = append(h.Jurisdictions, j)
			}
		}
	}
	return c.t.Render(ctx, "home", h)
}
