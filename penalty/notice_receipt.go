package penalty

import (
	"fmt"
	"slices"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
)

// ReceiptPages are the pages of the printed receipt of what was paid on a
// notice: English, the language of record, then lang ("" = the owner's
// preferred language) when it is another, as the notice prints. Errors:
// not_found when nothing was paid on the notice (there is no receipt).
func ReceiptPages(v NoticeView, lang string, is document.Issuer) ([]document.Page, error) {
	if lang == "" {
		lang = v.Owner.PreferredLanguage
	}
	var pages []document.Page
	for _, l := range document.Langs(lang) {
		p, err := ReceiptPage(v, l, is)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	return pages, nil
}

// ReceiptPage lays out in lang the receipt an owner shows for a notice's
// payments: each payment's date, the bank's reference (the UPI credit's
// UTR the bank statement carried, or the receipt number the registrar
// recorded at the counter), the offence it settled and the amount; the
// notice's number, vessel and office; what is still due; and the notice's
// verification code, whose public check says paid once nothing is due.
// Errors: not_found when nothing was paid; no_challan_under_regime under a
// regime that serves no notice to pay. The letterhead is the notice's
// jurisdiction's own (document.Issuer.Of).
func ReceiptPage(v NoticeView, lang string, is document.Issuer) (document.Page, error) {
	if len(v.Payments) == 0 {
		return document.Page{}, models.NotFound("receipt")
	}
	if err := ServesChallan(v.Notice.Regime); err != nil {
		return document.Page{}, err
	}
	is = issuerOf(v, is)
	c := locale.Default()
	var missing error
	tr := func(id string, vars map[string]any) string {
		s, err := c.Text(lang, id, vars)
		if err != nil && missing == nil {
			missing = err
		}
		return s
	}
	p := receiptPage(v, lang, is, tr)
	if missing != nil {
		return document.Page{}, fmt.Errorf("render receipt: %w", missing)
	}
	return p, nil
}

func receiptPage(v NoticeView, lang string, is document.Issuer, tr func(string, map[string]any) string) document.Page {
	l := func(id string) string { return tr(id, nil) }
	pays := Receipts(v)
	p := document.Page{Lang: lang, Title: l("receipt.title"), Letterhead: is.Letterhead(lang, v.Jurisdiction.Name)}
	p.Number = document.Field{Label: l("paper.label.notice_no"), Value: v.Notice.Number}
	p.Date = document.Field{Label: l("paper.date"), Value: document.DayText(pays[len(pays)-1].PaidOn)}
	p.Fields = []document.Field{
		{Label: l("paper.label.vessel"), Value: v.Vessel.Name},
		{Label: l("paper.label.registration"), Value: v.Vessel.RegistrationNumber},
		{Label: l("paper.label.owner"), Value: v.Owner.Name},
		{Label: l("paper.office"), Value: v.Jurisdiction.Name},
	}
	t := &document.Table{Head: []string{l("receipt.col.date"), l("receipt.col.reference"), l("receipt.col.offence"),
		l("paper.label.amount")}, Widths: []int{18, 30, 34, 18}, NoWrap: []int{0, 1}}
	for _, r := range pays {
		t.Rows = append(t.Rows,
			[]string{document.DayText(r.PaidOn), r.Reference, OffenceIn(r.Row, lang), locale.Rupees(r.Amount)})
	}
	t.Foot = []string{"", "", l("paper.label.total"), locale.Rupees(v.Paid)}
	due := tr("receipt.nothing_due", nil)
	if v.Due > 0 {
		due = tr("receipt.due", map[string]any{"Amount": locale.Rupees(v.Due)})
	}
	p.Sections = []document.Section{
		{Paragraphs: []string{tr("receipt.intro", map[string]any{"Number": v.Notice.Number})}, Table: t},
		{Paragraphs: []string{due, l("receipt.record")}},
	}
	p.Signature = document.Signature{SignLabel: l("paper.signature"), NameLabel: l("paper.name"),
		DesignationLabel: l("paper.designation"), Designation: l("paper.role.registrar"), Office: v.Jurisdiction.Name}
	p.PageOf = tr("paper.page_of", map[string]any{"Page": document.PageMark, "Pages": document.PagesMark})
	p.Record = l("paper.record")
	if v.VerifyCode != "" {
		url := is.VerifyURL(v.VerifyCode)
		p.Verify = document.VerifyBlock{Label: l("notice.html.verify"), Code: v.VerifyCode, URL: url,
			Note: tr("paper.verify_note", map[string]any{"URL": url})}
	}
	return p
}

// Receipt is one payment of a notice as its receipt lists it.
type Receipt struct {
	PaidOn    time.Time
	Reference string // the bank's reference, or the registrar's receipt number
	Row       string // the Sch-IV row of the penalty it settled
	Amount    int64
}

// Receipts are the notice's payments oldest first, each with the row of
// the penalty it settled.
func Receipts(v NoticeView) []Receipt {
	rows := map[string]string{}
	for _, l := range v.Lines {
		rows[l.PenaltyID.String()] = l.Row
	}
	out := make([]Receipt, 0, len(v.Payments))
	for _, p := range v.Payments {
		out = append(
			out,
			Receipt{PaidOn: p.PaidOn, Reference: p.ReceiptNumber, Row: rows[p.PenaltyID.String()], Amount: p.Amount},
		)
	}
	slices.SortStableFunc(out, func(a, b Receipt) int { return a.PaidOn.Compare(b.PaidOn) })
	return out
}

// OffenceIn is the offence of a Sch-IV row in words in lang, as the notice
// names it; a row the catalogue does not name keeps its code.
func OffenceIn(row, lang string) string {
	if t, err := locale.Default().Text(lang, "penalty_row."+row, nil); err == nil {
		return t
	}
	return row
}
