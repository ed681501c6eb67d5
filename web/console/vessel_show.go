package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// vesselShow shows a vessel's particulars, owner, crew and certificates.
func (c *Console) vesselShow(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "vessel")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "getVessel")
	if err != nil {
		return err
	}
	uc := ctx.UserContext()
	v, err := c.d.Registry.GetVessel(uc, sc, id)
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	owner := fact{Label: "vessel.owner", Value: v.OwnerID.String()}
	if osc, err := web.Scope(ctx, "getOwner"); err == nil {
		if o, err := c.d.Registry.GetOwner(uc, osc, v.OwnerID); err == nil {
			owner.Value, owner.Href = o.Name, "/console/owners/"+o.ID.String()
		}
	}
	p := showPage{Heading: "vessel.heading", Name: v.Name + " · " + v.RegistrationNumber, Version: v.Version,
		Facts: vesselFacts(v, owner, names[v.JurisdictionID])}
	base := "/console/vessels/" + v.ID.String()
	if may(ctx, "updateVessel") {
		p.EditHref = base + "/edit"
	}
	if may(ctx, "deleteVessel") {
		p.DeleteAction = base + "/delete"
	}
	crew, err := c.vesselCrewSection(ctx, v)
	if err != nil {
		return err
	}
	certs, err := c.certificateSection(ctx, registry.CertificateFilter{VesselID: &v.ID})
	if err != nil {
		return err
	}
	if may(ctx, "createCertificate") {
		certs.NewHref = "/console/certificates/new?vessel_id=" + v.ID.String()
	}
	p.Sections = append(p.Sections, crew, certs)
	return c.t.Render(ctx, "registry_show", p)
}

func vesselFacts(v models.Vessel, owner fact, jurisdiction string) []fact {
	num := func(p *float64) string { return ptrText(p, fmtFloat) }
	return []fact{
		{Label: "vessel.registration", Value: v.RegistrationNumber},
		{Label: "vessel.kind", Value: v.Kind, Code: "vessel.kind."},
		{Label: "vessel.use", Value: v.Use, Code: "vessel.use."},
		{Label: "vessel.status", Value: v.Status, Code: "my.vessel.status."},
		{Label: "vessel.category", Value: ptrText(v.Category, func(s string) string { return s })},
		{Label: "vessel.zone", Value: ptrText(v.Zone, strconv.Itoa)},
		{Label: "vessel.passengers", Value: ptrText(v.Passengers, strconv.Itoa)},
		{Label: "vessel.length", Value: num(v.LengthM)},
		{Label: "vessel.breadth", Value: num(v.BreadthM)},
		{Label: "vessel.depth", Value: num(v.DepthM)},
		{Label: "vessel.grt", Value: num(v.GRT)},
		{Label: "vessel.survey", Value: web.Date(derefTime(v.SurveyAnniversary))},
		owner,
		{Label: "registry.jurisdiction", Value: jurisdiction},
		{Label: "registry.version", Value: strconv.FormatInt(v.Version, 10)},
	}
}

// vesselCrewSection lists who is signed on to v (listVesselCrew).
func (c *Console) vesselCrewSection(ctx *fiber.Ctx, v models.Vessel) (section, error) {
	s := section{Heading: "crew.onboard", Columns: []string{"crew.role", "crew.member", "crew.signed_on"}}
	sc, err := web.Scope(ctx, "listVesselCrew")
	if err != nil {
		return s, err
	}
	rows, err := c.d.Registry.ListVesselCrew(ctx.UserContext(), sc, v.ID, false)
	if err != nil {
		return s, err
	}
	msc, err := web.Scope(ctx, "getCrewMember")
	if err != nil {
		return s, err
	}
	for _, r := range rows { // a vessel's crew is a handful: one read each
		name := r.CrewMemberID.String()
		if m, err := c.d.Registry.GetCrewMember(ctx.UserContext(), msc, r.CrewMemberID); err == nil {
			name = m.Name + " · " + m.IndivcNumber
		}
		s.Rows = append(s.Rows, row{Cells: []fact{{Value: r.Role, Code: "role."},
			{Value: name, Href: "/console/crew/" + r.CrewMemberID.String()},
			{Value: web.Date(r.SignedOn)}}})
	}
	return s, nil
}

// certificateSection lists the certificates f selects (listCertificates).
func (c *Console) certificateSection(ctx *fiber.Ctx, f registry.CertificateFilter) (section, error) {
	s := section{Heading: "certificates.title",
		Columns: []string{"certificate.kind", "certificate.number", "certificate.expires", "certificate.status"}}
	sc, err := web.Scope(ctx, "listCertificates")
	if err != nil {
		return s, err
	}
	page, err := c.d.Registry.ListCertificates(ctx.UserContext(), sc, f, registry.ListOptions{Limit: pageSize})
	if err != nil {
		return s, err
	}
	for _, ct := range page.Items {
		s.Rows = append(s.Rows, row{Cells: certificateCells(ct)})
	}
	return s, nil
}

func certificateCells(ct models.Certificate) []fact {
	return []fact{{Value: ct.Kind, Code: "doc.", Href: "/console/certificates/" + ct.ID.String()}, {Value: ct.Number},
		{Value: web.Date(derefTime(ct.ExpiresOn))}, {Value: ct.Status, Code: "certificate.status."}}
}
