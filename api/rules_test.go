package api_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// countryBoat is the overloaded country boat of the rules golden
// ka_country_boat_overloaded: 14 passengers against 8 certified.
func countryBoat() map[string]any {
	return map[string]any{
		"inspection_id": "ka-nada-doni",
		"at":            "2026-05-15T05:00:00Z",
		"vessel": map[string]any{"id": "V-NADA", "owner_id": "O-2", "regime": "KA-IV-2025", "kind": "non_mechanised",
			"category": "B", "zone": 3, "use": "passenger", "passengers_carried": 14, "passengers_certified": 8},
		"certificates": []any{
			map[string]any{"kind": "registration", "number": "KWR-NM-12", "issued_on": "2023-01-01"},
			map[string]any{"kind": "nonmech_survey", "number": "NM-COS-12", "issued_on": "2025-09-01"},
			map[string]any{"kind": "insurance", "number": "INS-12", "issued_on": "2025-09-01", "expires_on": "2026-08-31"},
		},
		"crew": []any{
			map[string]any{"id": "b1", "role": "boat_in_charge", "certificates": []any{map[string]any{"grade": "gp_rating", "issued_on": "2025-01-01"}}},
			map[string]any{"id": "b2"},
		},
		"findings": []any{map[string]any{"code": "11011", "persons": 6}},
	}
}

