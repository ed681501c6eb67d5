package penalty

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// RenderNoticeHTML renders the owner's copy of a notice in lang ("" = the
// owner's preferred language) under the issuer's letterhead: the page the
// printed PDF carries in that language (document's one template), so the
// copy and the record never differ. A message missing from the catalogue
// is an error, never an English fallback page passed off as translated.
func RenderNoticeHTML(v NoticeView, lang string, is document.Issuer) ([]byte, error) {
	if lang == "" {
		lang = v.Owner.PreferredLanguage
	}
	p, err := NoticePage(v, locale.Resolve(lang), is)
	if err != nil {
		return nil, err
	}
	return document.HTML(p)
}

// NoticePages are the pages of the printed notice: English, the language
// of record, then lang ("" = the owner's preferred language) when it is
// another (document.Langs).
func NoticePages(v NoticeView, lang string, is document.Issuer) ([]document.Page, error) {
	if lang == "" {
		lang = v.Owner.PreferredLanguage
	}
	var pages []document.Page
	for _, l := range document.Langs(lang) {
		p, err := NoticePage(v, l, is)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// NoticePage lays a notice's current revision out in lang in the Form-18
// layout (Karnataka 2025, Sch-I Form-18): every text from the locale
// catalogue.
func NoticePage(v NoticeView, lang string, is document.Issuer) (document.Page, error) {
	if err := ServesChallan(v.Notice.Regime); err != nil {
		return document.Page{}, err
	}
	is = issuerOf(v, is)
	c := locale.Default()
	var missing error // the first message that failed to render
	tr := func(id string, vars map[string]any) string {
		s, err := c.Text(lang, id, vars)
		if err != nil && missing == nil {
			missing = err
		}
		return s
	}
	p := noticePage(v, lang, is, tr)
	if missing != nil {
		return document.Page{}, fmt.Errorf("render notice: %w", missing)
	}
	return p, nil
}

func noticePage(v NoticeView, lang string, is document.Issuer, tr func(string, map[string]any) string) document.Page {
	t := func(id string) string { return tr("notice.html."+id, nil) }
	l := func(id string) string { return tr(id, nil) }
	p := document.Page{Lang: lang, Title: t("title"), Letterhead: is.Letterhead(lang, v.Jurisdiction.Name)}
	p.Number = document.Field{Label: l("paper.label.notice_no"), Value: v.Notice.Number}
	p.Date = document.Field{Label: l("paper.date"), Value: document.DayText(civil(servedDate(v.Notice)))}
	p.Fields = challanFields(v, l)
	head := []string{tr("notice.html.number", map[string]any{"Number": v.Notice.Number, "Revision": v.Notice.Revision})}
	if n := len(v.Revisions); n > 0 && v.Revisions[n-1].Previous != nil {
		head = append(head, tr("notice.html.revises", map[string]any{"Previous": *v.Revisions[n-1].Previous}))
	}
	inspected := document.DayText(noticeDate(v.InspectedAt))
	head = append(head, tr("paper.form18.intro", map[string]any{"Date": inspected}))
	lines := linesTable(v, lang, tr)
	sums := []string{
		t("total") + ": " + locale.Rupees(v.Total),
		t("paid_total") + ": " + locale.Rupees(v.Paid),
		t("due") + ": " + locale.Rupees(v.Due),
		tr("paper.form18.pay", map[string]any{"Date": document.DayText(civil(v.PayBy))}),
	}
	if v.Appeal != nil {
		sums = append(sums, tr("notice.html.appeal", map[string]any{"Authority": authority(*v.Appeal, lang, tr),
			"Date": document.DayText(civil(v.AppealBy)), "Citation": v.Appeal.Citation}))
	}
	copies := &document.Table{Head: []string{"#", l("paper.label.copies")}, Widths: []int{6, 94}}
	for i := 1; i <= 5; i++ {
		copies.Rows = append(copies.Rows, []string{strconv.Itoa(i), l("paper.form18.copy" + strconv.Itoa(i))})
	}
	p.Sections = []document.Section{
		{Heading: l("paper.form18.title"), Paragraphs: head, Checks: form18Checks(v.Challan.Grounds, l)},
		{Heading: l("paper.form18.offences"), Table: lines},
		{Paragraphs: sums},
		{Heading: l("paper.label.copies"), Table: copies},
	}
	p.Signature = document.Signature{SignLabel: l("paper.signature"), NameLabel: l("paper.name"),
		DesignationLabel: l("paper.designation"), Name: v.Challan.OfficerName, Office: v.Jurisdiction.Name,
		Counterpart: l("paper.form18.owner_sign")}
	if v.Challan.OfficerRole != "" {
		p.Signature.Designation = l("paper.role." + v.Challan.OfficerRole)
	}
	p.PageOf = tr("paper.page_of", map[string]any{"Page": document.PageMark, "Pages": document.PagesMark})
	p.Record = l("paper.record")
	if v.VerifyCode != "" {
		url := is.VerifyURL(v.VerifyCode)
		p.Verify = document.VerifyBlock{Label: t("verify"), Code: v.VerifyCode, URL: url,
			Note: tr("paper.verify_note", map[string]any{"URL": url})}
	}
	return p
}

// linesTable is the table of the notice's lines; the previous amount's
// column only when a revision changed an amount. The citation and the
// person never break on paper (document.Table.NoWrap).
func linesTable(v NoticeView, lang string, tr func(string, map[string]any) string) *document.Table {
	t := func(id string) string { return tr("notice.html."+id, nil) }
	changed := slices.ContainsFunc(v.Lines, func(l NoticeLineView) bool { return l.PreviousAmount != nil })
	lines := &document.Table{
		Head: []string{t("col.row"), t("col.offence"), t("col.person"), t("col.level"), t("col.previous"),
			t("col.amount"), t("col.paid"), t("trace")},
		NoWrap: []int{0, 2},
	}
	for _, ln := range v.Lines {
		lines.Rows = append(lines.Rows, lineCells(ln, lang, tr))
	}
	if !changed {
		lines.Head = slices.Delete(lines.Head, 4, 5)
		for i := range lines.Rows {
			lines.Rows[i] = slices.Delete(lines.Rows[i], 4, 5)
		}
	}
	return lines
}

// challanFields are Form-18's particulars of the vessel and its people.
func challanFields(v NoticeView, l func(string) string) []document.Field {
	or := func(s string) string {
		if s == "" {
			return l("paper.unknown")
		}
		return s
	}
	return []document.Field{
		{Label: l("paper.label.vessel"), Value: v.Vessel.Name},
		{Label: l("paper.label.registration"), Value: v.Vessel.RegistrationNumber},
		{Label: l("paper.label.registry"), Value: or(v.Challan.Registry)},
		{Label: l("paper.label.location"), Value: or(v.Challan.Location)},
		{Label: l("paper.label.owner"), Value: v.Owner.Name},
		{Label: l("paper.label.master"), Value: or(v.Challan.MasterName)},
		{Label: l("paper.label.coc"), Value: or(v.Challan.MasterCoC)},
		{Label: l("paper.label.inspected_on"), Value: document.DayText(noticeDate(v.InspectedAt))},
	}
}

// form18Checks are the boxes (a)-(i) of Form-18, ticked where found.
func form18Checks(found []string, l func(string) string) *document.Checks {
	c := &document.Checks{Head: []string{l("paper.form18.found"), "", l("paper.form18.ground")},
		Note: l("paper.form18.tick_note")}
	for _, g := range rules.Form18Grounds {
		c.Boxes = append(c.Boxes, document.Check{Letter: g, Text: l("paper.form18." + g), Ticked: slices.Contains(found, g)})
	}
	return c
}

// lineCells is one line of the table: the Sch-IV row with its citation,
// the offence with its status and repeat marker, the person, the repeat
// level, the previous amount (set on a line a revision changed), the
// amount, what was paid and the doubling trace (docs/LAW.md §5.2).
func lineCells(l NoticeLineView, lang string, tr func(string, map[string]any) string) []string {
	offence, err := locale.Default().Text(lang, "penalty_row."+l.Row, nil)
	if err != nil {
		offence = l.Row
	}
	if l.Status == string(rules.OffenceSetAside) || l.Status == LineCancelled {
		offence += " — " + tr("notice.html.status."+l.Status, nil)
	}
	if l.Level > 1 {
		offence += " — " + tr("notice.html.repeat", nil)
	}
	previous := ""
	if l.PreviousAmount != nil {
		previous = locale.Rupees(*l.PreviousAmount)
	}
	trace := make([]string, 0, len(l.Trace))
	for _, st := range l.Trace {
		if s, ok := traceStep(st, lang, tr); ok {
			trace = append(trace, s)
		}
	}
	return []string{
		rowLabel(l.NoticeLine) + " (" + l.Citation + ")",
		offence,
		personLabel(l.NoticeLine, tr),
		strconv.Itoa(l.Level),
		previous,
		locale.Rupees(l.Amount),
		locale.Rupees(l.Paid),
		strings.Join(trace, "; "),
	}
}

// traceStep is one step of the penalty chain: in English the engine's own
// account with its citation (the language of record); in Kannada and Hindi
// the catalogue's text for the step's rule, and nothing for a rule it does
// not describe (the row's citation and the amounts stand), never English.
func traceStep(st rules.Step, lang string, tr func(string, map[string]any) string) (string, bool) {
	if lang == locale.English {
		return st.Detail + " (" + string(st.Citation) + ")", true
	}
	if !locale.Default().Has("notice.html.step." + st.Rule) {
		return "", false
	}
	return tr("notice.html.step."+st.Rule, nil), true
}

// authority is the appellate authority in lang: as the rules name it in
// English, from the catalogue by regime in Kannada and Hindi.
func authority(a rules.AppealRoute, lang string, tr func(string, map[string]any) string) string {
	if lang == locale.English {
		return a.Authority
	}
	return tr("notice.html.authority."+string(a.Regime), nil)
}

func rowLabel(l NoticeLine) string {
	if l.Sl > 0 {
		return strconv.Itoa(l.Sl)
	}
	return l.Row
}

func personLabel(l NoticeLine, tr func(string, map[string]any) string) string {
	kind := tr("notice.html.party."+l.PartyKind, nil)
	switch {
	case l.PartyKind == "owner":
		return kind
	case l.PartyRef != "":
		return kind + " " + l.PartyRef
	}
	return kind + ", " + tr("notice.html.party.unidentified", map[string]any{"Persons": l.Persons})
}

// issuerOf is the issuer of a notice's papers: the notice's jurisdiction's
// own authority and office under the notice's regime (document.Issuer.Of).
func issuerOf(v NoticeView, is document.Issuer) document.Issuer {
	j := v.Jurisdiction
	j.Regime = v.Notice.Regime
	return is.Of(j)
}

// ServesChallan is nil when regime gives its authority the Form-18 challan
// with the Sch-IV penalties (Karnataka 2025 alone: rules.Provides), and
// otherwise the refusal to print one: a Paradip or Kandla owner never
// receives Karnataka's challan.
func ServesChallan(regime string) error {
	if rules.Provides(rules.Regime(regime), rules.PaperChallan) {
		return nil
	}
	return models.Errorf(models.KindConflict, "no_challan_under_regime",
		"%s serves no Form-18 challan: the Sch-IV penalties and their challan are Karnataka 2025's", regime)
}
