package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// certificateFields are the certificate form's inputs; the kind and the
// holder are given when it is recorded (the API's CertificatePatch has
// neither).
func certificateFields(create bool) []field {
	var fs []field
	if create {
		fs = append(fs, field{Name: "kind", Label: "certificate.kind", Type: "select", Required: true,
			Options: named("doc.", certificateKinds...)})
	}
	fs = append(fs,
		field{Name: "number", Label: "certificate.number", Type: "text", Required: true},
		field{Name: "grade", Label: "certificate.grade", Type: "text"},
		field{Name: "issued_on", Label: "certificate.issued", Type: "date", Required: true},
		field{Name: "expires_on", Label: "certificate.expires", Type: "date"},
		field{Name: "revalidated_on", Label: "certificate.revalidated", Type: "date"},
		field{Name: "issuer", Label: "certificate.issuer", Type: "text"},
	)
	if create {
		fs = append(fs, field{Name: "legacy", Label: "certificate.legacy", Type: "checkbox"})
	}
	return fs
}

func certificateValues(ct models.Certificate) map[string]string {
	return map[string]string{"kind": ct.Kind, "number": ct.Number, "grade": ct.Grade,
		"issued_on": dateValue(&ct.IssuedOn), "expires_on": dateValue(ct.ExpiresOn),
		"revalidated_on": dateValue(ct.RevalidatedOn), "issuer": ct.Issuer}
}

// certificateForm is the edit form of ct.
func certificateForm(ct models.Certificate) formPage {
	base := "/console/certificates/" + ct.ID.String()
	return formPage{Heading: "certificate.edit", Kind: ct.Kind, Name: ct.Number, Action: base, Back: base,
		Version: ct.Version, Fields: certificateFields(false)}
}

// certificateNewForm is the form to record a certificate of the vessel or
// crew member the query names.
func certificateNewForm(holder, id string) formPage {
	back := "/console/vessels/" + id
	if holder == "crew_member_id" {
		back = "/console/crew/" + id
	}
	return formPage{Heading: "certificate.new", Action: "/console/certificates?" + holder + "=" + id, Back: back,
		Fields: certificateFields(true)}
}

// certificateNew shows the form to record a certificate.
func (c *Console) certificateNew(ctx *fiber.Ctx) error {
	if _, err := web.Scope(ctx, "createCertificate"); err != nil {
		return err
	}
	holder, id, err := certificateHolder(ctx)
	if err != nil {
		return err
	}
	p := certificateNewForm(holder, id.String())
	p.ID = newFormID("")
	return c.t.Render(ctx, "registry_form", p)
}

// certificateEdit shows the form to change a certificate, at the version
// shown.
func (c *Console) certificateEdit(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "certificate")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "updateCertificate")
	if err != nil {
		return err
	}
	ct, err := c.d.Registry.GetCertificate(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, certificateForm(ct))
	v.Form = certificateValues(ct)
	return c.t.RenderView(ctx, fiber.StatusOK, "registry_form", v)
}
