package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// crewInput reads the crew form as the API's CrewMemberPatch.
func crewInput(f *formReader) registry.CrewMemberPatch {
	name := f.text("name", 200, true)
	email := f.text("email", 254, false)
	phone := f.text("phone", 40, false)
	p := registry.CrewMemberPatch{Name: &name, Email: &email, Phone: &phone, DateOfBirth: f.date("date_of_birth", false)}
	if lang := f.enum("preferred_language", false, "en", "kn", "hi"); lang != "" {
		p.PreferredLanguage = &lang
	}
	if j := f.id("jurisdiction_id", true); j != uuid.Nil {
		p.JurisdictionID = &j
	}
	return p
}

// crewUpdate changes a crew member at the version the form was opened at
// (updateCrewMember).
func (c *Console) crewUpdate(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "crew member")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateCrewMember")
	if err != nil {
		return err
	}
	uc := ctx.UserContext()
	m, err := c.d.Registry.GetCrewMember(uc, sc, id)
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	patch, version := crewInput(f), f.version()
	err = f.err()
	if err == nil {
		_, err = c.d.Registry.UpdateCrewMember(uc, sc, id, version, patch)
	}
	if err == nil {
		c.site.Flash(ctx, c.site.T(ctx, "registry.saved"))
		return ctx.Redirect("/console/crew/"+id.String(), fiber.StatusSeeOther)
	}
	if isStale(err) {
		now, gerr := c.d.Registry.GetCrewMember(uc, sc, id)
		if gerr != nil {
			return gerr
		}
		page, ferr := c.crewForm(ctx, sc, &now)
		if ferr != nil {
			return ferr
		}
		page.Entered = entered(page.Fields, f.values, crewValues(now))
		return c.t.RenderForm(ctx, "registry_form", page, crewValues(now), c.staleError(ctx))
	}
	page, ferr := c.crewForm(ctx, sc, &m)
	if ferr != nil {
		return ferr
	}
	page.Version = version
	return c.renderFailed(ctx, page, f.values, err)
}
