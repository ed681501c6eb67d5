package my

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
)

// receipt is the receipt page of a notice: what was paid, when, under
// which bank reference, for which offence, and what is still due.
type receipt struct {
	V        penalty.NoticeView
	Receipts []penalty.Receipt
	Offences map[string]string
	// CheckURL is the public check of the notice's printed code.
	CheckURL string
}

// receiptShow shows the receipt of a notice's payments (as getPenaltyNotice
// reads them): the page the owner shows, with its PDF and the notice's
// public check, which says paid once nothing is due. Nothing paid: 404.
func (m *My) receiptShow(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNotice")
	if err != nil {
		return err
	}
	if len(v.Payments) == 0 {
		return models.NotFound("receipt")
	}
	r := receipt{V: v, Receipts: penalty.Receipts(v), Offences: offencesIn(v.Lines, m.site.Lang(c))}
	if v.VerifyCode != "" {
		r.CheckURL = m.d.Issuer.VerifyURL(v.VerifyCode)
	}
	return m.t.Render(c, "receipt", r)
}

// receiptPDF prints the receipt as the notice prints: English, then the
// page's language.
func (m *My) receiptPDF(c *fiber.Ctx) error {
	v, err := m.loadNotice(c, "getPenaltyNoticePdf")
	if err != nil {
		return err
	}
	pages, err := penalty.ReceiptPages(v, m.site.Lang(c), m.d.Issuer)
	if err != nil {
		return err
	}
	b, err := m.d.Printer.Print(c.UserContext(), pages...)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `inline; filename="receipt.pdf"`)
	return c.Send(b)
}
