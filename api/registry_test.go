package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

type scenario struct {
	name       string
	method     string
	path       string
	user       string
	body       any
	headers    []string
	wantStatus int
	wantCode   string
	check      func(t *testing.T, r response)
}

func (h *harness) run(t *testing.T, scenarios []scenario) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			h := h.with(t)
			r := h.do(sc.method, sc.path, sc.user, sc.body, sc.headers...)
			if r.status != sc.wantStatus {
				t.Fatalf("status %d, want %d: %s", r.status, sc.wantStatus, r.body)
			}
			if sc.wantCode != "" && r.json()["code"] != sc.wantCode {
				t.Fatalf("code %v, want %s: %s", r.json()["code"], sc.wantCode, r.body)
			}
			if sc.check != nil {
				sc.check(t, r)
			}
		})
	}
}

func fieldNamed(field string) func(t *testing.T, r response) {
	return func(t *testing.T, r response) {
		t.Helper()
		errs, _ := r.json()["errors"].([]any)
		for _, e := range errs {
			if f, _ := e.(map[string]any)["field"].(string); f == field || strings.HasPrefix(f, field+".") {
				return
			}
		}
		t.Fatalf("no error names field %q: %s", field, r.body)
	}
}

func TestVesselScenarios(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar, mangaluru := h.ids["KARWAR"].String(), h.ids["MANGALURU"].String()
	ownerK := h.ids["owner-KARWAR"].String()
	vK, vM := "/v1/vessels/"+h.ids["vessel-KARWAR"].String(), "/v1/vessels/"+h.ids["vessel-MANGALURU"].String()
	newVessel := func(mut func(m map[string]any)) map[string]any {
		m := map[string]any{"registration_number": "KA-KWR-0099", "name": "Sagar Rani", "kind": "mechanised", "category": "B",
			"zone": 2, "engine_power": map[string]any{"value": 220, "unit": "kW"}, "use": "passenger",
			"owner_id": ownerK, "jurisdiction_id": karwar, "grt": 40.5, "nrt": 20}
		if mut != nil {
			mut(m)
		}
		return m
	}
	h.run(t, []scenario{
		{name: "inspector lists only their jurisdiction", method: "GET", path: "/v1/vessels", user: "inspector", wantStatus: 200,
			check: func(t *testing.T, r response) {
				items := r.json()["items"].([]any)
				if len(items) != 1 || items[0].(map[string]any)["jurisdiction_id"] != karwar {
					t.Fatalf("want only the Karwar vessel: %s", r.body)
				}
			}},
		{name: "owner lists only their own vessels", method: "GET", path: "/v1/vessels", user: "owner", wantStatus: 200,
			check: func(t *testing.T, r response) {
				items := r.json()["items"].([]any)
				if len(items) != 1 || items[0].(map[string]any)["owner_id"] != ownerK {
					t.Fatalf("want only the owner's vessel: %s", r.body)
				}
			}},
		{name: "admin lists everything", method: "GET", path: "/v1/vessels?limit=1", user: "admin", wantStatus: 200,
			check: func(t *testing.T, r response) {
				if r.json()["next_cursor"] == nil {
					t.Fatalf("two vessels with limit 1 need a next cursor: %s", r.body)
				}
			}},
		{name: "other jurisdiction's vessel is not found for an inspector", method: "GET", path: vM, user: "inspector", wantStatus: 404, wantCode: "not_found"},
		{name: "other owner's vessel is not found for an owner", method: "GET", path: vM, user: "owner", wantStatus: 404},
		{name: "inspector may not register vessels", method: "POST", path: "/v1/vessels", user: "inspector", body: newVessel(nil), wantStatus: 403, wantCode: "forbidden"},
		{name: "registrar may not register in another jurisdiction", method: "POST", path: "/v1/vessels", user: "registrar",
			body: newVessel(func(m map[string]any) { m["jurisdiction_id"] = mangaluru }), wantStatus: 403},
		{name: "registrar registers a vessel", method: "POST", path: "/v1/vessels", user: "registrar", body: newVessel(nil), wantStatus: 201,
			check: func(t *testing.T, r response) {
				if r.json()["regime"] != "KA-IV-2025" || r.json()["version"] != 1.0 || r.json()["status"] != "active" {
					t.Fatalf("server-owned fields wrong: %s", r.body)
				}
			}},
		{name: "duplicate registration number conflicts", method: "POST", path: "/v1/vessels", user: "registrar", body: newVessel(nil), wantStatus: 409, wantCode: "duplicate"},
		{name: "special category needs SPL suffix (Karnataka 2025 r.98(3))", method: "POST", path: "/v1/vessels", user: "registrar",
			body:       newVessel(func(m map[string]any) { m["registration_number"] = "KA-KWR-0100"; m["special_category"] = true }),
			wantStatus: 422, check: fieldNamed("registration_number")},
		{name: "a motor boat is a Paradip/Kandla harbour craft term, not a Karnataka 2025 kind (r.2): refused, so no vessel exists that no checklist fits", method: "POST", path: "/v1/vessels", user: "registrar",
			body: newVessel(func(m map[string]any) {
				m["registration_number"] = "KA-KWR-0102"
				m["kind"] = "motor"
				delete(m, "category")
				delete(m, "zone")
				m["engine_power"] = map[string]any{"value": 100, "unit": "BHP"}
			}),
			wantStatus: 422, check: fieldNamed("kind")},
		{name: "non-mechanised boat outside Zone 3 (Karnataka 2025 r.102(1)(a))", method: "POST", path: "/v1/vessels", user: "registrar",
			body: newVessel(func(m map[string]any) {
				m["registration_number"] = "KA-KWR-0101"
				m["kind"] = "non_mechanised"
				delete(m, "engine_power")
				delete(m, "category")
				m["zone"] = 1
			}), wantStatus: 422, check: fieldNamed("zone")},
		{name: "steam boat power must be NHP (Paradip 1967 r.29(1))", method: "POST", path: "/v1/vessels", user: "registrar",
			body:       newVessel(func(m map[string]any) { m["registration_number"] = "KA-KWR-0102"; m["kind"] = "steam" }),
			wantStatus: 422, check: fieldNamed("engine_power")},
		{name: "update without If-Match needs a precondition", method: "PATCH", path: vK, user: "registrar", body: map[string]any{"name": "X"}, wantStatus: 428, wantCode: "if_match_required"},
		{name: "update with a stale version fails", method: "PATCH", path: vK, user: "registrar", body: map[string]any{"name": "X"}, headers: []string{"If-Match", `"7"`}, wantStatus: 412, wantCode: "version_mismatch"},
		{name: "update with the current version applies", method: "PATCH", path: vK, user: "registrar", body: map[string]any{"name": "Karwar Queen"}, headers: []string{"If-Match", `"1"`}, wantStatus: 200,
			check: func(t *testing.T, r response) {
				if r.json()["name"] != "Karwar Queen" || r.json()["version"] != 2.0 {
					t.Fatalf("want renamed at version 2: %s", r.body)
				}
			}},
		{name: "registrar cannot touch another jurisdiction's vessel", method: "PATCH", path: vM, user: "registrar", body: map[string]any{"name": "X"}, headers: []string{"If-Match", "1"}, wantStatus: 404},
		{name: "owner cannot update their vessel", method: "PATCH", path: vK, user: "owner", body: map[string]any{"name": "X"}, headers: []string{"If-Match", "2"}, wantStatus: 403},
	})
	t.Run("every change is audited and logged", func(t *testing.T) {
		var n int64
		h.must(h.db.Gorm.Raw("SELECT count(*) FROM audit_log WHERE entity_type = 'vessel' AND action = 'update' AND before->>'Name' = 'Boat of KARWAR' AND after->>'Name' = 'Karwar Queen'").Scan(&n).Error)
		if n != 1 {
			t.Fatalf("want one audit entry with before and after images, got %d", n)
		}
		h.must(h.db.Gorm.Raw("SELECT count(*) FROM change_log WHERE entity_id = ?", h.ids["vessel-KARWAR"]).Scan(&n).Error)
		if n < 2 {
			t.Fatalf("want change-log rows under the jurisdiction and owner keys, got %d", n)
		}
	})
}

