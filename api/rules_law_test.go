package api_test

import (
	"strings"
	"testing"
)

func TestProvisionalSurveyLimitClampsToMonthEnd(t *testing.T) {
	// Karnataka 2025, r.10(2), r.150, Sch-X: a provisional Certificate of
	// Survey lasts at most 3 months; from 30 November that is 28 February
	// (the month's end), not the 2 March time.AddDate gives.
	h := newHarness(t)
	vessel := h.ids["vessel-KARWAR"].String()
	cert := func(number, expires string) map[string]any {
		return map[string]any{"vessel_id": vessel, "kind": "provisional_survey", "number": number, "issued_on": "2026-11-30", "expires_on": expires}
	}
	for _, expires := range []string{"2027-03-01", "2027-03-02"} {
		before := h.count("certificates")
		r := h.do("POST", "/v1/certificates", "registrar", cert("P-"+expires, expires))
		if r.status != 422 {
			t.Fatalf("expiring %s: status %d, want 422: %s", expires, r.status, r.body)
		}
		fieldNamed("expires_on")(t, r)
		if !strings.Contains(string(r.body), "by 2027-02-28") || strings.Contains(string(r.body), "2027-03-02") {
			t.Errorf("expiring %s: the refusal must name 28 Feb 2027 as the limit: %s", expires, r.body)
		}
		if n := h.count("certificates"); n != before {
			t.Errorf("a refused certificate was stored (%d → %d)", before, n)
		}
	}
	r := h.do("POST", "/v1/certificates", "registrar", cert("P-OK", "2027-02-28"))
	if r.status != 201 || r.json()["expires_on"] != "2027-02-28" {
		t.Fatalf("expiring on 28 Feb 2027: status %d, want 201: %s", r.status, r.body)
	}
	// The compliance view reads the same limit from the same function: the
	// certificate counts on 28 Feb 2027 and has lapsed on 1 Mar.
	for on, want := range map[string]string{"2027-02-28": "expiring", "2027-03-01": "expired"} {
		c := h.do("GET", "/v1/vessels/"+vessel+"/compliance?on="+on, "inspector", nil)
		if c.status != 200 {
			t.Fatalf("compliance on %s: %d %s", on, c.status, c.body)
		}
		found := false
		for _, x := range c.json()["certificates"].([]any) {
			if cert := x.(map[string]any); cert["number"] == "P-OK" {
				found = true
				if cert["expires_on"] != "2027-02-28" || cert["status"] != want {
					t.Errorf("compliance on %s: provisional CoS expires %v, status %v; want 2027-02-28, %s", on, cert["expires_on"], cert["status"], want)
				}
			}
		}
		if !found {
			t.Errorf("compliance on %s lists no provisional CoS: %s", on, c.body)
		}
	}
}

func TestFreeboardScenarios(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	want := func(mm float64, as string, mark any) func(t *testing.T, r response) {
		return func(t *testing.T, r response) {
			t.Helper()
			j := r.json()
			if j["required_mm"] != mm || j["measured_as"] != as || j["load_line_mark_required"] != mark {
				t.Fatalf("got %s, want %v mm as %s, load line mark %v", r.body, mm, as, mark)
			}
		}
	}
	p := "/v1/rules/freeboard"
	h.run(t, []scenario{
		{name: "Karnataka 2025 Sch-VI B: passenger boat 0.8 m deep has the 300 mm floor", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 0.8, "carries": "passengers"}, wantStatus: 200, check: want(300, "passenger", nil)},
		{name: "Karnataka 2025 r.123(5): passenger boat 1.5 m deep needs 25 cm per metre = 375 mm", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 1.5, "carries": "passengers"}, wantStatus: 200, check: want(375, "passenger", nil)},
		{name: "Karnataka 2025 r.123(5): cargo boat 0.8 m deep needs 200 mm, above the 150 mm floor", method: "POST", path: p, user: "inspector",
			body: map[string]any{"depth_m": 0.8, "carries": "cargo"}, wantStatus: 200, check: want(200, "cargo", nil)},
		{name: "Karnataka 2025 Sch-VI B: cargo boat 0.4 m deep has the 150 mm floor", method: "POST", path: p, user: "inspector",
			body: map[string]any{"depth_m": 0.4, "carries": "cargo"}, wantStatus: 200, check: want(150, "cargo", nil)},
		{name: "Karnataka 2025 r.123(6): passengers and cargo measured as a cargo boat", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 0.8, "carries": "passengers_and_cargo"}, wantStatus: 200, check: want(200, "cargo", nil)},
		{name: "Karnataka 2025 r.107(1): load line mark above 10 tons", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 1, "carries": "cargo", "gt": 10.5}, wantStatus: 200, check: want(250, "cargo", true)},
		{name: "Karnataka 2025 r.107(1): no load line mark at exactly 10 tons", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 1, "carries": "cargo", "gt": 10}, wantStatus: 200, check: want(250, "cargo", false)},
		{name: "zero depth is refused naming depth_m", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 0, "carries": "cargo"}, wantStatus: 422, check: fieldNamed("depth_m")},
		{name: "negative depth breaks the contract", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": -1, "carries": "cargo"}, wantStatus: 400},
		{name: "what the boat carries is required", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 1}, wantStatus: 400},
		{name: "an unknown kind of carriage is refused", method: "POST", path: p, user: "owner",
			body: map[string]any{"depth_m": 1, "carries": "timber"}, wantStatus: 400},
		{name: "signed out", method: "POST", path: p, user: "",
			body: map[string]any{"depth_m": 1, "carries": "cargo"}, wantStatus: 401},
	})
}

