package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// crewFields are the crew form's inputs; the INDIVC number is given at
// registration only (the API's CrewMemberPatch has none).
func crewFields(create bool, jurisdictions []option) []field {
	var fs []field
	if create {
		fs = append(fs, field{Name: "indivc_number", Label: "crew.indivc", Type: "text", Required: true})
	}
	return append(fs,
		field{Name: "name", Label: "crew.name", Type: "text", Required: true},
		field{Name: "date_of_birth", Label: "crew.born", Type: "date"},
		field{Name: "email", Label: "owner.email", Type: "email"},
		field{Name: "phone", Label: "crew.phone", Type: "text"},
		field{Name: "preferred_language", Label: "owner.language", Type: "select", Options: languageOptions},
		field{Name: "jurisdiction_id", Label: "registry.jurisdiction", Type: "select", Required: true,
			Options: jurisdictions},
	)
}

func crewValues(m models.CrewMember) map[string]string {
	return map[string]string{"indivc_number": m.IndivcNumber, "name": m.Name, "date_of_birth": dateValue(m.DateOfBirth),
		"email": m.Email, "phone": m.Phone, "preferred_language": m.PreferredLanguage,
		"jurisdiction_id": m.JurisdictionID.String()}
}

// crewForm is the create (m nil) or edit form of a crew member.
func (c *Console) crewForm(ctx *fiber.Ctx, sc models.Scope, m *models.CrewMember) (formPage, error) {
	js, _, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return formPage{}, err
	}
	if m == nil {
		return formPage{Heading: "crew.new", Action: "/console/crew", Back: "/console/crew",
			Fields: crewFields(true, js)}, nil
	}
	base := "/console/crew/" + m.ID.String()
	return formPage{Heading: "crew.edit", Name: m.Name, Action: base, Back: base, Version: m.Version,
		Fields: crewFields(false, js)}, nil
}

// crewNew shows the form to register a crew member.
func (c *Console) crewNew(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createCrewMember")
	if err != nil {
		return err
	}
	p, err := c.crewForm(ctx, sc, nil)
	if err != nil {
		return err
	}
	p.ID = newFormID("")
	v := c.site.View(ctx, p)
	v.Form = map[string]string{}
	if js := p.Fields[len(p.Fields)-1].Options; len(js) == 1 {
		v.Form["jurisdiction_id"] = js[0].Value
	}
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}

// crewEdit shows the form to change a crew member, at the version shown.
func (c *Console) crewEdit(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "crew member")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateCrewMember")
	if err != nil {
		return err
	}
	m, err := c.d.Registry.GetCrewMember(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	p, err := c.crewForm(ctx, sc, &m)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, p)
	v.Form = crewValues(m)
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}
