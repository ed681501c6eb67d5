package api_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/testkit"
)

// TestParadipShowsNoDetentionAnywhere: Paradip 1967 gives no power to
// detain (r.12(1): the craft is not used until repaired and permitted;
// r.26). A Karnataka detainable code recorded by hand with 06 (03001,
// overloading) on a Paradip inspection, approved, shows no 06 and no
// detention proposal in the inspection, its findings or its proposal.
func TestParadipShowsNoDetentionAnywhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	v := paradipBoat(h, "OD-PDP-HC-0003")
	p := h.pusher("inspector-paradip")
	id := uuid.Must(uuid.NewV7())
	at := testkit.Now().Add(-time.Hour)
	for _, m := range []struct {
		name string
		args map[string]any
	}{{"inspection.start", map[string]any{"id": id, "vessel_id": v.ID, "template_id": checklist.TemplateID("paradip-harbour-craft", 3), "kind": "spot"}},
		{"finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": "03001", "action": "06"}},
		{"inspection.submit", map[string]any{"inspection_id": id}}} {
		if r := p.push(at, m.name, m.args); r.Status != "applied" {
			t.Fatalf("%s: %+v", m.name, r)
		}
		at = at.Add(time.Second)
	}
	if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor-paradip", map[string]any{"decision": "approve"}); r.status != 200 {
		t.Fatalf("approve: %d %s", r.status, r.body)
	}
	r := h.do("GET", "/v1/inspections/"+id.String(), "supervisor-paradip", nil)
	// The inspector's requested_action stays as recorded; every action the
	// server derives is the regime's own: not to ply until rectified (04).
	derived06 := regexp.MustCompile(`[{,]"action":"06"|"proposed":true|"detention_proposed":true`)
	if r.status != 200 || derived06.Match(r.body) || !strings.Contains(string(r.body), `"code":"03001"`) {
		t.Errorf("inspection shows detention or 06 under Paradip 1967: %d %s", r.status, r.body)
	}
	r = h.do("GET", "/v1/inspections/"+id.String()+"/detention", "supervisor-paradip", nil)
	if r.status != 200 || r.json()["proposed"] != false || r.json()["orderable"] != false || !strings.Contains(string(r.body), "r.12(1)") {
		t.Errorf("detention proposal: %d %s", r.status, r.body)
	}
}
