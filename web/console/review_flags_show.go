package console

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/web"
)

// flagKinds are the flags a supervisor works through, in the filter's
// order: overdue findings first (docs/REVIEW.md §4).
var flagKinds = []string{"finding_overdue", "detention_report_due"}

// flagsPage lists open flags of the person's offices.
type flagsPage struct {
	Kind  string
	Kinds []string
	Items []flagRow
	Next  string
}

// flagRow is a flag with its kind as a person reads it (flag.*), and
// what it is about: the document, certificate kind or grade it names
// (Named, "" for a finding, which the detail names in English).
type flagRow struct {
	jobs.FlagRow
	Label string
	Named string
}

// flagsShow lists the open flags the jobs raised (GET /v1/flags,
// listFlags): overdue findings, detention reports due, and the rest.
func (c *Console) flagsShow(ctx *fiber.Ctx) error {
	sc, err := web.Scope(ctx, "listFlags")
	if err != nil {
		return err
	}
	p := flagsPage{Kind: utils.CopyString(ctx.Query("kind")), Kinds: flagKinds}
	rows, next, err := c.d.Jobs.ListFlags(ctx.UserContext(), sc, jobs.FlagFilter{Kind: p.Kind, Status: "open"},
		ctx.Query("cursor"), 50)
	if err != nil {
		return err
	}
	for _, f := range rows {
		r := flagRow{FlagRow: f, Label: c.site.T(ctx, "flag."+f.Kind), Named: f.Document}
		if strings.HasPrefix(f.Document, "finding:") {
			r.Named = ""
		}
		p.Items = append(p.Items, r)
	}
	if next != "" {
		p.Next = "/console/flags?" + url.Values{"kind": {p.Kind}, "cursor": {next}}.Encode()
	}
	return c.t.Render(ctx, "review_flags", p)
}
