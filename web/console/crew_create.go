package console

import (
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// indivcPattern is the contract's pattern of an INDIVC number.
var indivcPattern = regexp.MustCompile(`^[A-Z0-9/-]{4,40}$`)

// crewCreate registers a crew member (createCrewMember); the form's id
// makes a second post of it the same crew member.
func (c *Console) crewCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createCrewMember")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	indivc := strings.ToUpper(f.text("indivc_number", 40, true))
	if indivc != "" && !indivcPattern.MatchString(indivc) {
		f.errs.Add("indivc_number", "pattern", "capital letters, digits, '/' and '-', 4 to 40 of them")
	}
	p := crewInput(f)
	id := f.id("id", false)
	err = f.err()
	var m models.CrewMember
	if err == nil {
		in := models.CrewMember{ID: id, IndivcNumber: indivc, Name: *p.Name, Email: *p.Email, Phone: *p.Phone,
			DateOfBirth: p.DateOfBirth, JurisdictionID: *p.JurisdictionID}
		if p.PreferredLanguage != nil {
			in.PreferredLanguage = *p.PreferredLanguage
		}
		m, _, err = c.d.Registry.CreateCrewMember(ctx.UserContext(), sc, in)
	}
	if err != nil {
		page, ferr := c.crewForm(ctx, sc, nil)
		if ferr != nil {
			return ferr
		}
		page.ID = newFormID(f.values["id"])
		return c.renderFailed(ctx, page, f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.created"))
	return ctx.Redirect("/console/crew/"+m.ID.String(), fiber.StatusSeeOther)
}
