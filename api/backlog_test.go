package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// deferredAnswer pushes, from the inspector's device, an answer for an
// inspection the server does not know, and back-dates its backlog entry.
func deferredAnswer(h *harness, age time.Duration) map[string]any {
	h.t.Helper()
	m := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": 1, "name": "inspection.answer", "version": 1, "base_version": 1,
		"args":        map[string]any{"inspection_id": uuid.Must(uuid.NewV7()), "item_id": "nav.lights", "answer": "no"},
		"captured_at": time.Now().Add(-age).UTC().Format(time.RFC3339Nano)}
	res := h.push(m)
	if got := res["results"].([]any)[0].(map[string]any); got["status"] != "deferred" || got["code"] != "aggregate_unknown" {
		h.t.Fatalf("push: %v", got)
	}
	h.must(h.db.Gorm.Exec("UPDATE mutation_backlog SET first_seen = now() - make_interval(secs => ?) WHERE mutation_id = ?", age.Seconds(), m["id"]).Error)
	return m
}

// push sends mutations from the inspector's device and decodes the answer.
func (h *harness) push(ms ...map[string]any) map[string]any {
	h.t.Helper()
	res := h.do("POST", "/v1/sync/push", "inspector", map[string]any{"ack_seq": 0, "mutations": ms}, "X-Device-Id", h.deviceOf("inspector"))
	if res.status != 200 {
		h.t.Fatalf("push: %d %s", res.status, res.body)
	}
	return res.json()
}

// supervisorOf signs in a new supervisor of a jurisdiction.
func (h *harness) supervisorOf(code string) string {
	label := "supervisor-" + strings.ToLower(code)
	_, err := h.auth.CreateUser(context.Background(), storage.Actor{}, auth.NewUser{Email: label + "@test.tindal", Name: label,
		Role: models.RoleSupervisor, Password: testPassword, Jurisdictions: []uuid.UUID{h.ids[code]}, AssignedFrom: assignedLongAgo})
	h.must(err)
	h.tokens[label] = h.login(label + "@test.tindal")
	return label
}

func TestBacklogReviewEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	other := h.supervisorOf("MANGALURU")
	m := deferredAnswer(h, 8*24*time.Hour)
	id := m["id"].(uuid.UUID).String()
	decide := "/v1/sync/backlog/" + id + "/decide"
	discard := map[string]any{"decision": "discard", "reason": "the inspection was never synced"}

	res := h.do("GET", "/v1/sync/backlog", "supervisor", nil)
	if res.status != 200 || !strings.Contains(string(res.body), id) || !strings.Contains(string(res.body), `"code":"aggregate_unknown"`) {
		t.Fatalf("supervisor's backlog: %d %s", res.status, res.body)
	}
	if res := h.do("GET", "/v1/sync/backlog?older_than=0", other, nil); res.status != 200 || strings.Contains(string(res.body), id) {
		t.Fatalf("another jurisdiction's backlog: %d %s", res.status, res.body)
	}
	h.run(t, []scenario{
		{name: "inspectors do not review the backlog", method: "GET", path: "/v1/sync/backlog", user: "inspector", wantStatus: 403},
		{name: "inspectors do not decide", method: "POST", path: decide, user: "inspector", body: discard, wantStatus: 403},
		{name: "registrars do not decide", method: "POST", path: decide, user: "registrar", body: discard, wantStatus: 403},
		{name: "a negative age is bad input", method: "GET", path: "/v1/sync/backlog?older_than=-1", user: "supervisor", wantStatus: 400},
		{name: "a decision needs a reason", method: "POST", path: decide, user: "supervisor", body: map[string]any{"decision": "discard"}, wantStatus: 400},
		{name: "another jurisdiction's supervisor does not find it", method: "POST", path: decide, user: other, body: discard, wantStatus: 404},
		{name: "it cannot apply while its inspection is unknown", method: "POST", path: decide, user: "supervisor",
			body: map[string]any{"decision": "apply", "reason": "try"}, wantStatus: 409, wantCode: "aggregate_unknown"},
		{name: "an unknown mutation", method: "POST", path: "/v1/sync/backlog/" + uuid.NewString() + "/decide", user: "supervisor", body: discard, wantStatus: 404},
	})

	for i := 0; i < 2; i++ { // the second time is a retry: the same final result
		res := h.do("POST", decide, "supervisor", discard)
		var d struct {
			AlreadyFinal bool `json:"already_final"`
			Result       struct{ Status, Code string }
		}
		_ = json.Unmarshal(res.body, &d)
		if res.status != 200 || d.Result.Status != "rejected" || d.Result.Code != "discarded_by_supervisor" || d.AlreadyFinal != (i == 1) {
			t.Fatalf("discard #%d: %d %s", i+1, res.status, res.body)
		}
	}
	if res := h.do("GET", "/v1/sync/backlog?older_than=0", "supervisor", nil); strings.Contains(string(res.body), id) {
		t.Fatalf("still listed after the discard: %s", res.body)
	}
	got := h.push(m)["results"].([]any)[0].(map[string]any)
	outcome, _ := got["outcome"].(map[string]any)
	if got["status"] != "replayed" || outcome["status"] != "rejected" || outcome["code"] != "discarded_by_supervisor" {
		t.Fatalf("the device's resend: %v", got)
	}
	if res := h.do("GET", "/v1/quarantine?state=discarded", "supervisor", nil); !strings.Contains(string(res.body), id) {
		t.Fatalf("the discarded payload is not kept in quarantine: %s", res.body)
	}
}
