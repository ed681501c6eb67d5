package api_test

import (
	"encoding/json"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

type planPage struct {
	Items []struct {
		ID            uuid.UUID `json:"id"`
		Score         int       `json:"score"`
		Band          string    `json:"band"`
		PassengerBoat bool      `json:"passenger_boat"`
		Parts         []struct {
			Name   string `json:"name"`
			Points int    `json:"points"`
			Fact   string `json:"fact"`
		} `json:"parts"`
	} `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

func (h *harness) plan(user, query string) planPage {
	h.t.Helper()
	r := h.do("GET", "/v1/plan"+query, user, nil)
	var p planPage
	if r.status != 200 || json.Unmarshal(r.body, &p) != nil {
		h.t.Fatalf("GET /v1/plan%s as %s: %d %s", query, user, r.status, r.body)
	}
	return p
}

// planVessel registers a Karwar vessel of the given use, entered in the
// register two months ago (its first annual inspection not yet due).
func (h *harness) planVessel(reg, use string) uuid.UUID {
	h.t.Helper()
	r := h.do("POST", "/v1/vessels", "registrar", map[string]any{"registration_number": reg, "name": "Plan " + reg,
		"kind": "mechanised", "category": "C", "zone": 3, "engine_power": map[string]any{"value": 20, "unit": "kW"},
		"use": use, "owner_id": h.ids["owner-KARWAR"], "jurisdiction_id": h.ids["KARWAR"]})
	if r.status != 201 {
		h.t.Fatalf("create vessel: %d %s", r.status, r.body)
	}
	id := uuid.MustParse(r.json()["id"].(string))
	h.must(h.db.Gorm.Exec(`UPDATE vessels SET created_at = now() - interval '60 days' WHERE id = ?`, id).Error)
	return id
}

// TestPlanRanksByScoreThenPassengerBoats: of two boats that differ only in
// a lapsed Certificate of Survey, the one without comes later; at an equal
// score the passenger boat comes before the cargo boat; the parts are shown.
func TestPlanRanksByScoreThenPassengerBoats(t *testing.T) {
	h := newHarness(t)
	cargo := h.planVessel("KA-PLN-0001", "cargo")
	passenger := h.planVessel("KA-PLN-0002", "passenger")
	lapsed := h.planVessel("KA-PLN-0003", "cargo")
	today := rules.DateOf(testkit.Now())
	issued, expired := today.AddMonths(-11), today.AddDays(-10)
	r := h.do("POST", "/v1/certificates", "registrar", map[string]any{"vessel_id": lapsed, "kind": "survey",
		"number": "S-LAPSED-1", "issued_on": issued.String(), "expires_on": expired.String()})
	if r.status != 201 {
		t.Fatalf("certificate: %d %s", r.status, r.body)
	}
	p := h.plan("supervisor", "?jurisdiction_id="+h.ids["KARWAR"].String())
	order := []uuid.UUID{}
	for _, it := range p.Items {
		order = append(order, it.ID)
	}
	at := func(id uuid.UUID) int { return slices.Index(order, id) }
	if at(lapsed) < 0 || at(lapsed) > at(passenger) || at(passenger) > at(cargo) {
		t.Fatalf("order %v: want the lapsed survey %s, then the passenger boat %s, then the cargo boat %s", order, lapsed, passenger, cargo)
	}
	first := p.Items[at(lapsed)]
	// Karnataka 2025, Sch-IV item 4: plying without a valid CoS; weight 50.
	if first.Score != 50 || len(first.Parts) != 1 || first.Parts[0].Name != "survey_lapsed" ||
		!strings.Contains(first.Parts[0].Fact, "S-LAPSED-1 lapsed on "+expired.String()+" (10 days ago)") {
		t.Errorf("the lapsed survey's entry: %+v", first)
	}
	if a, b := p.Items[at(passenger)], p.Items[at(cargo)]; a.Score != b.Score || !a.PassengerBoat || b.PassengerBoat {
		t.Errorf("passenger %+v, cargo %+v: want an equal score, the passenger boat marked", a, b)
	}
}

// TestPlanShowsOpenFindingsAndOnlyTheOffice: an approved inspection's
// open finding counts on the Karwar boat; no Mangaluru vessel reaches a
// Karwar official, a Karwar-filtered list of the admin has only Karwar's,
// owners have no plan and a caller without a token none.
func TestPlanShowsOpenFindingsAndOnlyTheOffice(t *testing.T) {
	h := newHarness(t)
	h.noticesIn(h.pusher("inspector"), "KARWAR", 1)
	h.noticesIn(h.pusher("inspector-mangaluru"), "MANGALURU", 1)
	karwar, mangaluru := h.ids["vessel-KARWAR"], h.ids["vessel-MANGALURU"]
	for _, user := range []string{"registrar", "supervisor", "inspector"} {
		p := h.plan(user, "?limit=500")
		if len(p.Items) != 1 || p.Items[0].ID != karwar {
			t.Fatalf("%s sees %+v, want only the Karwar boat", user, p.Items)
		}
		parts := p.Items[0].Parts
		if len(parts) != 1 || !strings.HasPrefix(parts[0].Name, "finding_") || parts[0].Points == 0 {
			t.Errorf("%s: parts %+v, want the open finding", user, parts)
		}
		// Another office's jurisdiction filters to nothing, never to its vessels.
		if p := h.plan(user, "?jurisdiction_id="+h.ids["MANGALURU"].String()); len(p.Items) != 0 {
			t.Errorf("%s filtering on Mangaluru sees %+v", user, p.Items)
		}
	}
	all := h.plan("admin", "?limit=500")
	if len(all.Items) != 2 {
		t.Errorf("admin sees %d vessels, want both offices'", len(all.Items))
	}
	if p := h.plan("admin", "?jurisdiction_id="+h.ids["MANGALURU"].String()); len(p.Items) != 1 || p.Items[0].ID != mangaluru {
		t.Errorf("admin filtering on Mangaluru: %+v", p.Items)
	}
	if r := h.do("GET", "/v1/plan", "owner", nil); r.status != 403 {
		t.Errorf("owner: %d %s, want 403", r.status, r.body)
	}
	if r := h.do("GET", "/v1/plan", "", nil); r.status != 401 {
		t.Errorf("no token: %d %s, want 401", r.status, r.body)
	}
	if r := h.do("GET", "/v1/plan?cursor=AAAAAAAAAAAAAAAAAAAAAA", "admin", nil); r.status != 422 {
		t.Errorf("an id-only cursor: %d %s, want 422", r.status, r.body)
	}
}

// TestPlanQueriesNoMoreForMoreVessels: the plan reads the facts of every
// vessel in scope in a fixed set of queries, never one per vessel.
func TestPlanQueriesNoMoreForMoreVessels(t *testing.T) {
	h := newHarness(t)
	var queries atomic.Int64
	count := func(*gorm.DB) { queries.Add(1) }
	h.must(h.db.Gorm.Callback().Query().After("gorm:query").Register("test:count_query", count))
	h.must(h.db.Gorm.Callback().Row().After("gorm:row").Register("test:count_row", count))
	listing := func() int64 {
		queries.Store(0)
		h.plan("supervisor", "?limit=500")
		return queries.Load()
	}
	h.noticesIn(h.pusher("inspector"), "KARWAR", 1)
	one := listing()
	for _, reg := range []string{"KA-PLN-0011", "KA-PLN-0012", "KA-PLN-0013"} {
		h.planVessel(reg, "cargo")
	}
	four := listing()
	if one == 0 || four != one {
		t.Errorf("ranking one vessel took %d queries, four %d: want the same", one, four)
	}
}
