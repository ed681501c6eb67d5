package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// addUser signs in one more user of a role in one jurisdiction.
func (h *harness) addUser(label string, role models.Role, jurisdiction string) {
	h.t.Helper()
	n := auth.NewUser{Email: label + "@test.tindal", Name: label, Role: role, Password: testPassword, Jurisdictions: []uuid.UUID{h.ids[jurisdiction]}, AssignedFrom: assignedLongAgo}
	_, err := h.auth.CreateUser(context.Background(), storage.Actor{}, n)
	h.must(err)
	h.tokens[label] = h.login(n.Email)
}

// pusher sends mutations from one user's device, numbering them in order.
type pusher struct {
	h    *harness
	user string
	dev  string
	seq  int
}

func (h *harness) pusher(user string) *pusher {
	return &pusher{h: h, user: user, dev: h.deviceOf(user)}
}

type pushResult struct {
	Status      string `json:"status"`
	Code        string `json:"code"`
	AmendmentID string `json:"amendment_id"`
}

// push sends one mutation captured at the given time and returns its result.
func (p *pusher) push(at time.Time, name string, args map[string]any) pushResult {
	p.h.t.Helper()
	p.seq++
	m := map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": p.seq, "name": name, "version": 1, "args": args, "base_version": 1,
		"captured_at": at.UTC().Format(time.RFC3339Nano)}
	res := p.h.do("POST", "/v1/sync/push", p.user, map[string]any{"ack_seq": 0, "mutations": []any{m}}, "X-Device-Id", p.dev,
		"X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
	var out struct{ Results []pushResult }
	if res.status != 200 || json.Unmarshal(res.body, &out) != nil || len(out.Results) != 1 {
		p.h.t.Fatalf("push %s: %d %s", name, res.status, res.body)
	}
	return out.Results[0]
}

// row reads one column of one row.
func (h *harness) row(dst any, sql string, args ...any) {
	h.t.Helper()
	h.must(h.db.Gorm.Raw(sql, args...).Scan(dst).Error)
}

// logged counts change-log rows of an entity.
func (h *harness) logged(entity string, id uuid.UUID) int64 {
	var n int64
	h.row(&n, "SELECT count(*) FROM change_log WHERE entity_type = ? AND entity_id = ?", entity, id)
	return n
}

// audited counts audit entries of an entity with an action.
func (h *harness) audited(action, entity string, id uuid.UUID) int64 {
	var n int64
	h.row(&n, "SELECT count(*) FROM audit_log WHERE action = ? AND entity_type = ? AND entity_id = ?", action, entity, id)
	return n
}

func (h *harness) vesselRow(id uuid.UUID) models.Vessel {
	var v models.Vessel
	h.must(h.db.Gorm.Where("id = ?", id).Take(&v).Error)
	return v
}

