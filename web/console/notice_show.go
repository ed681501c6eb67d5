package console

import (
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// noticePage is a penalty notice with each offence's line (Sch-IV row,
// amount, level, the doubling trace), its payments and appeals, the rises
// proposed for its penalties, and the forms the person's role may use.
type noticePage struct {
	V         penalty.NoticeView
	Rows      map[uuid.UUID]string // penalty → its Sch-IV row, for payments and appeals
	Rises     []models.PenaltyAdjustment
	PayBy     string
	AppealBy  string
	Today     string
	MayPay    bool
	MayAppeal bool
	MayRise   bool
}

// civil writes a civil date as the office does: DD-MM-YYYY.
func civil(d rules.Date) string {
	if d.Year == 0 {
		return ""
	}
	return fmt.Sprintf("%02d-%02d-%04d", d.Day, int(d.Month), d.Year)
}

// noticeData reads the notice id as getPenaltyNotice does.
func (c *Console) noticeData(ctx *fiber.Ctx, id uuid.UUID) (noticePage, error) {
	sc, err := web.Scope(ctx, "getPenaltyNotice")
	if err != nil {
		return noticePage{}, err
	}
	pens := c.d.Penalties
	v, err := pens.GetNotice(ctx.UserContext(), sc, id)
	if err != nil {
		return noticePage{}, err
	}
	p := noticePage{V: v, PayBy: civil(v.PayBy), AppealBy: civil(v.AppealBy), Rows: map[uuid.UUID]string{},
		Today:  time.Now().In(web.IST).Format(time.DateOnly),
		MayPay: may(ctx, "recordPenaltyPayment"), MayAppeal: may(ctx, "decidePenaltyAppeal"),
		MayRise: may(ctx, "decidePenaltyRise")}
	for _, l := range v.Lines {
		p.Rows[l.PenaltyID] = l.Row
	}
	if p.MayRise {
		rsc, err := web.Scope(ctx, "decidePenaltyRise")
		if err != nil {
			return p, err
		}
		if p.Rises, err = pens.ProposedRises(ctx.UserContext(), rsc, id); err != nil {
			return p, err
		}
	}
	return p, nil
}

// noticeShow shows a penalty notice.
func (c *Console) noticeShow(ctx *fiber.Ctx) error {
	id, err := pathID(ctx, "id", "penalty notice")
	if err != nil {
		return err
	}
	p, err := c.noticeData(ctx, id)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "notice_show", p)
}

// noticeFailed shows the notice again after a failed action, the problem
// next to the form (target) that failed.
func (c *Console) noticeFailed(ctx *fiber.Ctx, id uuid.UUID, action string, form map[string]string, err error) error {
	p, derr := c.noticeData(ctx, id)
	if derr != nil {
		return derr
	}
	err = c.refused(ctx, err, action, web.Names{"Notice": p.V.Notice.Number, "Receipt": form["receipt_number"],
		"Vessel": vesselName(p.V.Vessel.RegistrationNumber, p.V.Vessel.Name)})
	return c.t.RenderForm(ctx, "notice_show", p, form, err)
}
