package document

import (
	"fmt"
	"strings"

	"github.com/tindal/tindal/locale"
)

// DetentionPage lays a detention order (Karnataka 2025, Sch-IX Annex-1) out
// in lang (en, kn or hi) under the issuer's letterhead. Deficiency titles
// come from the catalogue's translations; the particulars officers typed
// (places, names) stay as issued.
func DetentionPage(d DetentionOrder, lang string, is Issuer) (Page, error) {
	x := &texts{lang: locale.Resolve(lang)}
	p := Page{Title: x.L("paper.detention.title")}
	x.frame(&p, is, d.ReportingOffice, d.VerifyCode)
	p.Number = Field{x.L("paper.label.order_no"), d.Number}
	p.Date = Field{x.L("paper.date"), DateText(d.Date)}
	p.Fields = []Field{
		{x.L("paper.label.reporting_office"), d.ReportingOffice},
		{x.L("paper.label.head_office"), x.Record(d.HeadOffice)},
		{x.L("paper.label.vessel"), d.VesselName},
		{x.L("paper.label.registration"), d.RegistrationNumber},
		{x.L("paper.label.registry"), d.PlaceOfRegistry},
		{x.L("paper.label.location"), d.PresentLocation},
		{x.L("paper.label.master"), d.MasterName},
		{x.L("paper.label.inspected_on"), isoDayText(d.InspectionDate)},
	}
	vars := map[string]any{"Vessel": d.VesselName, "Date": isoDayText(d.InspectionDate), "Place": d.PlaceOfInspection,
		"Powers": x.Record(d.Powers), "Registration": d.RegistrationNumber, "Port": d.Port}
	actions := &Table{Head: []string{x.L("paper.label.code"), x.L("paper.label.action")}, Widths: []int{10, 90}}
	for _, a := range d.InspectionActions {
		actions.Rows = append(actions.Rows, []string{a.Code, x.Record(a.Title)})
	}
	p.Sections = []Section{
		{Paragraphs: []string{x.T("paper.detention.body", vars), x.T("paper.detention.order", vars)}},
		{Heading: x.L("paper.label.findings"), Table: findingsTable(x, d.Findings)},
		{Heading: x.L("paper.label.actions"), Table: actions},
		{Heading: x.L("paper.label.note"), Paragraphs: []string{x.T("paper.detention.note", vars)}},
		{Heading: x.L("paper.label.appeal"), Paragraphs: []string{x.Record(d.AppealRule)}},
		{Heading: x.L("paper.label.copies"), Table: numberedTable(x.L("paper.label.copies"), x.Records(d.Copies))},
	}
	p.Footer = []Field{
		{x.L("paper.label.enclosure"), x.Record(d.Enclosure)},
		{x.L("paper.label.authority"), x.Record(d.DetentionAuthority)},
		{x.L("paper.label.appellate"), x.Record(d.AppellateAuthority)},
		{x.L("paper.label.report"), timeText(d.ReportDueAt)},
	}
	p.Signature.Name = d.OrderedBy
	p.Signature.Designation = x.T("paper.officer", map[string]any{"Office": d.ReportingOffice})
	if x.err != nil {
		return Page{}, fmt.Errorf("detention order page: %w", x.err)
	}
	return p, nil
}

// ReleasePage lays a release order (Karnataka 2025, Sch-IX Annex-2) out in
// lang, with the detention charges (Sch-IV).
func ReleasePage(r ReleaseOrder, lang string, is Issuer) (Page, error) {
	x := &texts{lang: locale.Resolve(lang)}
	p := Page{Title: x.L("paper.release.title")}
	x.frame(&p, is, r.ReportingOffice, r.VerifyCode)
	p.Number = Field{x.L("paper.label.release_no"), r.Number}
	p.Date = Field{x.L("paper.date"), DateText(r.Date)}
	p.Fields = []Field{
		{x.L("paper.label.reporting_office"), r.ReportingOffice},
		{x.L("paper.label.head_office"), x.Record(r.HeadOffice)},
		{x.L("paper.label.ref"), r.DetentionNumber},
		{x.L("paper.label.ref_date"), DateText(r.DetentionDate)},
		{x.L("paper.label.vessel"), r.VesselName},
		{x.L("paper.label.registration"), r.RegistrationNumber},
		{x.L("paper.label.registry"), r.PlaceOfRegistry},
		{x.L("paper.label.location"), r.PresentLocation},
		{x.L("paper.label.master"), r.MasterName},
		{x.L("paper.label.reinspected_on"), isoDayText(r.ReinspectionDate)},
		{x.L("paper.label.released_on"), isoDayText(r.ReleaseDate)},
	}
	vars := map[string]any{"Vessel": r.VesselName, "Registration": r.RegistrationNumber, "Registry": r.PlaceOfRegistry,
		"Detained": DateText(r.DetentionDate), "Reinspected": isoDayText(r.ReinspectionDate), "Power": x.Record(r.Power),
		"Released": isoDayText(r.ReleaseDate)}
	charges := &Table{Head: []string{x.L("paper.label.charge"), x.L("paper.label.rule"), x.L("paper.label.amount")},
		Widths: []int{46, 36, 18}}
	for _, c := range r.Charges {
		charges.Rows = append(charges.Rows, []string{x.Record(c.Description), x.Record(c.Citation), locale.Rupees(c.Amount)})
	}
	charges.Foot = []string{x.L("paper.label.total"), "", locale.Rupees(r.ChargesTotal)}
	p.Sections = []Section{
		{Paragraphs: []string{x.T("paper.release.body", vars)}},
		{Heading: x.L("paper.label.conditions"), Table: conditionsTable(x, r.Conditions)},
		{Heading: x.L("paper.label.findings"), Table: findingsTable(x, r.Findings)},
		{Heading: x.L("paper.label.charges"), Table: charges},
		{Heading: x.L("paper.label.copies"), Table: numberedTable(x.L("paper.label.copies"), x.Records(r.Copies))},
	}
	p.Footer = []Field{
		{x.L("paper.label.releasing"), x.Record(r.ReleasingAuthority)},
		{x.L("paper.label.appellate"), x.Record(r.AppellateAuthority)},
	}
	p.Signature.Name = r.ReleasedBy
	p.Signature.Designation = x.T("paper.officer", map[string]any{"Office": r.ReportingOffice})
	if x.err != nil {
		return Page{}, fmt.Errorf("release order page: %w", x.err)
	}
	return p, nil
}

// findingsTable is Form B's table of deficiencies with the law each breaks
// and the action taken (Sch-IX): titles in the page's language.
func findingsTable(x *texts, fs []Finding) *Table {
	t := &Table{Head: []string{x.L("paper.label.code"), x.L("paper.label.deficiency"), x.L("paper.label.law"),
		x.L("paper.label.action")}, Widths: []int{10, 36, 40, 14}}
	for _, f := range fs {
		title := f.Title
		if tr, ok := locale.Default().DeficiencyTitle(x.lang, f.Code); ok && x.lang != locale.English && tr.Text != "" {
			title = tr.Text
		}
		t.Rows = append(t.Rows, []string{f.Code, title, strings.Join(x.Records(f.LegalRefs), "; "), f.Action})
	}
	return t
}

// conditionsTable numbers the release's conditions; none is the law's
// "NIL", in the page's language.
func conditionsTable(x *texts, cs []string) *Table {
	if len(cs) == 0 || (len(cs) == 1 && cs[0] == "NIL") {
		return &Table{Head: []string{"#", x.L("paper.label.conditions")}, Rows: [][]string{{"", x.L("paper.nil")}}}
	}
	return numberedTable(x.L("paper.label.conditions"), cs)
}
