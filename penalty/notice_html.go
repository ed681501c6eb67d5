package penalty

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// RenderNoticeHTML renders the owner's copy of a notice in lang ("" = the
// owner's preferred language): dates in that language, amounts in rupees
// with Indian grouping. It is the document package's page, the same one
// RenderNoticePDF prints, so the copy and the record never differ (issue
// 12 item 6). A message missing from the catalogue is an error, never an
// English fallback page passed off as translated.
func RenderNoticeHTML(v NoticeView, lang string) ([]byte, error) {
	if lang == "" {
		lang = v.Owner.PreferredLanguage
	}
	p, err := NoticePage(v, locale.Resolve(lang))
	if err != nil {
		return nil, err
	}
	return document.HTML(p)
}

// RenderNoticePDF prints a notice's current revision in English, the
// language of record (fpdf does not shape Devanagari or Kannada).
func RenderNoticePDF(v NoticeView) ([]byte, error) {
	p, err := NoticePage(v, locale.English)
	if err != nil {
		return nil, err
	}
	return document.PDF(p, v.Notice.UpdatedAt)
}

// NoticePage lays a notice's current revision out in lang: every text
// from the locale catalogue.
func NoticePage(v NoticeView, lang string) (document.Page, error) {
	c := locale.Default()
	var missing error // the first message that failed to render
	tr := func(id string, vars map[string]any) string {
		s, err := c.Text(lang, "notice.html."+id, vars)
		if err != nil && missing == nil {
			missing = err
		}
		return s
	}
	p := noticePage(v, lang, tr)
	if missing != nil {
		return document.Page{}, fmt.Errorf("render notice: %w", missing)
	}
	return p, nil
}

func noticePage(v NoticeView, lang string, tr func(string, map[string]any) string) document.Page {
	t := func(id string) string { return tr(id, nil) }
	p := document.Page{Lang: lang, Title: t("title"), Office: v.Jurisdiction.Name, VerifyCode: v.VerifyCode}
	p.Fields = []document.Field{
		{Label: t("office"), Value: v.Jurisdiction.Name},
		{Label: t("served_on"), Value: locale.Date(lang, civil(servedDate(v.Notice)))},
		{Label: t("vessel"), Value: v.Vessel.Name},
		{Label: t("registration"), Value: v.Vessel.RegistrationNumber},
		{
			Label: t("owner"),
			Value: v.Owner.Name,
		},
		{Label: t("inspected_on"), Value: locale.Date(lang, noticeDate(v.InspectedAt))},
	}
	head := []string{tr("number", map[string]any{"Number": v.Notice.Number, "Revision": v.Notice.Revision})}
	if n := len(v.Revisions); n > 0 && v.Revisions[n-1].Previous != nil {
		head = append(head, tr("revises", map[string]any{"Previous": *v.Revisions[n-1].Previous}))
	}
	lines := &document.Table{
		Head: []string{t("col.row"), t("col.offence"), t("col.person"), t("col.level"), t("col.previous"),
			t("col.amount"), t("col.paid"), t("trace")},
	}
	for _, l := range v.Lines {
		lines.Rows = append(lines.Rows, lineCells(l, lang, tr))
	}
	sums := []string{
		t("total") + ": " + locale.Rupees(v.Total),
		t("paid_total") + ": " + locale.Rupees(v.Paid),
		t("due") + ": " + locale.Rupees(v.Due),
		tr("pay_by", map[string]any{"Date": locale.Date(lang, civil(v.PayBy))}),
	}
	if v.Appeal != nil {
		sums = append(
			sums,
			tr(
				"appeal",
				map[string]any{
					"Authority": authority(*v.Appeal, lang, tr),
					"Date":      locale.Date(lang, civil(v.AppealBy)),
					"Citation":  v.Appeal.Citation,
				},
			),
		)
	}
	p.Sections = []document.Section{{Paragraphs: head}, {Table: lines}, {Paragraphs: sums}}
	if v.VerifyCode != "" {
		p.Footer = []string{t("verify") + ": " + v.VerifyCode}
		p.VerifyNote = tr("verify_note", map[string]any{"Code": v.VerifyCode})
	}
	return p
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
		offence += " — " + tr("status."+l.Status, nil)
	}
	if l.Level > 1 {
		offence += " — " + tr("repeat", nil)
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
	return tr("step."+st.Rule, nil), true
}

// authority is the appellate authority in lang: as the rules name it in
// English, from the catalogue by regime in Kannada and Hindi.
func authority(a rules.AppealRoute, lang string, tr func(string, map[string]any) string) string {
	if lang == locale.English {
		return a.Authority
	}
	return tr("authority."+string(a.Regime), nil)
}

func rowLabel(l NoticeLine) string {
	if l.Sl > 0 {
		return strconv.Itoa(l.Sl)
	}
	return l.Row
}

func personLabel(l NoticeLine, tr func(string, map[string]any) string) string {
	kind := tr("party."+l.PartyKind, nil)
	switch {
	case l.PartyKind == "owner":
		return kind
	case l.PartyRef != "":
		return kind + " " + l.PartyRef
	}
	return kind + ", " + tr("party.unidentified", map[string]any{"Persons": l.Persons})
}
