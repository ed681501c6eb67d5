package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/photo"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// syncSchemas are the contract's unions for the sync stream, loaded once.
var syncSchemas struct {
	once            stdsync.Once
	item, mutation  *openapi3.Schema
	itemRef         *openapi3.SchemaRef
	itemTypes, muts map[string]bool // discriminator values
	err             error
}

var uuidAny = openapi3.NewRegexpFormatValidator(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func loadSyncSchemas(t *testing.T) {
	t.Helper()
	syncSchemas.once.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
		if err != nil {
			syncSchemas.err = err
			return
		}
		s := doc.Components.Schemas
		syncSchemas.item, syncSchemas.mutation = s["SyncItem"].Value, s["PushMutation"].Value
		syncSchemas.itemRef = s["SyncItem"]
		syncSchemas.itemTypes, syncSchemas.muts = map[string]bool{}, map[string]bool{}
		for k := range syncSchemas.item.Discriminator.Mapping {
			syncSchemas.itemTypes[k] = true
		}
		for k := range syncSchemas.mutation.Discriminator.Mapping {
			syncSchemas.muts[k] = true
		}
	})
	if syncSchemas.err != nil {
		t.Fatal(syncSchemas.err)
	}
}

func visit(s *openapi3.Schema, v any) error {
	return s.VisitJSON(v, openapi3.MultiErrors(), openapi3.WithStringFormatValidator("uuid", uuidAny))
}

// checkPulled validates each item of a pull page against the SyncItem
// union: its type must be one the contract lists (the server never sends
// a type without a schema) and its data must fit that type's schema. It
// returns the items' data by type, for the caller's own checks.
func checkPulled(t *testing.T, page []byte) map[string][]map[string]any {
	t.Helper()
	loadSyncSchemas(t)
	var p struct {
		Items []json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(page, &p); err != nil {
		t.Fatalf("pull page: %v", err)
	}
	out := map[string][]map[string]any{}
	for _, raw := range p.Items {
		var it map[string]any
		_ = json.Unmarshal(raw, &it)
		typ, _ := it["type"].(string)
		if !syncSchemas.itemTypes[typ] {
			t.Errorf("pulled item of type %q, which the SyncItem union does not list: %s", typ, raw)
			continue
		}
		if err := visit(syncSchemas.item, it); err != nil {
			t.Errorf("pulled %s item does not fit its schema: %v\n%s", typ, err, raw)
		}
		for _, u := range undeclared(syncSchemas.itemRef, it, "item") {
			t.Errorf("pulled %s: %s (a typed client drops it)", typ, u)
		}
		if it["op"] == "upsert" {
			data, ok := it["data"].(map[string]any)
			if !ok {
				t.Errorf("pulled %s upsert without data: %s", typ, raw)
				continue
			}
			out[typ] = append(out[typ], data)
		}
	}
	return out
}

// checkPushed validates each mutation of a push body against the
// PushMutation union: a mutation the tests send must be one the contract
// describes, with args that fit its schema.
func checkPushed(t *testing.T, body any) {
	t.Helper()
	loadSyncSchemas(t)
	raw, _ := json.Marshal(body)
	var b struct {
		Mutations []map[string]any `json:"mutations"`
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("push body: %v", err)
	}
	for _, m := range b.Mutations {
		if err := visit(syncSchemas.mutation, m); err != nil {
			t.Errorf("pushed %v does not fit its schema: %v", m["name"], err)
		}
	}
}

// A bad argument rejects that mutation alone, naming the field; the rest
// of the push applies (a phone must be able to drop one and keep going).
func TestPushRejectsBadArgsNamingTheFieldAndAppliesTheRest(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	ms := body["mutations"].([]any)
	now := time.Now().Add(-30 * time.Minute).UTC().Format(time.RFC3339Nano)
	bad := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": 10, "name": "inspection.answer", "version": 1, "captured_at": now,
		"args": map[string]any{"inspection_id": id, "item_id": 42, "answer": "maybe", "colour": "red"}}
	good := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": 11, "name": "inspection.edit", "version": 1, "captured_at": now,
		"args": map[string]any{"inspection_id": id, "notes": "hull repainted"}}
	// start, answer, [bad answer], edit, submit
	body["mutations"] = []any{ms[0], ms[1], bad, good, ms[2]}
	bad["seq"], good["seq"], ms[2].(map[string]any)["seq"] = 3, 4, 5
	hdr := []string{"X-Device-Id", h.deviceOf("inspector"), "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	r := h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	if r.status != 200 {
		t.Fatalf("push with one bad mutation: %d %s", r.status, r.body)
	}
	var out struct {
		Results []struct {
			Status string
			Code   string
			Errors []struct{ Field, Code string }
		}
	}
	h.must(json.Unmarshal(r.body, &out))
	if len(out.Results) != 5 {
		t.Fatalf("want 5 results: %s", r.body)
	}
	for i, want := range []string{"applied", "applied", "rejected", "applied", "applied"} {
		if out.Results[i].Status != want {
			t.Errorf("result %d: %s, want %s (%s)", i, out.Results[i].Status, want, r.body)
		}
	}
	rej := out.Results[2]
	var fields []string
	for _, e := range rej.Errors {
		fields = append(fields, e.Field+":"+e.Code)
	}
	if want := []string{"answer:enum", "colour:unknown_field", "item_id:type"}; rej.Code != "invalid_args" || !reflect.DeepEqual(fields, want) {
		t.Errorf("rejected %s with fields %v, want invalid_args with %v", rej.Code, fields, want)
	}
	// The same push again: the rejection is final and replays, nothing new.
	r = h.do("POST", "/v1/sync/push", "inspector", body, hdr...)
	if r.status != 200 || strings.Count(string(r.body), `"status":"replayed"`) != 5 {
		t.Errorf("replay: %d %s", r.status, r.body)
	}
}

