package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/web"
)

// rectificationsPage lists owners' rectifications, pending first by
// default, each with its photos and the accept / reject forms.
type rectificationsPage struct {
	Status string
	Items  []inspect.Rectification
	Next   string
	// CanDecide: this person may accept or reject (decideRectification).
	CanDecide bool
}

// rectificationsShow lists rectifications (GET /v1/rectifications,
// listRectifications); ?status= pending (the default), accepted,
// rejected or all.
func (c *Console) rectificationsShow(ctx *fiber.Ctx) error {
	p, err := c.rectificationsPage(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "rectification_list", p)
}

func (c *Console) rectificationsPage(ctx *fiber.Ctx) (*rectificationsPage, error) {
	sc, err := web.Scope(ctx, "listRectifications")
	if err != nil {
		return nil, err
	}
	p := &rectificationsPage{Status: utils.CopyString(ctx.Query("status", inspect.RectificationPending))}
	status := p.Status
	if status == "all" {
		status = ""
	}
	var next string
	p.Items, next, err = c.d.Inspect.ListRectifications(ctx.UserContext(), sc,
		inspect.RectificationFilter{Status: status}, ctx.Query("cursor"), 0)
	if err != nil {
		return nil, err
	}
	if next != "" {
		p.Next = "/console/rectifications?" + url.Values{"status": {p.Status}, "cursor": {next}}.Encode()
	}
	_, derr := web.Scope(ctx, "decideRectification")
	p.CanDecide = derr == nil
	return p, nil
}
