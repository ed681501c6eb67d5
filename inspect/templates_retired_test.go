package inspect_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// retiredStamps reads retired_at of every stored template version.
func retiredStamps(t *testing.T, db *storage.DB) map[uuid.UUID]*time.Time {
	t.Helper()
	var rows []struct {
		ID        uuid.UUID
		RetiredAt *time.Time
	}
	if err := db.Gorm.Raw("SELECT id, retired_at FROM checklist_templates").Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[uuid.UUID]*time.Time{}
	for _, r := range rows {
		out[r.ID] = r.RetiredAt
	}
	return out
}

// The first seed stamps when each retired version was retired (the moment
// phones could first pull its successor); a replica's or a restart's seed,
// even one that refreshes the version's fit, keeps that first stamp; a
// current version has none, and a stamp on one is cleared.
func TestSeedTemplatesStampsRetirementOnce(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	if _, err := inspect.New(db, nil, nil).SeedTemplates(ctx); err != nil {
		t.Fatal(err)
	}
	first := retiredStamps(t, db)
	for _, tp := range checklist.Templates() {
		if got := first[tp.ID]; (got != nil) != tp.Retired {
			t.Errorf("%s v%d: retired %v, retired_at %v", tp.Key, tp.Version, tp.Retired, got)
		}
	}
	// Seeded a month ago by another replica, and its fit since changed;
	// a current version wrongly stamped (as an older replica might have).
	v1, current := checklist.TemplateID("ka-form2-annex", 1), currentTemplate(t, "ka-form2-annex")
	back := first[v1].AddDate(0, 0, -31)
	db.Gorm.Exec("UPDATE checklist_templates SET retired_at = ?, fit = '{}' WHERE id = ?", back, v1)
	db.Gorm.Exec("UPDATE checklist_templates SET retired_at = now() WHERE id = ?", current)
	if _, err := inspect.New(db, nil, nil).SeedTemplates(ctx); err != nil {
		t.Fatal(err)
	}
	again := retiredStamps(t, db)
	if again[v1] == nil || !again[v1].Equal(back) {
		t.Errorf("ka-form2-annex v1 retired_at %v after a reseed, want the first stamp %v", again[v1], back)
	}
	if again[current] != nil {
		t.Errorf("current ka-form2-annex retired_at %v after a reseed, want none", again[current])
	}
	for id, at := range first {
		if id == v1 || id == current {
			continue
		}
		if b := again[id]; (at == nil) != (b == nil) || (at != nil && !at.Equal(*b)) {
			t.Errorf("template %s retired_at %v → %v", id, at, b)
		}
	}
}

// currentVersion is the version number of key's current version.
func currentVersion(t *testing.T, key string) int {
	t.Helper()
	id := currentTemplate(t, key)
	for _, tp := range checklist.Templates() {
		if tp.ID == id {
			return tp.Version
		}
	}
	return 0
}

// runStart applies inspection.start v1 at `at` as a push applies it and
// returns the command's error.
func (w *lawWorld) runStart(at time.Time, template uuid.UUID) error {
	w.t.Helper()
	raw, _ := json.Marshal(map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": w.vessel, "template_id": template, "kind": "routine"})
	cmd, _ := inspect.LookupCommand("inspection.start", 1)
	a, err := cmd.Decode(raw)
	if err != nil {
		w.t.Fatal(err)
	}
	ctx := context.Background()
	m := inspect.Meta{UserID: w.inspector, Role: models.RoleInspector, At: at, Name: "inspection.start", Args: raw}
	return w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		wk := w.svc.NewWork(tx)
		if _, err := wk.Run(ctx, m, a); err != nil {
			return err
		}
		return wk.Finish(ctx)
	})
}

// The grace is a setting (TINDAL_TEMPLATE_GRACE_DAYS): with 10 days, a
// start 9 days after the retirement is accepted and one 10 days after is
// refused, naming the version, its retirement and the current version.
func TestRetiredTemplateGraceIsASetting(t *testing.T) {
	w := newLawWorld(t)
	w.svc = inspect.New(w.db, nil, nil, inspect.WithRetiredGrace(10*24*time.Hour))
	if _, err := w.svc.SeedTemplates(context.Background()); err != nil {
		t.Fatal(err)
	}
	v1 := checklist.TemplateID("ka-form2-annex", 1)
	retired := time.Date(2026, 3, 1, 4, 30, 0, 0, time.UTC)
	w.exec("UPDATE checklist_templates SET retired_at = ? WHERE id = ?", retired, v1)
	if err := w.runStart(retired.AddDate(0, 0, 9), v1); err != nil {
		t.Fatalf("start 9 days after the retirement: %v", err)
	}
	err := w.runStart(retired.AddDate(0, 0, 10), v1)
	var me *models.Error
	if !errors.As(err, &me) || me.Code != inspect.CodeTemplateRetired || me.Kind != models.KindInvalid {
		t.Fatalf("start 10 days after the retirement: %v, want %s", err, inspect.CodeTemplateRetired)
	}
	now := fmt.Sprintf("ka-form2-annex version %d", currentVersion(t, "ka-form2-annex"))
	for _, want := range []string{"ka-form2-annex version 1", "2026-03-01T04:30:00Z", "2026-03-11T04:30:00Z", now} {
		if !strings.Contains(me.Message, want) {
			t.Errorf("refusal %q does not say %q", me.Message, want)
		}
	}
	if n := w.count("inspections"); n != 1 {
		t.Errorf("%d inspections stored, want the one inside the grace", n)
	}
}
