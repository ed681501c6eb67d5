package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/web"
)

// noticeAppealDecide upholds or dismisses an appeal against a penalty of
// the notice (decidePenaltyAppeal); the domain lets only the appellate
// authority the law names decide.
func (c *Console) noticeAppealDecide(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "penalty notice")
	if err != nil {
		return err
	}
	appeal, err := pathID(ctx, "appeal", "penalty appeal")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decidePenaltyAppeal")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	f.values["target"] = "appeal:" + appeal.String()
	decision := f.enum("decision", true, penalty.AppealUpheld, penalty.AppealDismissed)
	reason := f.text("reason", 2000, true)
	if err := f.err(); err != nil {
		return c.noticeFailed(ctx, id, "appeal", f.values, err)
	}
	if _, err := c.d.Penalties.DecideAppeal(ctx.UserContext(), sc, appeal, decision, reason); err != nil {
		return c.noticeFailed(ctx, id, "appeal", f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "notice.appeal_decided"))
	return ctx.Redirect("/console/notices/"+id.String(), fiber.StatusSeeOther)
}

// noticeRiseDecide confirms or rejects a rise proposed for a served
// penalty of the notice (decidePenaltyRise): a served challan rises only
// by an officer's act.
func (c *Console) noticeRiseDecide(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "penalty notice")
	if err != nil {
		return err
	}
	rise, err := pathID(ctx, "rise", "penalty adjustment")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "decidePenaltyRise")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	f.values["target"] = "rise:" + rise.String()
	in := penalty.RiseDecision{Decision: f.enum("decision", true, penalty.RiseConfirm, penalty.RiseReject),
		Reason: f.text("reason", 2000, true)}
	if err := f.err(); err != nil {
		return c.noticeFailed(ctx, id, "rise", f.values, err)
	}
	if _, err := c.d.Penalties.DecideRise(ctx.UserContext(), sc, rise, in); err != nil {
		return c.noticeFailed(ctx, id, "rise", f.values, err)
	}
	c.site.Flash(ctx, c.site.T(ctx, "notice.rise_decided"))
	return ctx.Redirect("/console/notices/"+id.String(), fiber.StatusSeeOther)
}
