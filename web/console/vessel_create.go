package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// vesselCreate registers a vessel (createVessel); the form's id makes a
// second post of it the same vessel.
func (c *Console) vesselCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createVessel")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	p := vesselInput(f)
	kind := f.enum("kind", true, "mechanised", "non_mechanised", "harbour_craft", "steam", "motor")
	id := f.id("id", false)
	err = f.err()
	var v models.Vessel
	if err == nil {
		in := models.Vessel{ID: id, RegistrationNumber: *p.RegistrationNumber, Name: *p.Name, Kind: kind, Use: *p.Use,
			Category: p.Category, Zone: p.Zone, Passengers: p.Passengers, LengthM: p.LengthM, BreadthM: p.BreadthM,
			DepthM: p.DepthM, GRT: p.GRT, NRT: p.NRT, CargoTonnes: p.CargoTonnes, SurveyAnniversary: p.SurveyAnniversary,
			SpecialCategory: *p.SpecialCategory, DangerousGoods: *p.DangerousGoods, OwnerID: *p.OwnerID,
			JurisdictionID: *p.JurisdictionID}
		v, _, err = c.d.Registry.CreateVessel(ctx.UserContext(), sc, in)
	}
	if err != nil {
		page, ferr := c.vesselForm(ctx, sc, nil)
		if ferr != nil {
			return ferr
		}
		page.ID = newFormID(f.values["id"])
		return c.renderFailed(ctx, page, f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.created"))
	return ctx.Redirect("/console/vessels/"+v.ID.String(), fiber.StatusSeeOther)
}
