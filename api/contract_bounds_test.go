package api_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"github.com/tindal/tindal/openapi"
)

// maxSeq is the contract's bound of every seq: 2^53-1, the largest integer
// a JSON number keeps exactly in the app's JavaScript.
const maxSeq = 1<<53 - 1

// TestPushAtTheContractsSeqBounds pushes at the bounds the contract gives a
// mutation's seq and ack_seq (1..2^53-1, 0..2^53-1). A phone may use any
// of them (a clock-based counter does), so seqs across 2^31 and up to
// 2^53-1 apply and are acknowledged; one past a bound is a 400 problem
// naming the field and writes nothing.
func TestPushAtTheContractsSeqBounds(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dev := h.deviceOf("inspector")
	hdr := []string{"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	applied := func() int64 {
		var n int64
		h.must(h.db.Gorm.Raw(`SELECT count(*) FROM applied_mutations WHERE device_id = ?`, dev).Scan(&n).Error)
		return n
	}
	for _, seq0 := range []int{math.MaxInt32 - 2, maxSeq - 3} { // seqs 2^31-1, 2^31, 2^31+1; then up to 2^53-1
		t.Run(fmt.Sprint("seqs after ", seq0), func(t *testing.T) {
			body := pushBody(h, uuid.Must(uuid.NewV7()), seq0)
			r := h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
			var out struct {
				Results []struct {
					Seq    int64
					Status string
				}
			}
			if r.status != 200 || json.Unmarshal(r.body, &out) != nil || len(out.Results) != 3 {
				t.Fatalf("push of seqs %d..%d: %d %s", seq0+1, seq0+3, r.status, r.body)
			}
			for i, res := range out.Results {
				if res.Status != "applied" || res.Seq != int64(seq0+i+1) {
					t.Errorf("mutation seq %d: %s (seq %d), want applied", seq0+i+1, res.Status, res.Seq)
				}
			}
		})
	}
	ack := map[string]any{"ack_seq": maxSeq, "mutations": []any{}}
	if r := h.do("POST", "/v1/sync/push", "inspector", ack, hdr...); r.status != 200 {
		t.Errorf("ack_seq 2^53-1: %d %s", r.status, r.body)
	}
	before := applied()
	if before != 6 {
		t.Fatalf("%d applied mutations, want 6", before)
	}
	withSeq := func(i int, seq int64) map[string]any { // a valid push but for one seq
		return withField(pushBody(h, uuid.Must(uuid.NewV7()), 10), i, "seq", seq)
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"a seq of 2^53", withSeq(2, maxSeq+1), "mutations.2.seq"},
		{"a seq of 0", withSeq(0, 0), "mutations.0.seq"},
		{"a seq of 2^63-1", withSeq(1, math.MaxInt64), "mutations.1.seq"},
		{"an ack_seq of 2^53", map[string]any{"ack_seq": maxSeq + 1, "mutations": []any{}}, "ack_seq"},
		{"an ack_seq of -1", map[string]any{"ack_seq": -1, "mutations": []any{}}, "ack_seq"},
		{"a version of 2^31", withField(pushBody(h, uuid.Must(uuid.NewV7()), 10), 0, "version", math.MaxInt32+1),
			"mutations.0.version"},
		{"a base_version of 2^53", withField(pushBody(h, uuid.Must(uuid.NewV7()), 10), 1, "base_version", maxSeq+1),
			"mutations.1.base_version"},
	} {
		r := h.do("POST", "/v1/sync/push", "inspector", c.body, hdr...)
		if r.status != 400 && r.status != 422 {
			t.Errorf("%s: %d %s, want 400 or 422", c.name, r.status, r.body)
			continue
		}
		fieldNamed(c.field)(t, r)
	}
	if n := applied(); n != before {
		t.Errorf("%d applied mutations after the refused pushes, want %d", n, before)
	}
}

// withField sets one member of one mutation of a push body.
func withField(body map[string]any, i int, name string, v int64) map[string]any {
	body["mutations"].([]any)[i].(map[string]any)[name] = v
	return body
}

// TestQueryIntegersAtTheContractsBounds walks every integer query
// parameter of every GET of the contract without a path parameter: its
// minimum and maximum are answered (never 400 for that field, never 5xx);
// one below, one above and 2^63 are a 400 or 422 problem naming it.
func TestQueryIntegersAtTheContractsBounds(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		t.Fatal(err)
	}
	walked := 0
	for path, item := range doc.Paths.Map() {
		if item.Get == nil || strings.Contains(path, "{") {
			continue
		}
		for _, p := range append(item.Get.Parameters, item.Parameters...) {
			s := p.Value.Schema.Value
			if p.Value.In != "query" || s == nil || !s.Type.Is("integer") || s.Min == nil || s.Max == nil {
				continue
			}
			walked++
			name, lo, hi := p.Value.Name, int64(*s.Min), int64(*s.Max)
			get := func(v string) response {
				return h.do("GET", path+"?"+name+"="+v, "admin", nil,
					"X-App-Version", "1.4.0", "X-Protocol-Version", "1")
			}
			for _, v := range []int64{lo, hi} {
				r := get(fmt.Sprint(v))
				if r.status >= 500 || (r.status == 400 || r.status == 422) && namesParam(r, name) {
					t.Errorf("GET %s?%s=%d (within the contract): %d %s", path, name, v, r.status, r.body)
				}
			}
			for _, v := range []string{fmt.Sprint(lo - 1), fmt.Sprint(hi + 1), "9223372036854775808"} {
				r := get(v)
				if (r.status != 400 && r.status != 422) || !namesParam(r, name) {
					t.Errorf("GET %s?%s=%s (outside the contract): %d %s, want 400/422 naming %s",
						path, name, v, r.status, r.body, name)
				}
			}
		}
	}
	if walked < 10 {
		t.Fatalf("walked only %d integer query parameters", walked)
	}
}

// namesParam reports whether a problem's errors name field.
func namesParam(r response, field string) bool {
	errs, _ := r.json()["errors"].([]any)
	for _, e := range errs {
		if f, _ := e.(map[string]any)["field"].(string); f == field {
			return true
		}
	}
	return false
}
