package console

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// officeParts and officeLangs name the office form's fields:
// office.<part>.<lang>, as the contract's JurisdictionOffice.
var (
	officeParts = []string{"authority", "address", "hours"}
	officeLangs = []string{"en", "kn", "hi"}
)

// officeFields are the names of every field of the office form.
func officeFields() []string {
	var out []string
	for _, p := range officeParts {
		for _, l := range officeLangs {
			out = append(out, "office."+p+"."+l)
		}
	}
	return out
}

// officeOf reads an office from the submitted form (officeFields).
func officeOf(form map[string]string) models.Office {
	part := func(p string) models.Texts {
		t := models.Texts{}
		for _, l := range officeLangs {
			if s := form["office."+p+"."+l]; s != "" {
				t[l] = s
			}
		}
		return t
	}
	return models.Office{Authority: part("authority"), Address: part("address"), Hours: part("hours")}
}

// officeForm is the stored office as the form's values.
func officeForm(o models.Office) map[string]string {
	out := map[string]string{}
	for p, t := range map[string]models.Texts{"authority": o.Authority, "address": o.Address, "hours": o.Hours} {
		for l, s := range t {
			out["office."+p+"."+l] = s
		}
	}
	return out
}

// officePage is one jurisdiction's office form, with what its papers
// print when a part is left empty (the regime's default, in English).
type officePage struct {
	Jurisdiction models.Jurisdiction
	Parts, Langs []string
	Default      map[string]string
	// PayeeFields name the UPI payee's fields, as the contract's
	// upi_payee.
	PayeeFields []string
}

// payeeFields are the office form's UPI payee fields.
var payeeFields = []string{"upi_payee.vpa", "upi_payee.name"}

// jurisdictionOfficeShow shows the form that sets what a jurisdiction's
// papers and pages say of its office (as getJurisdiction).
func (c *Console) jurisdictionOfficeShow(ctx *fiber.Ctx) error {
	p, err := c.officePageOf(ctx)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, p)
	v.Form = officeForm(p.Jurisdiction.Office)
	v.Form["upi_payee.vpa"], v.Form["upi_payee.name"] = p.Jurisdiction.UPIPayee.VPA, p.Jurisdiction.UPIPayee.Name
	return c.t.RenderView(ctx, fiber.StatusOK, "admin_jurisdiction_office", v)
}

// jurisdictionOfficeUpdate replaces the jurisdiction's office at the
// version shown (as updateJurisdiction with office): every part, empty
// parts back to the regime's default; and its UPI payee (both fields
// empty: the office takes no UPI payments).
func (c *Console) jurisdictionOfficeUpdate(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "updateJurisdiction")
	if err != nil {
		return err
	}
	p, err := c.officePageOf(ctx)
	if err != nil {
		return err
	}
	form := formValues(ctx, append(officeFields(), payeeFields...)...)
	o := officeOf(form)
	payee := models.UPIPayee{VPA: form["upi_payee.vpa"], Name: form["upi_payee.name"]}
	version, err := parseVersion(ctx.FormValue("version"))
	if err == nil {
		_, err = c.d.Registry.UpdateJurisdiction(ctx.UserContext(), sc, p.Jurisdiction.ID, version,
			registry.JurisdictionPatch{Office: &registry.OfficePatch{Authority: &o.Authority, Address: &o.Address,
				Hours: &o.Hours}, UPIPayee: &payee})
	} else {
		err = models.Refused("version", "invalid", "reload the page")
	}
	if err != nil {
		return c.t.RenderForm(ctx, "admin_jurisdiction_office", p, form, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "admin.user.saved"))
	return ctx.Redirect("/console/admin/jurisdictions", fiber.StatusSeeOther)
}

func (c *Console) officePageOf(ctx *fiber.Ctx) (officePage, error) {
	if _, err := web.Scope(ctx, "getJurisdiction"); err != nil {
		return officePage{}, err
	}
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return officePage{}, models.NotFound("jurisdiction")
	}
	j, err := c.d.Registry.GetJurisdiction(ctx.UserContext(), id)
	if err != nil {
		return officePage{}, err
	}
	def, lang := c.d.Issuer.Of(models.Jurisdiction{Regime: j.Regime}), c.site.Lang(ctx)
	return officePage{
		Jurisdiction: j,
		Parts:        officeParts,
		Langs:        officeLangs,
		PayeeFields:  payeeFields,
		Default: map[string]string{
			"authority": document.In(def.Authority, lang),
			"address":   document.In(def.Address, lang),
			"hours":     document.In(def.Hours, lang),
		},
	}, nil
}
