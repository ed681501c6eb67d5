package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// rectificationsPage lists owners' rectifications, pending first by
// default, each with its photos and the accept / reject forms.
type rectificationsPage struct {
	Status string
	Items  []inspect.Rectification
	// About names what each card is about, by rectification id: the
	// vessel (registration and name) and the finding (deficiency code and
	// title in the page's language), as its refusals name them.
	About map[uuid.UUID]web.Names
	Next  string
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
	if p.About, err = c.rectificationNames(ctx, sc, p.Items); err != nil {
		return nil, err
	}
	if next != "" {
		p.Next = "/console/rectifications?" + url.Values{"status": {p.Status}, "cursor": {next}}.Encode()
	}
	_, derr := web.Scope(ctx, "decideRectification")
	p.CanDecide = derr == nil
	return p, nil
}

// rectificationNames names the vessel and the finding of each of rs
// (rectificationRefused's names), reading the findings and the vessels
// once for the page.
func (c *Console) rectificationNames(ctx *fiber.Ctx, sc models.Scope, rs []inspect.Rectification,
) (map[uuid.UUID]web.Names, error) {
	uctx := ctx.UserContext()
	ids := make([]uuid.UUID, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	subjects, err := c.d.Inspect.RectificationSubjects(uctx, sc, ids)
	if err != nil {
		return nil, err
	}
	vessels := make([]uuid.UUID, 0, len(subjects))
	for _, s := range subjects {
		vessels = append(vessels, s.VesselID)
	}
	vs := map[uuid.UUID]models.Vessel{}
	if vsc, verr := web.Scope(ctx, "getVessel"); verr == nil {
		if vs, err = c.d.Registry.VesselsByID(uctx, vsc, vessels); err != nil {
			return nil, err
		}
	}
	// A View of its own names the deficiencies: the page's View pops the
	// flash, which the list rendered next must still show.
	view := &web.View{Lang: c.site.Lang(ctx)}
	out := make(map[uuid.UUID]web.Names, len(subjects))
	for id, s := range subjects {
		names := web.Names{"Finding": s.Code + " " + view.Deficiency(s.Code), "Vessel": ""}
		if v, ok := vs[s.VesselID]; ok {
			names["Vessel"] = vesselName(v.RegistrationNumber, v.Name)
		}
		out[id] = names
	}
	return out, nil
}
