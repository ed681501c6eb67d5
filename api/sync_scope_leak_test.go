package api_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
)

// harnessCursorKey is the cursor key newHarness gives its pull engine.
const harnessCursorKey = "harness-cursor-key-of-at-least-32-bytes"

// forgeCursor builds a cursor by hand, signed as the server signs them
// (base64url(JSON) "." base64url(HMAC-SHA256[:16])): what an attacker who
// learnt the cursor key (issue 10 item 8: dev keys derived from a
// documented URL) could send.
func forgeCursor(payload map[string]any) string {
	raw, _ := json.Marshal(payload)
	m := hmac.New(sha256.New, []byte(harnessCursorKey))
	m.Write([]byte("tindal pull cursor v1\x00"))
	m.Write(raw)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(raw) + "." + enc.EncodeToString(m.Sum(nil)[:16])
}

// paradip adds a third jurisdiction with an owner, a vessel and an
// inspector, whose pushed inspection leaves an open finding there.
// It returns the ids a Karwar caller must never learn of.
func (h *harness) paradip() map[string]uuid.UUID {
	h.t.Helper()
	ctx := context.Background()
	reg := registry.New(h.db, time.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "PARADIP", Name: "Paradip", Regime: "KA-IV-2025"})
	h.must(err)
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Owner of PARADIP", JurisdictionID: j.ID, PreferredLanguage: "en"})
	h.must(err)
	cat, zone, power, unit := "C", 3, 120.0, "kW"
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-PAR-0001", Name: "Boat of PARADIP",
		Kind: "mechanised", Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger",
		JurisdictionID: j.ID, OwnerID: o.ID})
	h.must(err)
	_, err = h.auth.CreateUser(ctx, storage.Actor{}, auth.NewUser{Email: "inspector-paradip@test.tindal", Name: "inspector-paradip",
		Role: models.RoleInspector, Password: testPassword, Jurisdictions: []uuid.UUID{j.ID}, AssignedFrom: assignedLongAgo})
	h.must(err)
	// Assigned well before the capture, whatever the hour in India.
	_, err = h.db.Pool.Exec(ctx, `UPDATE user_jurisdictions SET starts_on = current_date - 10
		WHERE user_id = (SELECT id FROM users WHERE email = 'inspector-paradip@test.tindal')`)
	h.must(err)
	h.tokens["inspector-paradip"] = h.login("inspector-paradip@test.tindal")
	ids := map[string]uuid.UUID{"jurisdiction": j.ID, "owner": o.ID, "vessel": v.ID,
		"inspection": uuid.Must(uuid.NewV7()), "finding": uuid.Must(uuid.NewV7())}
	at := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339Nano)
	mut := func(seq int, name string, args map[string]any) map[string]any {
		return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": seq, "name": name, "version": 1, "args": args, "base_version": 1, "captured_at": at}
	}
	body := map[string]any{"ack_seq": 0, "mutations": []any{
		mut(1, "inspection.start", map[string]any{"id": ids["inspection"], "vessel_id": v.ID, "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}),
		mut(2, "finding.record", map[string]any{"id": ids["finding"], "inspection_id": ids["inspection"], "code": "11004", "note": "no lifebuoys"}),
	}}
	hdr := []string{"X-Device-Id", h.deviceOf("inspector-paradip"), "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", time.Now().UTC().Format(time.RFC3339)}
	r := h.do("POST", "/v1/sync/push", "inspector-paradip", body, hdr...)
	if r.status != 200 || strings.Count(string(r.body), `"status":"applied"`) != 2 {
		h.t.Fatalf("paradip push: %d %s", r.status, r.body)
	}
	var open bool
	h.must(h.db.Pool.QueryRow(ctx, "SELECT NOT rectified AND deleted_at IS NULL FROM findings WHERE id = $1", ids["finding"]).Scan(&open))
	if !open {
		h.t.Fatal("the Paradip finding must be open")
	}
	return ids
}

// TestFindingsDoNotLeakAcrossJurisdictionsThroughSync (issue 10 item 5):
// for each role of Karwar (and the owner of a Karwar vessel, and a
// Mangaluru inspector), verify answers a Paradip id exactly as an unknown
// one, and no pull — with a real cursor, or one built by hand and signed
// with the cursor key naming Paradip's scope — returns any Paradip row,
// even as a removal. A cursor naming a scope the caller never held is 400.
func TestFindingsDoNotLeakAcrossJurisdictionsThroughSync(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	secret := h.paradip()
	pk := "j:" + secret["jurisdiction"].String()
	unknown := uuid.Must(uuid.NewV7())
	leaks := func(t *testing.T, what string, body []byte) {
		t.Helper()
		for name, id := range secret {
			if name != "jurisdiction" && strings.Contains(string(body), id.String()) { // jurisdictions are reference data
				t.Errorf("%s reveals the Paradip %s %s: %s", what, name, id, body)
			}
		}
	}
	pull := func(user, cursor string) response {
		path := "/v1/sync/pull?limit=2000"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		return h.do("GET", path, user, nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
	}
	// The Paradip inspector's own cursor, and the proof the finding is
	// served where it belongs.
	own := pull("inspector-paradip", "")
	if own.status != 200 || !strings.Contains(string(own.body), secret["finding"].String()) {
		t.Fatalf("the Paradip inspector must pull the open finding: %d %s", own.status, own.body)
	}
	paradipCursor := own.json()["cursor"].(string)

	for _, user := range []string{"inspector", "supervisor", "registrar", "owner", "inspector-mangaluru"} {
		t.Run(user, func(t *testing.T) {
			h := h.with(t)
			me := h.do("GET", "/v1/me", user, nil).json()
			uid := me["id"].(string)
			ownKeys := []string{"ref", "u:" + uid}
			for _, j := range me["jurisdiction_ids"].([]any) {
				ownKeys = append(ownKeys, "j:"+j.(string))
			}
			if o, ok := me["owner_id"].(string); ok && o != "" {
				ownKeys = append(ownKeys, "o:"+o)
			}

			// verify: every Paradip id answers as an id never known.
			ids := []uuid.UUID{secret["finding"], secret["inspection"], secret["vessel"], secret["owner"], unknown}
			r := h.do("POST", "/v1/sync/verify", user, map[string]any{"ids": ids}, "X-Protocol-Version", "1")
			if r.status != 200 {
				t.Fatalf("verify: %d %s", r.status, r.body)
			}
			var v struct {
				Results []map[string]any `json:"results"`
			}
			h.must(json.Unmarshal(r.body, &v))
			for i, res := range v.Results {
				if len(res) != 2 || res["state"] != "out_of_scope" {
					t.Errorf("verify %s: %v, want exactly what an unknown id gets: {id, state: out_of_scope}", ids[i], res)
				}
			}

			// pulls: a fresh one, and the continuation of a real cursor.
			first := pull(user, "")
			leaks(t, "a first pull", first.body)
			leaks(t, "an incremental pull", pull(user, first.json()["cursor"].(string)).body)

			types := []string{"jurisdiction", "owner", "vessel", "crew_member", "vessel_crew", "certificate", "checklist_template",
				"inspection", "inspection_answer", "finding", "photo", "offence", "penalty", "penalty_adjustment", "review",
				"amendment_request", "conflict", "vessel_observation"}
			refused := []struct {
				name   string
				cursor string
			}{
				{"another user's cursor", paradipCursor},
				{"a tampered cursor", paradipCursor[:10] + string(rune(paradipCursor[10])^1) + paradipCursor[11:]},
				{"hand-built: Paradip's key held", forgeCursor(map[string]any{"v": 1, "u": uid, "p": 0,
					"k": append(ownKeys, pk), "t": types})},
				{"hand-built: Paradip's key being removed", forgeCursor(map[string]any{"v": 1, "u": uid, "p": 0,
					"k": append(ownKeys, pk), "t": types, "rm": map[string]any{"k": []string{pk}, "i": 0, "a": uuid.Nil, "p": 0}})},
				{"hand-built: a snapshot of Paradip's key", forgeCursor(map[string]any{"v": 1, "u": uid, "p": 0,
					"k": ownKeys, "t": types, "sn": map[string]any{"q": []map[string]any{{"k": pk}}, "i": 0, "j": 0, "a": uuid.Nil}})},
				{"hand-built: a key of another kind", forgeCursor(map[string]any{"v": 1, "u": uid, "p": 0,
					"k": append(ownKeys, "o:"+secret["owner"].String()), "t": types})},
			}
			for _, c := range refused {
				r := pull(user, c.cursor)
				leaks(t, c.name, r.body)
				if r.status != 400 || r.json()["code"] != "invalid_cursor" {
					t.Errorf("%s: %d %s, want 400 invalid_cursor", c.name, r.status, r.body)
				}
			}
			// A validly built cursor of the caller's own keys that points at
			// the start of the log, where Paradip's rows are too: served,
			// with nothing of Paradip.
			rewound := forgeCursor(map[string]any{"v": 1, "u": uid, "p": 0, "k": ownKeys, "t": types})
			r = pull(user, rewound)
			if r.status != 200 {
				t.Fatalf("a rewound cursor of the caller's own keys: %d %s", r.status, r.body)
			}
			leaks(t, "a rewound cursor", r.body)
		})
	}
	// The same over a real listener, as an outsider sends it.
	raw, _ := json.Marshal(map[string]any{"ids": []uuid.UUID{secret["finding"], unknown}})
	if r := h.overHTTP("POST", "/v1/sync/verify", "inspector", string(raw)); r.status != 200 ||
		strings.Count(string(r.body), `{"id":`) != 2 || strings.Count(string(r.body), `"state":"out_of_scope"}`) != 2 {
		t.Errorf("verify over HTTP: %d %s", r.status, r.body)
	}
	// The admin reaches every jurisdiction: verify confirms the finding.
	r := h.do("POST", "/v1/sync/verify", "admin", map[string]any{"ids": []uuid.UUID{secret["finding"]}}, "X-Protocol-Version", "1")
	if !strings.Contains(string(r.body), `"exists"`) {
		t.Errorf("the admin's verify of the Paradip finding: %s", r.body)
	}
}
