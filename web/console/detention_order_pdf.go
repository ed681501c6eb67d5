package console

import (
	"context"
	"encoding/json"

	"github.com/gofiber/fiber/v2"
	"gorm.io/gorm"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// orderPDF serves the order's PDF (GET /v1/detention-orders/{id}/pdf,
// getDetentionOrderPdf): the same document the API prints, from the
// particulars frozen on the order, in English and then the owner's (or
// ?lang=) language; ?doc=release is the release order.
func (c *Console) orderPDF(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "detention order")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "getDetentionOrderPdf")
	if err != nil {
		return err
	}
	o, err := c.d.Orders.GetOrder(ctx.UserContext(), sc, id)
	if err != nil {
		return err
	}
	lang := ctx.Query("lang")
	if lang == "" {
		err = c.site.DB().Gorm.WithContext(ctx.UserContext()).
			Raw("SELECT preferred_language FROM owners WHERE id = ?", o.OwnerID).Scan(&lang).Error
		if err != nil {
			return err
		}
	}
	var pages []document.Page
	for _, l := range document.Langs(lang) {
		p, err := orderDocument(ctx.UserContext(), c.site.DB().Gorm, o, ctx.Query("doc"), l, c.d.Issuer)
		if err != nil {
			return err
		}
		pages = append(pages, p)
	}
	b, err := c.d.Printer.Print(ctx.UserContext(), pages...)
	if err != nil {
		return err
	}
	name := "detention-order.pdf"
	if ctx.Query("doc") == "release" {
		name = "release-order.pdf"
	}
	ctx.Set(fiber.HeaderContentType, "application/pdf")
	ctx.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	return ctx.Send(b)
}

// orderDocument lays out the detention order, or with doc "release" the
// release order, in lang, under the issuer's letterhead.
func orderDocument(ctx context.Context, db *gorm.DB, o models.DetentionOrder, doc, lang string,
	issuer document.Issuer,
) (document.Page, error) {
	switch doc {
	case "release":
		if len(o.ReleaseParticulars) == 0 || string(o.ReleaseParticulars) == "null" {
			return document.Page{}, models.NotFound("release order")
		}
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return document.Page{}, err
		}
		is, err := issuer.OfPaper(ctx, db, o.JurisdictionID, rules.PaperReleaseOrder)
		if err != nil {
			return document.Page{}, err
		}
		return document.ReleasePage(r, lang, is)
	case "", "detention":
		var d document.DetentionOrder
		if err := json.Unmarshal(o.Particulars, &d); err != nil {
			return document.Page{}, err
		}
		is, err := issuer.OfPaper(ctx, db, o.JurisdictionID, rules.PaperDetentionOrder)
		if err != nil {
			return document.Page{}, err
		}
		return document.DetentionPage(d, lang, is)
	}
	return document.Page{}, models.Refused("doc", "enum", "must be detention or release")
}
