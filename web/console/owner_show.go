package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// ownerShow shows an owner's particulars and vessels.
func (c *Console) ownerShow(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "owner")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "getOwner")
	if err != nil {
		return err
	}
	o, err := c.d.Registry.GetOwner(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	_, names, err := c.jurisdictionOptions(ctx, sc)
	if err != nil {
		return err
	}
	p := showPage{Heading: "owner.heading", Name: o.Name, Version: o.Version, Facts: []fact{
		{Label: "owner.kind", Value: o.Kind, Code: "owner.kind."}, {Label: "owner.email", Value: o.Email},
		{Label: "owner.phone", Value: o.Phone}, {Label: "owner.mobile", Value: o.Mobile},
		{Label: "owner.address", Value: o.Address},
		{Label: "owner.language", Value: o.PreferredLanguage, Code: "lang."},
		{Label: "registry.jurisdiction", Value: names[o.JurisdictionID]},
		{Label: "registry.version", Value: strconv.FormatInt(o.Version, 10)},
	}}
	base := "/console/owners/" + o.ID.String()
	if may(ctx, "updateOwner") {
		p.EditHref = base + "/edit"
	}
	if may(ctx, "deleteOwner") {
		p.DeleteAction = base + "/delete"
	}
	vsc, err := web.Scope(ctx, "listVessels")
	if err != nil {
		return err
	}
	vs, err := c.d.Registry.ListVessels(ctx.UserContext(), vsc, registry.VesselFilter{OwnerID: &o.ID},
		registry.ListOptions{Limit: pageSize})
	if err != nil {
		return err
	}
	s := section{Heading: "vessels.title", Columns: []string{"vessel.registration", "vessel.name", "vessel.status"}}
	for _, v := range vs.Items {
		s.Rows = append(s.Rows, row{Cells: []fact{{Value: v.RegistrationNumber, Href: "/console/vessels/" + v.ID.String()},
			{Value: v.Name}, {Value: v.Status, Code: "my.vessel.status."}}})
	}
	p.Sections = append(p.Sections, s)
	if err := c.ownerMessages(ctx, o.ID, &p); err != nil {
		return err
	}
	return c.t.Render(ctx, "registry_show", p)
}
