package sync_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
)

func TestFirstSyncInspectorSeesTheirJurisdictionAndReferenceData(t *testing.T) {
	w := newWorld(t)
	items, _ := w.pullAll(w.staff(models.RoleInspector, uuid.New(), "KARWAR"), "")
	want := map[[2]string]string{
		{"vessel", "vessel-KARWAR"}: "upsert", {"owner", "owner-KARWAR"}: "upsert", {"certificate", "cert-KARWAR"}: "upsert",
		{"crew_member", "crew"}: "upsert", {"vessel_crew", "placement"}: "upsert", {"certificate", "crew-cert"}: "upsert",
		{"jurisdiction", "KARWAR"}: "upsert", {"jurisdiction", "MANGALURU"}: "upsert",
		{"vessel", "vessel-MANGALURU"}: "", {"owner", "owner-MANGALURU"}: "", {"certificate", "cert-MANGALURU"}: "",
	}
	for k, op := range want {
		if got := w.op(items, k[0], k[1]); got != op {
			t.Errorf("%s %s: op %q, want %q", k[0], k[1], got, op)
		}
	}
	var refs int
	for _, it := range items {
		if it.Type == sync.TypeCatalogue || it.Type == sync.TypeRuleSet {
			refs++
		}
		if it.Op == sync.OpUpsert && len(it.Data) == 0 {
			t.Errorf("upsert of %s %s without data", it.Type, it.ID)
		}
	}
	if refs < 2 {
		t.Errorf("want the catalogue and rule sets in the stream, got %d reference items", refs)
	}
	var v struct {
		Version            int64  `json:"version"`
		RegistrationNumber string `json:"registration_number"`
	}
	for _, it := range items {
		if it.ID == w.ids["vessel-KARWAR"] {
			_ = json.Unmarshal(it.Data, &v)
			if v.RegistrationNumber != "KA-KAR-0001" || v.Version != it.Version || it.Version != 1 {
				t.Errorf("vessel data %s, item version %d", it.Data, it.Version)
			}
		}
	}
}

func TestIncrementalPullSendsCurrentStateAndDeletes(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	_, cursor := w.pullAll(v, "")
	if p := w.pull(v, cursor, 0); len(p.Items) != 0 || p.HasMore || p.AckedSeq == nil {
		t.Fatalf("nothing changed: want an empty last page with acked_seq, got %+v", p)
	}
	name := "Sagar Rani"
	_, err := w.reg.UpdateVessel(ctx, w.admin, w.ids["vessel-KARWAR"], 1, registry.VesselPatch{Name: &name})
	w.must(err)
	w.must(w.reg.DeleteCertificate(ctx, w.admin, w.ids["cert-KARWAR"], 1))
	_, err = w.reg.UpdateVessel(ctx, w.admin, w.ids["vessel-MANGALURU"], 1, registry.VesselPatch{Name: &name})
	w.must(err)
	items, cursor2 := w.pullAll(v, cursor)
	if len(items) != 2 {
		t.Fatalf("want the vessel upsert and the certificate delete, got %+v", items)
	}
	if it := items[0]; it.Op != sync.OpUpsert || it.Version != 2 || it.ID != w.ids["vessel-KARWAR"] {
		t.Errorf("first item %+v, want the vessel at version 2", it)
	}
	if it := items[1]; it.Op != sync.OpDelete || it.Version != 2 || it.ID != w.ids["cert-KARWAR"] {
		t.Errorf("second item %+v, want the certificate deleted at version 2", it)
	}
	if items[0].Position >= items[1].Position {
		t.Errorf("positions must increase: %d then %d", items[0].Position, items[1].Position)
	}
	if again, _ := w.pullAll(v, cursor2); len(again) != 0 {
		t.Errorf("a pull from the last cursor repeated %+v", again)
	}
}

