package rules

import "testing"

// TestEachRegimeSpeaksForItsOwnAuthority: each regime's papers come from
// its own authority, and only Karnataka 2025 serves a Form-18 challan or a
// Sch-IX order.
func TestEachRegimeSpeaksForItsOwnAuthority(t *testing.T) {
	cases := []struct {
		name      string
		regime    Regime
		authority string
		papers    bool
	}{
		{"Karnataka 2025, Sch-I Form-18, Sch-IX Annex-1 and Annex-2: the Board's papers", RegimeKarnataka2025,
			"Karnataka Maritime Board", true},
		{"Paradip 1967, r.12(1), r.26, r.27: the Conservator, no challan, no detention order", RegimeParadip1967,
			"Conservator of the Port of Paradip", false},
		{"Kandla 1955, s.31(2): the port authority, manning only", RegimeKandla1955, "Kandla Port Authority", false},
	}
	for _, c := range cases {
		a, ok := AuthorityFor(c.regime)
		if !ok || a.Name != c.authority || a.Address == "" {
			t.Errorf("%s: authority %+v", c.name, a)
		}
		for _, p := range []Paper{PaperChallan, PaperDetentionOrder, PaperReleaseOrder} {
			if Provides(c.regime, p) != c.papers {
				t.Errorf("%s: provides %s = %v", c.name, p, !c.papers)
			}
		}
	}
	if _, ok := AuthorityFor("MSA-1958"); ok {
		t.Error("an unknown regime has an authority")
	}
}
