package console

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// planPage is the ranked list: a page of entries, the jurisdictions to
// filter by, and the cursors around the page.
type planPage struct {
	Entries       []plan.Entry
	Jurisdictions []models.Jurisdiction
	Jurisdiction  string
	Next          string
	Start         int // the rank of the first entry on the page, less one
}

// planShow shows the risk-ranked inspection plan, acting as the API's
// listInspectionPlan.
func (c *Console) planShow(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listInspectionPlan")
	if err != nil {
		return err
	}
	p := planPage{Jurisdiction: ctx.Query("jurisdiction_id")}
	f, err := planFilter(p.Jurisdiction)
	if err != nil {
		return err
	}
	cursor := ctx.Query("cursor")
	p.Entries, p.Next, err = c.d.Plans.List(ctx.UserContext(), sc, f, c.site.Now(), cursor, 0)
	if err != nil {
		return err
	}
	if p.Jurisdictions, err = c.jurisdictionsOf(ctx); err != nil {
		return err
	}
	p.Start = max(ctx.QueryInt("from", 0), 0)
	return c.t.Render(ctx, "plan_list", p)
}

// planFilter reads the jurisdiction filter. Errors: invalid (jurisdiction_id).
func planFilter(j string) (plan.Filter, error) {
	if j == "" {
		return plan.Filter{}, nil
	}
	id, err := uuid.Parse(strings.TrimSpace(j))
	if err != nil {
		return plan.Filter{}, models.Invalid(
			models.FieldError{Field: "jurisdiction_id", Code: "invalid", Message: "not a jurisdiction"},
		)
	}
	return plan.Filter{JurisdictionID: &id}, nil
}

// jurisdictionsOf lists the jurisdictions the person may filter by: all
// for an admin, else those they are assigned to today.
func (c *Console) jurisdictionsOf(ctx *fiber.Ctx) ([]models.Jurisdiction, error) {
	p := web.Viewer(ctx)
	page, err := c.d.Registry.ListJurisdictions(ctx.UserContext(), registry.ListOptions{Limit: 500})
	if err != nil {
		return nil, err
	}
	var out []models.Jurisdiction
	for _, j := range page.Items {
		if p.Role == models.RoleAdmin || p.InJurisdiction(j.ID) {
			out = append(out, j)
		}
	}
	return out, nil
}
