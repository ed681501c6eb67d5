package penalty

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tindal/tindal/models"
)

// Payee is a UPI payee: its virtual payment address and the name a
// payer's app shows; a notice's is its jurisdiction's (models.Jurisdiction
// UPIPayee).
type Payee = models.UPIPayee

// CodeNoUPIPayee is the refusal of a UPI request on a notice whose
// jurisdiction takes no UPI payments: the owner pays at the office.
const CodeNoUPIPayee = "no_upi_payee"

// UPIRequest is a UPI payment request for what a notice has due.
type UPIRequest struct {
	URI       string // upi://pay?...
	Payee     Payee
	Amount    int64  // rupees
	Note      string // tn: what the payer's app shows
	Reference string // tr: the notice number, which the bank statement carries back
}

// UPIRequestFor is the payment request of a notice's amount due, in the
// form of the NPCI UPI linking specification (upi://pay with pa, pn, am
// with two decimals, cu=INR, tn and tr): the reference is the notice
// number, which the reconciliation of the bank statement looks for. The
// payee is the notice's jurisdiction's: each office is paid into its own
// account. Errors: conflict "nothing_due" (paid, set aside, cancelled, or
// a refund due), conflict CodeNoUPIPayee (the office takes no UPI
// payments).
func UPIRequestFor(v NoticeView) (UPIRequest, error) {
	if v.Due <= 0 || v.Status() != "open" {
		return UPIRequest{}, models.Errorf(models.KindConflict, "nothing_due",
			"nothing is due on notice %s", v.Notice.Number)
	}
	p := v.Jurisdiction.UPIPayee
	if !p.Set() {
		return UPIRequest{}, models.Errorf(models.KindConflict, CodeNoUPIPayee,
			"the office of notice %s takes no UPI payments; pay at the office", v.Notice.Number)
	}
	r := UPIRequest{Payee: p, Amount: v.Due, Note: "Penalty notice " + v.Notice.Number, Reference: v.Notice.Number}
	r.URI = "upi://pay?pa=" + upiEscape(p.VPA) + "&pn=" + upiEscape(p.Name) +
		"&am=" + fmt.Sprintf("%d.00", v.Due) + "&cu=INR&tn=" + upiEscape(r.Note) + "&tr=" + upiEscape(r.Reference)
	return r, nil
}

// upiEscape percent-encodes a value of the request: spaces as %20, not
// +, which UPI apps would show; the @ of an address stays as it is (a
// query may hold it, RFC 3986 §3.4, and some apps do not decode it).
func upiEscape(s string) string {
	return strings.NewReplacer("+", "%20", "%40", "@").Replace(url.QueryEscape(s))
}
