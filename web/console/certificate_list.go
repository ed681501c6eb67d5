package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// certificateKinds are the contract's kinds of certificate.
var certificateKinds = []string{"registration", "survey", "provisional_survey", "insurance", "pollution", "licence",
	"competency", "gp_rating", "fitness", "permit"}

// certificateList lists the certificates in the person's scope, by kind
// (listCertificates).
func (c *Console) certificateList(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listCertificates")
	if err != nil {
		return err
	}
	kind := ctx.Query("q")
	f := registry.CertificateFilter{}
	for _, k := range certificateKinds {
		if k == kind {
			f.Kind = k
		}
	}
	page, err := c.d.Registry.ListCertificates(ctx.UserContext(), sc, f, listOptions(ctx))
	if err != nil {
		return err
	}
	l := listPage{Heading: "certificates.title", Action: "/console/certificates", Query: kind,
		SearchLabel: "certificates.search", SearchOptions: named("doc.", certificateKinds...),
		Empty:   "certificates.empty",
		Columns: []string{"certificate.kind", "certificate.number", "certificate.expires", "certificate.status"},
		Next:    nextHref("/console/certificates", page.NextCursor, url.Values{"q": {kind}})}
	for _, ct := range page.Items {
		l.Rows = append(l.Rows, row{Cells: certificateCells(ct)})
	}
	return c.t.Render(ctx, "registry_list", l)
}
