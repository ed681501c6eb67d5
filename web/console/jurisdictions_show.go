package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// jurisdictionsPage lists the jurisdictions with the forms that add one
// and rename each.
type jurisdictionsPage struct {
	Jurisdictions []models.Jurisdiction
	Regimes       []string
	Next          string
	// Parts, Langs and Default are the new jurisdiction's office fields
	// (officePage's); no default is shown before the regime is chosen.
	Parts, Langs []string
	Default      map[string]string
}

// jurisdictionsShow lists jurisdictions (as listJurisdictions).
func (c *Console) jurisdictionsShow(ctx *fiber.Ctx) error {
	p, err := c.jurisdictionsPageOf(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "admin_jurisdictions", p)
}

func (c *Console) jurisdictionsPageOf(ctx *fiber.Ctx) (jurisdictionsPage, error) {
	if _, err := web.Scope(ctx, "listJurisdictions"); err != nil {
		return jurisdictionsPage{}, err
	}
	page, err := c.d.Registry.ListJurisdictions(ctx.UserContext(),
		registry.ListOptions{Cursor: ctx.Query("cursor"), Limit: 100})
	if err != nil {
		return jurisdictionsPage{}, err
	}
	p := jurisdictionsPage{Jurisdictions: page.Items, Next: page.NextCursor, Parts: officeParts, Langs: officeLangs}
	for _, r := range []rules.Regime{rules.RegimeKarnataka2025, rules.RegimeParadip1967, rules.RegimeKandla1955} {
		p.Regimes = append(p.Regimes, string(r))
	}
	return p, nil
}