func TestNonMechanisedCategoryFollowsR102(t *testing.T) {
	// Karnataka 2025, r.102 Note: a non-mechanised boat's category follows
	// from its passengers and cargo (A over 10 pax or 5 t); its minimum crew
	// follows from the category (r.124: A 3, B and C 2).
	h := newHarness(t)
	karwar, owner := h.ids["KARWAR"].String(), h.ids["owner-KARWAR"].String()
	boat := func(reg string, mut func(m map[string]any)) map[string]any {
		m := map[string]any{"registration_number": reg, "name": "Nada Doni", "kind": "non_mechanised", "zone": 3, "use": "passenger",
			"passengers": 12, "owner_id": owner, "jurisdiction_id": karwar}
		if mut != nil {
			mut(m)
		}
		return m
	}
	category := func(want string) func(t *testing.T, r response) {
		return func(t *testing.T, r response) {
			t.Helper()
			if r.json()["category"] != want {
				t.Fatalf("category %v, want %s: %s", r.json()["category"], want, r.body)
			}
		}
	}
	refusal := func(derived string) func(t *testing.T, r response) {
		return func(t *testing.T, r response) {
			t.Helper()
			fieldNamed("category")(t, r)
			if !strings.Contains(string(r.body), "is Category "+derived) || !strings.Contains(string(r.body), "r.102") {
				t.Fatalf("the refusal must name Category %s and r.102: %s", derived, r.body)
			}
		}
	}
	before := h.count("vessels")
	h.run(t, []scenario{
		{name: "Karnataka 2025 r.102 Note: 12 passengers recorded as C is refused, naming A", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0001", func(m map[string]any) { m["category"] = "C" }), wantStatus: 422, wantCode: "validation_failed", check: refusal("A")},
		{name: "Karnataka 2025 r.102 Note: 3 passengers and 6 tons recorded as B is refused, naming A", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0002", func(m map[string]any) { m["category"] = "B"; m["passengers"] = 3; m["cargo_tonnes"] = 6 }), wantStatus: 422, check: refusal("A")},
		{name: "Karnataka 2025 r.102 Note, docs/LAW.md §11 Q2: exactly 10 passengers recorded as C is refused, naming B", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0003", func(m map[string]any) { m["category"] = "C"; m["passengers"] = 10 }), wantStatus: 422, check: refusal("B")},
	})
	if n := h.count("vessels"); n != before {
		t.Fatalf("refused boats were stored: %d → %d vessels", before, n)
	}
	var derived, recorded string
	h.run(t, []scenario{
		{name: "Karnataka 2025 r.102 Note: 12 passengers without a category is stored as A", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0004", nil), wantStatus: 201, check: func(t *testing.T, r response) {
				category("A")(t, r)
				derived = r.json()["id"].(string)
			}},
		{name: "Karnataka 2025 r.102 Note: 4 passengers without a category is stored as C", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0005", func(m map[string]any) { m["passengers"] = 4 }), wantStatus: 201, check: func(t *testing.T, r response) {
				category("C")(t, r)
				recorded = r.json()["id"].(string)
			}},
		{name: "Karnataka 2025 r.102 Note: A is accepted for a 4-passenger boat (dangerous goods)", method: "POST", path: "/v1/vessels", user: "registrar",
			body: boat("KA-KWR-NM-0006", func(m map[string]any) { m["passengers"] = 4; m["category"] = "A" }), wantStatus: 201, check: category("A")},
	})
	t.Run("Karnataka 2025 r.102 Note: raising passengers to 12 on a C boat is refused, nothing changes", func(t *testing.T) {
		r := h.do("PATCH", "/v1/vessels/"+recorded, "registrar", map[string]any{"passengers": 12}, "If-Match", "1")
		if r.status != 422 {
			t.Fatalf("status %d, want 422: %s", r.status, r.body)
		}
		refusal("A")(t, r)
		if g := h.do("GET", "/v1/vessels/"+recorded, "registrar", nil); g.json()["passengers"] != 4.0 || g.json()["version"] != 1.0 {
			t.Fatalf("the refused patch changed the boat: %s", g.body)
		}
	})
	crew := func(t *testing.T, id string) int {
		t.Helper()
		r := h.do("GET", "/v1/vessels/"+id+"/compliance", "inspector", nil)
		if r.status != 200 {
			t.Fatalf("compliance: %d %s", r.status, r.body)
		}
		m, _ := r.json()["manning"].(map[string]any)
		req, _ := m["required"].([]any)
		return len(req)
	}
	t.Run("Karnataka 2025 r.124: the derived Category A boat needs 3 GP ratings", func(t *testing.T) {
		if n := crew(t, derived); n != 3 {
			t.Fatalf("%d required crew, want 3", n)
		}
	})
	t.Run("Karnataka 2025 r.102 Note, r.124: a 12-passenger boat stored as C before this check is still manned as A", func(t *testing.T) {
		h.must(h.db.Gorm.Exec(`UPDATE vessels SET category = 'C', passengers = 12 WHERE id = ?`, recorded).Error)
		if n := crew(t, recorded); n != 3 {
			t.Fatalf("%d required crew, want 3", n)
		}
	})
}
