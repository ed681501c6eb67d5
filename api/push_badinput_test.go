package api_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
)

// Malformed mutations are answered one by one (rejected, deferred or
// retry), never with a server error for the whole push.
func TestPushWithMalformedMutations(t *testing.T) {
	t.Parallel()
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

// Bytes that are not UTF-8 in one mutation's args (a client that is not
// the app; issue 10 item 7): the push reaches the engine with the bytes as
// sent, not decoded to U+FFFD, so that mutation alone is rejected
// invalid_text naming the field and nothing of it is stored; the
// mutations around it apply.
func TestPushRejectsBytesThatAreNotUTF8InOneMutation(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	ms := body["mutations"].([]any)
	now := time.Now().Add(-30 * time.Minute).UTC().Format(time.RFC3339Nano)
	bad := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": 3, "name": "inspection.answer", "version": 1, "captured_at": now,
		"args": map[string]any{"inspection_id": id, "item_id": "nav.lights", "answer": "no", "note": "BADBYTES"}}
	body["mutations"] = []any{ms[0], ms[1], bad}
	raw, _ := json.Marshal(body)
	raw = bytes.Replace(raw, []byte("BADBYTES"), []byte("torn \xff\xfe page"), 1)
	r := h.do("POST", "/v1/sync/push", "inspector", raw, "X-Device-Id", h.deviceOf("inspector"), "X-Protocol-Version", "1",
		"X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339))
	var out struct {
		Results []struct {
			Status, Code string
			Errors       []struct{ Field string }
		}
	}
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil || len(out.Results) != 3 {
		t.Fatalf("push: %d %s", r.status, r.body)
	}
	if res := out.Results[2]; res.Status != "rejected" || res.Code != "invalid_text" || len(res.Errors) != 1 || res.Errors[0].Field != "args.note" {
		t.Fatalf("the mutation with bytes that are not UTF-8: %+v, want rejected invalid_text at args.note", res)
	}
	if out.Results[0].Status != "applied" || out.Results[1].Status != "applied" {
		t.Errorf("the mutations around it: %+v", out.Results[:2])
	}
	var n int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM inspection_answers WHERE inspection_id = ? AND item_id = 'nav.lights'", id).Scan(&n).Error)
	if n != 0 {
		t.Errorf("the answer was stored with U+FFFD in place of the bytes sent")
	}
}
