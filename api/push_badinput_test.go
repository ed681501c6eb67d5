package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
)

// Malformed mutations are answered one by one (rejected, deferred or
// retry), never with a server error for the whole push.
func TestPushWithMalformedMutations(t *testing.T) {
	h := newHarness(t)
	hdr := []string{"X-Device-Id", h.deviceOf("inspector"), "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	now := time.Now().UTC().Format(time.RFC3339)
	mut := func(seq int, name string, args any) map[string]any {
		return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq, "name": name, "version": 1, "args": args, "base_version": 0, "captured_at": now}
	}
	body := map[string]any{"ack_seq": 0, "mutations": []any{
		mut(1, "inspection.start", map[string]any{"id": "not-a-uuid"}),
		mut(2, "inspection.answer", map[string]any{"inspection_id": 42, "item_id": []any{}}),
		mut(3, "inspection.start", map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": uuid.Must(uuid.NewV7()), "template_id": "nope", "kind": "routine"}),
		mut(4, "finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": uuid.Must(uuid.NewV7()), "code": "00000"}),
		mut(5, "no.such.mutation", map[string]any{}),
	}}
	// A mutation envelope that breaks the contract is refused whole, naming the field.
	bad := map[string]any{"ack_seq": 0, "mutations": []any{mut(1, "inspection.answer", []any{1, 2, 3})}}
	if r := h.do("POST", "/v1/sync/push", "inspector", bad, hdr...); r.status != 400 {
		t.Fatalf("args not an object: %d %s", r.status, r.body)
	} else {
		fieldNamed("mutations.0.args")(t, r)
	}
	r := h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	if r.status != 200 {
		t.Fatalf("push of malformed mutations: %d %s", r.status, r.body)
	}
	var out struct {
		Results []struct{ Status string } `json:"results"`
	}
	_ = json.Unmarshal(r.body, &out)
	if len(out.Results) != 5 {
		t.Fatalf("want one result per mutation: %s", r.body)
	}
	for i, res := range out.Results[:2] {
		if res.Status != "rejected" {
			t.Errorf("mutation %d with malformed args: %s, want rejected", i+1, res.Status)
		}
	}
}
