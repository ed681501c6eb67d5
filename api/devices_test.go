package api_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// Admins see each device's sync health: a push without its inspection's
// start leaves a deferred mutation waiting, and the device shows it.
func TestAdminSeesDeviceSyncHealth(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dev := h.deviceOf("inspector")
	body := pushBody(h, uuid.Must(uuid.NewV7()), 0)
	muts := body["mutations"].([]any)
	body["mutations"] = muts[1:2] // an answer to an inspection the server has not seen: deferred
	hdr := []string{"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "2.3.1", "X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	if r := h.do("POST", "/v1/sync/push", "inspector", body, hdr...); r.status != 200 {
		t.Fatalf("push: %d %s", r.status, r.body)
	}
	r := h.do("GET", "/v1/admin/devices?user_id="+h.userIDOf("inspector"), "admin", nil)
	if r.status != 200 {
		t.Fatalf("devices: %d %s", r.status, r.body)
	}
	items := r.json()["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("want the inspector's one device: %s", r.body)
	}
	d := items[0].(map[string]any)
	if d["id"] != dev || d["waiting_mutations"] != 1.0 || d["oldest_waiting_since"] == nil || d["last_push_at"] == nil || d["app_version"] != "2.3.1" {
		t.Fatalf("device health: %s", r.body)
	}
	if d["quarantined_mutations"] != 0.0 {
		t.Errorf("nothing quarantined yet: %s", r.body)
	}
	// A mutation waiting in quarantine counts; one already decided does not.
	uid := h.userIDOf("inspector")
	for _, state := range []string{"pending", "discarded"} {
		h.must(h.db.Gorm.Exec(`INSERT INTO quarantine (id, mutation_id, device_id, user_id, payload, reason, state)
			VALUES (?, ?, ?, ?, '{}', 'validation_failed', ?)`, uuid.New(), uuid.New(), dev, uid, state).Error)
	}
	r = h.do("GET", "/v1/admin/devices?user_id="+uid, "admin", nil)
	if q := r.json()["items"].([]any)[0].(map[string]any)["quarantined_mutations"]; q != 1.0 {
		t.Errorf("quarantined_mutations %v, want 1 (the pending one): %s", q, r.body)
	}
	if r := h.do("GET", "/v1/admin/devices?limit=1", "admin", nil); r.json()["next_cursor"] == nil {
		t.Fatalf("six devices with limit 1 need a next cursor: %s", r.body)
	}
}

func (h *harness) userIDOf(user string) string {
	return h.do("GET", "/v1/me", user, nil).json()["id"].(string)
}
