package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/web"
)

// evidenceOf is the photo evidence behind a notice's offences, by Sch-IV
// row: the verified photos the inspection took of the findings that
// charged each row (Finding.PenaltyRow), read as getInspection and getPhoto
// scope an owner. The owner's own photos (those they sent, rectifications'
// and any attached to a finding) are not evidence against them and are
// left out.
func (m *My) evidenceOf(c *fiber.Ctx, v penalty.NoticeView) (map[string][]photo.View, error) {
	ctx := c.UserContext()
	gsc, err := web.Scope(c, "getInspection")
	if err != nil {
		return nil, err
	}
	psc, err := web.Scope(c, "getPhoto")
	if err != nil {
		return nil, err
	}
	rsc, err := web.Scope(c, "listRectifications")
	if err != nil {
		return nil, err
	}
	in, err := m.d.Inspect.Get(ctx, gsc, v.Notice.InspectionID)
	if err != nil {
		return nil, err
	}
	rowOf := chargedRows(v, in.Findings)
	own, err := m.rectificationPhotos(c, rsc, rowOf)
	if err != nil {
		return nil, err
	}
	ps, err := m.d.Photos.ForInspection(ctx, psc, in.Inspection.ID)
	if err != nil {
		return nil, err
	}
	out := map[string][]photo.View{}
	for _, p := range ps {
		if row, ok := evidenceRow(p, rowOf, own, psc.UserID); ok {
			out[row] = append(out[row], p)
		}
	}
	return out, nil
}

// chargedRows maps each finding charged under a row of the notice to it.
func chargedRows(v penalty.NoticeView, findings []models.Finding) map[uuid.UUID]string {
	rows := map[string]bool{}
	for _, l := range v.Lines {
		rows[l.Row] = true
	}
	rowOf := map[uuid.UUID]string{}
	for _, f := range findings {
		if rows[f.PenaltyRow] {
			rowOf[f.ID] = f.PenaltyRow
		}
	}
	return rowOf
}

// evidenceRow is the notice row a verified photo of a charged finding is
// evidence of, unless the viewer (or a rectification of theirs) sent it.
func evidenceRow(p photo.View, rowOf map[uuid.UUID]string, own map[string]bool, viewer uuid.UUID) (string, bool) {
	mine := own[p.ID.String()] || (p.UploadedBy != nil && *p.UploadedBy == viewer)
	if p.FindingID == nil || p.State != photo.StateVerified || mine {
		return "", false
	}
	row, ok := rowOf[*p.FindingID]
	return row, ok
}

// rectificationPhotos are the ids of the photos the owner sent with
// rectifications of the findings (listRectifications).
func (m *My) rectificationPhotos(
	c *fiber.Ctx,
	sc models.Scope,
	findings map[uuid.UUID]string,
) (map[string]bool, error) {
	own := map[string]bool{}
	for id := range findings {
		rs, err := m.rectificationsOf(c, sc, id)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			for _, p := range r.PhotoIDs {
				own[p] = true
			}
		}
	}
	return own, nil
}

// rectificationsOf lists a finding's rectifications in sc, oldest first.
func (m *My) rectificationsOf(c *fiber.Ctx, sc models.Scope, finding uuid.UUID) ([]inspect.Rectification, error) {
	rs, _, err := m.d.Inspect.ListRectifications(c.UserContext(), sc,
		inspect.RectificationFilter{FindingID: &finding}, "", 100)
	return rs, err
}

// photoContent streams one of the owner's photos (or its thumbnail) after
// the scope check of getPhoto: another owner's photo is the 404 page.
func (m *My) photoContent(c *fiber.Ctx) error {
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return models.NotFound("photo")
	}
	sc, err := web.Scope(c, "getPhoto")
	if err != nil {
		return err
	}
	v, err := m.d.Photos.Get(c.UserContext(), sc, id)
	if err != nil {
		return err
	}
	return web.SendPhoto(c, m.d.Photos, v)
}
