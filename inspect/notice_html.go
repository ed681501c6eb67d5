package inspect

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

//go:embed notice_html.tmpl
var noticeHTMLSource string

// noticeHTML is the owner's copy of a penalty notice: one template, every
// text from the locale catalogue. The PDF of record (English) is left to
// the shared document package.
var noticeHTML = template.Must(template.New("notice").Parse(noticeHTMLSource))

// noticeTexts are the catalogue messages without placeholders the page uses.
var noticeTexts = []string{"title", "office", "served_on", "vessel", "registration", "owner", "inspected_on", "col.row", "col.offence",
	"col.person", "col.level", "col.amount", "col.previous", "col.paid", "total", "paid_total", "due", "trace"}

type htmlLine struct {
	PenaltyID                              string
	Row, Citation, Offence, Status, Repeat string
	Person, Level, Previous, Amount, Paid  string
	Changed                                bool
	Trace                                  []string
}

type htmlPage struct {
	Lang, Number, NumberLine, Revises                          string
	Office, ServedOn, Vessel, Registration, Owner, InspectedOn string
	Total, Paid, Due, PayBy, Appeal                            string
	T                                                          map[string]string
	Lines                                                      []htmlLine
}

// RenderNoticeHTML renders a notice in lang ("" = the owner's preferred
// language): dates in that language, amounts in rupees with Indian
// grouping. A message missing from the catalogue is an error, never an
// English fallback page passed off as translated.
func RenderNoticeHTML(v NoticeView, lang string) ([]byte, error) {
	if lang == "" {
		lang = v.Owner.PreferredLanguage
	}
	lang = locale.Resolve(lang)
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
		return nil, fmt.Errorf("render notice: %w", missing)
	}
	var out bytes.Buffer
	if err := noticeHTML.Execute(&out, p); err != nil {
		return nil, fmt.Errorf("render notice: %w", err)
	}
	return out.Bytes(), nil
}

func noticePage(v NoticeView, lang string, tr func(string, map[string]any) string) htmlPage {
	p := htmlPage{Lang: lang, Number: v.Notice.Number, T: map[string]string{},
		NumberLine: tr("number", map[string]any{"Number": v.Notice.Number, "Revision": v.Notice.Revision}),
		Office:     v.Jurisdiction.Name, ServedOn: locale.Date(lang, civil(servedDate(v.Notice))), Vessel: v.Vessel.Name,
		Registration: v.Vessel.RegistrationNumber, Owner: v.Owner.Name, InspectedOn: locale.Date(lang, noticeDate(v.InspectedAt)),
		Total: locale.Rupees(v.Total), Paid: locale.Rupees(v.Paid), Due: locale.Rupees(v.Due),
		PayBy: tr("pay_by", map[string]any{"Date": locale.Date(lang, civil(v.PayBy))})}
	for _, id := range noticeTexts {
		p.T[strings.ReplaceAll(id, ".", "_")] = tr(id, nil)
	}
	if n := len(v.Revisions); n > 0 && v.Revisions[n-1].Previous != nil {
		p.Revises = tr("revises", map[string]any{"Previous": *v.Revisions[n-1].Previous})
	}
	if v.Appeal != nil {
		p.Appeal = tr("appeal", map[string]any{"Authority": v.Appeal.Authority, "Date": locale.Date(lang, civil(v.AppealBy)), "Citation": v.Appeal.Citation})
	}
	for _, l := range v.Lines {
		p.Lines = append(p.Lines, htmlLineOf(l, lang, tr))
	}
	return p
}

func htmlLineOf(l NoticeLineView, lang string, tr func(string, map[string]any) string) htmlLine {
	offence, err := locale.Default().Text(lang, "penalty_row."+l.Row, nil)
	if err != nil {
		offence = l.Row
	}
	h := htmlLine{PenaltyID: l.PenaltyID.String(), Row: rowLabel(l.NoticeLine), Citation: l.Citation, Offence: offence,
		Person: personLabel(l.NoticeLine, tr), Level: strconv.Itoa(l.Level), Amount: locale.Rupees(l.Amount), Paid: locale.Rupees(l.Paid),
		Changed: l.changed()}
	if l.Status == string(rules.OffenceSetAside) || l.Status == LineCancelled {
		h.Status = tr("status."+l.Status, nil)
	}
	if l.Level > 1 {
		h.Repeat = tr("repeat", nil)
	}
	if l.PreviousAmount != nil {
		h.Previous = locale.Rupees(*l.PreviousAmount)
	}
	for _, st := range l.Trace {
		h.Trace = append(h.Trace, st.Detail+" ("+string(st.Citation)+")")
	}
	return h
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
