package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// certificateShow shows a certificate and links to its holder.
func (c *Console) certificateShow(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "certificate")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "getCertificate")
	if err != nil {
		return err
	}
	ct, err := c.d.Registry.GetCertificate(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	p := showPage{Heading: "certificate.heading", Kind: ct.Kind, Name: ct.Number, Version: ct.Version,
		Facts: certificateFacts(ct)}
	base := "/console/certificates/" + ct.ID.String()
	if may(ctx, "updateCertificate") {
		p.EditHref = base + "/edit"
	}
	if may(ctx, "deleteCertificate") {
		p.DeleteAction = base + "/delete"
	}
	return c.t.Render(ctx, "registry_show", p)
}

func certificateFacts(ct models.Certificate) []fact {
	holder := fact{Label: "certificate.holder", Code: "certificate.subject."}
	switch {
	case ct.VesselID != nil:
		holder.Value, holder.Href = ct.SubjectType, "/console/vessels/"+ct.VesselID.String()
	case ct.CrewMemberID != nil:
		holder.Value, holder.Href = ct.SubjectType, "/console/crew/"+ct.CrewMemberID.String()
	}
	legacy := ""
	if ct.Legacy {
		legacy = "✓"
	}
	return []fact{
		{Label: "certificate.kind", Value: ct.Kind, Code: "doc."}, {Label: "certificate.number", Value: ct.Number},
		{Label: "certificate.grade", Value: ct.Grade, Code: "grade."}, {Label: "certificate.legacy", Value: legacy},
		{Label: "certificate.issued", Value: web.Date(ct.IssuedOn)},
		{Label: "certificate.expires", Value: web.Date(derefTime(ct.ExpiresOn))},
		{Label: "certificate.revalidated", Value: web.Date(derefTime(ct.RevalidatedOn))},
		{Label: "certificate.issuer", Value: ct.Issuer},
		{Label: "certificate.status", Value: ct.Status, Code: "certificate.status."},
		holder, {Label: "registry.version", Value: strconv.FormatInt(ct.Version, 10)},
	}
}
