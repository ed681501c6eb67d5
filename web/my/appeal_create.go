package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

func todayOf(m *My) rules.Date { return rules.DateOf(m.site.Now()) }

// appealCreate files an appeal against one penalty of the notice with its
// grounds and the form's photos (penalty.FileAppeal, as filePenaltyAppeal).
// The photos take the rectification form's path (uploadPhotos): recorded
// of the finding charged under the penalty's row, stored and verified,
// then attached to the appeal as it is filed.
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
	var photos []uuid.UUID
	if err == nil {
		photos, err = m.appealPhotos(c, v, pid)
	}
	if err == nil {
		var sc models.Scope
		if sc, err = web.Scope(c, "filePenaltyAppeal"); err == nil {
			_, err = m.d.Penalties.FileAppeal(c.UserContext(), sc, v.Notice.ID, pid, form["grounds"], photos)
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
		n.setUPI(m.d.Issuer, m.site.Lang(c))
		return m.t.RenderForm(c, "notice", n, form, err)
	}
	m.site.Flash(c, m.site.T(c, "my.appeal.filed"))
	return c.Redirect("/my/notices/"+v.Notice.ID.String(), fiber.StatusSeeOther)
}

// appealPhotos stores the appeal form's photos (none is fine), each
// recorded of the notice's finding charged under the appealed penalty's
// row (any finding of the inspection when none is).
func (m *My) appealPhotos(c *fiber.Ctx, v penalty.NoticeView, pid uuid.UUID) ([]uuid.UUID, error) {
	if mf, err := c.MultipartForm(); err != nil || len(mf.File["photo"]) == 0 {
		return nil, nil
	}
	sc, err := web.Scope(c, "getInspection")
	if err != nil {
		return nil, err
	}
	in, err := m.d.Inspect.Get(c.UserContext(), sc, v.Notice.InspectionID)
	if err != nil {
		return nil, err
	}
	if len(in.Findings) == 0 {
		return nil, models.Refused("photo", "no_finding", "%s", m.site.T(c, "my.appeal.photo.none"))
	}
	row := ""
	for _, l := range v.Lines {
		if l.PenaltyID == pid {
			row = l.Row
		}
	}
	finding := in.Findings[0].ID
	for _, f := range in.Findings {
		if f.PenaltyRow == row {
			finding = f.ID
			break
		}
	}
	return m.uploadPhotos(c, finding, m.d.Inspect.AttachAppealPhoto, 0)
}
