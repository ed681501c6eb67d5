package document

import (
	"strings"
	"testing"
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
