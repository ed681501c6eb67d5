package my

import (
	"context"
	"slices"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// todo is one thing the owner must do, by when: pay a notice, rectify a
// deficiency, renew a certificate, present the vessel for a survey.
type todo struct {
	Kind   string // pay | rectify | renew | survey
	Due    time.Time
	Vessel string
	What   string // the notice or certificate number
	Doc    string // the certificate kind or document to renew or survey, named by the page
	Code   string // the deficiency to rectify, named by the page
	Amount int64
	Link   string
	Late   bool
	// When, for a finding the law gives no date (action codes 02, 04, 06,
	// 99: at the next port, before departure, before release, as the
	// inspector specified), names the event instead of a date; Action is
	// the finding's Sch-IX action code, what the law asks of the owner.
	When   rules.DueKind
	Action string
}

// vesselCard is one vessel as its owner sees it.
type vesselCard struct {
	Vessel       models.Vessel
	Certificates []registry.CertificateState
	Crew         []registry.CrewState
	Deadlines    []rules.Deadline
	Open         []rules.Deficiency
	// Orders are the vessel's detention orders, newest first, each
	// linked to its page.
	Orders []models.DetentionOrder
}

type home struct {
	Todo    []todo
	Vessels []vesselCard
	Notices []penalty.NoticeView
	// CoCDeadline is the day legacy crew certificates end (Karnataka 2025,
	// r.41 transition: 6 June 2027).
	CoCDeadline time.Time
}

// soon is how far ahead a certificate or survey joins the to-do list.
const soon = 60

// homeShow shows what the owner must do, by when, on top of their vessels
// and notices: the same reads as listVessels, getVesselCompliance and
// listPenaltyNotices.
func (m *My) homeShow(c *fiber.Ctx) error {
	ctx := c.UserContext()
	today := rules.DateOf(m.site.Now())
	var h home
	h.CoCDeadline = time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC)
	if err := m.loadVessels(c, ctx, today, &h); err != nil {
		return err
	}
	sc, err := web.Scope(c, "listPenaltyNotices")
	if err != nil {
		return err
	}
	h.Notices, _, err = m.d.Penalties.ListNotices(ctx, sc, penalty.NoticeFilter{}, "", 50)
	if err != nil {
		return err
	}
	for _, n := range h.Notices {
		if n.Status() == "open" && n.Due > 0 {
			h.Todo = append(h.Todo, todo{Kind: "pay", Due: civil(n.PayBy), What: n.Notice.Number, Amount: n.Due,
				Vessel: n.Vessel.Name, Link: "/my/notices/" + n.Notice.ID.String(), Late: n.PayBy.Before(today)})
		}
	}
	if err := m.addFindings(c, today, &h); err != nil {
		return err
	}
	if err := m.addDetentions(c, &h); err != nil {
		return err
	}
	slices.SortStableFunc(h.Todo, func(a, b todo) int { return a.Due.Compare(b.Due) })
	return m.t.Render(c, "home", h)
}

// loadVessels reads the owner's vessels and each one's compliance, and
// adds what they call for to the to-do list.
func (m *My) loadVessels(c *fiber.Ctx, ctx context.Context, today rules.Date, h *home) error {
	sc, err := web.Scope(c, "listVessels")
	if err != nil {
		return err
	}
	page, err := m.d.Registry.ListVessels(ctx, sc, registry.VesselFilter{}, registry.ListOptions{Limit: 100})
	if err != nil {
		return err
	}
	csc, err := web.Scope(c, "getVesselCompliance")
	if err != nil {
		return err
	}
	for _, v := range page.Items {
		cp, err := m.d.Registry.Compliance(ctx, csc, v.ID, today)
		if err != nil {
			return err
		}
		h.Vessels = append(h.Vessels, vesselCard{Vessel: v, Certificates: cp.Certificates, Crew: cp.Crew,
			Deadlines: cp.Deadlines, Open: cp.OpenDeficiencies})
		h.Todo = append(h.Todo, todosOf(v, cp, today)...)
	}
	return nil
}

// todosOf is what a vessel's compliance asks of its owner: certificates
// to renew, surveys to attend, each linked to the page that says what to
// bring and to which office (officeShow) (open findings come from the inspections,
// with the page that rectifies them: addFindings).
func todosOf(v models.Vessel, cp registry.Compliance, today rules.Date) []todo {
	var out []todo
	for _, s := range cp.Certificates {
		if !s.ExpiresOn.IsZero() && s.DaysToExpiry <= soon {
			out = append(out, todo{Kind: "renew", Due: civil(s.ExpiresOn), Vessel: v.Name,
				Doc: s.Certificate.Kind, What: s.Certificate.Number, Late: s.DaysToExpiry < 0,
				Link: officeLink(v.ID, "renew", s.Certificate.Kind)})
		}
	}
	for _, d := range cp.Deadlines {
		if d.Kind == rules.DeadlineSurveyWindowCloses && today.DaysUntil(d.Due) <= soon {
			out = append(out, todo{Kind: "survey", Due: civil(d.Due), Vessel: v.Name, Doc: d.Document,
				Late: d.Due.Before(today), Link: officeLink(v.ID, "survey", d.Document)})
		}
	}
	return out
}

func civil(d rules.Date) time.Time { return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC) }

// addFindings adds the open findings to rectify, each linked to its page
// with what the law asks (its action code): with their date, or, for those
// the law gives an event instead of a date (04: before the vessel departs
// again), that event.
func (m *My) addFindings(c *fiber.Ctx, today rules.Date, h *home) error {
	fs, err := m.openFindings(c)
	if err != nil {
		return err
	}
	names := map[uuid.UUID]string{}
	for _, v := range h.Vessels {
		names[v.Vessel.ID] = v.Vessel.Name
	}
	for _, f := range fs {
		t := todo{Kind: "rectify", Vessel: names[f.VesselID], Code: f.Finding.Code,
			Link: "/my/findings/" + f.Finding.ID.String(), Action: f.Finding.Action}
		if f.Finding.DueDate != nil {
			due := rules.DateOf(*f.Finding.DueDate)
			t.Due, t.Late = civil(due), due.Before(today)
		} else if d, err := rules.DueFor(rules.ActionCode(f.Finding.Action), today); err == nil && d.Kind != rules.DueNone {
			t.When = d.Kind // no date: first on the list, it comes before any date
		}
		h.Todo = append(h.Todo, t)
	}
	return nil
}

// addDetentions puts each vessel's detention orders on its card and a
// detention in force at the top of the to-do list (no date: it comes
// before any), linked to the page that says what clears it
// (listDetentionOrders, as the API lists them).
func (m *My) addDetentions(c *fiber.Ctx, h *home) error {
	sc, err := web.Scope(c, "listDetentionOrders")
	if err != nil {
		return err
	}
	list, _, err := m.orders.ListOrders(c.UserContext(), sc, nil, "", "", 100)
	if err != nil {
		return err
	}
	for _, o := range list {
		for i := range h.Vessels {
			v := &h.Vessels[i]
			if v.Vessel.ID != o.VesselID {
				continue
			}
			v.Orders = append(v.Orders, o)
			if o.Status == models.OrderInForce {
				h.Todo = append(h.Todo, todo{Kind: "detained", Vessel: v.Vessel.Name, What: o.Number,
					Link: "/my/detentions/" + o.ID.String()})
			}
		}
	}
	return nil
}