func TestScopeChangeRemovesTheOldJurisdictionAndSnapshotsTheNew(t *testing.T) {
	w := newWorld(t)
	user := w.assigned(models.RoleInspector, "KARWAR", "MANGALURU")
	_, cursor := w.pullAll(w.staff(models.RoleInspector, user, "KARWAR"), "")
	// Reassigned: Karwar's assignment ended, Mangaluru's began.
	items, cursor := w.pullAll(w.staff(models.RoleInspector, user, "MANGALURU"), cursor)
	for _, name := range []string{"vessel-KARWAR", "owner-KARWAR", "cert-KARWAR"} {
		if got := w.op(items, typeOf(name), name); got != sync.OpRemove {
			t.Errorf("%s: op %q, want remove_from_scope", name, got)
		}
	}
	for _, name := range []string{"vessel-MANGALURU", "owner-MANGALURU", "cert-MANGALURU"} {
		if got := w.op(items, typeOf(name), name); got != sync.OpUpsert {
			t.Errorf("%s: op %q, want upsert", name, got)
		}
	}
	if got := w.op(items, "jurisdiction", "KARWAR"); got != "" {
		t.Errorf("jurisdictions are reference data for everyone: got %q for Karwar", got)
	}
	for i, it := range items {
		if it.Op == sync.OpRemove && i > 0 && items[i-1].Op == sync.OpUpsert {
			t.Errorf("removals must come before the new scope's snapshot: %+v", items)
			break
		}
	}
	if again, _ := w.pullAll(w.staff(models.RoleInspector, user, "MANGALURU"), cursor); len(again) != 0 {
		t.Errorf("scope settled, yet the next pull sent %+v", again)
	}
}

func typeOf(name string) string {
	for _, p := range []string{"vessel", "owner", "cert"} {
		if len(name) > len(p) && name[:len(p)] == p {
			return map[string]string{"vessel": "vessel", "owner": "owner", "cert": "certificate"}[p]
		}
	}
	return ""
}

func TestVesselMovedAppearsForTheNewJurisdictionAndIsRemovedForTheOld(t *testing.T) {
	w := newWorld(t)
	karwar, mangaluru := w.staff(models.RoleInspector, uuid.New(), "KARWAR"), w.staff(models.RoleInspector, uuid.New(), "MANGALURU")
	_, ck := w.pullAll(karwar, "")
	_, cm := w.pullAll(mangaluru, "")
	to := w.ids["MANGALURU"]
	_, err := w.reg.UpdateVessel(context.Background(), w.admin, w.ids["vessel-KARWAR"], 1, registry.VesselPatch{JurisdictionID: &to})
	w.must(err)
	old, _ := w.pullAll(karwar, ck)
	for _, k := range [][2]string{{"vessel", "vessel-KARWAR"}, {"certificate", "cert-KARWAR"}, {"vessel_crew", "placement"}} {
		if got := w.op(old, k[0], k[1]); got != sync.OpRemove {
			t.Errorf("old jurisdiction: %s: op %q, want remove_from_scope", k[1], got)
		}
	}
	moved, _ := w.pullAll(mangaluru, cm)
	for _, k := range [][2]string{{"vessel", "vessel-KARWAR"}, {"certificate", "cert-KARWAR"}, {"vessel_crew", "placement"}} {
		if got := w.op(moved, k[0], k[1]); got != sync.OpUpsert {
			t.Errorf("new jurisdiction: %s: op %q, want upsert", k[1], got)
		}
	}
}

func TestOwnerSeesOnlyTheirOwnVesselsCertificatesAndCrew(t *testing.T) {
	w := newWorld(t)
	items, _ := w.pullAll(w.owner("KARWAR"), "")
	got := map[string]bool{}
	for _, it := range items {
		if it.Type != sync.TypeCatalogue && it.Type != sync.TypeRuleSet && it.Type != "jurisdiction" {
			got[it.Type+" "+it.ID.String()] = true
		}
	}
	want := map[string]bool{}
	for _, k := range [][2]string{{"vessel", "vessel-KARWAR"}, {"owner", "owner-KARWAR"}, {"certificate", "cert-KARWAR"},
		{"crew_member", "crew"}, {"vessel_crew", "placement"}, {"certificate", "crew-cert"}} {
		want[k[0]+" "+w.ids[k[1]].String()] = true
	}
	if len(got) != len(want) {
		t.Errorf("owner got %d records, want %d: %v", len(got), len(want), got)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("owner did not get %s", k)
		}
	}
	other, _ := w.pullAll(w.owner("MANGALURU"), "")
	for _, it := range other {
		if it.ID == w.ids["crew"] || it.ID == w.ids["vessel-KARWAR"] {
			t.Errorf("the Mangaluru owner got %s %s", it.Type, it.ID)
		}
	}
}

