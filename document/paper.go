package document

import (
	"bytes"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"slices"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

//go:embed templates/paper.html templates/paper.css templates/check.html
var templateFiles embed.FS

// stylesheet is the papers' one stylesheet: inline in the API's copy and
// the printed HTML, linked from the owners' pages, whose policy allows no
// inline style (Stylesheet). A table's column widths are classes w1…w100
// (Table.Widths), never style attributes.
var stylesheet = func() []byte {
	b, err := templateFiles.ReadFile("templates/paper.css")
	if err != nil {
		panic(err) // embedded above
	}
	var w strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&w, "col.w%d{width:%d%%}", i, i)
	}
	return append(b, w.String()+"\n"...)
}()

// Stylesheet is the papers' stylesheet (text/css), for a page that links
// it from its own origin (HTMLLinked).
func Stylesheet() []byte { return slices.Clone(stylesheet) }

// paper is the one template of every document: the owner's HTML copy is
// one page of it, the printed PDF the same template with the pages in
// English and the owner's language one after the other.
var paper = template.Must(template.ParseFS(templateFiles, "templates/paper.html"))

// sheet is what the template executes: one or more pages of the same
// document, in their languages.
type sheet struct {
	Lang      string
	Title     string
	Pages     []Page
	Print     bool
	Bilingual bool
	QR        template.URL // data: URL of the PNG QR code of the verification URL
	// Stylesheet, when set, is the URL the page links its stylesheet from;
	// otherwise CSS is the stylesheet, inline.
	Stylesheet string
	CSS        template.CSS
}

// HTML renders a page as a standalone HTML document: the owner's copy in
// their language. It fits a 390 px phone: the tables' columns share the
// width and a long word (a citation, a reference) breaks rather than push
// the page sideways (api TestPenaltyNoticeFitsAPhone).
func HTML(p Page) ([]byte, error) {
	return render(sheet{Lang: p.Lang, Title: p.Title, Pages: []Page{p}})
}

// HTMLLinked is HTML with the stylesheet linked from href (served from
// Stylesheet) rather than inline: the copy a page serves under a policy
// without 'unsafe-inline' styles (the owners' pages, web.CSP). It has no
// style attribute and no script either.
func HTMLLinked(p Page, href string) ([]byte, error) {
	return render(sheet{Lang: p.Lang, Title: p.Title, Pages: []Page{p}, Stylesheet: href})
}

// PrintHTML renders the pages one after the other, each starting on a new
// sheet of paper, as the HTML the printer turns into the PDF of record.
func PrintHTML(pages ...Page) ([]byte, error) {
	if len(pages) == 0 {
		return nil, fmt.Errorf("print: no page")
	}
	return render(sheet{Lang: pages[0].Lang, Title: pages[0].Title, Pages: pages, Print: true, Bilingual: len(pages) > 1})
}

func render(s sheet) ([]byte, error) {
	if u := s.Pages[0].Verify.URL; u != "" && s.Pages[0].Verify.Code != "" {
		png, err := qrcode.Encode(u, qrcode.Medium, 256)
		if err != nil {
			return nil, fmt.Errorf("verification qr code: %w", err)
		}
		// #nosec G203 -- a data: URL of our own PNG bytes
		s.QR = template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	}
	if s.Stylesheet == "" {
		s.CSS = template.CSS(stylesheet) // #nosec G203 -- our own embedded stylesheet
	}
	var b bytes.Buffer
	if err := paper.Execute(&b, s); err != nil {
		return nil, fmt.Errorf("render document: %w", err)
	}
	return b.Bytes(), nil
}

// footerTemplate is the printed footer: "Page N of M" in each language of
// the pages and the verification code, with Chromium's page counters.
func footerTemplate(pages []Page) string {
	var parts []string
	for _, p := range pages {
		s := template.HTMLEscapeString(p.PageOf)
		s = strings.ReplaceAll(s, PageMark, `<span class="pageNumber"></span>`)
		s = strings.ReplaceAll(s, PagesMark, `<span class="totalPages"></span>`)
		parts = append(parts, `<span lang="`+template.HTMLEscapeString(p.Lang)+`">`+s+`</span>`)
	}
	code := ""
	if len(pages) > 0 {
		code = template.HTMLEscapeString(pages[0].Number.Value + " · " + pages[0].Verify.Code)
	}
	return `<div style="font-family:'Noto Sans','Noto Sans Kannada','Noto Sans Devanagari',sans-serif;font-size:8px;` +
		`width:100%;margin:0 15mm;display:flex;justify-content:space-between"><span>` + code + `</span><span>` +
		strings.Join(parts, " · ") + `</span></div>`
}
