package notify_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/notify"
)

var updateDLT = flag.Bool("update-dlt", false, "rewrite testdata/dlt_registered.txt from the catalogue")

// worst is the longest data an SMS may carry: a vessel name clipped to
// DLT's 30 characters, a crore of rupees, a 30-character link.
var worst = notify.SMSVarsOf(notify.Data{Vessel: "Sri Manjunatha Prasanna Kripa (KA-KWR-M-0001)",
	Due: time.Date(2027, 12, 31, 0, 0, 0, 0, time.UTC), Amount: 10_000_000, Number: "123456", Days: 12},
	"https://tindal.karnataka.in/my")

// TestEverySMSMatchesItsDLTRegistration renders every SMS in every language
// and checks it against the content template registered with DLT (TRAI's
// Telecom Commercial Communications Customer Preference Regulations 2018:
// a message that does not match its registered template is dropped by the
// operator's scrubbing). The registered texts are testdata/dlt_registered.txt
// (what docs/OPERATIONS.md tells an operator to register); editing a text
// in the catalogue without registering it again fails here.
func TestEverySMSMatchesItsDLTRegistration(t *testing.T) {
	registered := readRegistered(t)
	var golden strings.Builder
	for _, tpl := range notify.SMSTemplates {
		for _, lang := range locale.Languages {
			key := tpl + " " + lang
			dlt, err := notify.DLTText(tpl, lang)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			fmt.Fprintf(&golden, "%s\t%s\n", key, dlt)
			if *updateDLT {
				registered[key] = dlt
			}
			if !*updateDLT && registered[key] != dlt {
				t.Errorf("%s: the catalogue's text is not the registered one:\n got  %q\n want %q", key, dlt,
					registered[key])
			}
			text, _, err := notify.RenderSMS(tpl, lang, worst)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			if !notify.DLTMatches(registered[key], text) {
				t.Errorf("%s: %q does not match its registered template %q", key, text, registered[key])
			}
			if parts, enc := notify.SMSParts(text); parts > 3 || (lang == locale.English && enc != notify.EncodingGSM7) {
				t.Errorf("%s: %d parts in %s; at most 3, and English in GSM-7", key, parts, enc)
			}
		}
	}
	if *updateDLT {
		if err := os.WriteFile(dltFile, []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const dltFile = "testdata/dlt_registered.txt"

func readRegistered(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Clean(dltFile))
	if err != nil && !*updateDLT {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if k, v, ok := strings.Cut(l, "\t"); ok {
			out[k] = v
		}
	}
	return out
}

// TestDLTMatchRefusesWhatScrubbingRefuses: a variable over 30 characters,
// and a fixed text that differs, do not match.
func TestDLTMatchRefusesWhatScrubbingRefuses(t *testing.T) {
	reg := "Tindal: {#var#} is detained. Details: {#var#}"
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Tindal: Sagar Rani (KA-KWR-M-0001) is detained. Details: http://x/my", true},
		{"Tindal: " + strings.Repeat("x", 31) + " is detained. Details: http://x/my", false},
		{"Tindal: Sagar is detained! Details: http://x/my", false},
		{"Tindal: Sagar is detained. Details: http://x/my and more text that is not registered here", false},
	} {
		if got := notify.DLTMatches(reg, c.text); got != c.want {
			t.Errorf("DLTMatches(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	if _, _, err := notify.RenderSMS(notify.TplDetentionOrdered, "en",
		notify.SMSVars{Vessel: strings.Repeat("v", 31)}); err == nil {
		t.Error("a 31-character variable rendered; DLT allows 30")
	}
}

// TestKannadaSMSIsUCS2InParts: a Kannada reminder goes as UCS-2 (3GPP TS
// 23.038), split at 67 characters with concatenation headers, and the
// parts put together again are the catalogue's text; the English one is
// GSM-7 in one part.
func TestKannadaSMSIsUCS2InParts(t *testing.T) {
	v := notify.SMSVarsOf(notify.Data{Vessel: "Sagar Rani (KA-KWR-M-0001)",
		Due: time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC)}, "http://localhost:8080/my")
	kn, _, err := notify.RenderSMS(notify.TplCertificateExpiring, "kn", v)
	if err != nil {
		t.Fatal(err)
	}
	s := notify.Segment(kn, 7)
	units := len([]rune(kn)) // Kannada is in the BMP: one UTF-16 unit a character
	want := (units + 66) / 67
	if s.Encoding != notify.EncodingUCS2 || len(s.Parts) != want || want < 2 {
		t.Fatalf("Kannada: %s in %d parts, want ucs2 in %d (%d characters)", s.Encoding, len(s.Parts), want, units)
	}
	for i, p := range s.Parts {
		if len(p) > 140 || p[0] != 5 || p[3] != 7 || int(p[4]) != want || int(p[5]) != i+1 {
			t.Errorf("part %d: %d octets, header % x", i+1, len(p), p[:6])
		}
	}
	back, err := notify.Reassemble(notify.Segments{Encoding: s.Encoding, Parts: reverse(s.Parts)})
	if err != nil || back != kn {
		t.Fatalf("reassembled %q (%v), want %q", back, err, kn)
	}
	en, _, err := notify.RenderSMS(notify.TplCertificateExpiring, "en", v)
	if err != nil {
		t.Fatal(err)
	}
	if s := notify.Segment(en, 1); s.Encoding != notify.EncodingGSM7 || len(s.Parts) != 1 {
		t.Fatalf("English: %s in %d parts, want gsm7 in 1", s.Encoding, len(s.Parts))
	}
}

// TestGSM7Split: 161 GSM characters make two parts of 153 and 8; an
// extension character counts two septets and is never split from its
// escape; a euro sign keeps the text GSM-7.
func TestGSM7Split(t *testing.T) {
	text := strings.Repeat("a", 152) + "€" + strings.Repeat("b", 7)
	s := notify.Segment(text, 1)
	if s.Encoding != notify.EncodingGSM7 || len(s.Parts) != 2 {
		t.Fatalf("%s in %d parts", s.Encoding, len(s.Parts))
	}
	if n := len(s.Parts[0]) - 6; n != 152 {
		t.Errorf("first part holds %d septets; the escape and its euro belong together in the second", n)
	}
	if back, err := notify.Reassemble(s); err != nil || back != text {
		t.Fatalf("reassembled %q (%v)", back, err)
	}
	if n, enc := notify.SMSParts(strings.Repeat("x", 160)); n != 1 || enc != notify.EncodingGSM7 {
		t.Errorf("160 GSM characters: %d parts %s", n, enc)
	}
	if n, enc := notify.SMSParts(strings.Repeat("ಕ", 70)); n != 1 || enc != notify.EncodingUCS2 {
		t.Errorf("70 Kannada characters: %d parts %s", n, enc)
	}
	if n, _ := notify.SMSParts(strings.Repeat("ಕ", 71)); n != 2 {
		t.Errorf("71 Kannada characters: %d parts, want 2", n)
	}
}

func reverse(p [][]byte) [][]byte {
	out := make([][]byte, len(p))
	for i := range p {
		out[len(p)-1-i] = p[i]
	}
	return out
}
