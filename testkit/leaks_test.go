package testkit_test

import (
	"testing"

	"github.com/tindal/tindal/testkit"
)

// TestLeaksFindsWhatIsInternal: every shape the scanner looks for, as it
// reached pages before, is found, and what a person may read is not.
func TestLeaksFindsWhatIsInternal(t *testing.T) {
	found := []struct{ name, lang, text string }{
		{"a repository path in the plan's reasons", "en", "How the score is computed: docs/PLAN.md."},
		{"a path with a section in a fee trace", "en", "docs/LAW.md §6.5 (2)"},
		{"a Go function in a law trace", "en", "repeat level from the party's history (RecomputeChain)"},
		{"a drafting tag in closes by", "en", "Karnataka 2025, Sch-IX [PROPOSAL: replaced equipment shown by photo]"},
		{"a mutation name in a history", "en", "14-01-2027 10:00 inspection.start"},
		{"a message id in a trace", "kn", "ಮೊತ್ತ penalty.first_offence (Karnataka 2025, Sch-IV row 5)"},
		{"a certificate code name", "kn", "nonmech_survey 1234"},
		{"a grade code name", "hi", "gp_rating NA-17"},
		{"SQL text", "en", `ERROR: duplicate key value violates unique constraint "x" (SQLSTATE 23505)`},
		{"a Go stack", "en", "panic: runtime error at inspect/work.go:42"},
		{"an English word on a Kannada page", "kn", "ದಂಡ Pending"},
		{"an English word on a Hindi page", "hi", "जुर्माना Uphold"},
	}
	for _, c := range found {
		if ls := testkit.Leaks(c.text, c.lang); len(ls) == 0 {
			t.Errorf("%s: nothing found in %q", c.name, c.text)
		}
	}
	clean := []struct{ name, lang, text string }{
		{"a citation", "kn", "ದಂಡ (Karnataka 2025, Sch-IV row 5, note)"},
		{"a row and a registration number", "hi", "KA-F04 · ₹5,000 · KA-KWR-M-0006"},
		{"an English sentence", "en", "The master has the right of appeal within 30 days, e.g. by post."},
		{"a link and an address", "kn", "https://tindal.example/v/AB12 owner1@demo.tindal"},
		{"the owner's own names", "kn", "Nada Doni ಮಾಲೀಕರು"},
	}
	for _, c := range clean {
		if ls := testkit.Leaks(c.text, c.lang, "Nada Doni"); len(ls) > 0 {
			t.Errorf("%s: %q found in %q", c.name, ls, c.text)
		}
	}
}
