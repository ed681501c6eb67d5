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

// queuePage is the review queue: the filters as chosen, the counts of the
// whole queue in scope, one page of inspections and the next page's link.
type queuePage struct {
	Jurisdiction, Outcome                string
	Detention, Evidence, Issues, Overdue bool
	Jurisdictions                        []models.Jurisdiction
	Counts                               inspect.QueueCounts
	Items                                []queueRow
	Next                                 string
}

// queueRow is one inspection of the queue with its vessel.
type queueRow struct {
	inspect.QueueItem
	Vessel models.Vessel
}

// queueShow shows the review queue (GET /v1/reviews, listReviews):
// submitted inspections of the supervisor's offices, oldest first.
func (c *Console) queueShow(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listReviews")
	if err != nil {
		return err
	}
	p, f, err := queueFilterOf(ctx)
	if err != nil {
		return err
	}
	q, err := c.d.Inspect.ReviewQueue(ctx.UserContext(), sc, f, ctx.Query("cursor"), 0)
	if err != nil {
		return err
	}
	if p.Items, err = c.queueRows(ctx, sc, q.Items); err != nil {
		return err
	}
	if p.Jurisdictions, err = c.jurisdictionsOf(ctx); err != nil {
		return err
	}
	p.Counts = q.Counts
	if q.NextCursor != "" {
		next := url.Values{}
		for k, v := range ctx.Queries() {
			next.Set(k, v)
		}
		next.Set("cursor", q.NextCursor)
		p.Next = "/console/queue?" + next.Encode()
	}
	return c.t.Render(ctx, "review_queue", p)
}

// queueFilterOf reads the queue's filters from the query string; a
// jurisdiction that is not a UUID is the invalid field it names.
func queueFilterOf(ctx *fiber.Ctx) (queuePage, inspect.QueueFilter, error) {
	yes := true
	p := queuePage{
		Jurisdiction: utils.CopyString(ctx.Query("jurisdiction")),
		Outcome:      utils.CopyString(ctx.Query("outcome")),
		Detention:    ctx.Query("detention") == "true",
		Evidence:     ctx.Query("evidence") == "true",
		Issues:       ctx.Query("issues") == "true",
		Overdue:      ctx.Query("overdue") == "true",
	}
	f := inspect.QueueFilter{Outcome: p.Outcome}
	if p.Jurisdiction != "" {
		id, err := uuid.Parse(p.Jurisdiction)
		if err != nil {
			return p, f, models.Refused("jurisdiction", "invalid", "choose one of your jurisdictions")
		}
		f.JurisdictionID = &id
	}
	for _, b := range []struct {
		on bool
		to **bool
	}{{p.Detention, &f.DetentionProposed}, {p.Evidence, &f.EvidenceIncomplete}, {p.Issues, &f.OpenIssues},
		{p.Overdue, &f.Overdue}} {
		if b.on {
			*b.to = &yes
		}
	}
	return p, f, nil
}

// queueRows names each inspection's vessel, in one query for the page.
func (c *Console) queueRows(ctx *fiber.Ctx, sc models.Scope, items []inspect.QueueItem) ([]queueRow, error) {
	ids := make([]uuid.UUID, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.VesselID)
	}
	vs, err := c.d.Registry.VesselsByID(ctx.UserContext(), sc, ids)
	if err != nil {
		return nil, err
	}
	rows := make([]queueRow, 0, len(items))
	for _, it := range items {
		rows = append(rows, queueRow{QueueItem: it, Vessel: vs[it.VesselID]})
	}
	return rows, nil
}