func TestRetriedCreateIsNotDuplicated(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	body := map[string]any{"id": "018f5a4e-0000-7000-8000-000000000001", "kind": "firm", "name": "Konkan Ferries",
		"jurisdiction_id": h.ids["KARWAR"].String(), "preferred_language": "kn"}
	first := h.do("POST", "/v1/owners", "registrar", body)
	second := h.do("POST", "/v1/owners", "registrar", body)
	if first.status != 201 || second.status != 200 {
		t.Fatalf("first %d, retry %d; want 201 then 200: %s", first.status, second.status, second.body)
	}
	if first.json()["id"] != second.json()["id"] || h.count("owners") != 3 {
		t.Fatalf("retry created a duplicate (owners=%d)", h.count("owners"))
	}
	if other := h.do("POST", "/v1/owners", "admin", body); other.status != 409 {
		t.Fatalf("another user reusing the id: %d, want 409", other.status)
	}
}

func TestBadInputChangesNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar, owner := h.ids["KARWAR"].String(), h.ids["owner-KARWAR"].String()
	vessel := `{"registration_number":"KA-KWR-0200","name":"N","kind":"mechanised","category":"C","zone":3,"engine_power":{"value":10,"unit":"kW"},"use":"hire","owner_id":"` + owner + `","jurisdiction_id":"` + karwar + `"`
	cases := []struct {
		name, path, body string
		status           int
		field            string
	}{
		{"malformed JSON", "/v1/vessels", `{"name": `, 400, ""},
		{"wrong type", "/v1/vessels", vessel + `,"passengers":"many"}`, 400, "passengers"},
		{"unknown enum value", "/v1/vessels", strings.Replace(vessel, `"use":"hire"`, `"use":"smuggling"`, 1) + `}`, 400, "use"},
		{"missing required field", "/v1/vessels", strings.Replace(vessel, `"name":"N",`, ``, 1) + `}`, 400, "name"},
		{"unknown field", "/v1/vessels", vessel + `,"colour":"blue"}`, 400, "colour"},
		{"negative tonnage", "/v1/vessels", vessel + `,"grt":-5}`, 400, "grt"},
		{"zone out of range", "/v1/vessels", strings.Replace(vessel, `"zone":3`, `"zone":4`, 1) + `}`, 400, "zone"},
		{"net above gross tonnage", "/v1/vessels", vessel + `,"grt":5,"nrt":9}`, 422, "nrt"},
		{"unknown owner", "/v1/vessels", strings.Replace(vessel, owner, "018f5a4e-0000-7000-8000-0000000000ff", 1) + `}`, 422, "owner_id"},
		{"expiry before issue", "/v1/certificates", `{"vessel_id":"` + h.ids["vessel-KARWAR"].String() + `","kind":"survey","number":"S-1","issued_on":"2026-05-01","expires_on":"2026-04-01"}`, 422, "expires_on"},
		{"bad date", "/v1/certificates", `{"vessel_id":"` + h.ids["vessel-KARWAR"].String() + `","kind":"survey","number":"S-1","issued_on":"2026-13-45"}`, 400, "issued_on"},
		{"competency certificate on a vessel", "/v1/certificates", `{"vessel_id":"` + h.ids["vessel-KARWAR"].String() + `","kind":"competency","number":"C-1","issued_on":"2026-01-01"}`, 422, "kind"},
		{"provisional survey over 3 months (Karnataka 2025 r.10(2))", "/v1/certificates", `{"vessel_id":"` + h.ids["vessel-KARWAR"].String() + `","kind":"provisional_survey","number":"P-1","issued_on":"2026-01-01","expires_on":"2026-05-01"}`, 422, "expires_on"},
	}
	tables := []string{"vessels", "certificates", "audit_log", "change_log"}
	before := map[string]int64{}
	for _, tb := range tables {
		before[tb] = h.count(tb)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := h.with(t)
			r := h.do("POST", c.path, "registrar", c.body)
			if r.status != c.status {
				t.Fatalf("status %d, want %d: %s", r.status, c.status, r.body)
			}
			if c.field != "" {
				fieldNamed(c.field)(t, r)
			}
		})
	}
	t.Run("oversized body", func(t *testing.T) {
		r := h.with(t).overHTTP("POST", "/v1/vessels", "registrar", vessel+`,"name2":"`+strings.Repeat("x", 300<<10)+`"}`)
		if r.status != 413 || r.json()["code"] != "body_too_large" {
			t.Fatalf("status %d, want 413 body_too_large: %s", r.status, r.body)
		}
	})
	for _, tb := range tables {
		if n := h.count(tb); n != before[tb] {
			t.Errorf("%s changed from %d to %d rows after bad input", tb, before[tb], n)
		}
	}
}

