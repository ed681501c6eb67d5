package my

import (
	"bytes"
	"html/template"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/web"
)

// notice is a notice page: the notice, its UPI request when something is
// due, and the lines an appeal may still be filed against.
type notice struct {
	V   penalty.NoticeView
	UPI *penalty.UPIRequest
	// UPIHref is the upi:// link, trusted as a URL: html/template would
	// otherwise blank a scheme it does not know.
	UPIHref template.URL
	// AtOffice is where to pay when something is due but the notice's
	// office takes no UPI payments: its address in the page's language,
	// else its name.
	AtOffice   string
	Appealable []penalty.NoticeLineView
	AppealOpen bool
	// Evidence is the photos behind each Sch-IV row of the notice.
	Evidence map[string][]photo.View
	// Authority is who decides the notice's appeals, in the page's
	// language (rules.AppealRouteFor; the notice names it the same way).
	Authority string
	// Offences are the offences of the notice's Sch-IV rows in words, in
	// the page's language, as the printed notice names them.
	Offences map[string]string
}

// loadNotice reads one of the owner's notices as operation op does (another
// owner's id is the API's 404).
func (m *My) loadNotice(c *fiber.Ctx, op string) (penalty.NoticeView, error) {
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return penalty.NoticeView{}, models.NotFound("penalty notice")
	}
	sc, err := web.Scope(c, op)
	if err != nil {
		return penalty.NoticeView{}, err
	}
	return m.d.Penalties.GetNotice(c.UserContext(), sc, id)
}

// noticeShow shows a notice: each offence with its Sch-IV row, amount,
// level and doubling trace, what is paid and due, the UPI request, the
// documents, and the appeal form while the window is open.
func (m *My) noticeShow(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNotice")
	if err != nil {
		return err
	}
	n := notice{V: v}
	if n.Evidence, err = m.evidenceOf(c, v); err != nil {
		return err
	}
	n.Authority = authorityIn(v, web.Viewer(c).Language)
	n.Offences = offencesIn(v.Lines, m.site.Lang(c))
	n.setUPI(m.d.Issuer, m.site.Lang(c))
	n.AppealOpen = v.Appeal != nil && !v.AppealBy.IsZero() && !v.AppealBy.Before(todayOf(m))
	for _, l := range v.Lines {
		if l.Status == "charged" && l.AppealState == "" {
			n.Appealable = append(n.Appealable, l)
		}
	}
	return m.t.Render(c, "notice", n)
}

// noticeDocumentHTML is the owner's copy of the notice in the page's
// language, as getPenaltyNoticeHtml renders it, with the papers' stylesheet
// linked (paperStylesheet): the pages' policy refuses inline styles.
func (m *My) noticeDocumentHTML(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNoticeHtml")
	if err != nil {
		return err
	}
	p, err := penalty.NoticePage(v, m.site.Lang(c), m.d.Issuer)
	if err != nil {
		return err
	}
	return sendPaper(c, p)
}

// sendPaper sends one page of a document as the owner's HTML copy under
// the pages' policy.
func sendPaper(c *fiber.Ctx, p document.Page) error {
	b, err := document.HTMLLinked(p, paperCSS)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Send(b)
}

// paperCSS is where the owners' copies of documents link their stylesheet.
const paperCSS = "/my/paper.css"

// paperStylesheet serves the documents' stylesheet (document.Stylesheet):
// the same bytes for everyone, so it needs no session.
func (m *My) paperStylesheet(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "text/css; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	return c.Send(document.Stylesheet())
}

// noticeDocumentPDF is the notice as getPenaltyNoticePdf prints it:
// English, then the page's language.
func (m *My) noticeDocumentPDF(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNoticePdf")
	if err != nil {
		return err
	}
	pages, err := penalty.NoticePages(v, web.Viewer(c).Language, m.d.Issuer)
	if err != nil {
		return err
	}
	b, err := m.d.Printer.Print(c.UserContext(), pages...)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `inline; filename="notice.pdf"`)
	return c.Send(b)
}

// noticeUPIQR is the QR code of the notice's UPI request (as
// getPenaltyNoticeUpiQr).
func (m *My) noticeUPIQR(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNoticeUpiQr")
	if err != nil {
		return err
	}
	u, err := penalty.UPIRequestFor(v)
	if err != nil {
		return err
	}
	png, err := public.QR(u.URI, 320)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "image/png")
	return c.SendStream(bytes.NewReader(png), len(png))
}

// setUPI adds the notice's UPI request when something is due, or, when
// its office takes no UPI payments, the office to pay at (in lang).
func (n *notice) setUPI(is document.Issuer, lang string) {
	u, err := penalty.UPIRequestFor(n.V)
	switch {
	case err == nil:
		n.UPI = &u
		n.UPIHref = template.URL(u.URI) //nolint:gosec // built by penalty.UPIRequestFor from escaped parts
	case models.CodeOf(err) == penalty.CodeNoUPIPayee:
		n.AtOffice = document.In(is.Of(n.V.Jurisdiction).Address, lang)
		if n.AtOffice == "" {
			n.AtOffice = n.V.Jurisdiction.Name
		}
	}
}

// authorityIn is the notice's appellate authority in lang: as the rules
// name it in English, from the documents' catalogue in Kannada and Hindi.
func authorityIn(v penalty.NoticeView, lang string) string {
	if v.Appeal == nil {
		return ""
	}
	if lang != locale.English {
		if t, err := locale.Default().Text(lang, "notice.html.authority."+string(v.Appeal.Regime), nil); err == nil {
			return t
		}
	}
	return v.Appeal.Authority
}

// offencesIn names the offence of each line's penalty row in lang, as the
// printed notice does (penalty.OffenceIn).
func offencesIn(lines []penalty.NoticeLineView, lang string) map[string]string {
	out := make(map[string]string, len(lines))
	for _, l := range lines {
		out[l.Row] = penalty.OffenceIn(l.Row, lang)
	}
	return out
}
