package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/tindal/tindal/rules"
)

// Every code the catalogue serves has its title in the three languages
// the app and the notices use (issue 13).
func TestRulesCatalogueServesEveryTitleInKannadaAndHindi(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := h.do("GET", "/v1/rules/catalogue", "inspector", nil)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var cat struct {
		Entries []struct {
			Code  string
			Title struct{ En, Kn, Hi *string }
		}
	}
	h.must(json.Unmarshal(r.body, &cat))
	if len(cat.Entries) != len(rules.Catalogue()) {
		t.Fatalf("%d entries served, the rules catalogue has %d", len(cat.Entries), len(rules.Catalogue()))
	}
	for _, e := range cat.Entries {
		if e.Title.Kn == nil || e.Title.Hi == nil || *e.Title.Kn == "" || *e.Title.Hi == "" {
			t.Errorf("%s: title %+v lacks Kannada or Hindi", e.Code, e.Title)
		}
	}
	// 11002 had no Kannada title before; it has the catalogue's now.
	for _, e := range cat.Entries {
		if e.Code == "11002" && (e.Title.Kn == nil || *e.Title.Kn != "ಜೀವರಕ್ಷಕ ಜಾಕೆಟ್‌ಗಳು ದೋಣಿಯಲ್ಲಿರುವವರ 110% ಕ್ಕಿಂತ ಕಡಿಮೆ, ಅಥವಾ ಬಳಸಲಾಗದ ಸ್ಥಿತಿಯಲ್ಲಿ") {
			t.Errorf("11002 kn %v", e.Title.Kn)
		}
	}
}