// The pulled records of the entities REST serves have the REST shape:
// the same fields with the same values as GET of the same record (photo
// URLs aside, which are signed per request).
func TestPulledRecordsHaveTheRESTShape(t *testing.T) {
	h := newSyncPhotoHarness(t)
	j := h.ids["KARWAR"].String()
	crew := h.do("POST", "/v1/crew-members", "registrar", map[string]any{"indivc_number": "KA-GP-0042", "name": "Suresh", "jurisdiction_id": j, "date_of_birth": "1990-04-01"})
	if crew.status != 201 {
		t.Fatalf("crew member: %d %s", crew.status, crew.body)
	}
	cm := crew.json()["id"].(string)
	vessel := h.ids["vessel-KARWAR"].String()
	place := h.do("POST", "/v1/vessels/"+vessel+"/crew", "registrar", map[string]any{"crew_member_id": cm, "role": "serang", "signed_on": "2026-01-05"})
	cert := h.do("POST", "/v1/certificates", "registrar", map[string]any{"vessel_id": vessel, "kind": "insurance", "number": "INS-7", "issued_on": "2026-01-01", "expires_on": "2027-01-01", "issuer": "United"})
	if place.status != 201 || cert.status != 201 {
		t.Fatalf("placement %d %s, certificate %d %s", place.status, place.body, cert.status, cert.body)
	}
	id, ph := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	body := pushBody(h, id, 0)
	body["mutations"] = append(body["mutations"].([]any)[:2], map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": 3, "name": "photo.attach", "version": 1,
		"captured_at": time.Now().Add(-10 * time.Minute).UTC().Format(time.RFC3339Nano),
		"args":        map[string]any{"id": ph, "inspection_id": id, "sha256": strings.Repeat("ab", 32), "size": 1234, "content_type": "image/jpeg", "caption": "bow"}})
	checkPushed(t, body)
	if r := h.do("POST", "/v1/sync/push", "inspector", body, "X-Device-Id", h.deviceOf("inspector")); r.status != 200 || strings.Count(string(r.body), `"applied"`) != 3 {
		t.Fatalf("push: %d %s", r.status, r.body)
	}
	pulled := map[string]map[string]any{}
	for _, user := range []string{"registrar", "inspector"} {
		for typ, recs := range h.pullPages(user) {
			for _, d := range recs {
				pulled[typ+"/"+fmt.Sprint(d["id"])] = d
			}
		}
	}
	for _, c := range []struct{ typ, id, path, user string }{
		{"jurisdiction", j, "/v1/jurisdictions/" + j, "registrar"},
		{"owner", h.ids["owner-KARWAR"].String(), "/v1/owners/" + h.ids["owner-KARWAR"].String(), "registrar"},
		{"vessel", vessel, "/v1/vessels/" + vessel, "registrar"},
		{"crew_member", cm, "/v1/crew-members/" + cm, "registrar"},
		{"vessel_crew", place.json()["id"].(string), "", "registrar"},
		{"certificate", cert.json()["id"].(string), "/v1/certificates/" + cert.json()["id"].(string), "registrar"},
		{"photo", ph.String(), "/v1/photos/" + ph.String(), "inspector"},
	} {
		got, ok := pulled[c.typ+"/"+c.id]
		if !ok {
			t.Errorf("no %s %s in the pull", c.typ, c.id)
			continue
		}
		want := place.json() // vessel_crew has no GET of one: the create answers the record
		if c.path != "" {
			r := h.do("GET", c.path, c.user, nil)
			if r.status != 200 {
				t.Fatalf("GET %s: %d %s", c.path, r.status, r.body)
			}
			want = r.json()
		}
		delete(want, "urls")
		if !sameRecord(got, want) {
			t.Errorf("pulled %s differs from REST:\npull %v\nREST %v", c.typ, got, want)
		}
	}
}

