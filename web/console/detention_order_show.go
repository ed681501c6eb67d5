package console

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// orderPage is a detention order as issued, its release order once
// released, and whether this person may release it now.
type orderPage struct {
	Order      models.DetentionOrder
	Detention  document.DetentionOrder
	Release    *document.ReleaseOrder
	CanRelease bool
}

// orderShow shows a detention order (GET /v1/detention-orders/{id},
// getDetentionOrder) with the links to its PDF and, while it is in force,
// the release form.
func (c *Console) orderShow(ctx *fiber.Ctx) error {
	p, err := c.orderPage(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "detention_order", p)
}

func (c *Console) orderPage(ctx *fiber.Ctx) (*orderPage, error) {
	id, err := idParam(ctx, "detention order")
	if err != nil {
		return nil, err
	}
	sc, err := web.Scope(ctx, "getDetentionOrder")
	if err != nil {
		return nil, err
	}
	o, err := c.d.Orders.GetOrder(ctx.UserContext(), sc, id)
	if err != nil {
		return nil, err
	}
	p := &orderPage{Order: o}
	if err := json.Unmarshal(o.Particulars, &p.Detention); err != nil {
		return nil, err
	}
	if len(o.ReleaseParticulars) > 0 && string(o.ReleaseParticulars) != "null" {
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return nil, err
		}
		p.Release = &r
	}
	_, rerr := web.Scope(ctx, "releaseDetentionOrder")
	p.CanRelease = rerr == nil && o.Status == models.OrderInForce
	return p, nil
}