func TestCursorBelowTheWatermarkAnswersResetRequired(t *testing.T) {
	w := newWorld(t)
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	_, cursor := w.pullAll(v, "")
	name := "Renamed"
	_, err := w.reg.UpdateVessel(context.Background(), w.admin, w.ids["vessel-KARWAR"], 1, registry.VesselPatch{Name: &name})
	w.must(err)
	n, err := sync.PruneChangeLog(context.Background(), w.db, time.Now().Add(time.Hour))
	w.must(err)
	if n == 0 {
		t.Fatal("nothing pruned")
	}
	_, err = w.engine.Pull(context.Background(), v, sync.PullRequest{Cursor: cursor})
	if !errors.Is(err, sync.ErrResetRequired) {
		t.Fatalf("err %v, want reset_required", err)
	}
	items, cursor := w.pullAll(v, "")
	if w.op(items, "vessel", "vessel-KARWAR") != sync.OpUpsert {
		t.Fatal("a resync must snapshot again")
	}
	if _, err := w.engine.Pull(context.Background(), v, sync.PullRequest{Cursor: cursor}); err != nil {
		t.Fatalf("a cursor issued after pruning: %v", err)
	}
}

func TestPruneDeletesOnlyAPrefixOfTheLog(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var total, oldMax int64
	w.must(w.db.Pool.QueryRow(ctx, "SELECT count(*), max(position) FROM change_log").Scan(&total, &oldMax))
	// Age every row but the last two; the prune must stop at the first young row.
	_, err := w.db.Pool.Exec(ctx, "UPDATE change_log SET at = now() - interval '200 days' WHERE position < $1 - 1", oldMax)
	w.must(err)
	_, err = w.db.Pool.Exec(ctx, "UPDATE change_log SET at = now() - interval '300 days' WHERE position = $1", oldMax)
	w.must(err)
	n, err := sync.PruneChangeLog(ctx, w.db, time.Now().Add(-sync.ChangeLogRetention))
	w.must(err)
	if n != total-2 {
		t.Fatalf("pruned %d rows, want %d (all but the young row and the old one after it)", n, total-2)
	}
	wm, err := sync.Watermark(ctx, w.db)
	w.must(err)
	var lowest int64
	w.must(w.db.Pool.QueryRow(ctx, "SELECT min(position) FROM change_log").Scan(&lowest))
	if wm >= lowest {
		t.Fatalf("watermark %d must be below the lowest kept position %d", wm, lowest)
	}
}

func TestTamperedOrForeignCursorIsRefused(t *testing.T) {
	w := newWorld(t)
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	p := w.pull(v, "", 0)
	tampered := []byte(p.Cursor)
	tampered[3] ^= 1
	for name, c := range map[string]string{"tampered": string(tampered), "garbage": "abc", "unsigned": p.Cursor[:len(p.Cursor)-4]} {
		if _, err := w.engine.Pull(context.Background(), v, sync.PullRequest{Cursor: c}); !errors.Is(err, sync.ErrInvalidCursor) {
			t.Errorf("%s cursor: err %v, want invalid_cursor", name, err)
		}
	}
	other := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	if _, err := w.engine.Pull(context.Background(), other, sync.PullRequest{Cursor: p.Cursor}); !errors.Is(err, sync.ErrInvalidCursor) {
		t.Errorf("another user's cursor: err %v, want invalid_cursor", err)
	}
	e2, err := sync.NewPullEngine(w.db, []byte("another key, also at least 32 bytes long"), sync.PullOptions{})
	w.must(err)
	if _, err := e2.Pull(context.Background(), v, sync.PullRequest{Cursor: p.Cursor}); !errors.Is(err, sync.ErrInvalidCursor) {
		t.Errorf("a cursor signed with another key: err %v, want invalid_cursor", err)
	}
}

