package console

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web"
)

// syncPage is the phones' work waiting for a supervisor: mutations
// deferred in the backlog longer than OlderThan days (docs/SYNC.md: 7 by
// default) and the quarantine, each with its decision form.
type syncPage struct {
	OlderThan  int
	Backlog    []tsync.BacklogItem
	Quarantine []models.QuarantineEntry
}

// syncShow lists the backlog (GET /v1/sync/backlog, listSyncBacklog) and
// the pending quarantine (GET /v1/quarantine, listQuarantine): the
// first page of each.
func (c *Console) syncShow(ctx *fiber.Ctx) error {
	p, err := c.syncPage(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "review_sync", p)
}

func (c *Console) syncPage(ctx *fiber.Ctx) (*syncPage, error) {
	bsc, err := web.Scope(ctx, "listSyncBacklog")
	if err != nil {
		return nil, err
	}
	qsc, err := web.Scope(ctx, "listQuarantine")
	if err != nil {
		return nil, err
	}
	p := &syncPage{OlderThan: int(tsync.BacklogReviewAge / (24 * time.Hour))}
	if s := utils.CopyString(ctx.Query("older_than")); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 365 {
			return nil, models.Refused("older_than", "range", "give a number of days from 0 to 365")
		}
		p.OlderThan = n
	}
	uctx := ctx.UserContext()
	if p.Backlog, _, err = c.d.Push.ListBacklog(uctx, bsc, time.Duration(p.OlderThan)*24*time.Hour, "", 0); err != nil {
		return nil, err
	}
	if p.Quarantine, _, err = c.d.Push.ListQuarantine(uctx, qsc, "pending", "", 0); err != nil {
		return nil, err
	}
	return p, nil
}

// syncDecision reads a backlog or quarantine decision: the reason is
// required, as the contract requires it of the API's.
func syncDecision(ctx *fiber.Ctx) (map[string]string, error) {
	form, err := textFields(ctx, "decision", "reason")
	if err == nil && strings.TrimSpace(form["reason"]) == "" {
		err = models.Refused("reason", "required", "say why")
	}
	return form, err
}

// backlogDecide discards a deferred mutation or applies it now (POST
// /v1/sync/backlog/{mutation_id}/decide, decideSyncBacklog).
func (c *Console) backlogDecide(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "backlog entry")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decideSyncBacklog")
	if err != nil {
		return err
	}
	form, err := syncDecision(ctx)
	form["id"] = id.String()
	if err == nil {
		if _, err = c.d.Push.DecideBacklog(ctx.UserContext(), sc, id, form["decision"], form["reason"]); err == nil {
			c.site.Flash(ctx, c.site.T(ctx, "sync.done"))
			return ctx.Redirect(syncBack(ctx), fiber.StatusSeeOther)
		}
	}
	return c.syncForm(ctx, form, c.backlogRefused(ctx, id, err))
}

// quarantineDecide re-applies or discards a quarantined mutation (POST
// /v1/quarantine/{id}/decide, decideQuarantine).
func (c *Console) quarantineDecide(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "quarantine entry")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decideQuarantine")
	if err != nil {
		return err
	}
	form, err := syncDecision(ctx)
	form["id"] = id.String()
	if err == nil {
		if _, _, err = c.d.Push.DecideQuarantine(
			ctx.UserContext(),
			sc,
			id,
			form["decision"],
			form["reason"],
			nil,
		); err == nil {
			c.site.Flash(ctx, c.site.T(ctx, "sync.done"))
			return ctx.Redirect(syncBack(ctx), fiber.StatusSeeOther)
		}
	}
	return c.syncForm(ctx, form, err)
}

// syncForm shows the page again with the problem next to the entry's
// reason.
func (c *Console) syncForm(ctx *fiber.Ctx, form map[string]string, err error) error {
	p, perr := c.syncPage(ctx)
	if perr != nil {
		return perr
	}
	return c.t.RenderForm(ctx, "review_sync", p, form, err)
}

// syncBack is the page the decision was taken on, with its age filter.
func syncBack(ctx *fiber.Ctx) string {
	if n, err := strconv.Atoi(ctx.Query("older_than")); err == nil && n >= 0 && n <= 365 {
		return "/console/sync?older_than=" + strconv.Itoa(n)
	}
	return "/console/sync"
}
