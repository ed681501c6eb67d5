package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// certificateInput reads the certificate form as the API's
// CertificatePatch.
func certificateInput(f *formReader) registry.CertificatePatch {
	number := f.text("number", 80, true)
	return registry.CertificatePatch{Number: &number, Grade: f.optional("grade", 60), Issuer: f.optional("issuer", 200),
		IssuedOn: f.date("issued_on", true), ExpiresOn: f.date("expires_on", false),
		RevalidatedOn: f.date("revalidated_on", false)}
}

// certificateUpdate changes a certificate at the version the form was
// opened at (updateCertificate).
func (c *Console) certificateUpdate(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "certificate")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateCertificate")
	if err != nil {
		return err
	}
	uc := ctx.UserContext()
	ct, err := c.d.Registry.GetCertificate(uc, sc, id)
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	patch, version := certificateInput(f), f.version()
	err = f.err()
	if err == nil {
		_, err = c.d.Registry.UpdateCertificate(uc, sc, id, version, patch)
	}
	if err == nil {
		c.site.Flash(ctx, c.site.T(ctx, "registry.saved"))
		return ctx.Redirect("/console/certificates/"+id.String(), fiber.StatusSeeOther)
	}
	if isStale(err) {
		now, gerr := c.d.Registry.GetCertificate(uc, sc, id)
		if gerr != nil {
			return gerr
		}
		page := certificateForm(now)
		page.Entered = entered(page.Fields, f.values, certificateValues(now))
		return c.t.RenderForm(ctx, "registry_form", page, certificateValues(now), c.staleError(ctx))
	}
	page := certificateForm(ct)
	page.Version = version
	return c.renderFailed(ctx, page, f.values, err)
}

// certificateHolder is the vessel or crew member the query names.
func certificateHolder(ctx *fiber.Ctx) (string, uuid.UUID, error) {
	for _, holder := range []string{"vessel_id", "crew_member_id"} {
		if v := ctx.Query(holder); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return "", uuid.Nil, models.NotFound("certificate holder")
			}
			return holder, id, nil
		}
	}
	return "", uuid.Nil, models.NotFound("certificate holder")
}

// certificateCreate records a certificate of a vessel or a crew member
// (createCertificate); the form's id makes a second post the same one.
func (c *Console) certificateCreate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "createCertificate")
	if err != nil {
		return err
	}
	holder, hid, err := certificateHolder(ctx)
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	kind := f.enum("kind", true, certificateKinds...)
	p := certificateInput(f)
	legacy := f.checkbox("legacy")
	id := f.id("id", false)
	err = f.err()
	var ct models.Certificate
	if err == nil {
		in := models.Certificate{ID: id, Kind: kind, Number: *p.Number, Legacy: legacy, IssuedOn: *p.IssuedOn,
			ExpiresOn: p.ExpiresOn, RevalidatedOn: p.RevalidatedOn}
		if p.Grade != nil {
			in.Grade = *p.Grade
		}
		if p.Issuer != nil {
			in.Issuer = *p.Issuer
		}
		if holder == "vessel_id" {
			in.VesselID = &hid
		} else {
			in.CrewMemberID = &hid
		}
		ct, _, err = c.d.Registry.CreateCertificate(ctx.UserContext(), sc, in)
	}
	if err != nil {
		page := certificateNewForm(holder, hid.String())
		page.ID = newFormID(f.values["id"])
		return c.renderFailed(ctx, page, f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "registry.created"))
	return ctx.Redirect("/console/certificates/"+ct.ID.String(), fiber.StatusSeeOther)
}
