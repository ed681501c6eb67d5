package api_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"
)

// Issue 11 item 6: the push answers what docs/SYNC.md §2–§3 document.
// 501 mutations are 413 too_many_mutations (not the contract's 400); an
// X-App-Version that is not a semantic version is 400 invalid_app_version
// and nothing of the push is applied; a readable one, or none, is served.
func TestPushProtocolAnswersAsDocumented(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dev := h.deviceOf("inspector")
	ms := make([]any, 501)
	for i := range ms {
		ms[i] = map[string]any{"id": uuid.New(), "seq": i + 1, "name": "inspection.submit", "version": 1, "args": map[string]any{"inspection_id": uuid.New()}}
	}
	res := h.do("POST", "/v1/sync/push", "inspector", map[string]any{"mutations": ms}, "X-Device-Id", dev)
	if res.status != 413 || res.json()["code"] != "too_many_mutations" {
		t.Fatalf("501 mutations: %d %s, want 413 too_many_mutations", res.status, res.body)
	}
	// A plain body over 1 MiB answers the push's own code, as a gzipped one
	// inflating past 1 MiB does (it answered an undocumented body_too_large).
	big := map[string]any{"mutations": []any{map[string]any{"id": uuid.New(), "seq": 1, "name": "inspection.edit", "version": 1,
		"args": map[string]any{"inspection_id": uuid.New(), "notes": strings.Repeat("x", 1<<20)}}}}
	if res := h.do("POST", "/v1/sync/push", "inspector", big, "X-Device-Id", dev); res.status != 413 || res.json()["code"] != "push_too_large" {
		t.Fatalf("a plain push over 1 MiB: %d %.200s, want 413 push_too_large", res.status, res.body)
	}
	id := uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	for _, v := range []string{"1.4.2 (build 7)", "one", "1.2.3.4", "v"} {
		res := h.do("POST", "/v1/sync/push", "inspector", body, "X-Device-Id", dev, "X-App-Version", v)
		if res.status != 400 || res.json()["code"] != "invalid_app_version" {
			t.Fatalf("X-App-Version %q: %d %s, want 400 invalid_app_version", v, res.status, res.body)
		}
	}
	if n := h.count("applied_mutations"); n != 0 {
		t.Fatalf("a refused push applied %d mutations", n)
	}
	for i, v := range []string{"1.4.2", ""} {
		hdr := []string{"X-Device-Id", dev}
		if v != "" {
			hdr = append(hdr, "X-App-Version", v)
		}
		res := h.do("POST", "/v1/sync/push", "inspector", pushBody(h, uuid.Must(uuid.NewV7()), 3*i), hdr...)
		if res.status != 200 {
			t.Fatalf("X-App-Version %q: %d %s", v, res.status, res.body)
		}
	}
}
