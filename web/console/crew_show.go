package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// crewShow shows a crew member's particulars and certificates.
func (c *Console) crewShow(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "crew member")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "getCrewMember")
	if err != nil {
		return err
	}
	m, err := c.d.Registry.GetCrewMember(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	p := showPage{Heading: "crew.heading", Name: m.Name, Version: m.Version, Facts: []fact{
		{Label: "crew.indivc", Value: m.IndivcNumber},
		{Label: "crew.born", Value: web.Date(derefTime(m.DateOfBirth))},
		{Label: "owner.email", Value: m.Email}, {Label: "crew.phone", Value: m.Phone},
		{Label: "owner.language", Value: m.PreferredLanguage, Code: "lang."},
		{Label: "registry.jurisdiction", Value: names[m.JurisdictionID]},
		{Label: "registry.version", Value: strconv.FormatInt(m.Version, 10)},
	}}
	base := "/console/crew/" + m.ID.String()
	if may(ctx, "updateCrewMember") {
		p.EditHref = base + "/edit"
	}
	if may(ctx, "deleteCrewMember") {
		p.DeleteAction = base + "/delete"
	}
	certs, err := c.certificateSection(ctx, registry.CertificateFilter{CrewMemberID: &m.ID})
	if err != nil {
		return err
	}
	if may(ctx, "createCertificate") {
		certs.NewHref = "/console/certificates/new?crew_member_id=" + m.ID.String()
	}
	p.Sections = append(p.Sections, certs)
	return c.t.Render(ctx, "registry_show", p)
}