func TestConcurrentUpdatesOneWins(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := "/v1/vessels/" + h.ids["vessel-KARWAR"].String()
	const n = 20
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := h.do("PATCH", path, "registrar", map[string]any{"name": fmt.Sprintf("Name %d", i)}, "If-Match", "1")
			statuses[i] = r.status
		}()
	}
	wg.Wait()
	won := 0
	for _, s := range statuses {
		switch s {
		case 200:
			won++
		case 412:
		default:
			t.Errorf("unexpected status %d", s)
		}
	}
	if won != 1 {
		t.Fatalf("%d updates with the same version won, want exactly 1 (%v)", won, statuses)
	}
	var version int64
	h.must(h.db.Gorm.Raw("SELECT version FROM vessels WHERE id = ?", h.ids["vessel-KARWAR"]).Scan(&version).Error)
	if version != 2 {
		t.Fatalf("version %d, want 2", version)
	}
}

func TestVesselMoveCarriesDependents(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	v := h.ids["vessel-KARWAR"].String()
	c := h.do("POST", "/v1/certificates", "admin", map[string]any{"vessel_id": v, "kind": "insurance", "number": "INS-1", "issued_on": "2026-01-01", "expires_on": "2026-12-31"})
	if c.status != 201 {
		t.Fatalf("create certificate: %d %s", c.status, c.body)
	}
	r := h.do("PATCH", "/v1/vessels/"+v, "admin", map[string]any{"jurisdiction_id": h.ids["MANGALURU"].String()}, "If-Match", "1")
	if r.status != http.StatusOK {
		t.Fatalf("move: %d %s", r.status, r.body)
	}
	if got := h.do("GET", "/v1/certificates/"+c.json()["id"].(string), "inspector-mangaluru", nil); got.status != 200 {
		t.Fatalf("Mangaluru inspector cannot see the moved vessel's certificate: %d", got.status)
	}
	if got := h.do("GET", "/v1/certificates/"+c.json()["id"].(string), "inspector", nil); got.status != 404 {
		t.Fatalf("Karwar inspector still sees the moved certificate: %d", got.status)
	}
}

