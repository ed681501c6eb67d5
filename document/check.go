package document

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
)

// check is the page a printed code's URL shows a browser (a phone that
// scanned the QR code): whether the document stands, in the reader's
// language.
var check = template.Must(template.ParseFS(templateFiles, "templates/check.html"))

type checkView struct {
	Lang, Title, Verdict string
	Good                 bool
	Rows                 []Field
}

// CheckHTML renders the answer to a verification in lang: the document's
// kind, number, vessel (registration and name), office and date of issue,
// and whether it is valid, paid (since when), superseded (since when) or
// released (since when), and the authority that issued it: the issuing
// jurisdiction's own (is.Of), never another regime's. A nil v is an unknown
// code; limited says the reader asked too often.
func CheckHTML(v *Verification, lang string, limited bool, is Issuer) ([]byte, error) {
	x := &texts{lang: locale.Resolve(lang)}
	view := checkView{Lang: x.lang, Title: x.L("paper.check.title")}
	switch {
	case limited:
		view.Verdict = x.L("paper.check.limited")
	case v == nil:
		view.Verdict = x.L("paper.check.unknown")
	default:
		view.Verdict = x.T("paper.check.status."+v.Status, map[string]any{"Date": DateText(v.StatusAt)})
		view.Good = v.Status == StatusValid || v.Status == StatusPaid
		view.Rows = []Field{
			{x.L("paper.check.document"), x.L("paper.check.kind." + v.Kind)},
			{x.L("paper.no"), v.Number},
		}
		if v.VesselRegistration != "" {
			view.Rows = append(view.Rows, Field{x.L("paper.check.vessel"),
				x.T("paper.check.vessel_value", map[string]any{"Name": v.VesselName, "Registration": v.VesselRegistration})})
		}
		own := is.Of(models.Jurisdiction{Regime: v.Regime, Office: v.OfficeData})
		view.Rows = append(view.Rows, Field{x.L("paper.check.authority"), In(own.Authority, x.lang)},
			Field{x.L("paper.office"), v.Office},
			Field{x.L("paper.check.issued"), DateText(v.IssuedAt)})
	}
	if x.err != nil {
		return nil, fmt.Errorf("check page: %w", x.err)
	}
	var b bytes.Buffer
	if err := check.Execute(&b, view); err != nil {
		return nil, fmt.Errorf("check page: %w", err)
	}
	return b.Bytes(), nil
}
