package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

var fuzzDevice = uuid.MustParse("0193e0a0-0000-7000-8000-00000000de71")

// fuzzAuthn signs every request in as one inspector of Karnataka: this
// target is about what a signed-in device can send, not about tokens.
type fuzzAuthn struct{}

func (fuzzAuthn) authenticate(context.Context, string) (models.Scope, error) {
	return models.Scope{UserID: uuid.MustParse("0193e0a0-0000-7000-8000-0000000000a1"), DeviceID: fuzzDevice,
		Role: models.RoleInspector, Jurisdictions: []uuid.UUID{uuid.MustParse("0193e0a0-0000-7000-8000-0000000000ca")}}, nil
}

// pushProbe is the strict server with SyncPush replaced by a recorder: the
// request the push engine would get, after the body limit, the gzip
// inflater, the contract and the generated binding.
type pushProbe struct {
	*handlers
	got *openapi.SyncPushRequestObject
}

func (p *pushProbe) SyncPush(_ context.Context, r openapi.SyncPushRequestObject) (openapi.SyncPushResponseObject, error) {
	p.got = &r
	return fuzzPushOK{}, nil
}

type fuzzPushOK struct{}

func (fuzzPushOK) VisitSyncPushResponse(c *fiber.Ctx) error { return c.SendStatus(http.StatusOK) }

// newPushProbe mounts the push route as NewServer does (same middleware
// order), over the real contract.
func newPushProbe(f *testing.F) (*fiber.App, *pushProbe) {
	k, err := loadContract(fuzzAuthn{})
	if err != nil {
		f.Fatal(err)
	}
	probe := &pushProbe{handlers: &handlers{}}
	// The same chain as NewServer's (api/server.go), less logging and metrics.
	app := fiber.New(fiber.Config{BodyLimit: BodyLimit, ErrorHandler: errorHandler(slog.New(slog.DiscardHandler)), DisableStartupMessage: true,
		CaseSensitive: true, StrictRouting: true})
	app.Use(requestIDMiddleware, recoverMiddleware(slog.New(slog.DiscardHandler)), contentEncodingMiddleware)
	app.Use(bodyLimitMiddleware)
	app.Use(k.middleware)
	app.Use(pushBodyMiddleware)
	app.Use(k.validation)
	openapi.RegisterHandlers(app, openapi.NewStrictHandler(probe, []openapi.StrictMiddlewareFunc{k.secured}))
	return app, probe
}

// pushSeeds are push bodies: one of each mutation the server knows, and
// the shapes a hostile or broken client sends.
var pushSeeds = []string{
	`{"mutations":[]}`,
	`{"ack_seq":4,"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000001","seq":5,"name":"inspection.start","version":1,"args":{"id":"0193e0a0-0000-7000-8000-0000000000b1","vessel_id":"0193e0a0-0000-7000-8000-0000000000c1","template_id":"0193e0a0-0000-7000-8000-0000000000d1","kind":"periodic","lat":14.8,"lon":74.12},"captured_at":"2026-11-30T10:15:00+05:30","captured_raw":"2026-11-30T04:44:59.5Z","anchor_age_ms":1200}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000002","seq":6,"name":"inspection.answer","version":1,"args":{"inspection_id":"0193e0a0-0000-7000-8000-0000000000b1","item_id":"hull.1","answer":"yes","note":"ok"},"base_version":3}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000003","seq":7,"name":"finding.record","version":1,"args":{"id":"0193e0a0-0000-7000-8000-0000000000e1","inspection_id":"0193e0a0-0000-7000-8000-0000000000b1","code":"KA-IV-7","persons":12,"party_ref":"owner"}}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000004","seq":8,"name":"photo.attach","version":1,"args":{"id":"0193e0a0-0000-7000-8000-0000000000f1","inspection_id":"0193e0a0-0000-7000-8000-0000000000b1","sha256":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855","size":1024,"content_type":"image/jpeg","taken_at":"2026-11-30T10:00:00Z"}}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000005","seq":9,"name":"vessel.observe","version":1,"args":{"id":"0193e0a0-0000-7000-8000-0000000000a9","vessel_id":"0193e0a0-0000-7000-8000-0000000000c1","field":"name","value":{"x":[1,2.5e10,null]}}}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000006","seq":1,"name":"inspection.submit","version":2,"args":{}},{"id":"0193e0a0-0000-7000-8000-000000000007","seq":1,"name":"finding.discard","version":1,"args":{"finding_id":"x","unknown":true}}]}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000008","seq":0,"name":"","version":0,"args":[]}]}`,
	`{"Mutations":[]}`, `{"mutations":[],"mutations":[{}]}`, `{"mutations":[]} trailing`, `{"mutations":null}`,
	`{"mutations":[{"id":"0193e0a0-0000-7000-8000-000000000009","seq":1,"name":"inspection.edit","version":1,"args":{"inspection_id":"0193e0a0-0000-7000-8000-0000000000b1","notes":"a\u0000b","cargo_tonnes":1e308,"lat":123456789012345678901234567890}}]}`,
	"", "null", "[]", "{", "\xff\xfe",
}