// TestVesselObservationDecisions: an inspector's observation changes the
// registry only when a registrar of the vessel's jurisdiction accepts it
// (docs/SYNC.md §4), through the registry's validation, audit and change
// log; rejecting leaves the vessel alone; a value the registry refuses
// changes nothing; decisions are idempotent and final.
func TestVesselObservationDecisions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addUser("registrar-mangaluru", models.RoleRegistrar, "MANGALURU")
	vessel := h.ids["vessel-KARWAR"]
	// The new owner is of Karwar too: a registrar may give a vessel only to
	// an owner in their own scope (TestWritesRefuseOutOfScopeReferences).
	second, _, err := registry.New(h.db, testkit.Now).CreateOwner(context.Background(), models.Scope{Access: models.AccessAll, UserID: uuid.New()},
		models.Owner{Kind: "person", Name: "Second owner of KARWAR", JurisdictionID: h.ids["KARWAR"], PreferredLanguage: "hi"})
	h.must(err)
	h.ids["owner2-KARWAR"] = second.ID
	p := h.pusher("inspector")
	obs := map[string]uuid.UUID{}
	for _, o := range []struct {
		field string
		value any
	}{{"passengers", 12}, {"name", "Sea Queen"}, {"zone", 7}, {"engine_power", map[string]any{"value": 90, "unit": "NHP"}}, {"kind", "steam"}, {"owner", h.ids["owner2-KARWAR"]}} {
		id := uuid.Must(uuid.NewV7())
		obs[o.field] = id
		if r := p.push(testkit.Now().Add(-time.Minute), "vessel.observe", map[string]any{"id": id, "vessel_id": vessel, "field": o.field, "value": o.value}); r.Status != "applied" {
			t.Fatalf("observe %s: %+v", o.field, r)
		}
	}
	decide := func(id uuid.UUID) string { return "/v1/vessel-observations/" + id.String() + "/decide" }
	before := h.vesselRow(vessel)
	_, synced := h.pullAll("inspector", "") // the observer's device, up to date before any decision

	t.Run("lists are scoped", func(t *testing.T) {
		h := h.with(t)
		for user, want := range map[string]int{"registrar": 6, "supervisor": 6, "inspector": 6, "admin": 6, "inspector-mangaluru": 0, "registrar-mangaluru": 0} {
			if got := len(h.listed("/v1/vessel-observations", user)); got != want {
				t.Errorf("%s lists %d observations, want %d", user, got, want)
			}
		}
		if r := h.do("GET", "/v1/vessel-observations?status=accepted&vessel_id="+vessel.String(), "registrar", nil); r.status != 200 || len(r.json()["items"].([]any)) != 0 {
			t.Errorf("filtered list: %d %s", r.status, r.body)
		}
		if r := h.do("GET", "/v1/vessel-observations", "owner", nil); r.status != 403 {
			t.Errorf("owner lists observations: %d", r.status)
		}
	})

	t.Run("only a registrar of the vessel's jurisdiction decides", func(t *testing.T) {
		h := h.with(t)
		accept := map[string]any{"decision": "accept"}
		h.run(t, []scenario{
			{name: "inspector", method: "POST", path: decide(obs["passengers"]), user: "inspector", body: accept, wantStatus: 403},
			{name: "supervisor", method: "POST", path: decide(obs["passengers"]), user: "supervisor", body: accept, wantStatus: 403},
			{name: "registrar of another jurisdiction", method: "POST", path: decide(obs["passengers"]), user: "registrar-mangaluru", body: accept, wantStatus: 404},
			{name: "unknown observation", method: "POST", path: decide(uuid.New()), user: "registrar", body: accept, wantStatus: 404},
			{name: "reject without a reason", method: "POST", path: decide(obs["name"]), user: "registrar", body: map[string]any{"decision": "reject"}, wantStatus: 422},
			{name: "unknown decision", method: "POST", path: decide(obs["name"]), user: "registrar", body: map[string]any{"decision": "maybe"}, wantStatus: 400},
		})
		if v := h.vesselRow(vessel); v.Version != before.Version {
			t.Fatalf("a refused decision changed the vessel: version %d → %d", before.Version, v.Version)
		}
	})

	t.Run("accept applies the value with audit and change log", func(t *testing.T) {
		h := h.with(t)
		r := h.do("POST", decide(obs["passengers"]), "registrar", map[string]any{"decision": "accept"})
		if r.status != 200 || r.json()["status"] != "accepted" || r.json()["decided_by"] == nil || r.json()["decided_at"] == nil {
			t.Fatalf("accept: %d %s", r.status, r.body)
		}
		v := h.vesselRow(vessel)
		if v.Passengers == nil || *v.Passengers != 12 || v.Version != before.Version+1 {
			t.Fatalf("vessel after accept: passengers %v version %d", v.Passengers, v.Version)
		}
		if h.audited("update", "vessel", vessel) != 1 || h.audited("observation.accept", "vessel_observation", obs["passengers"]) != 1 {
			t.Error("accept is not audited on the vessel and the observation")
		}
		if h.logged("vessel", vessel) == 0 || h.logged("vessel_observation", obs["passengers"]) < 2 {
			t.Error("accept is not in the change log for the vessel and the observation")
		}
		// A retry answers the stored decision and changes nothing more.
		again := h.do("POST", decide(obs["passengers"]), "registrar", map[string]any{"decision": "accept"})
		if again.status != 200 || again.json()["decided_at"] != r.json()["decided_at"] || h.vesselRow(vessel).Version != v.Version {
			t.Fatalf("retried accept: %d %s", again.status, again.body)
		}
		if r := h.do("POST", decide(obs["passengers"]), "registrar", map[string]any{"decision": "reject", "reason": "changed my mind"}); r.status != 409 {
			t.Fatalf("reject after accept: %d %s", r.status, r.body)
		}
	})

	t.Run("reject leaves the vessel alone", func(t *testing.T) {
		h := h.with(t)
		v0 := h.vesselRow(vessel)
		r := h.do("POST", decide(obs["name"]), "registrar", map[string]any{"decision": "reject", "reason": "the name board was being repainted"})
		if r.status != 200 || r.json()["status"] != "rejected" || r.json()["decision_reason"] != "the name board was being repainted" {
			t.Fatalf("reject: %d %s", r.status, r.body)
		}
		if v := h.vesselRow(vessel); v.Name != v0.Name || v.Version != v0.Version {
			t.Fatalf("reject changed the vessel: %q v%d", v.Name, v.Version)
		}
		if r := h.do("POST", decide(obs["name"]), "registrar", map[string]any{"decision": "reject", "reason": "again"}); r.status != 200 || r.json()["decision_reason"] != "the name board was being repainted" {
			t.Fatalf("retried reject: %d %s", r.status, r.body)
		}
		if r := h.do("POST", decide(obs["name"]), "registrar", map[string]any{"decision": "accept"}); r.status != 409 {
			t.Fatalf("accept after reject: %d", r.status)
		}
	})

	t.Run("a value the registry refuses changes nothing", func(t *testing.T) {
		h := h.with(t)
		v0 := h.vesselRow(vessel)
		audits := h.count("audit_log")
		for _, c := range []struct{ field, code string }{
			{"zone", "range"},              // zones are 1 to 3 (Karnataka 2025, r.43)
			{"engine_power", "wrong_unit"}, // a mechanised vessel's power is in BHP or kW (docs/LAW.md §1.7)
			{"kind", "not_applicable"},     // a kind is registered afresh (Karnataka 2025, r.22)
		} {
			r := h.do("POST", decide(obs[c.field]), "admin", map[string]any{"decision": "accept"})
			errs, _ := r.json()["errors"].([]any)
			if r.status != 422 || len(errs) != 1 || errs[0].(map[string]any)["code"] != c.code {
				t.Errorf("accept %s: %d %s, want 422 %s", c.field, r.status, r.body, c.code)
			}
			var status string
			h.row(&status, "SELECT status FROM vessel_observations WHERE id = ?", obs[c.field])
			if status != "proposed" {
				t.Errorf("refused accept of %s left the observation %s", c.field, status)
			}
		}
		if v := h.vesselRow(vessel); v.Version != v0.Version || *v.Zone != *v0.Zone || *v.PowerUnit != *v0.PowerUnit {
			t.Fatalf("a refused accept changed the vessel")
		}
		if n := h.count("audit_log"); n != audits {
			t.Fatalf("a refused accept wrote %d audit entries", n-audits)
		}
	})

	t.Run("a new owner moves the vessel's dependents", func(t *testing.T) {
		h := h.with(t)
		newOwner := h.ids["owner2-KARWAR"].String()
		r := h.do("POST", decide(obs["owner"]), "registrar", map[string]any{"decision": "accept"})
		if r.status != 200 || r.json()["status"] != "accepted" || r.json()["owner_id"] != newOwner {
			t.Fatalf("accept owner: %d %s", r.status, r.body)
		}
		if v := h.vesselRow(vessel); v.OwnerID.String() != newOwner {
			t.Fatalf("vessel owner after accept: %s", v.OwnerID)
		}
		again := h.do("POST", decide(obs["owner"]), "registrar", map[string]any{"decision": "accept"})
		if again.status != 200 || string(again.body) != string(r.body) {
			t.Fatalf("retried accept answers differently:\n%s\n%s", r.body, again.body)
		}
	})

	t.Run("the observer's device pulls the decision", func(t *testing.T) {
		h := h.with(t)
		var stored int64
		h.row(&stored, "SELECT version FROM vessel_observations WHERE id = ?", obs["passengers"])
		items, _ := h.pullAll("inspector", synced) // from the change log, not a snapshot
		for _, it := range items {
			if it.Type == "vessel_observation" && it.ID == obs["passengers"].String() && it.Op == "upsert" && it.Version == stored && stored > 1 {
				return
			}
		}
		t.Fatalf("the inspector's pull lacks the decided observation (version %d): %v", stored, upserted(items, "vessel_observation"))
	})

	t.Run("observations move with their vessel", func(t *testing.T) {
		h := h.with(t)
		v := h.vesselRow(vessel)
		r := h.do("PATCH", "/v1/vessels/"+vessel.String(), "admin", map[string]any{"jurisdiction_id": h.ids["MANGALURU"]}, "If-Match", fmt.Sprint(v.Version))
		if r.status != 200 {
			t.Fatalf("move the vessel: %d %s", r.status, r.body)
		}
		if got := len(h.listed("/v1/vessel-observations", "registrar-mangaluru")); got != 6 {
			t.Errorf("the new jurisdiction's registrar lists %d observations, want 6", got)
		}
		if got := len(h.listed("/v1/vessel-observations", "registrar")); got != 0 {
			t.Errorf("the old jurisdiction's registrar lists %d observations, want 0", got)
		}
	})
}

