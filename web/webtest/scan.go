package webtest

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web"
)

// Scan is a walk over pages a person reads, in one language, held to
// testkit.Leaks: no repository path, Go name, drafting tag, message id,
// code name, SQL or stack on any of them, and no English word outside the
// allowed names on a Kannada or Hindi one. Paths ending in .pdf are
// fetched with the tab's session and read with pdftotext. Data are the
// values people entered (names, numbers, notes), which pages show as they
// are. A new page joins a walk by adding its path.
type Scan struct {
	Lang  string
	Paths []string
	Data  []string
}

// Run walks the scan's pages in the tab and fails t on every leak. The
// product's name and the language switcher's names of the languages, each
// in its own script, are the site's own.
func (sc Scan) Run(t testing.TB, ctx context.Context, s *Server) {
	t.Helper()
	sc.Data = append(sc.Data, "Tindal")
	for _, l := range web.Languages {
		sc.Data = append(sc.Data, l.Name)
	}
	for _, p := range sc.Paths {
		switch {
		case strings.HasSuffix(p, ".pdf"):
			sc.pdf(t, p, PDFText(t, FetchBytes(t, ctx, p)))
		case strings.HasSuffix(p, ".html"): // a paper's own copy, with its own styles
			testkit.ScanText(t, p, markup.ReplaceAllString(string(FetchBytes(t, ctx, p)), " "), sc.Lang, sc.Data...)
		default:
			Do(t, ctx, chromedp.Navigate(s.URL+p), chromedp.WaitVisible(chromedp.CSS("body")))
			testkit.ScanText(t, p, PageText(t, ctx), sc.Lang, sc.Data...)
		}
	}
}

// Paper scans a printed paper (a PDF's bytes, fetched however the test
// fetched them) as Run scans the PDFs of its paths.
func (sc Scan) Paper(t testing.TB, where string, pdf []byte) {
	t.Helper()
	sc.Data = append(sc.Data, "Tindal")
	sc.pdf(t, where, PDFText(t, pdf))
}

// pdf scans a printed paper page by page: its English pages (the language
// of record, printed first) as English, the others in the scan's language.
func (sc Scan) pdf(t testing.TB, where, text string) {
	t.Helper()
	// Chromium prints one footer on every page, so it carries each
	// language's "Page N of M" (document.Page.PageOf): the footer line is
	// the paper's own, in both its languages.
	text = footer.ReplaceAllString(text, "")
	for i, page := range strings.Split(text, "\f") {
		lang, latin, native := sc.Lang, 0, 0
		for _, r := range page {
			switch {
			case unicode.In(r, unicode.Kannada, unicode.Devanagari):
				native++
			case r < unicode.MaxASCII && unicode.IsLetter(r):
				latin++
			}
		}
		if latin > native { // names in Kannada may stand on an English page
			lang = "en"
		}
		testkit.ScanText(t, fmt.Sprintf("%s page %d", where, i+1), page, lang, sc.Data...)
	}
}

// footer is the printed footer's page count in English, as pdftotext
// reads it.
var footer = regexp.MustCompile(`Page \d+ of \d+`)

// markup is what of an HTML document a person does not read.
var markup = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>|&[a-z#0-9]+;`)

// PageText is what a person reads on the page: its title, its visible
// text, and the names screen readers read (alternative texts, labels,
// placeholders, the options of selects).
func PageText(t testing.TB, ctx context.Context) string {
	t.Helper()
	return Get(t, ctx, chromedp.Evaluate[string](`[document.title, document.body.innerText,
		...[...document.querySelectorAll('[alt],[aria-label],[title],[placeholder]')].flatMap(e =>
			['alt', 'aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a) || '')),
		...[...document.querySelectorAll('option')].map(o => o.textContent)].join('\n')`))
}

// Links are the paths of the page's links that start with prefix, each
// once, in page order: a walk reaches the pages a person can open.
func Links(t testing.TB, ctx context.Context, prefix string) []string {
	t.Helper()
	return Get(t, ctx, chromedp.Evaluate[[]string](`[...new Set([...document.querySelectorAll('a[href]')]
		.map(a => a.getAttribute('href')).filter(h => h.startsWith(`+"`"+prefix+"`"+`)))]`))
}

// FetchBytes fetches path in the tab, with its session, and returns the
// body.
func FetchBytes(t testing.TB, ctx context.Context, path string) []byte {
	t.Helper()
	js := `fetch(` + "`" + path + "`" + `, {credentials: "same-origin"}).then(r => r.arrayBuffer()).then(b => {
		let s = ""; const u = new Uint8Array(b);
		for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]);
		return btoa(s) })`
	b, err := base64.StdEncoding.DecodeString(Get(t, ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// PDFText is the text of a PDF, by pdftotext (poppler-utils).
func PDFText(t testing.TB, pdf []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "paper.pdf")
	if err := os.WriteFile(p, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", p, "-").Output() //nolint:gosec // the test's own file
	if err != nil {
		t.Fatalf("pdftotext (scripts/services.sh installs poppler-utils): %v", err)
	}
	return string(out)
}

// SetLanguage switches the page's language with the switcher in its
// header, as a person would.
func SetLanguage(t testing.TB, ctx context.Context, lang string) {
	t.Helper()
	// The switcher's form is sent by the page's own fetch, then the page is
	// loaded again: clicking it and waiting for html[lang] raced whenever
	// lang was already the page's (the wait met the page being left, and
	// the next navigation was aborted by the switcher's redirect).
	Do(t, ctx, chromedp.SetValue(chromedp.CSS("#lang-switch"), lang))
	if status := Get(t, ctx, chromedp.Evaluate[int64](`(() => { const f = document.querySelector("#lang-switch").form;
		return fetch(f.action, {method: "POST", body: new URLSearchParams(new FormData(f)), credentials: "same-origin"})
			.then(r => r.status) })()`, chromedp.EvalAwaitPromise)); status != 200 {
		t.Fatalf("switch the language to %s: %d", lang, status)
	}
	Do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] body`)))
}

// PersonData is every value a person entered into the server's database
// that pages show as entered: names of vessels, owners, crew, offices and
// accounts, registration and certificate numbers, the verification codes
// printed on papers (twelve random letters may hold no digit), notes,
// reasons and grounds, captions, where a detained vessel lies and its
// master. A scan does not hold these to the language.
func (s *Server) PersonData(t testing.TB) []string {
	t.Helper()
	var out []string
	err := s.DB.Gorm.Raw(`SELECT DISTINCT x FROM (
		SELECT name AS x FROM vessels UNION SELECT registration_number FROM vessels
		UNION SELECT name FROM owners UNION SELECT name FROM jurisdictions
		UNION SELECT name FROM crew_members UNION SELECT name FROM users
		UNION SELECT number FROM certificates UNION SELECT note FROM findings
		UNION SELECT note FROM finding_rectifications UNION SELECT reason FROM finding_rectifications
		UNION SELECT grounds FROM penalty_appeals UNION SELECT decision_reason FROM penalty_appeals
		UNION SELECT comment FROM reviews UNION SELECT caption FROM photos
		UNION SELECT particulars->>'present_location' FROM detention_orders
		UNION SELECT particulars->>'master_name' FROM detention_orders
		UNION SELECT code FROM documents
	) d WHERE x <> ''`).Scan(&out).Error
	if err != nil {
		t.Fatalf("the data people entered: %v", err)
	}
	// Longest first, so a name is taken out before a shorter one inside it.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}
