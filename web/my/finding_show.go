package my

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// openFinding is an open finding of one of the owner's inspections: what
// it is (its title is the page's, in the page's language: web.View's
// Deficiency), by when, and whether a rectification may close it from the
// phone or a re-inspection must (rules.ClosureFor).
type openFinding struct {
	Finding  models.Finding
	VesselID uuid.UUID
	Remote   bool
	Closure  rules.ClosureRule
	// Pending: a rectification waits for the supervisor's decision.
	Pending bool
	// Rectifications are the owner's, oldest first, each with the
	// supervisor's decision once made (listRectifications).
	Rectifications []inspect.Rectification
}

// openFindings reads the owner's open findings as listInspections and
// getInspection do, newest inspections first.
func (m *My) openFindings(c *fiber.Ctx) ([]openFinding, error) {
	return m.findings(c, false)
}

// findings reads the owner's findings, the rectified ones too if asked.
func (m *My) findings(c *fiber.Ctx, rectified bool) ([]openFinding, error) {
	ctx := c.UserContext()
	lsc, err := web.Scope(c, "listInspections")
	if err != nil {
		return nil, err
	}
	gsc, err := web.Scope(c, "getInspection")
	if err != nil {
		return nil, err
	}
	page, err := m.d.Inspect.List(ctx, lsc, inspect.ListFilter{}, "", 100)
	if err != nil {
		return nil, err
	}
	var out []openFinding
	for _, in := range page.Items {
		if in.Status != models.StatusSubmitted && in.Status != models.StatusApproved {
			continue
		}
		v, err := m.d.Inspect.Get(ctx, gsc, in.ID)
		if err != nil {
			return nil, err
		}
		for _, f := range v.Findings {
			if f.Rectified && !rectified {
				continue
			}
			cl := rules.ClosureFor(rules.Code(f.Code), rules.ActionCode(f.Action))
			out = append(out, openFinding{Finding: f, VesselID: in.VesselID,
				Remote: cl.Remote(), Closure: cl})
		}
	}
	return out, nil
}

// findingOf is one of the owner's findings, open or rectified, with the
// rectifications sent for it (another's id: 404).
func (m *My) findingOf(c *fiber.Ctx) (openFinding, error) {
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return openFinding{}, models.NotFound("finding")
	}
	fs, err := m.findings(c, true)
	if err != nil {
		return openFinding{}, err
	}
	for _, f := range fs {
		if f.Finding.ID == id {
			sc, err := web.Scope(c, "listRectifications")
			if err != nil {
				return f, err
			}
			f.Rectifications, err = m.rectificationsOf(c, sc, id)
			return f, err
		}
	}
	return openFinding{}, models.NotFound("finding")
}

// findingShow shows an open finding and, when a rectification may close
// it, the form to send photos of the work with a note.
func (m *My) findingShow(c *fiber.Ctx) error {
	f, err := m.findingOf(c)
	if err != nil {
		return err
	}
	return m.t.Render(c, "finding", f)
}
