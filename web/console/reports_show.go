package console

import (
	"html/template"
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// reportsPage is the four charts, each drawn and as a table.
type reportsPage struct {
	Charts        []drawnChart
	Months        int
	MonthChoices  []int
	Jurisdictions any
	Jurisdiction  string
}

// drawnChart is a chart's SVG (drawn by package report, every text
// escaped there) and its numbers.
type drawnChart struct {
	report.Chart
	SVG template.HTML
}

// monthChoices are the periods the page offers; 6 by default.
var monthChoices = []int{3, 6, 12, 24}

// reportsShow shows the office's charts, acting as the API's getReportChart.
func (c *Console) reportsShow(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "getReportChart")
	if err != nil {
		return err
	}
	j := ctx.Query("jurisdiction_id")
	pf, err := planFilter(j)
	if err != nil {
		return err
	}
	months := ctx.QueryInt("months", 6)
	if !slices.Contains(monthChoices, months) {
		months = 6
	}
	today := rules.DateOf(c.site.Now())
	f := report.Filter{Period: report.LastMonths(today, months), Today: today, JurisdictionID: pf.JurisdictionID}
	v := c.site.View(ctx, nil)
	p := reportsPage{Months: months, MonthChoices: monthChoices, Jurisdiction: j}
	for _, k := range report.Kinds {
		ch, err := c.d.Reports.Chart(ctx.UserContext(), sc, k, f, v.Lang)
		if err != nil {
			return err
		}
		svg := template.HTML(report.SVG(ch)) //nolint:gosec // drawn by report.SVG, which escapes every text
		p.Charts = append(p.Charts, drawnChart{Chart: ch, SVG: svg})
	}
	js, err := c.jurisdictionsOf(ctx)
	if err != nil {
		return err
	}
	p.Jurisdictions = js
	v.Data = p
	return c.t.RenderView(ctx, fiber.StatusOK, "plan_reports", v)
}
