package console

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// orderPDF serves the order's PDF of record, in English (GET
// /v1/detention-orders/{id}/pdf, getDetentionOrderPdf): the same document
// the API serves, from the particulars frozen on the order;
// ?doc=release is the release order.
func (c *Console) orderPDF(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "detention order")
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
	page, err := orderDocument(o, ctx.Query("doc"))
	if err != nil {
		return err
	}
	b, err := document.PDF(page, o.UpdatedAt)
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
// release order, in English, the language of record.
func orderDocument(o models.DetentionOrder, doc string) (document.Page, error) {
	switch doc {
	case "release":
		if len(o.ReleaseParticulars) == 0 || string(o.ReleaseParticulars) == "null" {
			return document.Page{}, models.NotFound("release order")
		}
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return document.Page{}, err
		}
		return document.ReleasePage(r, document.LangEnglish), nil
	case "", "detention":
		var d document.DetentionOrder
		if err := json.Unmarshal(o.Particulars, &d); err != nil {
			return document.Page{}, err
		}
		return document.DetentionPage(d, document.LangEnglish), nil
	}
	return document.Page{}, models.Refused("doc", "enum", "must be detention or release")
}