// FuzzPushDecode sends arbitrary bodies to POST /v1/sync/push through the
// server's own middleware and contract (docs/SYNC.md §2). A
// body is either refused with a 4xx problem+json before the engine, or
// reaches it as exactly the contract's shape: at most 500 mutations, each
// with seq ≥ 1, version ≥ 1, a name of 1–80 characters and an args object,
// bound to what the body says (no case-insensitive or duplicate-member
// surprises). Never a 5xx. Gzip is transparent: the same body gzipped gets
// the same answer and the same request. For every mutation that reaches
// the engine, the request hash is computed and equals the hash of the
// mutation's args as the device spelled them (identity survives the
// decoding), and a known mutation's args either decode or are refused as
// invalid (a final rejection, never retry).
func FuzzPushDecode(f *testing.F) {
	for _, s := range pushSeeds {
		f.Add([]byte(s))
	}
	app, probe := newPushProbe(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		status, got := fuzzPush(t, app, probe, body, false)
		if gz := gzipped(body); len(gz) <= pushBodyLimit {
			gzStatus, gzGot := fuzzPush(t, app, probe, gz, true)
			if gzStatus != status || !reflect.DeepEqual(got, gzGot) {
				t.Fatalf("gzip changed the answer: %d vs %d", status, gzStatus)
			}
		}
		if got == nil {
			return
		}
		checkBound(t, body, got)
		for i, m := range got.Body.Mutations {
			checkMutation(t, i, body, m)
		}
	})
}

// fuzzPush sends one push; it returns the status and, when the request
// reached the engine, what the engine got.
func fuzzPush(t *testing.T, app *fiber.App, probe *pushProbe, body []byte, gz bool) (int, *openapi.SyncPushRequestObject) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/v1/sync/push", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer fuzz")
	req.Header.Set("X-Device-Id", fuzzDevice.String())
	if gz {
		req.Header.Set("Content-Encoding", "gzip")
	}
	probe.got = nil
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	switch {
	case res.StatusCode == http.StatusOK && probe.got != nil:
		return res.StatusCode, probe.got
	case res.StatusCode >= 400 && res.StatusCode < 500 && probe.got == nil:
		var p Problem
		if res.Header.Get("Content-Type") != "application/problem+json" || json.Unmarshal(answer, &p) != nil || p.Status != res.StatusCode || p.Code == "" {
			t.Fatalf("refusal %d is not a problem: %q", res.StatusCode, answer)
		}
		return res.StatusCode, nil
	}
	t.Fatalf("push of %q answered %d (reached the engine: %v): %s", body, res.StatusCode, probe.got != nil, answer)
	return 0, nil
}

// checkBound: what reached the engine is what the body says, bound exactly.
func checkBound(t *testing.T, body []byte, got *openapi.SyncPushRequestObject) {
	t.Helper()
	var want openapi.SyncPushJSONRequestBody
	if err := json.Unmarshal(body, &want); err != nil {
		t.Fatalf("the contract let through a body Go cannot decode (%v): %q", err, body)
	}
	if !sameRequest(t, *got.Body, want) {
		t.Fatalf("bound request differs from the body:\n%+v\n%+v", *got.Body, want)
	}
	if n := len(got.Body.Mutations); n > sync.MaxMutations {
		t.Fatalf("%d mutations reached the engine", n)
	}
}

// checkMutation checks one mutation as the engine would receive it.
func checkMutation(t *testing.T, i int, body []byte, m openapi.PushMutation) {
	t.Helper()
	sm := pushMutation(m) // the envelope, read as the handler reads it from the union
	if n := len([]rune(sm.Name)); sm.Seq < 1 || sm.Version < 1 || n < 1 || n > 80 || len(sm.Args) == 0 || sm.Args[0] != '{' {
		t.Fatalf("mutation %d outside the contract reached the engine: %+v", i, sm)
	}
	h, err := sync.RequestHash(sm)
	if err != nil {
		t.Fatalf("mutation %d: no request hash: %v", i, err)
	}
	spelled := sm
	spelled.Args = rawArgs(t, body, i)
	if h2, err := sync.RequestHash(spelled); err != nil || !bytes.Equal(h, h2) {
		t.Fatalf("mutation %d: hash of the decoded args differs from the args as sent (%s): %v", i, spelled.Args, err)
	}
	for _, s := range []*string{sm.CapturedAt, sm.CapturedRaw} {
		if s != nil {
			if at, err := time.Parse(time.RFC3339Nano, *s); err != nil || at.Location() != time.UTC {
				t.Fatalf("mutation %d: time carried as %q", i, *s)
			}
		}
	}
	cmd, ok := inspect.LookupCommand(sm.Name, sm.Version)
	if !ok {
		return
	}
	if _, err := cmd.Decode(sm.Args); err != nil {
		var me *models.Error
		if !errors.As(err, &me) || me.Kind != models.KindInvalid {
			t.Fatalf("mutation %d (%s): args refused with %v, want an invalid (final) error", i, sm.Name, err)
		}
	}
}

// rawArgs is the args member of mutation i exactly as the body spelled it.
func rawArgs(t *testing.T, body []byte, i int) json.RawMessage {
	t.Helper()
	var raw struct {
		Mutations []struct {
			Args json.RawMessage `json:"args"`
		} `json:"mutations"`
	}
	if err := json.Unmarshal(body, &raw); err != nil || i >= len(raw.Mutations) {
		t.Fatalf("re-read args %d: %v", i, err)
	}
	return raw.Mutations[i].Args
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// sameRequest compares two push bodies by meaning: each mutation is a raw
// union member, whose bytes may be re-encoded (key order) between the
// wire and the handler.
func sameRequest(t *testing.T, a, b openapi.PushRequest) bool {
	t.Helper()
	if !reflect.DeepEqual(a.AckSeq, b.AckSeq) || len(a.Mutations) != len(b.Mutations) {
		return false
	}
	for i := range a.Mutations {
		var x, y any
		ra, _ := a.Mutations[i].MarshalJSON()
		rb, _ := b.Mutations[i].MarshalJSON()
		if json.Unmarshal(ra, &x) != nil || json.Unmarshal(rb, &y) != nil || !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}
