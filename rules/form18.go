package rules

import (
	"slices"
	"strings"
)

// Form18Grounds are the offence boxes of the challan (Karnataka 2025,
// Sch-I Form-18 (a)-(i), served under r.13), in the form's order.
var Form18Grounds = []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}

// form18Ref is how the catalogue cites a box: "Karnataka 2025, Form-18 (b)".
const form18Ref = "Karnataka 2025, Form-18 ("

// Form18Found returns the boxes of Form-18 that the deficiency codes
// found tick, in the form's order, each once: a box is ticked when a
// code's catalogue entry cites it (a lapsed Certificate of Survey cites
// Form-18 (b)). A code the catalogue does not know ticks nothing.
func Form18Found(codes []Code) []string {
	found := map[string]bool{}
	for _, c := range codes {
		e, ok := Lookup(c)
		if !ok {
			continue
		}
		for _, ref := range e.LegalRefs {
			s := string(ref)
			if strings.HasPrefix(s, form18Ref) && strings.HasSuffix(s, ")") {
				found[strings.TrimSuffix(strings.TrimPrefix(s, form18Ref), ")")] = true
			}
		}
	}
	var out []string
	for _, g := range Form18Grounds {
		if found[g] {
			out = append(out, g)
		}
	}
	return slices.Clip(out)
}
