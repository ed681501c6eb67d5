package penalty_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"golang.org/x/text/unicode/norm"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web/webtest"
)

// sampleNotice is a Karnataka notice with a lapsed Certificate of Survey
// (Form-18 (b)) and no insurance (Form-18 (h)) found, the master known.
func sampleNotice() penalty.NoticeView {
	route, _ := rules.AppealRouteFor(rules.RegimeKarnataka2025)
	line := func(row, citation string, sl int, amount int64) penalty.NoticeLineView {
		return penalty.NoticeLineView{NoticeLine: penalty.NoticeLine{PenaltyID: uuid.New(), Row: row, Sl: sl,
			Citation: citation, PartyKind: "owner", Level: 1, UnitAmount: amount, Amount: amount, Status: "charged",
			Trace: []rules.Step{{Rule: "penalty.first_offence", Citation: rules.Citation(citation), Detail: "first offence"}}},
			Due: amount}
	}
	return penalty.NoticeView{
		Notice: models.PenaltyNotice{Number: "KARWAR/PN/000007", Revision: 1, Regime: string(rules.RegimeKarnataka2025),
			ServedOn: time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)},
		Jurisdiction: models.Jurisdiction{Name: "Karwar Port Office"},
		Vessel:       models.Vessel{Name: "Sagar Rani", RegistrationNumber: "KA-KWR-M-0001"},
		Owner:        models.Owner{Name: "Ramesh Tandel"},
		InspectedAt:  time.Date(2026, 11, 2, 5, 0, 0, 0, time.UTC),
		Lines: []penalty.NoticeLineView{line("KA-F04", "Karnataka 2025, Sch-IV row 4", 4, 5000),
			line("KA-F01", "Karnataka 2025, Sch-IV row 1", 1, 5000)},
		Total: 10000, Due: 10000, PayBy: rules.D(2026, 11, 17), Appeal: &route, AppealBy: rules.D(2026, 12, 2),
		VerifyCode: "7KQ29XWMABCD",
		Challan: penalty.Challan{Grounds: []string{"b", "h"}, Location: "14.80500, 74.12400", Registry: "Karwar",
			MasterName: "Suresh Naik", MasterCoC: "KA-COC-0042", OfficerName: "S. Naik", OfficerRole: "inspector"},
	}
}

// TestNoticePrintsAsForm18InEveryLanguage prints the notice in the Form-18
// layout (Karnataka 2025, Sch-I Form-18) in English alone and in English
// with Kannada and with Hindi: pdftotext reads the vessel, the number,
// the amounts, the Sch-IV rows, the master and the CoC number, the boxes
// (b) and (h) ticked and the others not, "within 15 days" with its date,
// and the Kannada and Hindi texts as the Unicode that went in. A 60-dpi
// picture of each is saved under the artifacts folder.
func TestNoticePrintsAsForm18InEveryLanguage(t *testing.T) {
	for _, tool := range []string{"chromium", "pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed; scripts/services.sh installs it", tool)
		}
	}
	printer := document.NewPrinter(document.PrinterOptions{})
	defer printer.Close()
	is := document.DefaultIssuer("https://tindal.example.gov.in")
	shaped := map[string][]string{
		"kn": {"ದಂಡದ ನೋಟಿಸ್", "ಮಾನ್ಯ ಸಮೀಕ್ಷಾ ಪ್ರಮಾಣಪತ್ರ ಇಲ್ಲದೆ ಸಂಚರಿಸುವುದು", "ಮಾಲೀಕರ ವಶ ಮತ್ತು ಭದ್ರತೆಯಲ್ಲಿ"},
		"hi": {"जुर्माना नोटिस", "वैध सर्वेक्षण प्रमाणपत्र के बिना चलना", "स्वामी की अभिरक्षा और सुरक्षा में"},
	}
	for _, lang := range []string{"en", "kn", "hi"} {
		t.Run(lang, func(t *testing.T) {
			pages, err := penalty.NoticePages(sampleNotice(), lang, is)
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := printer.Print(context.Background(), pages...)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf, "notice_"+lang)
			for _, w := range []string{"Penalty notice (challan)", "KARWAR/PN/000007", "Sagar Rani", "KA-KWR-M-0001",
				"Suresh Naik", "KA-COC-0042", "14.80500, 74.12400", "Karnataka 2025, Sch-IV row 4",
				"Karnataka 2025, Sch-IV row 1", "₹5,000", "Total: ₹10,000", "within 15 days, that is by 17-11-2026", "Date: 02-11-2026",
				"Challan for suspension or detention (Form-18)", "☐ (a)", "☑ (b)", "☐ (c)", "☑ (h)", "☐ (i)",
				"Verification code: 7KQ29XWMABCD", "https://tindal.example.gov.in/v/7KQ29XWMABCD", "Page 1 of"} {
				if !strings.Contains(text, w) {
					t.Errorf("%s: the PDF lacks %q:\n%s", lang, w, text)
				}
			}
			squash := func(s string) string { return strings.Join(strings.Fields(norm.NFC.String(s)), "") }
			for _, w := range shaped[lang] { // whitespace apart: see document.sameShaped
				if !strings.Contains(squash(text), squash(w)) {
					t.Errorf("%s: the PDF's text lacks %q", lang, w)
				}
			}
			if strings.ContainsRune(text, '\uFFFD') {
				t.Errorf("%s: replacement characters in the text", lang)
			}
		})
	}
}

// TestOwnersNoticeCopyIsInTheirLanguage: the HTML copy is one page in the
// owner's language, with the Form-18 boxes and the verification URL.
func TestOwnersNoticeCopyIsInTheirLanguage(t *testing.T) {
	v := sampleNotice()
	v.Owner.PreferredLanguage = locale.Kannada
	b, err := penalty.RenderNoticeHTML(v, "", document.DefaultIssuer("https://tindal.example.gov.in"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, w := range []string{`lang="kn"`, "ದಂಡದ ನೋಟಿಸ್", "☑", "(b)", "https://tindal.example.gov.in/v/7KQ29XWMABCD", "17-11-2026"} {
		if !strings.Contains(s, w) {
			t.Errorf("the Kannada copy lacks %q", w)
		}
	}
	if strings.Contains(s, "Penalty notice") || strings.Count(s, "<article") != 1 {
		t.Error("the Kannada copy carries the English page")
	}
}

// pdfText reads the PDF back with poppler (whitespace runs as one space,
// NFC) and saves it and its 60-dpi pictures under $TINDAL_ARTIFACTS/
// documents (default artifacts/ at the repository's root, gitignored).
func pdfText(t *testing.T, pdf []byte, name string) string {
	t.Helper()
	dir := os.Getenv("TINDAL_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(webtest.RepoRoot(t), "artifacts")
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
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return norm.NFC.String(strings.Join(strings.Fields(string(out)), " "))
}
