package document

import (
	"strings"
	"testing"
	"time"
)

// TestNewCode: codes are 12 symbols of the unambiguous alphabet, pass
// ValidCode, and do not repeat (60 random bits each).
func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	for range 10000 {
		c := NewCode()
		if !ValidCode(c) || strings.ContainsAny(c, "01IO") {
			t.Fatalf("bad code %q", c)
		}
		if seen[c] {
			t.Fatalf("code %q repeated", c)
		}
		seen[c] = true
	}
	for _, bad := range []string{"", "ABCDEFGHJKL", "ABCDEFGHJKLMN", "abcdefghjklm", "ABCDEFGHJKL0", "ABCDEFGHJKL'"} {
		if ValidCode(bad) {
			t.Errorf("ValidCode(%q) = true", bad)
		}
	}
}

// TestPagesEscapeAndStayEnglishInPDF: the HTML escapes what officers type;
// a Hindi page is refused by the PDF writer (fpdf does not shape
// Devanagari, issue 12 item 6).
func TestPagesEscapeAndStayEnglishInPDF(t *testing.T) {
	d := DetentionOrder{Number: "KARWAR/DO/2026/0001", VesselName: "<script>x</script>", Date: time.Now(), ReportDueAt: time.Now(), VerifyCode: NewCode()}
	b, err := HTML(DetentionPage(d, LangEnglish))
	if err != nil || strings.Contains(string(b), "<script>x") || !strings.Contains(string(b), "&lt;script&gt;") {
		t.Fatalf("html not escaped: %v %s", err, b)
	}
	if _, err := PDF(DetentionPage(d, LangHindi), time.Now()); err == nil {
		t.Fatal("a Hindi page was printed to PDF")
	}
	if p := DetentionPage(d, "kn"); p.Lang != LangEnglish {
		t.Errorf("Kannada page is %s, want the English fallback", p.Lang)
	}
}
