package document_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/tindal/tindal/document"
)

// printer is the one browser of this test binary, as a server has one.
var printer = sync.OnceValue(func() *document.Printer { return document.NewPrinter(document.PrinterOptions{}) })

var issuer = document.DefaultIssuer("https://tindal.example.gov.in")

func sampleDetention() document.DetentionOrder {
	return document.DetentionOrder{
		ReportingOffice: "Karwar Port Office", HeadOffice: "Karnataka Maritime Board, Karwar",
		Number: "KARWAR/DO/2026/0007", Date: time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC),
		VesselName: "Sagar Rani", RegistrationNumber: "KA-KWR-M-0001", PlaceOfRegistry: "Karwar",
		PresentLocation: "Baithkol jetty, Karwar", MasterName: "Ramesh Tandel", InspectionDate: "2026-11-01",
		PlaceOfInspection: "Karwar", Port: "Karwar", Powers: "sections 63 and 85 of the Inland Vessels Act, 2021",
		Findings: []document.Finding{{Code: "30005", Title: "Lifebuoys missing", Action: "17",
			LegalRefs: []string{"Karnataka 2025, Sch-IX para 2.2", "Karnataka 2025, Sch-IV row 9"}}},
		InspectionActions:  []document.Action{{Code: "12", Title: "Detention ordered"}},
		ReportDueAt:        time.Date(2026, 11, 3, 9, 30, 0, 0, time.UTC),
		DetentionAuthority: "Director Ports & Member (Maritime & IWT Ops)", AppellateAuthority: "CEO KMB",
		AppealRule: "The master has the right of appeal (Karnataka 2025, Sch-IX Annex-1).",
		Copies:     []string{"Master (to inform owners forthwith)", "Director Ports & Member (Maritime & IWT Ops)"},
		Enclosure:  "Report (Form A and B)", OrderedBy: "S. Naik", VerifyCode: "7KQ29XWMABCD",
	}
}

func sampleRelease() document.ReleaseOrder {
	d := sampleDetention()
	return document.ReleaseOrder{
		ReportingOffice: d.ReportingOffice, HeadOffice: d.HeadOffice, Number: "KARWAR/RO/2026/0003",
		Date: time.Date(2026, 11, 9, 6, 0, 0, 0, time.UTC), DetentionNumber: d.Number, DetentionDate: d.Date,
		VesselName: d.VesselName, RegistrationNumber: d.RegistrationNumber, PlaceOfRegistry: d.PlaceOfRegistry,
		PresentLocation: d.PresentLocation, MasterName: d.MasterName, ReinspectionDate: "2026-11-08",
		ReleaseDate: "2026-11-09", Power: "section 85 of the Inland Vessels Act, 2021", Conditions: []string{"NIL"},
		Findings: d.Findings, Charges: []document.Charge{{Description: "Detention, 7 days", Amount: 8500,
			Citation: "Karnataka 2025, Sch-IV"}}, ChargesTotal: 8500, ReleasingAuthority: d.DetentionAuthority,
		AppellateAuthority: d.AppellateAuthority, Copies: d.Copies, ReleasedBy: "S. Naik", VerifyCode: "9PQRSTUVWXYZ",
	}
}

// shaped are texts with conjuncts (ಕ್ಷ, ತ್ತ, क्ष, प्र, त्त) each printed
// document must give back from pdftotext exactly as they went in.
var shaped = map[string]map[string][]string{
	"detention": {"kn": {"ತಡೆಹಿಡಿಯುವ ಆದೇಶ", "ಸಮೀಕ್ಷಕರು ಮತ್ತು ಪ್ರಾಧಿಕೃತ ಅಧಿಕಾರಿಗಳು", "ಜಲನೌಕೆಯ ಹೆಸರು"},
		"hi": {"निरोध आदेश", "सर्वेक्षकों और प्राधिकृत अधिकारियों", "पत्तन/स्थान सीमा"}},
	"release": {"kn": {"ಬಿಡುಗಡೆ ಆದೇಶ", "ಗಂಭೀರ ನ್ಯೂನತೆಗಳ ಕಾರಣ", "ಮರುತಪಾಸಣೆ"},
		"hi": {"रिहाई (निर्मुक्ति) आदेश", "पुनः निरीक्षण", "प्राधिकरण के परामर्श से"}},
}