// newSyncPhotoHarness is the harness with everything an inspector's day
// touches: push, pull, and photos on the test MinIO.
func newSyncPhotoHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	insp := inspect.New(h.db, nil, testkit.Now)
	_, err := insp.SeedTemplates(context.Background()) // as serve does at start
	h.must(err)
	pull, err := tsync.NewPullEngine(h.db, []byte("sync photo harness cursor key, 32 bytes+"), tsync.PullOptions{})
	h.must(err)
	d := fullDeps(t, h.db, h.auth, testkit.Now)
	d.Inspect, d.Push, d.Pull, d.Photos = insp, tsync.New(h.db, insp, testkit.Now, tsync.Options{}), pull, photo.New(h.db, testkit.MinIO(t), photo.Options{})
	h.app, err = api.NewServer(d)
	h.must(err)
	return h
}

// pullPages pulls as user from scratch to the end, checking every page
// against the SyncItem union, and returns the upserted data by type.
func (h *harness) pullPages(user string) map[string][]map[string]any {
	h.t.Helper()
	out := map[string][]map[string]any{}
	cursor := ""
	for range 100 {
		path := "/v1/sync/pull?limit=2000"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		r := h.do("GET", path, user, nil, "X-App-Version", "1.4.0")
		if r.status != 200 {
			h.t.Fatalf("pull: %d %s", r.status, r.body)
		}
		for typ, recs := range checkPulled(h.t, r.body) {
			out[typ] = append(out[typ], recs...)
		}
		m := r.json()
		cursor, _ = m["cursor"].(string)
		if m["has_more"] != true {
			return out
		}
	}
	h.t.Fatal("pull never ended")
	return nil
}

// sameRecord compares two JSON records field by field; times compare as
// instants to the microsecond the database keeps (the pull writes the
// database's offset, REST Go's; a create answers before the round trip).
func sameRecord(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok {
			return false
		}
		as, aok := av.(string)
		bs, bok := bv.(string)
		if aok && bok && as != bs {
			at, err1 := time.Parse(time.RFC3339Nano, as)
			bt, err2 := time.Parse(time.RFC3339Nano, bs)
			if err1 != nil || err2 != nil || !at.Truncate(time.Microsecond).Equal(bt.Truncate(time.Microsecond)) {
				return false
			}
			continue
		}
		if !reflect.DeepEqual(av, bv) {
			return false
		}
	}
	return true
}