// A vessel's kind is judged against its regime when it is registered and
// when it moves to another regime (Karnataka 2025, r.2; Paradip 1967,
// r.2(c), (f), (l)), not on every edit: a vessel stored before the check
// with a kind its regime lacks can still be edited, but a mechanised inland
// vessel cannot move into Paradip's harbour craft regime.
func TestVesselKindIsJudgedOnRegistrationAndOnAMoveOfRegime(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fleet()
	r := h.do("PATCH", "/v1/vessels/"+h.ids["vessel-KARWAR"].String(), "admin", map[string]any{"jurisdiction_id": h.ids["PARADIP"].String()}, "If-Match", "1")
	if r.status != 422 || !strings.Contains(string(r.body), "kind_not_in_regime") {
		t.Fatalf("move of a mechanised vessel to Paradip: %d %s", r.status, r.body)
	}
	// A Karnataka "motor" vessel written before the check (straight to the
	// table) stays editable.
	if err := h.db.Gorm.Exec("UPDATE vessels SET kind = 'motor', category = NULL, zone = NULL WHERE id = ?", h.ids["ka-mech-B-z2"]).Error; err != nil {
		t.Fatal(err)
	}
	r = h.do("PATCH", "/v1/vessels/"+h.ids["ka-mech-B-z2"].String(), "admin", map[string]any{"name": "renamed"}, "If-Match", "1")
	if r.status != 200 {
		t.Fatalf("edit of a vessel stored before the check: %d %s", r.status, r.body)
	}
}
