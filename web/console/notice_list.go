package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/web"
)

// noticeStates are the states a notice is in as a whole
// (penalty.NoticeView.Status).
var noticeStates = []string{"open", "paid", "set_aside", "cancelled"}

// noticeListPage is one page of penalty notices, newest first.
type noticeListPage struct {
	State   string
	States  []string
	Notices []penalty.NoticeView
	Next    string
}

// noticeList lists the penalty notices in the person's scope
// (listPenaltyNotices), newest first, one page of the one pager at a time.
// The state filter narrows each page: a notice's state is its lines'
// and payments' sum, read with the page, so a filtered page may show
// fewer rows than the page size while the next link still goes on.
func (c *Console) noticeList(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listPenaltyNotices")
	if err != nil {
		return err
	}
	state := ""
	for _, s := range noticeStates {
		if ctx.Query("state") == s {
			state = s
		}
	}
	vs, next, err := c.d.Penalties.
		ListNotices(ctx.UserContext(), sc, penalty.NoticeFilter{}, ctx.Query("cursor"), pageSize)
	if err != nil {
		return err
	}
	p := noticeListPage{State: state, States: noticeStates,
		Next: nextHref("/console/notices", next, url.Values{"state": {state}})}
	for _, v := range vs {
		if state == "" || v.Status() == state {
			p.Notices = append(p.Notices, v)
		}
	}
	return c.t.Render(ctx, "notice_list", p)
}
