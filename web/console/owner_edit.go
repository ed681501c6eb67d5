package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// ownerFields are the owner form's inputs; the kind is chosen at
// registration only (the API's OwnerPatch has none).
func ownerFields(create bool, jurisdictions []option) []field {
	var fs []field
	if create {
		fs = append(fs, field{Name: "kind", Label: "owner.kind", Type: "select", Required: true,
			Options: named("owner.kind.", "person", "firm")})
	}
	fs = append(fs,
		field{Name: "name", Label: "owner.name", Type: "text", Required: true},
		field{Name: "email", Label: "owner.email", Type: "email"},
		field{Name: "phone", Label: "owner.phone", Type: "text"},
		field{Name: "mobile", Label: "owner.mobile", Type: "text"},
		field{Name: "address", Label: "owner.address", Type: "textarea"},
		field{Name: "preferred_language", Label: "owner.language", Type: "select", Options: languageOptions},
		field{Name: "jurisdiction_id", Label: "registry.jurisdiction", Type: "select", Required: true,
			Options: jurisdictions},
	)
	return fs
}

func ownerValues(o models.Owner) map[string]string {
	return map[string]string{"kind": o.Kind, "name": o.Name, "email": o.Email, "phone": o.Phone,
		"mobile": o.Mobile, "address": o.Address, "preferred_language": o.PreferredLanguage,
		"jurisdiction_id": o.JurisdictionID.String()}
}

// ownerNew shows the form to register an owner.
func (c *Console) ownerNew(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createOwner")
	if err != nil {
		return err
	}
	js, _, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	p := formPage{Heading: "owner.new", Action: "/console/owners", Back: "/console/owners", Fields: ownerFields(true, js),
		ID: newFormID("")}
	v := c.site.View(ctx, p)
	v.Form = map[string]string{"preferred_language": "kn"}
	if len(js) == 1 {
		v.Form["jurisdiction_id"] = js[0].Value
	}
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}

// ownerEdit shows the form to change an owner, at the version shown.
func (c *Console) ownerEdit(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "owner")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateOwner")
	if err != nil {
		return err
	}
	o, err := c.d.Registry.GetOwner(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	p, err := c.ownerForm(ctx, sc, o)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, p)
	v.Form = ownerValues(o)
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}

// ownerForm is the edit form of o at its version.
func (c *Console) ownerForm(ctx *fiber.Ctx, sc models.Scope, o models.Owner) (formPage, error) {
	js, _, err := c.jurisdictionOptions(ctx, sc)
	base := "/console/owners/" + o.ID.String()
	return formPage{Heading: "owner.edit", Name: o.Name, Action: base, Back: base, Version: o.Version,
		Fields: ownerFields(false, js)}, err
}
