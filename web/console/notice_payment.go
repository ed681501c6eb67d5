package console

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// noticePayment records the payment of one penalty of a notice with its
// receipt number (recordPenaltyPayment). The receipt number is the
// payment's key, as in the API: the same form posted again (a double
// click, a retry after a lost answer) finds the payment already recorded
// and records nothing.
func (c *Console) noticePayment(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "penalty notice")
	if err != nil {
		return err
	}
	sc, err := web.Scope(ctx, "recordPenaltyPayment")
	if err != nil {
		return err
	}
	f := newFormReader(ctx)
	f.values["target"] = "pay:" + f.raw("penalty_id")
	in := penalty.PaymentInput{PenaltyID: f.id("penalty_id", true),
		ReceiptNumber: f.text("receipt_number", 60, true)}
	if a := f.raw("amount"); a != "" {
		n, perr := strconv.ParseInt(a, 10, 64)
		if perr != nil || n < 1 || n > 100000000 {
			f.errs.Add("amount", "range", "must be whole rupees, from 1 to 10,00,00,000")
		}
		in.Amount = n
	} else {
		f.errs.Add("amount", "required", "is required")
	}
	if d := f.date("paid_on", true); d != nil {
		in.PaidOn = rules.D(d.Year(), d.Month(), d.Day())
	}
	if err := f.err(); err != nil {
		return c.noticeFailed(ctx, id, "payment", f.values, err)
	}
	_, created, err := c.d.Penalties.RecordPayment(ctx.UserContext(), sc, id, in)
	if err != nil {
		return c.noticeFailed(ctx, id, "payment", f.values, err)
	}
	msg := "notice.paid"
	if !created {
		msg = "notice.paid_before"
	}
	c.site.Flash(ctx, c.site.T(ctx, msg, "Receipt", in.ReceiptNumber))
	return ctx.Redirect("/console/notices/"+id.String(), fiber.StatusSeeOther)
}
