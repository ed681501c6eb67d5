package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// ownerInput reads the owner form as the API's OwnerInput/OwnerPatch.
func ownerInput(f *formReader) registry.OwnerPatch {
	name := f.text("name", 200, true)
	email := f.text("email", 254, false)
	phone := f.text("phone", 40, false)
	mobile := f.text("mobile", 20, false)
	address := f.text("address", 500, false)
	lang := f.enum("preferred_language", false, "en", "kn", "hi")
	p := registry.OwnerPatch{Name: &name, Email: &email, Phone: &phone, Mobile: &mobile, Address: &address}
	if lang != "" {
		p.PreferredLanguage = &lang
	}
	if j := f.id("jurisdiction_id", true); f.values["jurisdiction_id"] != "" {
		p.JurisdictionID = &j
	}
	return p
}

// ownerUpdate changes an owner at the version the form was opened at
// (updateOwner). A stale version shows the owner as it is now beside what
// was entered.
func (c *Console) ownerUpdate(ctx *fiber.Ctx) error {
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
	f := newFormReader(ctx)
	patch, version := ownerInput(f), f.version()
	err = f.err()
	if err == nil {
		_, err = c.d.Registry.UpdateOwner(ctx.UserContext(), sc, id, version, patch)
	}
	if err == nil {
		c.site.Flash(ctx, c.site.T(ctx, "registry.saved"))
		return ctx.Redirect("/console/owners/"+id.String(), fiber.StatusSeeOther)
	}
	if isStale(err) {
		return c.ownerStale(ctx, f.values, id)
	}
	page, ferr := c.ownerForm(ctx, sc, o)
	if ferr != nil {
		return ferr
	}
	page.Version = version
	return c.renderFailed(ctx, page, f.values, err)
}

// ownerStale shows the owner as it is now, at its new version, with what
// the person had entered.
func (c *Console) ownerStale(ctx *fiber.Ctx, typed map[string]string, id uuid.UUID) error {
	sc, err := web.Scope(ctx, "updateOwner")
	if err != nil {
		return err
	}
	now, err := c.d.Registry.GetOwner(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	page, err := c.ownerForm(ctx, sc, now)
	if err != nil {
		return err
	}
	page.Entered = entered(page.Fields, typed, ownerValues(now))
	return c.t.RenderForm(ctx, "registry_form", page, ownerValues(now), c.staleError(ctx))
}
