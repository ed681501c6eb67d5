package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// vesselFields are the vessel form's inputs; the kind is chosen at
// registration only (the API's VesselPatch has none). Engine power is
// changed through the API.
func vesselFields(create bool, owners, jurisdictions []option) []field {
	fs := []field{
		{Name: "registration_number", Label: "vessel.registration", Type: "text", Required: true},
		{Name: "name", Label: "vessel.name", Type: "text", Required: true},
	}
	if create {
		fs = append(fs, field{Name: "kind", Label: "vessel.kind", Type: "select", Required: true,
			Options: named("vessel.kind.", "mechanised", "non_mechanised", "harbour_craft", "steam", "motor")})
	}
	fs = append(fs,
		field{Name: "use", Label: "vessel.use", Type: "select", Required: true,
			Options: named("vessel.use.", "hire", "recreation", "fishing", "cargo", "passenger")},
		field{Name: "category", Label: "vessel.category", Type: "select", Options: options("A", "B", "C")},
		field{Name: "zone", Label: "vessel.zone", Type: "number"},
		field{Name: "passengers", Label: "vessel.passengers", Type: "number"},
		field{Name: "length_m", Label: "vessel.length", Type: "number"},
		field{Name: "breadth_m", Label: "vessel.breadth", Type: "number"},
		field{Name: "depth_m", Label: "vessel.depth", Type: "number"},
		field{Name: "grt", Label: "vessel.grt", Type: "number"},
		field{Name: "nrt", Label: "vessel.nrt", Type: "number"},
		field{Name: "cargo_tonnes", Label: "vessel.cargo", Type: "number"},
		field{Name: "survey_anniversary", Label: "vessel.survey", Type: "date"},
		field{Name: "special_category", Label: "vessel.special", Type: "checkbox"},
		field{Name: "dangerous_goods", Label: "vessel.dangerous", Type: "checkbox"},
		field{Name: "owner_id", Label: "vessel.owner", Type: "select", Required: true, Options: owners},
		field{Name: "jurisdiction_id", Label: "registry.jurisdiction", Type: "select", Required: true,
			Options: jurisdictions},
	)
	if !create {
		fs = append(fs, field{Name: "status", Label: "vessel.status", Type: "select", Required: true,
			Options: named("my.vessel.status.", "active", "detained", "suspended", "cancelled")})
	}
	return fs
}

func vesselValues(v models.Vessel) map[string]string {
	num := func(p *float64) string { return ptrText(p, fmtFloat) }
	m := map[string]string{"registration_number": v.RegistrationNumber, "name": v.Name, "kind": v.Kind, "use": v.Use,
		"category": ptrText(v.Category, func(s string) string { return s }), "zone": ptrText(v.Zone, strconv.Itoa),
		"passengers": ptrText(v.Passengers, strconv.Itoa), "length_m": num(v.LengthM), "breadth_m": num(v.BreadthM),
		"depth_m": num(v.DepthM), "grt": num(v.GRT), "nrt": num(v.NRT), "cargo_tonnes": num(v.CargoTonnes),
		"survey_anniversary": dateValue(v.SurveyAnniversary), "owner_id": v.OwnerID.String(),
		"jurisdiction_id": v.JurisdictionID.String(), "status": v.Status}
	if v.SpecialCategory {
		m["special_category"] = "on"
	}
	if v.DangerousGoods {
		m["dangerous_goods"] = "on"
	}
	return m
}

// ownerOptions are the owners the person may register a vessel to (the
// first page of their scope, by name).
func (c *Console) ownerOptions(ctx *fiber.Ctx) ([]option, error) {
	sc, err := web.Scope(ctx, "listOwners")
	if err != nil {
		return nil, err
	}
	page, err := c.d.Registry.ListOwners(ctx.UserContext(), sc, nil, "", registry.ListOptions{Limit: 500})
	if err != nil {
		return nil, err
	}
	out := make([]option, len(page.Items))
	for i, o := range page.Items {
		out[i] = option{Value: o.ID.String(), Label: o.Name}
	}
	return out, nil
}

// vesselForm is the create (v nil) or edit form of a vessel.
func (c *Console) vesselForm(ctx *fiber.Ctx, sc models.Scope, v *models.Vessel) (formPage, error) {
	owners, err := c.ownerOptions(ctx)
	if err != nil {
		return formPage{}, err
	}
	js, _, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return formPage{}, err
	}
	if v == nil {
		return formPage{Heading: "vessel.new", Action: "/console/vessels", Back: "/console/vessels",
			Fields: vesselFields(true, owners, js)}, nil
	}
	base := "/console/vessels/" + v.ID.String()
	return formPage{Heading: "vessel.edit", Name: vesselName(v.RegistrationNumber, v.Name), Action: base, Back: base,
		Version: v.Version, Fields: vesselFields(false, owners, js)}, nil
}

// vesselNew shows the form to register a vessel.
func (c *Console) vesselNew(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createVessel")
	if err != nil {
		return err
	}
	p, err := c.vesselForm(ctx, sc, nil)
	if err != nil {
		return err
	}
	p.ID = newFormID("")
	v := c.site.View(ctx, p)
	v.Form = map[string]string{"owner_id": ctx.Query("owner_id")}
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}

// vesselEdit shows the form to change a vessel, at the version shown.
func (c *Console) vesselEdit(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "vessel")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateVessel")
	if err != nil {
		return err
	}
	vs, err := c.d.Registry.GetVessel(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	p, err := c.vesselForm(ctx, sc, &vs)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, p)
	v.Form = vesselValues(vs)
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}