// TestAmendmentRequestDecisions: an edit of an approved inspection waits as
// an amendment request (docs/SYNC.md §4); a supervisor of the
// inspection's jurisdiction accepting it applies it and recomputes the
// inspection (an answer "no" derives its deficiency); rejecting changes
// nothing; decisions are idempotent and final.
func TestAmendmentRequestDecisions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addUser("supervisor-mangaluru", models.RoleSupervisor, "MANGALURU")
	id := uuid.Must(uuid.NewV7())
	p := h.pusher("inspector")
	start := testkit.Now().Add(-2 * time.Hour)
	p.push(start, "inspection.start", map[string]any{"id": id, "vessel_id": h.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	p.push(start.Add(time.Minute), "inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "yes"})
	p.push(start.Add(2*time.Minute), "inspection.submit", map[string]any{"inspection_id": id})
	if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "approve"}); r.status != 200 {
		t.Fatalf("approve: %d %s", r.status, r.body)
	}
	answer := p.push(testkit.Now().Add(-time.Minute), "inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no"})
	notes := p.push(testkit.Now().Add(-time.Minute), "inspection.edit", map[string]any{"inspection_id": id, "notes": "written after approval"})
	if answer.Code != "amendment_requested" || notes.Code != "amendment_requested" {
		t.Fatalf("edits of an approved inspection: %+v %+v", answer, notes)
	}
	decide := func(id string) string { return "/v1/amendment-requests/" + id + "/decide" }
	type detail struct {
		Inspection struct {
			Version int64  `json:"version"`
			Status  string `json:"status"`
			Notes   string `json:"notes"`
		} `json:"inspection"`
		Findings []struct {
			Code string `json:"code"`
		} `json:"findings"`
		OpenAmendments int64 `json:"open_amendments"`
	}
	get := func() detail {
		var d detail
		r := h.do("GET", "/v1/inspections/"+id.String(), "supervisor", nil)
		h.must(json.Unmarshal(r.body, &d))
		return d
	}
	deficiency := func(d detail) bool {
		return slices.ContainsFunc(d.Findings, func(f struct {
			Code string `json:"code"`
		}) bool {
			return f.Code == string(rules.CodeExtinguisherMissing)
		})
	}
	approved := get()
	_, synced := h.pullAll("inspector", "") // the inspector's device, up to date before any decision
	if approved.OpenAmendments != 2 || deficiency(approved) {
		t.Fatalf("approved inspection: %+v", approved)
	}

	t.Run("lists are scoped", func(t *testing.T) {
		h := h.with(t)
		for user, want := range map[string]int{"supervisor": 2, "inspector": 2, "registrar": 2, "admin": 2, "inspector-mangaluru": 0, "supervisor-mangaluru": 0} {
			if got := len(h.listed("/v1/amendment-requests", user)); got != want {
				t.Errorf("%s lists %d amendment requests, want %d", user, got, want)
			}
		}
		if r := h.do("GET", "/v1/amendment-requests?status=open&inspection_id="+id.String(), "supervisor", nil); r.status != 200 || len(r.json()["items"].([]any)) != 2 {
			t.Errorf("filtered list: %d %s", r.status, r.body)
		}
	})

	t.Run("only a supervisor of the jurisdiction decides", func(t *testing.T) {
		h := h.with(t)
		accept := map[string]any{"decision": "accept"}
		h.run(t, []scenario{
			{name: "inspector", method: "POST", path: decide(answer.AmendmentID), user: "inspector", body: accept, wantStatus: 403},
			{name: "registrar", method: "POST", path: decide(answer.AmendmentID), user: "registrar", body: accept, wantStatus: 403},
			{name: "supervisor of another jurisdiction", method: "POST", path: decide(answer.AmendmentID), user: "supervisor-mangaluru", body: accept, wantStatus: 404},
			{name: "reject without a reason", method: "POST", path: decide(notes.AmendmentID), user: "supervisor", body: map[string]any{"decision": "reject", "reason": " "}, wantStatus: 422},
		})
		if d := get(); d.Inspection.Version != approved.Inspection.Version || d.OpenAmendments != 2 {
			t.Fatalf("a refused decision changed the inspection: %+v", d)
		}
	})

	t.Run("reject changes nothing", func(t *testing.T) {
		h := h.with(t)
		r := h.do("POST", decide(notes.AmendmentID), "supervisor", map[string]any{"decision": "reject", "reason": "notes are closed once approved"})
		if r.status != 200 || r.json()["status"] != "rejected" || r.json()["reason"] != "notes are closed once approved" {
			t.Fatalf("reject: %d %s", r.status, r.body)
		}
		if d := get(); d.Inspection.Version != approved.Inspection.Version || d.Inspection.Notes != "" || d.OpenAmendments != 1 {
			t.Fatalf("reject changed the inspection: %+v", d)
		}
		if r := h.do("POST", decide(notes.AmendmentID), "supervisor", map[string]any{"decision": "accept"}); r.status != 409 {
			t.Fatalf("accept after reject: %d", r.status)
		}
	})

	t.Run("accept applies the edit and recomputes", func(t *testing.T) {
		h := h.with(t)
		r := h.do("POST", decide(answer.AmendmentID), "supervisor", map[string]any{"decision": "accept"})
		if r.status != 200 || r.json()["status"] != "accepted" || r.json()["decided_by"] == nil {
			t.Fatalf("accept: %d %s", r.status, r.body)
		}
		d := get()
		if d.Inspection.Status != "approved" || d.Inspection.Version <= approved.Inspection.Version || !deficiency(d) || d.OpenAmendments != 0 {
			t.Fatalf("after accept: %+v", d)
		}
		again := h.do("POST", decide(answer.AmendmentID), "supervisor", map[string]any{"decision": "accept"})
		if again.status != 200 || again.json()["decided_at"] != r.json()["decided_at"] || get().Inspection.Version != d.Inspection.Version {
			t.Fatalf("retried accept: %d %s", again.status, again.body)
		}
		if r := h.do("POST", decide(answer.AmendmentID), "supervisor", map[string]any{"decision": "reject", "reason": "no"}); r.status != 409 {
			t.Fatalf("reject after accept: %d", r.status)
		}
	})

	t.Run("the inspector's device pulls the decisions", func(t *testing.T) {
		h := h.with(t)
		items, _ := h.pullAll("inspector", synced) // from the change log, not a snapshot
		got := map[string]int64{}
		for _, it := range items {
			if it.Type == "amendment_request" && it.Op == "upsert" {
				got[it.ID] = max(got[it.ID], it.Version)
			}
		}
		if got[answer.AmendmentID] != 2 || got[notes.AmendmentID] != 2 {
			t.Fatalf("the inspector pulls amendment requests at versions %v, want both at 2", got)
		}
		if !slices.Contains(upserted(items, "inspection"), id.String()) || len(upserted(items, "finding")) == 0 {
			t.Fatal("the accepted amendment's inspection and derived finding are not pulled")
		}
	})
}
