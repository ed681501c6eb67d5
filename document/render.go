package document

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"time"

	"github.com/go-pdf/fpdf"
)

// dejaVuSans is DejaVu Sans (Bitstream Vera licence, fonts/LICENSE-DejaVu),
// embedded so that the PDF carries its font and its text is extractable.
//
//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

var htmlPage = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — {{.Office}}</title>
<style>body{font-family:system-ui,"Noto Sans","Noto Sans Devanagari",sans-serif;max-width:46rem;margin:2rem auto;
padding:0 1rem;line-height:1.5;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;table-layout:fixed}
td,th{border:1px solid #999;padding:.3rem;text-align:left;vertical-align:top;overflow-wrap:anywhere;hyphens:auto}
dt{font-weight:600}
@media (max-width:30rem){body{margin:1rem auto;padding:0 .5rem;font-size:15px}
td,th{padding:.2rem;font-size:13px}}</style></head>
<body><h1>{{.Title}}</h1>
<dl>{{range .Fields}}<dt>{{.Label}}</dt><dd>{{.Value}}</dd>{{end}}</dl>
{{range .Sections}}<section>{{if .Heading}}<h2>{{.Heading}}</h2>{{end}}{{range .Paragraphs}}<p>{{.}}</p>{{end}}
{{with .Table}}<table><thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table>{{end}}</section>
{{end}}<footer>{{range .Footer}}<p>{{.}}</p>{{end}}<p><strong>{{.VerifyNote}}</strong></p></footer></body></html>
`))

// HTML renders a page as a standalone HTML document (the browser shapes
// Devanagari and Kannada, which the PDF writer does not). It fits a 390 px
// phone: the table's columns share the width (table-layout: fixed) and a
// long word (a citation, a passenger's reference) breaks rather than push
// the page sideways (api TestPenaltyNoticeFitsAPhone).
func HTML(p Page) ([]byte, error) {
	var b bytes.Buffer
	if err := htmlPage.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("render html: %w", err)
	}
	return b.Bytes(), nil
}

// PDF renders an English page as a PDF with the embedded font. Indic text
// is not written into PDFs: fpdf does not shape it (issue 12 item 6).
func PDF(p Page, created time.Time) ([]byte, error) {
	if p.Lang != LangEnglish {
		return nil, fmt.Errorf("pdf: only English pages are printed (got %s)", p.Lang)
	}
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCreationDate(created)
	f.SetModificationDate(created)
	f.AddUTF8FontFromBytes("dejavu", "", dejaVuSans)
	f.SetMargins(18, 16, 18)
	f.SetAutoPageBreak(true, 16)
	f.SetTitle(p.Title+" "+p.VerifyCode, true)
	f.AddPage()
	f.SetFont("dejavu", "", 15)
	f.CellFormat(0, 9, p.Title, "", 1, "C", false, 0, "")
	f.SetFont("dejavu", "", 9.5)
	for _, fl := range p.Fields {
		f.MultiCell(0, 5, fl.Label+": "+fl.Value, "", "L", false)
	}
	for _, s := range p.Sections {
		pdfSection(f, s)
	}
	f.Ln(3)
	for _, l := range p.Footer {
		f.MultiCell(0, 4.5, l, "", "L", false)
	}
	f.Ln(2)
	f.MultiCell(0, 5, p.VerifyNote, "", "L", false)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, fmt.Errorf("render pdf: %w", err)
	}
	return b.Bytes(), nil
}

func pdfSection(f *fpdf.Fpdf, s Section) {
	f.Ln(2)
	if s.Heading != "" {
		f.SetFont("dejavu", "", 11)
		f.MultiCell(0, 6, s.Heading, "", "L", false)
		f.SetFont("dejavu", "", 9.5)
	}
	for _, para := range s.Paragraphs {
		f.MultiCell(0, 5, para, "", "L", false)
	}
	if s.Table == nil {
		return
	}
	// Rows as labelled lines rather than a ruled grid: long legal
	// references wrap without clipping, and pdftotext reads them in order.
	for _, r := range s.Table.Rows {
		line := ""
		for i, c := range r {
			if c == "" {
				continue
			}
			if line != "" {
				line += " | "
			}
			if i > 0 && i < len(s.Table.Head) {
				line += s.Table.Head[i] + ": "
			}
			line += c
		}
		f.MultiCell(0, 5, "• "+line, "", "L", false)
	}
}