// TestOrdersPrintBilingualWithShapedText prints the detention and the
// release order (Karnataka 2025, Sch-IX Annex-1 and Annex-2) in English
// alone and in English with Kannada and with Hindi, in Chromium, and reads
// the PDFs back with poppler: the vessel, the numbers, the amounts and the
// law are there; the Kannada and Hindi texts come back as the same Unicode
// (NFC) that went in, so no glyph is a box and no conjunct is broken; the
// verification URL is absolute; every sheet says "Page N of M". A 60-dpi
// picture of each is saved under the artifacts folder.
func TestOrdersPrintBilingualWithShapedText(t *testing.T) {
	needTools(t)
	for _, doc := range []string{"detention", "release"} {
		for _, lang := range []string{"en", "kn", "hi"} {
			t.Run(doc+"_"+lang, func(t *testing.T) {
				var pages []document.Page
				for _, l := range document.Langs(lang) {
					pages = append(pages, orderPage(t, doc, l))
				}
				pdf, err := printer().Print(context.Background(), pages...)
				if err != nil {
					t.Fatal(err)
				}
				text := pdfText(t, pdf)
				want := []string{"Sagar Rani", "KA-KWR-M-0001", "Karnataka 2025, Sch-IX para 2.2", "Page 1 of",
					"https://tindal.example.gov.in/v/", "Karnataka Maritime Board"}
				if doc == "detention" {
					want = append(want, "DETENTION ORDER", "KARWAR/DO/2026/0007", "02-11-2026", "01-11-2026",
						"sections 63 and 85", "Verification code: 7KQ29XWMABCD")
				} else {
					want = append(want, "RELEASE ORDER", "KARWAR/RO/2026/0003", "KARWAR/DO/2026/0007", "NIL",
						"₹8,500", "section 85", "09-11-2026")
				}
				for _, w := range want {
					if !strings.Contains(text, norm.NFC.String(w)) {
						t.Errorf("%s %s: the PDF lacks %q:\n%s", doc, lang, w, text)
					}
				}
				for _, w := range shaped[doc][lang] {
					sameShaped(t, text, w)
				}
				if strings.ContainsRune(text, '\uFFFD') {
					t.Errorf("%s %s: replacement characters in the PDF's text", doc, lang)
				}
				if regexp.MustCompile(`\d{4}-\d{2}-\d{2}`).MatchString(text) {
					t.Errorf("%s %s: a date not in DD-MM-YYYY:\n%s", doc, lang, text)
				}
				screenshot(t, pdf, doc+"_"+lang)
			})
		}
	}
}

// TestOwnersCopyIsOneLanguageAndEscaped: the HTML copy is the owner's
// language only, escapes what officers typed, and carries the QR code
// inline (the page loads nothing).
func TestOwnersCopyIsOneLanguageAndEscaped(t *testing.T) {
	d := sampleDetention()
	d.VesselName = "<script>x</script>"
	p, err := document.DetentionPage(d, "kn", issuer)
	if err != nil {
		t.Fatal(err)
	}
	b, err := document.HTML(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if strings.Contains(s, "<script>x") || !strings.Contains(s, "&lt;script&gt;") {
		t.Fatalf("html not escaped: %s", s)
	}
	if !strings.Contains(s, `lang="kn"`) || strings.Contains(s, "DETENTION ORDER") || !strings.Contains(s, "ತಡೆಹಿಡಿಯುವ ಆದೇಶ") {
		t.Errorf("the Kannada copy is not in Kannada alone")
	}
	if !strings.Contains(s, `src="data:image/png;base64,`) || strings.Contains(s, "src=\"http") {
		t.Errorf("the QR code is not inline")
	}
	if !strings.Contains(s, "https://tindal.example.gov.in/v/7KQ29XWMABCD") {
		t.Errorf("no absolute verification URL")
	}
}

func orderPage(t *testing.T, doc, lang string) document.Page {
	t.Helper()
	var p document.Page
	var err error
	if doc == "detention" {
		p, err = document.DetentionPage(sampleDetention(), lang, issuer)
	} else {
		p, err = document.ReleasePage(sampleRelease(), lang, issuer)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sameShaped checks that the PDF's text holds want, code point for code
// point after NFC. Whitespace is compared apart: poppler's word-gap rule
// reads a space after a cluster whose vowel sign sits below or above its
// consonant (कृ त, स्कै न: the mark is placed back over the consonant and
// the next glyph seems to start after a gap), though no space is in the
// PDF; the letters, viramas and conjuncts must all be there, in order.
func sameShaped(t *testing.T, text, want string) {
	t.Helper()
	squash := func(s string) string { return strings.Join(strings.Fields(norm.NFC.String(s)), "") }
	if !strings.Contains(squash(text), squash(want)) {
		t.Errorf("the PDF's text lacks %q (%U)", want, []rune(norm.NFC.String(want)))
	}
}

func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"chromium", "pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed; scripts/services.sh installs it", tool)
		}
	}
}

// pdfText is the PDF's text as poppler reads it, whitespace runs as one
// space (a phrase may wrap), NFC-normalised.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(f, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return norm.NFC.String(strings.Join(strings.Fields(string(out)), " "))
}

// screenshot saves the PDF's pages at 60 dpi as PNGs under
// $TINDAL_ARTIFACTS/documents (default artifacts/ at the repository's
// root, gitignored, as web/webtest's screenshots),
// beside the PDF itself.
func screenshot(t *testing.T, pdf []byte, name string) {
	t.Helper()
	dir := os.Getenv("TINDAL_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "artifacts") // the repository's root, as web/webtest
	}
	dir = filepath.Join(dir, "documents")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(f, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "60", "-png", f, filepath.Join(dir, name)).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
}
