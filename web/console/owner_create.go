package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// ownerCreate registers an owner (createOwner). The form carries the new
// record's id, so a form posted twice registers one owner.
func (c *Console) ownerCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createOwner")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	kind := f.enum("kind", true, "person", "firm")
	p := ownerInput(f)
	id := f.id("id", false)
	err = f.err()
	var o models.Owner
	if err == nil {
		in := models.Owner{ID: id, Kind: kind, Name: *p.Name, Email: *p.Email, Phone: *p.Phone, Mobile: *p.Mobile,
			Address:        *p.Address,
			JurisdictionID: *p.JurisdictionID}
		if p.PreferredLanguage != nil {
			in.PreferredLanguage = *p.PreferredLanguage
		}
		o, _, err = c.d.Registry.CreateOwner(ctx.UserContext(), sc, in)
	}
	if err != nil {
		js, _, jerr := c.jurisdictionOptions(ctx, sc)
		if jerr != nil {
			return jerr
		}
		page := formPage{Heading: "owner.new", Action: "/console/owners", Back: "/console/owners",
			Fields: ownerFields(true, js), ID: newFormID(f.values["id"])}
		return c.renderFailed(ctx, page, f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.created"))
	return ctx.Redirect("/console/owners/"+o.ID.String(), fiber.StatusSeeOther)
}
