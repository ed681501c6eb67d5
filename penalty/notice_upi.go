package penalty

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tindal/tindal/models"
)

// Payee is the authority's UPI payee: its virtual payment address and the
// name a payer's app shows (configuration: TINDAL_UPI_PAYEE,
// TINDAL_UPI_PAYEE_NAME).
type Payee struct {
	VPA  string
	Name string
}

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
// number, which the reconciliation of the bank statement looks for.
// Errors: conflict "nothing_due" (paid, set aside, cancelled, or a
// refund due).
func UPIRequestFor(v NoticeView, p Payee) (UPIRequest, error) {
	if v.Due <= 0 || v.Status() != "open" {
		return UPIRequest{}, models.Errorf(models.KindConflict, "nothing_due",
			"nothing is due on notice %s", v.Notice.Number)
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
