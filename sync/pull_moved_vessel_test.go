package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
)

// TestOpenFindingsFollowAMovedVessel (issue 11 item 3; docs/SYNC.md §6.8,
// on scope changes): a vessel with an open finding (and a photo as its
// evidence) and a rectified one moves from Karwar to Mangaluru. The
// Mangaluru inspector and supervisor then receive the open finding, the
// supervisor its photo, and the compliance view in Mangaluru lists it;
// Karwar's colleague inspector and supervisor get remove_from_scope for
// each. The rectified finding and the inspection stay with Karwar.
func TestOpenFindingsFollowAMovedVessel(t *testing.T) {
	f := newFixture(t)
	engine, err := tsync.NewPullEngine(f.db, testKey, tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f.user("inspector", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("phone", "inspector")
	insp, open, fixed, photo := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	at := ago(20 * time.Minute)
	res := f.push("phone",
		f.start("phone", insp, f.vessel, at),
		f.mut("phone", "finding.record", 1, at.Add(time.Second), map[string]any{"id": open, "inspection_id": insp, "code": "11004", "note": "no lifebuoys"}),
		f.mut("phone", "finding.record", 1, at.Add(2*time.Second), map[string]any{"id": fixed, "inspection_id": insp, "code": "11001", "note": "flares out of date"}),
		f.mut("phone", "finding.rectify", 1, at.Add(3*time.Second), map[string]any{"finding_id": fixed, "inspection_id": insp, "note": "replaced"}),
		f.mut("phone", "photo.attach", 1, at.Add(4*time.Second), map[string]any{"id": photo, "inspection_id": insp, "finding_id": open,
			"sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "size": 1234, "content_type": "image/jpeg"}))
	wantStatuses(t, res, "applied", "applied", "applied", "applied", "applied")

	staff := func(role models.Role, j uuid.UUID) tsync.Viewer {
		return tsync.Viewer{UserID: f.user(uuid.NewString(), role, j, ago(30*24*time.Hour)), DeviceID: uuid.New(), Role: role,
			Jurisdictions: []uuid.UUID{j}, Access: accessOf(role)}
	}
	viewers := map[string]tsync.Viewer{
		"karwar inspector": staff(models.RoleInspector, f.jur), "karwar supervisor": staff(models.RoleSupervisor, f.jur),
		"mangaluru inspector": staff(models.RoleInspector, f.jur2), "mangaluru supervisor": staff(models.RoleSupervisor, f.jur2),
	}
	pullAll := func(v tsync.Viewer, cursor string) ([]item, string) {
		var items []item
		for more := true; more; {
			p, err := engine.Pull(ctx, v, tsync.PullRequest{Cursor: cursor, Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			pg := decodePage(t, p)
			items, cursor, more = append(items, pg.Items...), pg.Cursor, pg.HasMore
		}
		return items, cursor
	}
	lastOp := func(items []item, typ string, id uuid.UUID) string {
		op := ""
		for _, it := range items {
			if it.Type == typ && it.ID == id {
				op = it.Op
			}
		}
		return op
	}
	cursors := map[string]string{}
	for name, v := range viewers {
		var items []item
		items, cursors[name] = pullAll(v, "")
		want := map[bool]string{true: tsync.OpUpsert, false: ""}[name == "karwar inspector" || name == "karwar supervisor"]
		if got := lastOp(items, "finding", open); got != want {
			t.Fatalf("%s before the move: open finding %q, want %q", name, got, want)
		}
	}

	var version int64
	if err := f.db.Pool.QueryRow(ctx, "SELECT version FROM vessels WHERE id = $1", f.vessel).Scan(&version); err != nil {
		t.Fatal(err)
	}
	reg := registry.New(f.db, time.Now)
	to := f.jur2
	if _, err := reg.UpdateVessel(ctx, models.Scope{Access: models.AccessAll, UserID: uuid.New()}, f.vessel, version,
		registry.VesselPatch{JurisdictionID: &to}); err != nil {
		t.Fatal(err)
	}

	want := []struct {
		viewer, typ string
		id          uuid.UUID
		op          string
	}{
		{"mangaluru inspector", "vessel", f.vessel, tsync.OpUpsert},
		{"mangaluru inspector", "finding", open, tsync.OpUpsert},
		{"mangaluru supervisor", "finding", open, tsync.OpUpsert},
		{"mangaluru supervisor", "photo", photo, tsync.OpUpsert},
		{"mangaluru supervisor", "finding", fixed, ""},
		{"mangaluru supervisor", "inspection", insp, ""},
		{"karwar inspector", "vessel", f.vessel, tsync.OpRemove},
		{"karwar inspector", "finding", open, tsync.OpRemove},
		{"karwar supervisor", "finding", open, tsync.OpRemove},
		{"karwar supervisor", "photo", photo, tsync.OpRemove},
		{"karwar supervisor", "finding", fixed, ""}, // unchanged, still Karwar's
		{"karwar supervisor", "inspection", insp, ""},
	}
	got := map[string][]item{}
	for name, v := range viewers {
		got[name], cursors[name] = pullAll(v, cursors[name])
	}
	for _, w := range want {
		if op := lastOp(got[w.viewer], w.typ, w.id); op != w.op {
			t.Errorf("%s after the move: %s %s: op %q, want %q", w.viewer, w.typ, w.id, op, w.op)
		}
	}
	var fixedJur, inspJur uuid.UUID
	if err := f.db.Pool.QueryRow(ctx, "SELECT (SELECT jurisdiction_id FROM findings WHERE id = $1), (SELECT jurisdiction_id FROM inspections WHERE id = $2)",
		fixed, insp).Scan(&fixedJur, &inspJur); err != nil {
		t.Fatal(err)
	}
	if fixedJur != f.jur || inspJur != f.jur {
		t.Errorf("the rectified finding and the inspection must stay Karwar's: %s, %s", fixedJur, inspJur)
	}

	// The compliance view in the new jurisdiction lists the open finding.
	mv := viewers["mangaluru inspector"]
	c, err := reg.Compliance(ctx, models.Scope{UserID: mv.UserID, Role: models.RoleInspector, Access: models.AccessJurisdiction,
		Jurisdictions: []uuid.UUID{f.jur2}}, f.vessel, rules.DateOf(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	codes := map[rules.Code]bool{}
	for _, d := range c.OpenDeficiencies {
		codes[d.Code] = true
	}
	// 11004 as recorded; the rectified 11001 is not open. (The inspection's
	// derived findings, e.g. registry ones, are open deficiencies too.)
	if !codes[rules.CodeLifebuoysInsufficient] || codes["11001"] {
		t.Errorf("Mangaluru's compliance view: open deficiencies %v, want 11004 and not the rectified 11001", codes)
	}
	var left int
	if err := f.db.Pool.QueryRow(ctx, `SELECT count(*) FROM findings WHERE NOT rectified AND deleted_at IS NULL AND inspection_id = $1
		AND jurisdiction_id <> $2`, insp, f.jur2).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d open findings of the vessel left behind in Karwar (%v)", left, err)
	}

	// Later changes of a moved finding reach the new jurisdiction: the
	// inspector who recorded it rectifies it on the Karwar inspection.
	var before int64
	if err := f.db.Pool.QueryRow(ctx, "SELECT version FROM findings WHERE id = $1", open).Scan(&before); err != nil {
		t.Fatal(err)
	}
	wantStatuses(t, f.push("phone", f.mut("phone", "finding.rectify", 1, ago(time.Minute),
		map[string]any{"finding_id": open, "inspection_id": insp, "note": "lifebuoys fitted"})), "applied")
	sup, _ := pullAll(viewers["mangaluru supervisor"], cursors["mangaluru supervisor"])
	var rectified *item
	for i := range sup {
		if sup[i].Type == "finding" && sup[i].ID == open {
			rectified = &sup[i]
		}
	}
	if rectified == nil || rectified.Op != tsync.OpUpsert || rectified.Version <= before {
		t.Errorf("the Mangaluru supervisor must get the rectification of the moved finding (version > %d): %+v", before, rectified)
	}
	if ins, _ := pullAll(viewers["mangaluru inspector"], cursors["mangaluru inspector"]); lastOp(ins, "finding", open) != tsync.OpRemove {
		t.Errorf("a Mangaluru inspector sees open findings only: the rectified one must be removed, got %q", lastOp(ins, "finding", open))
	}
}
