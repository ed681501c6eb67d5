package sync_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// Issue 10 item 7, below the HTTP layer (which hands the engine a push's
// bytes as sent; api TestPushRejectsBytesThatAreNotUTF8InOneMutation): a
// mutation whose args are not UTF-8,
// or whose name holds a NUL, is rejected invalid_text naming the field,
// kept in quarantine with its exact bytes, and blocks nothing after it.
func TestUnstorableTextIsRejectedAndKept(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	at := ago(time.Hour)
	id, v := f.started("d1", f.vessel, at)
	bad := f.answer("d1", id, "nav.lights", "no", v, at.Add(time.Minute))
	bad.Args = json.RawMessage(`{"inspection_id":"` + id.String() + `","item_id":"nav.lights","answer":"no","note":"torn ` + "\xff\xfe" + ` page"}`)
	named := f.answer("d1", id, "fire.extinguishers", "no", v, at.Add(2*time.Minute))
	named.Name = "inspection.answer\x00"
	good := f.answer("d1", id, "lsa.lifejackets", "yes", v, at.Add(3*time.Minute))
	res := f.push("d1", bad, named, good)
	wantStatuses(t, res, "rejected:invalid_text", "rejected:invalid_text", "applied")
	if e := res.Results[0].Errors; len(e) != 1 || e[0].Field != "args.note" {
		t.Fatalf("errors %+v, want args.note", e)
	}
	if e := res.Results[1].Errors; len(e) != 1 || e[0].Field != "name" {
		t.Fatalf("errors %+v, want name", e)
	}
	wantStatuses(t, f.push("d1", bad, named, good), "replayed", "replayed", "replayed")
	var row struct{ Payload []byte }
	if err := f.db.Gorm.Raw("SELECT payload FROM quarantine WHERE mutation_id = ? AND reason = ?", bad.ID, tsync.CodeInvalidText).Scan(&row).Error; err != nil || row.Payload == nil {
		t.Fatalf("quarantine row: %v", err)
	}
	payload := row.Payload
	var kept struct {
		ID        uuid.UUID      `json:"id"`
		Args      map[string]any `json:"args"`
		RawBase64 string         `json:"raw_base64"`
	}
	if err := json.Unmarshal(payload, &kept); err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(kept.RawBase64)
	var orig tsync.Mutation
	if err := json.Unmarshal(raw, &orig); err != nil || string(orig.Args) != string(bad.Args) || kept.ID != bad.ID || kept.Args["note"] != "torn \uFFFD\uFFFD page" {
		t.Fatalf("kept %+v (raw args %q, %v), want the exact bytes and a readable copy", kept, orig.Args, err)
	}
	if n := f.count("SELECT count(*) FROM quarantine WHERE mutation_id = ?", named.ID); n != 1 {
		t.Fatal("the mutation with a NUL in its name was not kept")
	}
	// A supervisor corrects a note and reapplies it; the phone's resend of
	// what it sent (its NUL included) then replays the applied outcome.
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	nul := f.mut("d1", "inspection.answer", v, at.Add(4*time.Minute), map[string]any{"inspection_id": id, "item_id": "nav.lights", "answer": "no", "note": "torn\x00page"})
	wantStatuses(t, f.push("d1", nul), "rejected:invalid_text")
	for _, m := range []tsync.Mutation{bad, nul} {
		fixed := json.RawMessage(`{"inspection_id":"` + id.String() + `","item_id":"nav.lights","answer":"no","note":"torn page"}`)
		_, r, err := f.eng.DecideQuarantine(context.Background(), supScope(f, sup), f.pendingQuarantine(m.ID), tsync.DecisionReapply, "note corrected", fixed)
		if err != nil || r.Status != "applied" {
			t.Fatalf("reapply with corrected args: %+v %v", r, err)
		}
		res = f.push("d1", m)
		if o := res.Results[0].Outcome; res.Results[0].Status != "replayed" || o == nil || o.Status != "applied" {
			t.Fatalf("resend after the reapply: %+v", res.Results[0])
		}
	}
}

// Issue 19 item 16, for pushes: a string of a mutation that would not read
// as typed where it is shown (a bidirectional override in a recorded
// value, a line break in a one-line member) is rejected validation_failed
// naming its path, and blocks nothing after it; a note keeps its lines.
func TestPushRefusesUnsafeText(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	at := ago(time.Hour)
	id, v := f.started("d1", f.vessel, at)
	bidi := f.mut("d1", "inspection.answer", v, at.Add(time.Minute), map[string]any{"inspection_id": id, "item_id": "nav.lights", "answer": "no", "note": "lamp \u202Eboken"})
	lines := f.mut("d1", "inspection.answer", v, at.Add(2*time.Minute), map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no\r\nyes"})
	prose := f.mut("d1", "inspection.answer", v, at.Add(3*time.Minute), map[string]any{"inspection_id": id, "item_id": "lsa.lifejackets", "answer": "yes", "note": "two torn\nones replaced"})
	res := f.push("d1", bidi, lines, prose)
	wantStatuses(t, res, "rejected:validation_failed", "rejected:validation_failed", "applied")
	for i, want := range []models.FieldError{{Field: "args.note", Code: "bidi_control"}, {Field: "args.answer", Code: "line_break"}} {
		if e := res.Results[i].Errors; len(e) != 1 || e[0].Field != want.Field || e[0].Code != want.Code {
			t.Errorf("mutation %d: errors %+v, want %s %s", i, e, want.Field, want.Code)
		}
	}
}
