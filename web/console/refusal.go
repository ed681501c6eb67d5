package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// vesselName is a vessel as people name it: its registration number and
// its name.
func vesselName(reg, name string) string {
	if name == "" {
		return reg
	}
	return reg + " " + name
}

// orderNumberOf is the number of the detention order of the inspection (or
// else the vessel's newest) the person may read, for a refusal that names
// it; "" when there is none to name.
func (c *Console) orderNumberOf(ctx *fiber.Ctx, p *detentionPage) string {
	sc, err := web.Scope(ctx, "getDetentionOrder")
	if err != nil {
		return ""
	}
	if p.Proposal.OrderID != nil {
		if o, err := c.d.Orders.GetOrder(ctx.UserContext(), sc, *p.Proposal.OrderID); err == nil {
			return o.Number
		}
	}
	if p.Vessel.ID == ([16]byte{}) {
		return ""
	}
	lsc, err := web.Scope(ctx, "listDetentionOrders")
	if err != nil {
		return ""
	}
	orders, _, err := c.d.Orders.ListOrders(ctx.UserContext(), lsc, &p.Vessel.ID, "", "", 1)
	if err != nil || len(orders) == 0 {
		return ""
	}
	return orders[0].Number
}

// refused is err in the page's language, naming what it refers to
// (web.Site.Refusal) for the console's action.
func (c *Console) refused(ctx *fiber.Ctx, err error, action string, names web.Names) error {
	if models.KindOf(err) == "" {
		return err
	}
	return c.site.Refusal(ctx, err, action, names)
}
