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
	// The compliance view reads the same limit from the same function.
	c := h.do("GET", "/v1/vessels/"+vessel+"/compliance?on=2027-02-28", "inspector", nil)
	if c.status != 200 || !strings.Contains(string(c.body), `"2027-02-28"`) {
		t.Errorf("compliance on 28 Feb 2027: %d %s", c.status, c.body)
	}
}