// deficiency returns the deficiency of the given code in an evaluation.
func deficiency(t *testing.T, body []byte, code string) map[string]any {
	t.Helper()
	var ev struct {
		Deficiencies []map[string]any `json:"deficiencies"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	for _, d := range ev.Deficiencies {
		if d["code"] == code {
			return d
		}
	}
	t.Fatalf("no deficiency %s in %s", code, body)
	return nil
}

func TestRulesCatalogueETag(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := h.do("GET", "/v1/rules/catalogue", "owner", nil)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	etag := r.header.Get("ETag")
	if len(etag) < 3 || etag[0] != '"' || r.header.Get("Cache-Control") == "" {
		t.Fatalf("ETag %q, Cache-Control %q", etag, r.header.Get("Cache-Control"))
	}
	var cat struct {
		Entries []struct {
			Code    string `json:"code"`
			Penalty *struct {
				FirstOffence int64 `json:"first_offence"`
			} `json:"penalty"`
		} `json:"entries"`
		FeeKinds []struct{ Kind, Regime string } `json:"fee_kinds"`
	}
	h.must(json.Unmarshal(r.body, &cat))
	i := slices.IndexFunc(cat.Entries, func(e struct {
		Code    string `json:"code"`
		Penalty *struct {
			FirstOffence int64 `json:"first_offence"`
		} `json:"penalty"`
	}) bool {
		return e.Code == "03001"
	})
	if i < 0 || cat.Entries[i].Penalty == nil || cat.Entries[i].Penalty.FirstOffence != 10000 {
		t.Fatalf("03001 should carry Sch-IV row 5 at Rs 10,000: %+v", cat.Entries[i])
	}
	if len(cat.FeeKinds) == 0 || cat.FeeKinds[0].Regime == "" {
		t.Fatalf("fee kinds without regime: %+v", cat.FeeKinds)
	}
	again := h.do("GET", "/v1/rules/catalogue", "inspector", nil)
	if again.header.Get("ETag") != etag || string(again.body) != string(r.body) {
		t.Fatal("the catalogue is not stable between requests")
	}
	for _, inm := range []string{etag, `W/` + etag, `"other", ` + etag, "*"} {
		nm := h.do("GET", "/v1/rules/catalogue", "inspector", nil, "If-None-Match", inm)
		if nm.status != http.StatusNotModified || len(nm.body) != 0 || nm.header.Get("ETag") != etag {
			t.Fatalf("If-None-Match %s: status %d, ETag %q, body %q", inm, nm.status, nm.header.Get("ETag"), nm.body)
		}
	}
	if r := h.do("GET", "/v1/rules/catalogue", "inspector", nil, "If-None-Match", `"stale"`); r.status != http.StatusOK {
		t.Fatalf("stale If-None-Match: status %d", r.status)
	}
	if r := h.do("GET", "/v1/rules/catalogue", "", nil); r.status != http.StatusUnauthorized {
		t.Fatalf("anonymous: status %d", r.status)
	}
}

func TestRulesScenarios(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	manning := map[string]any{"regime": "PARADIP-HC-1967", "kind": "motor", "engine_power": map[string]any{"value": 300, "unit": "BHP"},
		"length_m": 16, "use": "hire", "on": "2026-05-15",
		"crew": []any{map[string]any{"id": "s1", "role": "serang", "certificates": []any{map[string]any{"grade": "serang", "issued_on": "2010-01-01"}}}}}
	h.run(t, []scenario{
		{name: "Karnataka 2025 Sch-IV row 5: overloaded country boat", method: "POST", path: "/v1/rules/evaluate", user: "inspector",
			body: countryBoat(), wantStatus: 200, check: func(t *testing.T, r response) {
				d := deficiency(t, r.body, "03001")
				refs, _ := d["legal_refs"].([]any)
				pen, _ := d["penalty"].(map[string]any)
				if !slices.Contains(refs, any("Karnataka 2025, Sch-IV row 5")) || pen["citation"] != "Karnataka 2025, Sch-IV row 5" || pen["first_offence"] != 10000.0 {
					t.Fatalf("overload without its citation: %v", d)
				}
				if ev := r.json(); ev["rule_set"] != "KA-IV-2025-draft.1" || len(ev["trace"].(map[string]any)["steps"].([]any)) == 0 {
					t.Fatalf("rule set or trace missing: %v", ev["rule_set"])
				}
			}},
		{name: "evaluate by rule set id, unknown code kept", method: "POST", path: "/v1/rules/evaluate", user: "supervisor",
			body:       withFields(countryBoat(), map[string]any{"rule_set_id": "KA-IV-2025-draft.1", "findings": []any{map[string]any{"code": "55555", "action": "99"}}}),
			wantStatus: 200, check: func(t *testing.T, r response) {
				if d := deficiency(t, r.body, "55555"); d["known"] != false {
					t.Fatalf("unknown code: %v", d)
				}
			}},
		{name: "evaluate with an unknown rule set", method: "POST", path: "/v1/rules/evaluate", user: "inspector",
			body: withFields(countryBoat(), map[string]any{"rule_set_id": "KA-1800"}), wantStatus: 422, check: fieldNamed("rule_set_id")},
		{name: "evaluate before any Karnataka rule set is in force", method: "POST", path: "/v1/rules/evaluate", user: "inspector",
			body: withFields(countryBoat(), map[string]any{"on": "2020-01-01"}), wantStatus: 422, check: fieldNamed("on")},
		{name: "owners may not evaluate", method: "POST", path: "/v1/rules/evaluate", user: "owner", body: countryBoat(), wantStatus: 403},
		{name: "evaluate rejects unknown properties", method: "POST", path: "/v1/rules/evaluate", user: "inspector",
			body: withFields(countryBoat(), map[string]any{"colour": "blue"}), wantStatus: 400},
		{name: "Karnataka 2025 Sch-IV Ann-1 Sl.1: exactly 10 GRT", method: "POST", path: "/v1/rules/fees/quote", user: "owner",
			body: map[string]any{"kind": "ka_survey", "tonnage": 10}, wantStatus: 200, check: wantTotal(1000)},
		{name: "Karnataka 2025 Sch-IV Ann-1 Sl.2: just above 10 GRT", method: "POST", path: "/v1/rules/fees/quote", user: "owner",
			body: map[string]any{"kind": "ka_survey", "tonnage": 10.01}, wantStatus: 200, check: wantTotal(1500)},
		{name: "unknown fee kind", method: "POST", path: "/v1/rules/fees/quote", user: "owner",
			body: map[string]any{"kind": "ka_bribe", "tonnage": 10}, wantStatus: 422, wantCode: "validation_failed", check: fieldNamed("kind")},
		{name: "fee without the tonnage it needs", method: "POST", path: "/v1/rules/fees/quote", user: "owner",
			body: map[string]any{"kind": "ka_survey"}, wantStatus: 422, check: fieldNamed("tonnage")},
		{name: "fee kind of another regime", method: "POST", path: "/v1/rules/fees/quote", user: "owner",
			body: map[string]any{"kind": "ka_survey", "regime": "PARADIP-HC-1967", "tonnage": 10}, wantStatus: 422, check: fieldNamed("regime")},
		{name: "Paradip 1967 r.29(2)(ii): 300 BHP launch with a Serang only", method: "POST", path: "/v1/rules/manning/check", user: "owner",
			body: manning, wantStatus: 200, check: func(t *testing.T, r response) {
				m := r.json()
				if m["assessed"] != true || m["compliant"] != false || len(m["missing"].([]any)) == 0 {
					t.Fatalf("want assessed and non-compliant with roles missing: %s", r.body)
				}
			}},
		{name: "Karnataka 2025 r.123(7): 5 m of seating carries 10", method: "POST", path: "/v1/rules/capacity", user: "owner",
			body:       map[string]any{"seating_m": 5, "crew": 2, "carried": map[string]any{"adults": 9, "children_under_12": 3, "luggage_kg": 20}},
			wantStatus: 200, check: func(t *testing.T, r response) {
				c := r.json()
				if c["passengers"] != 10.0 || c["persons_carried"] != 12.0 || c["overloaded"] != true || c["lifejackets_required"] != 14.0 {
					t.Fatalf("capacity: %s", r.body)
				}
			}},
		{name: "capacity needs seating or floor area", method: "POST", path: "/v1/rules/capacity", user: "owner",
			body: map[string]any{}, wantStatus: 422, check: fieldNamed("floor_area_m2")},
		{name: "Karnataka 2025 r.123(4): GT of 100 m³", method: "POST", path: "/v1/rules/tonnage", user: "owner",
			body: map[string]any{"volume_m3": 100}, wantStatus: 200, check: func(t *testing.T, r response) {
				if r.json()["gt"] != 24.0 {
					t.Fatalf("GT: %s", r.body)
				}
			}},
		{name: "tonnage of nothing", method: "POST", path: "/v1/rules/tonnage", user: "owner",
			body: map[string]any{"volume_m3": 0}, wantStatus: 422, check: fieldNamed("volume_m3")},
	})
}

func TestVesselComplianceScenarios(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	vK, vM := "/v1/vessels/"+h.ids["vessel-KARWAR"].String(), "/v1/vessels/"+h.ids["vessel-MANGALURU"].String()
	notFit := func(t *testing.T, r response) {
		c := r.json()
		if c["fit_to_ply"] != false || len(c["reasons"].([]any)) == 0 || len(c["open_deficiencies"].([]any)) != 0 {
			t.Fatalf("a vessel without certificates or crew is not fit to ply: %s", r.body)
		}
	}
	h.run(t, []scenario{
		{name: "inspector of the vessel's jurisdiction", method: "GET", path: vK + "/compliance?on=2026-05-15", user: "inspector", wantStatus: 200, check: notFit},
		{name: "the owner", method: "GET", path: vK + "/compliance", user: "owner", wantStatus: 200, check: notFit},
		{name: "out of scope is not found", method: "GET", path: vK + "/compliance", user: "inspector-mangaluru", wantStatus: 404},
		{name: "owner of another vessel", method: "GET", path: vM + "/compliance", user: "owner", wantStatus: 404},
		{name: "before the rules are in force", method: "GET", path: vK + "/compliance?on=2020-01-01", user: "admin", wantStatus: 422, check: fieldNamed("on")},
	})
}

func wantTotal(total float64) func(t *testing.T, r response) {
	return func(t *testing.T, r response) {
		t.Helper()
		if q := r.json(); q["total"] != total || len(q["trace"].(map[string]any)["steps"].([]any)) == 0 {
			t.Fatalf("want total %v with a trace: %s", total, r.body)
		}
	}
}

func withFields(m map[string]any, extra map[string]any) map[string]any {
	for k, v := range extra {
		m[k] = v
	}
	return m
}
