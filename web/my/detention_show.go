package my

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// detentionView is a detention order as its vessel's owner sees it
// (Karnataka 2025, Sch-IX Annex-1 and Annex-2): the order, what clears it
// and what has been done so far, and the release order once issued.
type detentionView struct {
	O       models.DetentionOrder
	Order   document.DetentionOrder
	Release *document.ReleaseOrder
	// Findings are the deficiencies the vessel is detained for, each with
	// what the law asks and where it stands.
	Findings []detainedFinding
	// Reinspections are the re-inspections linked to the order, newest
	// first: the one that clears every finding lets the office release.
	Reinspections []models.Inspection
	// Office is the jurisdiction whose office re-inspects and releases:
	// the owner asks it for the re-inspection (there is no request form).
	Office string
	// Open counts the order's findings not yet put right.
	Open int
	// AppealBy is the last day to appeal: 30 days from the order (Karnataka
	// 2025, Sch-IX para 6).
	AppealBy time.Time
}

// detainedFinding is one deficiency of the order with its state: open,
// pending (a rectification waits for the supervisor), rejected (the last
// one was), rectified (accepted or cleared by the re-inspection).
type detainedFinding struct {
	openFinding
	State string
}

// loadOrder reads one of the owner's detention orders as operation op
// does (another owner's id is the API's 404).
func (m *My) loadOrder(c *fiber.Ctx, op string) (models.DetentionOrder, error) {
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return models.DetentionOrder{}, models.NotFound("detention order")
	}
	sc, err := web.Scope(c, op)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	return m.orders.GetOrder(c.UserContext(), sc, id)
}

// detentionShow shows a detention order to its vessel's owner: its
// number, date and grounds, the owner's copy and PDF, the findings to put
// right with what the law asks and their state, the re-inspection to ask
// the office for, what has been done, and the release order once issued.
func (m *My) detentionShow(c *fiber.Ctx) error {
	o, err := m.loadOrder(c, "getDetentionOrder")
	if err != nil {
		return err
	}
	v := detentionView{O: o, AppealBy: o.OrderedAt.AddDate(0, 0, 30)}
	if err := json.Unmarshal(o.Particulars, &v.Order); err != nil {
		return fmt.Errorf("detention order particulars: %w", err)
	}
	if o.ReleaseParticulars != nil {
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return fmt.Errorf("release order particulars: %w", err)
		}
		v.Release = &r
	}
	j, err := m.d.Registry.GetJurisdiction(c.UserContext(), o.JurisdictionID)
	if err != nil {
		return err
	}
	v.Office = j.Name
	if err := m.detainedFindings(c, &v); err != nil {
		return err
	}
	if err := m.reinspectionsOf(c, &v); err != nil {
		return err
	}
	return m.t.Render(c, "detention", v)
}

// detainedFindings are the order's deficiencies on the detaining
// inspection, each with its rectifications (listRectifications).
func (m *My) detainedFindings(c *fiber.Ctx, v *detentionView) error {
	fs, err := m.findings(c, true)
	if err != nil {
		return err
	}
	sc, err := web.Scope(c, "listRectifications")
	if err != nil {
		return err
	}
	for _, f := range fs {
		if f.Finding.InspectionID != v.O.InspectionID || !slices.Contains(v.O.Codes, f.Finding.Code) {
			continue
		}
		if f.Rectifications, err = m.rectificationsOf(c, sc, f.Finding.ID); err != nil {
			return err
		}
		d := detainedFinding{openFinding: f, State: "open"}
		switch {
		case f.Finding.Rectified:
			d.State = "rectified"
		case len(f.Rectifications) > 0:
			d.State = f.Rectifications[len(f.Rectifications)-1].Status
		}
		if d.State != "rectified" {
			v.Open++
		}
		v.Findings = append(v.Findings, d)
	}
	return nil
}

// reinspectionsOf are the re-inspections linked to the order that the
// owner may read (listInspections), newest first.
func (m *My) reinspectionsOf(c *fiber.Ctx, v *detentionView) error {
	sc, err := web.Scope(c, "listInspections")
	if err != nil {
		return err
	}
	page, err := m.d.Inspect.List(c.UserContext(), sc, inspect.ListFilter{VesselID: &v.O.VesselID}, "", 100)
	if err != nil {
		return err
	}
	for _, in := range page.Items {
		if in.Kind == inspect.KindReinspection && in.DetentionOrderID != nil && *in.DetentionOrderID == v.O.ID {
			v.Reinspections = append(v.Reinspections, in)
		}
	}
	slices.SortStableFunc(v.Reinspections, func(a, b models.Inspection) int { return b.StartedAt.Compare(a.StartedAt) })
	return nil
}

// orderPage lays out the detention order (doc "order") or its release
// order (doc "release") in lang, as getDetentionOrderHtml does.
func (m *My) orderPage(o models.DetentionOrder, doc, lang string) (document.Page, error) {
	if doc == "release" {
		if o.ReleaseParticulars == nil {
			return document.Page{}, models.NotFound("release order")
		}
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return document.Page{}, fmt.Errorf("release order particulars: %w", err)
		}
		return document.ReleasePage(r, lang, m.d.Issuer)
	}
	var d document.DetentionOrder
	if err := json.Unmarshal(o.Particulars, &d); err != nil {
		return document.Page{}, fmt.Errorf("detention order particulars: %w", err)
	}
	return document.DetentionPage(d, lang, m.d.Issuer)
}

// detentionDocumentHTML is the owner's copy of the order (or of its
// release order) in the page's language, with the papers' stylesheet
// linked, under the pages' policy (sendPaper).
func (m *My) detentionDocumentHTML(doc string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		o, err := m.loadOrder(c, "getDetentionOrderHtml")
		if err != nil {
			return err
		}
		p, err := m.orderPage(o, doc, m.site.Lang(c))
		if err != nil {
			return err
		}
		return sendPaper(c, p)
	}
}

// detentionDocumentPDF is the order (or its release order) as
// getDetentionOrderPdf prints it: English, then the page's language.
func (m *My) detentionDocumentPDF(doc string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		o, err := m.loadOrder(c, "getDetentionOrderPdf")
		if err != nil {
			return err
		}
		var pages []document.Page
		for _, l := range document.Langs(web.Viewer(c).Language) {
			p, err := m.orderPage(o, doc, l)
			if err != nil {
				return err
			}
			pages = append(pages, p)
		}
		b, err := m.d.Printer.Print(c.UserContext(), pages...)
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderContentType, "application/pdf")
		c.Set(fiber.HeaderContentDisposition, `inline; filename="`+doc+`.pdf"`)
		return c.Send(b)
	}
}
