package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// httpPusher sends pushes over the real HTTP stack as one signed-in user.
type httpPusher struct {
	h    *harness
	user string
	dev  string
	seq  int
}

func (h *harness) httpPusher(user string) *httpPusher {
	return &httpPusher{h: h, user: user, dev: h.deviceOf(user)}
}

func (p *httpPusher) mut(name string, args map[string]any) map[string]any {
	p.seq++
	at := time.Now().Add(-time.Hour + time.Duration(p.seq)*time.Second).UTC().Format(time.RFC3339Nano)
	return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": p.seq, "name": name, "version": 1, "args": args, "base_version": 1, "captured_at": at}
}

type wireResult struct {
	Status  string
	Code    string
	Errors  []struct{ Field, Code string }
	Outcome *struct{ Status, Code string }
}

func (p *httpPusher) push(ms ...map[string]any) []wireResult {
	p.h.t.Helper()
	res := p.h.do("POST", "/v1/sync/push", p.user, map[string]any{"mutations": ms},
		"X-Device-Id", p.dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0")
	if res.status != 200 {
		p.h.t.Fatalf("push as %s: %d %s", p.user, res.status, res.body)
	}
	var out struct{ Results []wireResult }
	if err := json.Unmarshal(res.body, &out); err != nil || len(out.Results) != len(ms) {
		p.h.t.Fatalf("push answer: %v %s", err, res.body)
	}
	return out.Results
}

func statusOf(r wireResult) string {
	if r.Code != "" {
		return r.Status + ":" + r.Code
	}
	return r.Status
}

// addInspector signs in a further inspector of Karwar.
func (h *harness) addInspector(label string) {
	h.t.Helper()
	n := auth.NewUser{Email: label + "@test.tindal", Name: label, Role: models.RoleInspector, Password: testPassword,
		Jurisdictions: []uuid.UUID{h.ids["KARWAR"]}, AssignedFrom: assignedLongAgo}
	_, err := h.auth.CreateUser(context.Background(), storage.Actor{}, n)
	h.must(err)
	h.tokens[label] = h.login(n.Email)
}

// inspectionState is what a colleague's mutation must not change.
func (h *harness) inspectionState(id uuid.UUID) string {
	var s struct {
		Version        int64
		Status, Notes  string
		Deleted        bool
		Answers, Finds int64
		Photos         int64
	}
	h.must(h.db.Gorm.Raw(`SELECT version, status, notes, deleted_at IS NOT NULL AS deleted,
		(SELECT count(*) FROM inspection_answers WHERE inspection_id = i.id) AS answers,
		(SELECT count(*) FROM findings WHERE inspection_id = i.id AND source = 'inspector') AS finds,
		(SELECT count(*) FROM photos WHERE inspection_id = i.id) AS photos
		FROM inspections i WHERE id = ?`, id).Scan(&s).Error)
	b, _ := json.Marshal(s)
	return string(b)
}

// Issue 10 item 4: only the inspection's inspector changes it. A colleague
// of the same jurisdiction who pushes an edit, an answer, a fined finding,
// a photo, a submit or a discard of it gets a final rejection
// (not_inspection_owner), the inspection is unchanged, and the mutation
// is kept in quarantine where the supervisor sees it; the colleague may
// still read the inspection. The same mutations from its inspector apply.
func TestColleagueCannotChangeAnothersInspection(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addInspector("colleague")
	owner, colleague := h.httpPusher("inspector"), h.httpPusher("colleague")
	id := uuid.Must(uuid.NewV7())
	start := owner.mut("inspection.start", map[string]any{"id": id, "vessel_id": h.ids["vessel-KARWAR"],
		"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	if got := statusOf(owner.push(start)[0]); got != "applied" {
		t.Fatalf("start: %s", got)
	}
	cases := []struct {
		name string
		args map[string]any
	}{
		{"inspection.edit", map[string]any{"inspection_id": id, "notes": "edited by someone else"}},
		{"inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no", "note": "colleague"}},
		// 11004: a fined finding (Karnataka 2025 Sch-IV).
		{"finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": "11004", "note": "colleague"}},
		{"photo.attach", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "sha256": strings.Repeat("ab", 32), "size": 1000, "content_type": "image/jpeg"}},
		{"inspection.submit", map[string]any{"inspection_id": id}},
		{"inspection.discard", map[string]any{"inspection_id": id}},
	}
	for _, c := range cases {
		t.Run("colleague/"+c.name, func(t *testing.T) {
			h := h.with(t)
			colleague.h = h
			before := h.inspectionState(id)
			m := colleague.mut(c.name, c.args)
			r := colleague.push(m)[0]
			if statusOf(r) != "rejected:not_inspection_owner" {
				t.Fatalf("%s by a colleague: %s, want rejected:not_inspection_owner", c.name, statusOf(r))
			}
			if after := h.inspectionState(id); after != before {
				t.Fatalf("%s by a colleague changed the inspection:\n before %s\n after  %s", c.name, before, after)
			}
			// The resend replays the same final answer.
			if r := colleague.push(m)[0]; r.Status != "replayed" || r.Outcome == nil || r.Outcome.Code != "not_inspection_owner" {
				t.Fatalf("resend: %+v", r)
			}
			var n int64
			h.must(h.db.Gorm.Raw("SELECT count(*) FROM quarantine WHERE mutation_id = ? AND reason = 'not_inspection_owner'", m["id"]).Scan(&n).Error)
			if n != 1 {
				t.Fatalf("quarantine rows = %d, want the mutation kept", n)
			}
		})
	}
	// Supervisors see the refused work; the colleague may still read it.
	res := h.do("GET", "/v1/quarantine", "supervisor", nil)
	if res.status != 200 || strings.Count(string(res.body), `"reason":"not_inspection_owner"`) != len(cases) {
		t.Fatalf("supervisor's quarantine: %d %s", res.status, res.body)
	}
	if res := h.do("GET", "/v1/inspections/"+id.String(), "colleague", nil); res.status != 200 {
		t.Fatalf("a colleague reads the inspection: %d %s", res.status, res.body)
	}
	// The inspector's own mutations apply (discard last: a draft only).
	owner.h = h
	for _, c := range cases {
		if c.name == "inspection.discard" {
			continue
		}
		if got := statusOf(owner.push(owner.mut(c.name, c.args))[0]); got != "applied" {
			t.Fatalf("%s by the inspector: %s, want applied", c.name, got)
		}
	}
	if s := h.inspectionState(id); !strings.Contains(s, `"Status":"submitted"`) || !strings.Contains(s, `"Notes":"edited by someone else"`) {
		t.Fatalf("the inspector's work: %s", s)
	}
	id2 := uuid.Must(uuid.NewV7())
	owner.push(owner.mut("inspection.start", map[string]any{"id": id2, "vessel_id": h.ids["vessel-KARWAR"],
		"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}))
	if got := statusOf(owner.push(owner.mut("inspection.discard", map[string]any{"inspection_id": id2}))[0]); got != "applied" {
		t.Fatalf("discard by the inspector: %s", got)
	}
}

// Issue 10 item 7: a NUL character in one answer's note, among valid
// mutations, is a final rejection naming the field (invalid_text,
// args.note), not retry forever: the mutations after it apply, the resend
// gets the same answers, and the whole mutation is kept in quarantine with
// its exact bytes.
func TestPushWithNULInANoteRejectsThatOneOnly(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.httpPusher("inspector")
	id := uuid.Must(uuid.NewV7())
	ms := []map[string]any{
		p.mut("inspection.start", map[string]any{"id": id, "vessel_id": h.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}),
		p.mut("inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no", "note": "hose\x00cut"}),
		p.mut("inspection.answer", map[string]any{"inspection_id": id, "item_id": "nav.lights", "answer": "yes", "note": "fine"}),
		p.mut("inspection.submit", map[string]any{"inspection_id": id}),
	}
	rs := p.push(ms...)
	got := []string{statusOf(rs[0]), statusOf(rs[1]), statusOf(rs[2]), statusOf(rs[3])}
	if strings.Join(got, " ") != "applied rejected:invalid_text applied applied" {
		t.Fatalf("statuses %v, want the NUL note alone rejected", got)
	}
	if len(rs[1].Errors) != 1 || rs[1].Errors[0].Field != "args.note" || rs[1].Errors[0].Code != "invalid_text" {
		t.Fatalf("errors %+v, want args.note invalid_text", rs[1].Errors)
	}
	for i := 0; i < 2; i++ {
		again := p.push(ms...)
		for j, r := range again {
			if r.Status != "replayed" || r.Outcome == nil || r.Outcome.Status != rs[j].Status || r.Outcome.Code != rs[j].Code {
				t.Fatalf("resend %d, mutation %d: %+v, want replayed %s", i, j, r, statusOf(rs[j]))
			}
		}
	}
	var q struct {
		Reason  string
		Payload []byte
	}
	h.must(h.db.Gorm.Raw("SELECT reason, payload FROM quarantine WHERE mutation_id = ?", ms[1]["id"]).Scan(&q).Error)
	var payload struct {
		Args      map[string]any `json:"args"`
		RawBase64 string         `json:"raw_base64"`
	}
	_ = json.Unmarshal(q.Payload, &payload)
	raw, _ := base64.StdEncoding.DecodeString(payload.RawBase64)
	if q.Reason != "invalid_text" || payload.Args["note"] != "hose\uFFFDcut" || !strings.Contains(string(raw), `"note":"hose\u0000cut"`) {
		t.Fatalf("quarantine: reason %q payload %s raw %s", q.Reason, q.Payload, raw)
	}
	var answers int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id).Scan(&answers).Error)
	if answers != 1 {
		t.Fatalf("answers = %d, want only the valid one", answers)
	}
}
