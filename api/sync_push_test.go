package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
)

// pushBody builds a push of an offline session on the Karwar vessel.
func pushBody(h *harness, id uuid.UUID, seq0 int) map[string]any {
	at := time.Now().Add(-time.Hour).UTC()
	ts := func(m int) string { return at.Add(time.Duration(m) * time.Minute).Format(time.RFC3339Nano) }
	mut := func(seq int, name string, args map[string]any) map[string]any {
		return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq0 + seq, "name": name, "version": 1, "args": args, "base_version": 1, "captured_at": ts(seq)}
	}
	body := map[string]any{"ack_seq": 0, "mutations": []any{
		mut(1, "inspection.start", map[string]any{"id": id, "vessel_id": h.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}),
		mut(2, "inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no"}),
		mut(3, "inspection.submit", map[string]any{"inspection_id": id}),
	}}
	checkPushed(h.t, body) // each mutation against the PushMutation union
	return body
}

func (h *harness) deviceOf(user string) string {
	return h.do("GET", "/v1/me", user, nil).json()["device_id"].(string)
}

func TestSyncPushEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dev := h.deviceOf("inspector")
	id := uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	hdr := []string{"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	res := h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	if res.status != 200 {
		t.Fatalf("push: %d %s", res.status, res.body)
	}
	var out struct {
		Results     []struct{ Status string }
		Inspections []struct {
			Status       string
			Deficiencies []any
		}
	}
	_ = json.Unmarshal(res.body, &out)
	if len(out.Results) != 3 || out.Results[0].Status != "applied" || out.Results[2].Status != "applied" || len(out.Inspections) != 1 || out.Inspections[0].Status != "submitted" {
		t.Fatalf("push results: %s", res.body)
	}
	// The same body again, gzip-compressed: every mutation replays.
	raw, _ := json.Marshal(body)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(raw)
	_ = zw.Close()
	res = h.do("POST", "/v1/sync/push", "inspector", gz.Bytes(), append(hdr, "Content-Encoding", "gzip")...)
	if res.status != 200 || strings.Count(string(res.body), `"status":"replayed"`) != 3 {
		t.Fatalf("gzip replay: %d %s", res.status, res.body)
	}
	// Another device id than the token's.
	if res := h.do("POST", "/v1/sync/push", "inspector", body, "X-Device-Id", uuid.NewString()); res.status != 403 {
		t.Fatalf("device mismatch: %d %s", res.status, res.body)
	}
	// Owners and registrars do not push.
	if res := h.do("POST", "/v1/sync/push", "owner", body, "X-Device-Id", h.deviceOf("owner")); res.status != 403 {
		t.Fatalf("owner push: %d", res.status)
	}
	// The inspector sees it; the other jurisdiction's inspector does not.
	if res := h.do("GET", "/v1/inspections/"+id.String(), "inspector", nil); res.status != 200 {
		t.Fatalf("get: %d %s", res.status, res.body)
	}
	if res := h.do("GET", "/v1/inspections/"+id.String(), "inspector-mangaluru", nil); res.status != 404 {
		t.Fatalf("other jurisdiction: %d", res.status)
	}
	if res := h.do("GET", "/v1/inspections", "supervisor", nil); res.status != 200 || !strings.Contains(string(res.body), id.String()) {
		t.Fatalf("supervisor list: %d %s", res.status, res.body)
	}
	// Review: return needs a comment; approve works (no photos).
	if res := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "return"}); res.status != 422 {
		t.Fatalf("return without comment: %d %s", res.status, res.body)
	}
	if res := h.do("POST", "/v1/inspections/"+id.String()+"/review", "inspector", map[string]any{"decision": "approve"}); res.status != 403 {
		t.Fatalf("inspector review: %d", res.status)
	}
	res = h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "approve"})
	if res.status != 200 || !strings.Contains(string(res.body), `"status":"approved"`) {
		t.Fatalf("approve: %d %s", res.status, res.body)
	}
	for _, path := range []string{"/v1/conflicts", "/v1/quarantine"} {
		if res := h.do("GET", path, "supervisor", nil); res.status != 200 {
			t.Fatalf("%s: %d %s", path, res.status, res.body)
		}
	}
}

func TestSyncPushLimits(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dev := h.deviceOf("inspector")
	// Over 1 MiB decompressed, sent compressed: a clear 413.
	big := fmt.Sprintf(`{"mutations":[{"id":"%s","seq":1,"name":"x","version":1,"args":{"pad":"%s"}}]}`, uuid.New(), strings.Repeat("a", 1100<<10))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(big))
	_ = zw.Close()
	res := h.do("POST", "/v1/sync/push", "inspector", gz.Bytes(), "X-Device-Id", dev, "Content-Encoding", "gzip")
	if res.status != 413 || res.json()["code"] != "push_too_large" {
		t.Fatalf("big push: %d %s", res.status, res.body)
	}
	// 501 mutations: TestPushProtocolAnswersAsDocumented.
}
