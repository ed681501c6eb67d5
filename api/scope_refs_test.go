package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/testkit"
)

// TestWritesRefuseOutOfScopeReferences: every id a write refers to is
// checked against the caller's scope, and an id of another jurisdiction
// is answered exactly as an id that does not exist (OWASP API1: broken
// object-level authorisation). Found from outside: the Karwar registrar
// gave a vessel to a Mangaluru owner and signed a Mangaluru crew member
// onto a Karwar vessel (201).
func TestWritesRefuseOutOfScopeReferences(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	reg := registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	crew := func(code, indivc string) string {
		m, _, err := reg.CreateCrewMember(context.Background(), admin, models.CrewMember{IndivcNumber: indivc, Name: "Crew of " + code, JurisdictionID: h.ids[code]})
		h.must(err)
		return m.ID.String()
	}
	ownCrew, otherCrew := crew("KARWAR", "KAR-0001"), crew("MANGALURU", "MNG-0001")
	ownVessel, otherVessel := h.ids["vessel-KARWAR"].String(), h.ids["vessel-MANGALURU"].String()
	otherOwner, ownOwner := h.ids["owner-MANGALURU"].String(), h.ids["owner-KARWAR"].String()
	absent := uuid.NewString()
	n := 0
	vessel := func(owner string) string {
		n++
		return fmt.Sprintf(`{"registration_number":"KA-KWR-%04d","name":"New","kind":"mechanised","category":"C","zone":3,"engine_power":{"value":10,"unit":"kW"},"use":"hire","jurisdiction_id":%q,"owner_id":%q}`,
			300+n, h.ids["KARWAR"], owner)
	}
	writes := []struct {
		name, method, path, field string
		body                      func(ref string) string
		own                       string // an id in scope: the write succeeds with it
		other                     string // the same kind of id in another jurisdiction
	}{
		{"vessel given to an owner", "POST", "/v1/vessels", "owner_id", vessel, ownOwner, otherOwner},
		{"vessel moved to an owner", "PATCH", "/v1/vessels/" + ownVessel, "owner_id",
			func(ref string) string { return fmt.Sprintf(`{"owner_id":%q}`, ref) }, ownOwner, otherOwner},
		{"crew member signed on", "POST", "/v1/vessels/" + ownVessel + "/crew", "crew_member_id",
			func(ref string) string {
				return fmt.Sprintf(`{"crew_member_id":%q,"role":"master","signed_on":"2026-01-01"}`, ref)
			}, ownCrew, otherCrew},
		{"certificate of a crew member", "POST", "/v1/certificates", "crew_member_id",
			func(ref string) string {
				return fmt.Sprintf(`{"crew_member_id":%q,"kind":"competency","number":"COC-%s","issued_on":"2026-01-01","expires_on":"2030-12-31"}`, ref, ref[:8])
			}, ownCrew, otherCrew},
		{"certificate of a vessel", "POST", "/v1/certificates", "vessel_id",
			func(ref string) string {
				return fmt.Sprintf(`{"vessel_id":%q,"kind":"insurance","number":"INS-%s","issued_on":"2026-01-01","expires_on":"2026-12-31"}`, ref, ref[:8])
			}, ownVessel, otherVessel},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			h := h.with(t)
			send := func(ref string) response {
				headers := []string{}
				if w.method == "PATCH" {
					headers = []string{"If-Match", "1"}
				}
				return h.do(w.method, w.path, "registrar", w.body(ref), headers...)
			}
			tables := []string{"vessels", "vessel_crew", "certificates", "audit_log", "change_log"}
			counts := func() (c [5]int64) {
				for i, tb := range tables {
					c[i] = h.count(tb)
				}
				return c
			}
			before := counts()
			missing, other := send(absent), send(w.other)
			if other.status != missing.status || other.status != 422 {
				t.Fatalf("another jurisdiction's %s: %d %s; an absent one: %d %s (want both 422, alike)", w.field, other.status, other.body, missing.status, missing.body)
			}
			if !strings.Contains(string(other.body), `"field":"`+w.field+`"`) || !strings.Contains(string(other.body), `"not_found"`) {
				t.Errorf("%s not named as not_found: %s", w.field, other.body)
			}
			if got := counts(); got != before {
				t.Errorf("a refused write changed the tables: %v → %v", before, got)
			}
			if ok := send(w.own); ok.status/100 != 2 {
				t.Errorf("the same write with an id in scope: %d %s", ok.status, ok.body)
			}
		})
	}
}
