package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

func todayOf(m *My) rules.Date { return rules.DateOf(m.site.Now()) }

// appealCreate files an appeal against one penalty of the notice with its
// grounds (penalty.FileAppeal, as filePenaltyAppeal).
func (m *My) appealCreate(c *fiber.Ctx) error {
	form := map[string]string{"penalty_id": c.FormValue("penalty_id"), "grounds": c.FormValue("grounds")}
	v, err := m.loadNotice(c, "getPenaltyNotice")
	if err != nil {
		return err
	}
	pid, perr := uuid.Parse(form["penalty_id"])
	if perr != nil {
		err = models.Refused("penalty_id", "required", "%s", m.site.T(c, "my.appeal.choose"))
	}
	if err == nil {
		var sc models.Scope
		if sc, err = web.Scope(c, "filePenaltyAppeal"); err == nil {
			_, err = m.d.Inspect.Penalties().FileAppeal(c.UserContext(), sc, v.Notice.ID, pid, form["grounds"])
		}
	}
	if err != nil {
		n := notice{V: v}
		for _, l := range v.Lines {
			if l.Status == "charged" && l.AppealState == "" {
				n.Appealable = append(n.Appealable, l)
			}
		}
		n.AppealOpen = true
		n.setUPI(m.d.UPIPayee)
		return m.t.RenderForm(c, "notice", n, form, err)
	}
	m.site.Flash(c, m.site.T(c, "my.appeal.filed"))
	return c.Redirect("/my/notices/"+v.Notice.ID.String(), fiber.StatusSeeOther)
}
