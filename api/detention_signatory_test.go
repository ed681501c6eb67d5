package api_test

import (
	"testing"
)

// TestDetentionOrderNeverPrintsAnEmptySignatory: the order (Karnataka
// 2025, Sch-IX Annex-1) prints the name of the supervisor who orders it.
// A supervisor whose account has no name (users.name may be empty) gets a
// 409 naming the reason, and nothing is written: no order, no number taken,
// the vessel not detained.
func TestDetentionOrderNeverPrintsAnEmptySignatory(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	vessel := h.compliantBoat(1)
	id := h.criteriaInspection("inspector", vessel, "no", nil)
	h.must(h.db.Gorm.Exec(`UPDATE users SET name = ' ' WHERE email = 'supervisor@test.tindal'`).Error)
	r := h.do("POST", "/v1/inspections/"+id.String()+"/detention", "supervisor", confirmBody)
	if r.status != 409 || r.json()["code"] != "no_signatory" {
		t.Fatalf("an order by a supervisor without a name: %d %s, want 409 no_signatory", r.status, r.body)
	}
	var status string
	h.must(h.db.Gorm.Raw(`SELECT status FROM vessels WHERE id = ?`, vessel).Scan(&status).Error)
	if n := h.count("detention_orders"); n != 0 || h.countWhere("order_counters", "last_no > 0") != 0 || status == "detained" {
		t.Errorf("after the refusal: %d orders, a number taken or the vessel %s", n, status)
	}
	h.must(h.db.Gorm.Exec(`UPDATE users SET name = 'Sunita Rao' WHERE email = 'supervisor@test.tindal'`).Error)
	if r := h.do("POST", "/v1/inspections/"+id.String()+"/detention", "supervisor", confirmBody); r.status != 201 {
		t.Fatalf("the same order with a name: %d %s", r.status, r.body)
	}
}
