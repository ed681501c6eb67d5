package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// officeVisit is the page a renew or survey item of the to-do list links
// to: what the law asks the owner to bring for that certificate or survey
// (rules.WhatToBring, each with its rule), and which office: the vessel's
// jurisdiction, with the authority, address and hours it records
// (document.Issuer.Of; the regime's default where it records none).
type officeVisit struct {
	Need      string // renew | survey
	Doc       string // the certificate kind
	Vessel    models.Vessel
	Bring     []rules.Bring
	Office    string // the jurisdiction's name
	Authority string
	Address   string
	Hours     string
}

// officeShow shows what to bring and where, for renewing certificate kind
// :doc of vessel :id or presenting it for that survey (as getVessel and
// getJurisdiction read them). A vessel the owner cannot see, a need other
// than renew or survey, or a certificate kind its law does not know: 404.
func (m *My) officeShow(c *fiber.Ctx) error {
	ctx := c.UserContext()
	need, doc := c.Params("need"), c.Params("doc")
	id, err := uuid.Parse(c.Params("id"))
	if err != nil || (need != "renew" && need != "survey") || !knownKind(doc) {
		return models.NotFound("vessel")
	}
	sc, err := web.Scope(c, "getVessel")
	if err != nil {
		return err
	}
	v, err := m.d.Registry.GetVessel(ctx, sc, id)
	if err != nil {
		return err
	}
	j, err := m.d.Registry.GetJurisdiction(ctx, v.JurisdictionID)
	if err != nil {
		return err
	}
	lang, is := m.site.Lang(c), m.d.Issuer.Of(j)
	return m.t.Render(c, "office", officeVisit{Need: need, Doc: doc, Vessel: v,
		Bring: rules.WhatToBring(rules.Regime(v.Regime), lawKind(doc, v.Kind)), Office: j.Name,
		Authority: document.In(is.Authority, lang), Address: document.In(is.Address, lang),
		Hours: document.In(is.Hours, lang)})
}

// lawKind is the law's kind of a certificate the registry or the law
// names doc (as registry's compliance reads it): a non-mechanised boat's
// survey is its 1-year Certificate of Survey, a licence the Paradip
// licence.
func lawKind(doc, vesselKind string) rules.CertificateKind {
	switch {
	case doc == "survey" && vesselKind == string(rules.KindNonMechanised):
		return rules.CertNonMechSurvey
	case doc == "licence":
		return rules.CertParadipLicence
	}
	return rules.CertificateKind(doc)
}

// knownKind reports whether doc is a vessel certificate kind the registry
// or the law knows.
func knownKind(doc string) bool {
	switch rules.CertificateKind(doc) {
	case "licence":
		return true
	case rules.CertSurvey, rules.CertNonMechSurvey, rules.CertProvisionalSurvey, rules.CertDeclarationOfSurvey,
		rules.CertPollution, rules.CertInsurance, rules.CertFitness, rules.CertParadipLicence, rules.CertRegistration:
		return true
	}
	return false
}

// officeLink is the page a renew or survey item links to.
func officeLink(vessel uuid.UUID, need, doc string) string {
	return "/my/vessels/" + vessel.String() + "/" + need + "/" + doc
}
