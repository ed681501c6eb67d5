package checklist_test

import (
	"context"
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// Every checklist item maps to a code of the catalogue that applies to the
// template's regime, item ids are unique, and ids are stable.
func TestTemplatesMapToTheCatalogue(t *testing.T) {
	for _, tp := range checklist.Templates() {
		seen := map[string]bool{}
		if tp.ID != checklist.TemplateID(tp.Key, tp.Version) {
			t.Errorf("%s: id is not derived from key and version", tp.Key)
		}
		for _, it := range tp.Items {
			if seen[it.ID] {
				t.Errorf("%s: item %s twice", tp.Key, it.ID)
			}
			seen[it.ID] = true
			if it.Code == "" {
				if it.FailWhen != "" || len(it.Record) == 0 {
					t.Errorf("%s/%s: an item without a code must only record", tp.Key, it.ID)
				}
				continue
			}
			e, ok := rules.Lookup(it.Code)
			if !ok {
				t.Errorf("%s/%s: code %s not in the catalogue", tp.Key, it.ID, it.Code)
				continue
			}
			// A retired version keeps the codes it was issued with (Paradip's
			// v1 overloading items name 03001/03002, Karnataka's since v2).
			if !tp.Retired && !e.AppliesTo(tp.Regime) {
				t.Errorf("%s/%s: code %s does not apply to %s", tp.Key, it.ID, it.Code, tp.Regime)
			}
		}
	}
}

func TestSeedTemplatesIsIdempotent(t *testing.T) {
	db := testkit.NewDB(t)
	s := inspect.New(db, nil, nil)
	n, err := s.SeedTemplates(context.Background())
	if err != nil || n != len(checklist.Templates()) {
		t.Fatalf("first seed: %d, %v", n, err)
	}
	if n, err := s.SeedTemplates(context.Background()); err != nil || n != 0 {
		t.Fatalf("second seed: %d, %v", n, err)
	}
	var logged int64
	db.Gorm.Raw("SELECT count(*) FROM change_log WHERE scope_key = 'ref' AND entity_type = 'checklist_template'").Scan(&logged)
	if logged != int64(len(checklist.Templates())) {
		t.Fatalf("change log rows = %d, want one per template", logged)
	}
}
