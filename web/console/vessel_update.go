package console

import (
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// registrationPattern is the contract's pattern of a registration number.
var registrationPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9/ -]{2,40}$`)

// vesselInput reads the vessel form as the API's VesselPatch.
func vesselInput(f *formReader) registry.VesselPatch {
	reg := strings.ToUpper(f.text("registration_number", 41, true))
	if reg != "" && !registrationPattern.MatchString(reg) {
		f.errs.Add("registration_number", "pattern", "letters, digits, '/', '-' and spaces, 3 to 41 of them")
	}
	name := f.text("name", 200, true)
	special, dangerous := f.checkbox("special_category"), f.checkbox("dangerous_goods")
	p := registry.VesselPatch{RegistrationNumber: &reg, Name: &name, SpecialCategory: &special,
		DangerousGoods: &dangerous,
		Zone:           f.integer("zone", 1, 3), Passengers: f.integer("passengers", 0, 10000),
		LengthM: f.number("length_m", 0, 500), BreadthM: f.number("breadth_m", 0, 100),
		DepthM: f.number("depth_m", 0, 50), GRT: f.number("grt", -1, 1000000), NRT: f.number("nrt", -1, 1000000),
		CargoTonnes:       f.number("cargo_tonnes", -1, 1000000),
		SurveyAnniversary: f.date("survey_anniversary", false)}
	if use := f.enum("use", true, "hire", "recreation", "fishing", "cargo", "passenger"); use != "" {
		p.Use = &use
	}
	if cat := f.enum("category", false, "A", "B", "C"); cat != "" {
		p.Category = &cat
	}
	if owner := f.id("owner_id", true); owner != uuid.Nil {
		p.OwnerID = &owner
	}
	if j := f.id("jurisdiction_id", true); j != uuid.Nil {
		p.JurisdictionID = &j
	}
	return p
}

// vesselUpdate changes a vessel at the version the form was opened at
// (updateVessel). A stale version shows the vessel as it is now beside
// what was entered.
func (c *Console) vesselUpdate(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "vessel")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateVessel")
	if err != nil {
		return err
	}
	uc := ctx.UserContext()
	vs, err := c.d.Registry.GetVessel(uc, sc, id)
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	patch, version := vesselInput(f), f.version()
	if st := f.enum("status", true, "active", "detained", "suspended", "cancelled"); st != "" {
		patch.Status = &st
	}
	err = f.err()
	if err == nil {
		_, err = c.d.Registry.UpdateVessel(uc, sc, id, version, patch)
	}
	if err == nil {
		c.site.Flash(ctx, c.site.T(ctx, "registry.saved"))
		return ctx.Redirect("/console/vessels/"+id.String(), fiber.StatusSeeOther)
	}
	if isStale(err) {
		now, gerr := c.d.Registry.GetVessel(uc, sc, id)
		if gerr != nil {
			return gerr
		}
		page, ferr := c.vesselForm(ctx, sc, &now)
		if ferr != nil {
			return ferr
		}
		page.Entered = entered(page.Fields, f.values, vesselValues(now))
		return c.t.RenderForm(ctx, "registry_form", page, vesselValues(now), c.staleError(ctx))
	}
	page, ferr := c.vesselForm(ctx, sc, &vs)
	if ferr != nil {
		return ferr
	}
	page.Version = version
	return c.renderFailed(ctx, page, f.values, err)
}