func TestOldAppGetsUpgradeRequired(t *testing.T) {
	w := newWorld(t)
	e, err := sync.NewPullEngine(w.db, testKey, sync.PullOptions{MinAppVersion: "1.4.0", LatestAppVersion: "1.6.2"})
	w.must(err)
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	for app, want := range map[string]string{"1.3.9": "426", "v1.3.12": "426", "1.4.0": "ok", "1.4.0-beta.2": "ok", "2.0": "ok", "": "ok", "banana": "invalid"} {
		_, err := e.Pull(context.Background(), v, sync.PullRequest{AppVersion: app})
		var up *sync.UpgradeRequiredError
		got := "ok"
		switch {
		case errors.As(err, &up):
			got = "426"
			if up.Minimum != "1.4.0" || up.Latest != "1.6.2" {
				t.Errorf("426 carries %+v", up)
			}
		case errors.Is(err, sync.ErrInvalidAppVersion):
			got = "invalid"
		case err != nil:
			got = err.Error()
		}
		if got != want {
			t.Errorf("app %q: %s, want %s", app, got, want)
		}
	}
	if _, err := sync.NewPullEngine(w.db, testKey, sync.PullOptions{MinAppVersion: "2.0", LatestAppVersion: "1.0"}); err == nil {
		t.Error("a latest version below the minimum must be refused at start")
	}
}

func TestPagesEndAtTheLimitAndHasMoreCountsScannedRows(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	_, cursor := w.pullAll(v, "")
	key := storage.ScopeJurisdiction(w.ids["KARWAR"])
	// Three change rows of a type no reader serves: scanned, never sent.
	w.must(w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		for range 3 {
			tx.Changed("not_served_yet", uuid.New(), key)
		}
		return nil
	}))
	name := "Renamed"
	_, err := w.reg.UpdateVessel(ctx, w.admin, w.ids["vessel-KARWAR"], 1, registry.VesselPatch{Name: &name})
	w.must(err)
	var pages []page
	for {
		p := w.pull(v, cursor, 2)
		pages = append(pages, p)
		cursor = p.Cursor
		if !p.HasMore {
			break
		}
	}
	// 3 + 2 rows (the vessel is logged under its jurisdiction and owner keys,
	// only the first of which this inspector follows): 4 rows at 2 a page.
	if len(pages) != 2 || len(pages[0].Items) != 0 || !pages[0].HasMore || len(pages[1].Items) != 1 || pages[1].HasMore {
		t.Fatalf("pages %+v", pages)
	}
	if pages[1].AckedSeq == nil || pages[0].AckedSeq != nil {
		t.Errorf("acked_seq belongs on the last page only")
	}
}

func TestVerifyTellsExistsDeletedAndOutOfScope(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.must(w.reg.DeleteCertificate(ctx, w.admin, w.ids["cert-KARWAR"], 1))
	w.must(w.reg.DeleteCertificate(ctx, w.admin, w.ids["cert-MANGALURU"], 1))
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	unknown := uuid.New()
	ids := []uuid.UUID{w.ids["vessel-KARWAR"], w.ids["cert-KARWAR"], w.ids["vessel-MANGALURU"], w.ids["cert-MANGALURU"], unknown, w.ids["MANGALURU"]}
	res, _, err := w.engine.Verify(ctx, v, ids, "")
	w.must(err)
	want := []string{sync.VerifyExists, sync.VerifyDeleted, sync.VerifyOutOfScope, sync.VerifyOutOfScope, sync.VerifyOutOfScope, sync.VerifyExists}
	for i, r := range res {
		if r.ID != ids[i] || r.State != want[i] {
			t.Errorf("id %d: %+v, want %s", i, r, want[i])
		}
	}
	if res[0].Type != "vessel" || res[0].Version != 1 || res[1].Version != 2 {
		t.Errorf("type and version: %+v %+v", res[0], res[1])
	}
}

func TestANewEntityTypeIsSnapshottedOnTheNextPull(t *testing.T) {
	w := newWorld(t)
	v := w.staff(models.RoleInspector, uuid.New(), "KARWAR")
	_, cursor := w.pullAll(v, "")
	e, err := sync.NewPullEngine(w.db, testKey, sync.PullOptions{})
	w.must(err)
	e.Register(sync.TableReader{Name: "vessel_again", Table: "vessels", ReadOperation: "getVessel", JurisdictionColumn: "jurisdiction_id",
		Keys: map[string]string{"j": "t.jurisdiction_id = @key"}})
	w.engine = e
	items, _ := w.pullAll(v, cursor)
	if len(items) != 1 || items[0].Type != "vessel_again" || items[0].ID != w.ids["vessel-KARWAR"] {
		t.Fatalf("want a snapshot of the new type only, got %+v", items)
	}
}
