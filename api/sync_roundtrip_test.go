package api_test

import (
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestPushedInspectionReachesTheRightDevices: an inspection pushed by one
// inspector comes back on that inspector's pull with its derived values,
// reaches the supervisor of the jurisdiction and the vessel's owner, and
// stays off the devices of another inspector and another jurisdiction.
func TestPushedInspectionReachesTheRightDevices(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := uuid.Must(uuid.NewV7())
	hdr := []string{"X-Device-Id", h.deviceOf("inspector"), "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	body := pushBody(h, id, 0) // checked against the PushMutation union
	r := h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	if r.status != 200 {
		t.Fatalf("push: %d %s", r.status, r.body)
	}
	sees := func(user string) bool {
		items, _ := h.pullAll(user, "")
		return slices.Contains(upserted(items, "inspection"), id.String())
	}
	for user, want := range map[string]bool{"inspector": true, "supervisor": true, "owner": true, "admin": true,
		"inspector-mangaluru": false, "registrar": true} {
		if got := sees(user); got != want {
			t.Errorf("%s pulls the inspection: %v, want %v", user, got, want)
		}
	}
	items, _ := h.pullAll("inspector", "")
	if len(upserted(items, "checklist_template")) == 0 || len(upserted(items, "inspection_answer")) == 0 {
		t.Error("the inspector's pull lacks checklist templates or the inspection's answers")
	}
}
