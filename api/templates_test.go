package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
)

// GET /v1/vessels/{id}/templates lists exactly the current templates
// inspection.start accepts for the vessel (Karnataka 2025, r.46, r.5(d),
// Chapter VII; Paradip 1967, r.2(c); Kandla 1955, s.31(2)).
func TestVesselTemplatesAreThoseStartAccepts(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fleet()
	want := map[string][]string{
		"vessel-KARWAR": {"ka-detention-criteria", "ka-form2-annex", "ka-marking-mechanised", "ka-sch6-cat-c", "ka-state-control"},
		"ka-mech-A-z1":  {"ka-detention-criteria", "ka-form2-annex", "ka-marking-mechanised", "ka-state-control", "ka-zone1-equipment"},
		// Karnataka 2025, r.104(3): a boat's initial survey is recorded on Form-2 and its Annexure.
		"ka-nonmech-C-z3": {"ka-detention-criteria", "ka-form2-annex", "ka-marking-non-mechanised", "ka-sch6-non-mechanised"},
		"pd-motor":        {"paradip-harbour-craft"},
		"pd-craft":        {"paradip-harbour-craft"},
		"kd-motor":        {"kandla-motor-boat"},
		"ka-mech-B-z2":    {"ka-detention-criteria", "ka-form2-annex", "ka-marking-mechanised", "ka-state-control"},
		"pd-steam":        {"paradip-harbour-craft"},
		// Karnataka 2025, r.15: before, no template fitted and every start was refused.
		"ka-harbour-craft": {"ka-harbour-craft-passage"},
		// Karnataka 2025, r.98, Sch-V-2 A: only a special category vessel.
		"ka-spl-wood": {"ka-detention-criteria", "ka-form2-annex", "ka-marking-mechanised", "ka-sch6-cat-c", "ka-special-category-wooden", "ka-state-control"},
	}
	for vessel, keys := range want {
		t.Run(vessel, func(t *testing.T) {
			h := h.with(t)
			res := h.do("GET", "/v1/vessels/"+h.ids[vessel].String()+"/templates", "fleet-inspector", nil)
			if res.status != 200 {
				t.Fatalf("templates: %d %s", res.status, res.body)
			}
			var out struct{ Items []checklist.Template }
			h.must(json.Unmarshal(res.body, &out))
			var got []string
			for _, tp := range out.Items {
				got = append(got, tp.Key)
				if tp.Retired || tp.Fit.Rule == "" || len(tp.Items) == 0 {
					t.Errorf("%s v%d: retired %v, fit %+v, %d items", tp.Key, tp.Version, tp.Retired, tp.Fit, len(tp.Items))
				}
			}
			if !slices.Equal(got, keys) {
				t.Fatalf("templates %v, want %v", got, keys)
			}
			// Each listed template starts; every other current one is refused.
			for _, tp := range checklist.Templates() {
				if tp.Retired {
					continue
				}
				r := h.inspectWith(vessel, tp.Key, tp.Version, nil).Results[0]
				if listed := slices.Contains(keys, tp.Key); listed != (r.Status == "applied") {
					t.Errorf("%s v%d listed %v, start %s %s", tp.Key, tp.Version, listed, r.Status, r.Message)
				}
			}
		})
	}
	// Out of scope: the other jurisdiction's inspector gets 404.
	if res := h.do("GET", "/v1/vessels/"+h.ids["vessel-KARWAR"].String()+"/templates", "inspector-mangaluru", nil); res.status != 404 {
		t.Fatalf("out of scope: %d", res.status)
	}
}

// The pull carries each template version with its fit and retirement, so
// the app can pick the templates that fit a vessel offline.
func TestPullCarriesTemplateFit(t *testing.T) {
	h := newSyncHarness(t)
	if _, err := inspect.New(h.db, nil, nil).SeedTemplates(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := h.do("GET", "/v1/sync/pull?limit=2000", "inspector", nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
	if r.status != 200 {
		t.Fatalf("pull: %d %s", r.status, r.body)
	}
	var p struct {
		Items []struct {
			Type string
			Data struct {
				Key             string
				TemplateVersion int `json:"template_version"`
				Fit             checklist.Fit
				RetiredAt       *string `json:"retired_at"`
			}
		}
	}
	h.must(json.Unmarshal(r.body, &p))
	seen := map[string]bool{}
	for _, it := range p.Items {
		if it.Type != "checklist_template" {
			continue
		}
		d := it.Data
		seen[fmt.Sprintf("%s@%d", d.Key, d.TemplateVersion)] = true
		if d.Fit.Rule == "" || len(d.Fit.Kinds) == 0 {
			t.Errorf("%s v%d pulled without its fit: %+v", d.Key, d.TemplateVersion, d.Fit)
		}
		if d.Key == "ka-special-category-wooden" && !d.Fit.SpecialCategory {
			t.Errorf("Sch-V-2 A template pulled without special_category: %+v", d.Fit)
		}
		if d.Key == "ka-zone1-equipment" && !slices.Equal(d.Fit.Zones, []int{1}) {
			t.Errorf("zone-1 template fit %+v", d.Fit)
		}
		if retired := d.RetiredAt != nil; (d.Key == "ka-form2-annex" && d.TemplateVersion == 1) != retired && d.Key == "ka-form2-annex" {
			t.Errorf("ka-form2-annex v%d retired %v", d.TemplateVersion, retired)
		}
	}
	if len(seen) != len(checklist.Templates()) {
		t.Fatalf("pulled %d template versions, want %d", len(seen), len(checklist.Templates()))
	}
}
