package checklist_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

func TestFitCheck(t *testing.T) {
	zone1 := checklist.Fit{Kinds: []rules.VesselKind{rules.KindMechanised}, Zones: []int{1}, Rule: "Karnataka 2025, r.46"}
	catC := checklist.Fit{Kinds: []rules.VesselKind{rules.KindMechanised}, Categories: []rules.Category{rules.CategoryC}, Rule: "Karnataka 2025, r.5(d)"}
	special := checklist.Fit{SpecialCategory: true, Rule: "Karnataka 2025, r.98"}
	over6 := checklist.Fit{LengthOverM: 6, Rule: "Karnataka 2025, Sch-VI 4.2"}
	under10 := checklist.Fit{LengthUnderM: 10, Rule: "Karnataka 2025, Sch-VI 5.6"}
	cargo := checklist.Fit{Uses: []rules.Use{rules.UseCargo}, Rule: "Karnataka 2025, r.126(7)"}
	cases := []struct {
		name string
		fit  checklist.Fit
		v    checklist.VesselFacts
		ok   bool
		why  string
	}{
		{"Karnataka 2025 r.46: a Zone-1 mechanised vessel", zone1, checklist.VesselFacts{Kind: rules.KindMechanised, Zone: 1}, true, ""},
		{"Karnataka 2025 r.47: Zone 2 is the DA's", zone1, checklist.VesselFacts{Kind: rules.KindMechanised, Zone: 2}, false, "zone 1 (not 2)"},
		{"Karnataka 2025 r.46: zone not recorded cannot be shown to fit", zone1, checklist.VesselFacts{Kind: rules.KindMechanised}, false, "not recorded"},
		{"Karnataka 2025 r.46: a boat is not a mechanised vessel", zone1, checklist.VesselFacts{Kind: rules.KindNonMechanised, Zone: 1}, false, "kind mechanised (not non_mechanised)"},
		{"Karnataka 2025 r.5(d): Category C", catC, checklist.VesselFacts{Kind: rules.KindMechanised, Category: rules.CategoryC}, true, ""},
		{"Karnataka 2025 r.5(a): Category A is not Sch-VI's", catC, checklist.VesselFacts{Kind: rules.KindMechanised, Category: rules.CategoryA}, false, "r.5(d)"},
		{"Karnataka 2025 r.98: a special category vessel", special, checklist.VesselFacts{Kind: rules.KindMechanised, SpecialCategory: true}, true, ""},
		{"Karnataka 2025 r.98: a vessel not registered as special category", special, checklist.VesselFacts{Kind: rules.KindMechanised}, false, "special category"},
		{"Karnataka 2025 Sch-VI 4.2: exactly 6 m is not more than 6 m", over6, checklist.VesselFacts{LengthM: 6}, false, "length over 6 m (not 6 m)"},
		{"Karnataka 2025 Sch-VI 4.2: 6.01 m is more than 6 m", over6, checklist.VesselFacts{LengthM: 6.01}, true, ""},
		{"Karnataka 2025 Sch-VI 4.2: 5.99 m", over6, checklist.VesselFacts{LengthM: 5.99}, false, "length over 6 m"},
		{"Karnataka 2025 Sch-VI 4.2: length not recorded is admitted (the inspector answers n/a)", over6, checklist.VesselFacts{}, true, ""},
		{"Karnataka 2025 Sch-VI 5.6: 9.99 m is less than 10 m", under10, checklist.VesselFacts{LengthM: 9.99}, true, ""},
		{"Karnataka 2025 Sch-VI 5.6: exactly 10 m is not less than 10 m", under10, checklist.VesselFacts{LengthM: 10}, false, "length under 10 m (not 10 m)"},
		{"Karnataka 2025 Sch-VI 5.6: length not recorded is admitted", under10, checklist.VesselFacts{}, true, ""},
		{"Karnataka 2025 r.126(7): a cargo boat", cargo, checklist.VesselFacts{Use: rules.UseCargo}, true, ""},
		{"Karnataka 2025 r.126(7): a passenger boat is not a cargo boat", cargo, checklist.VesselFacts{Use: rules.UsePassenger}, false, "use cargo (not passenger)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.fit.Check(c.v)
			if (err == nil) != c.ok {
				t.Fatalf("Check = %v, want ok %v", err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), c.why) {
				t.Fatalf("Check = %q, want it to say %q", err, c.why)
			}
		})
	}
}

// Every current template declares its vessels and the rule; every key's
// versions share one fit; the newest version of a key is current.
func TestTemplatesDeclareTheirVessels(t *testing.T) {
	fits := map[string]string{}
	current := map[string]int{}
	for _, tp := range checklist.Templates() {
		if tp.Fit.Rule == "" || len(tp.Fit.Kinds) == 0 {
			t.Errorf("%s v%d: no fit", tp.Key, tp.Version)
		}
		if f, ok := fits[tp.Key]; ok && f != string(tp.Fit.Rule) {
			t.Errorf("%s: versions differ in fit", tp.Key)
		}
		fits[tp.Key] = string(tp.Fit.Rule)
		if !tp.Retired {
			current[tp.Key]++
		}
	}
	for key, n := range current {
		if n != 1 {
			t.Errorf("%s: %d current versions", key, n)
		}
	}
	if _, ok := current["kandla-motor-boat"]; !ok {
		t.Error("Kandla 1955 has no current template")
	}
}

// A database seeded before templates had a fit gets the fit and the
// retirement of its versions on the next seed, logged for pull; their
// items are untouched.
func TestSeedTemplatesRefreshesFitAndRetirement(t *testing.T) {
	db := testkit.NewDB(t)
	s := inspect.New(db, nil, nil)
	ctx := context.Background()
	if _, err := s.SeedTemplates(ctx); err != nil {
		t.Fatal(err)
	}
	v1 := checklist.TemplateID("ka-display-board", 1)
	db.Gorm.Exec(`UPDATE checklist_templates SET fit = '{}', retired_at = NULL WHERE id = ?`, v1)
	var before int64
	db.Gorm.Raw("SELECT count(*) FROM change_log WHERE entity_type = 'checklist_template'").Scan(&before)
	if n, err := s.SeedTemplates(ctx); err != nil || n != 0 {
		t.Fatalf("reseed: %d, %v", n, err)
	}
	var row struct {
		Fit     string
		Retired bool
	}
	db.Gorm.Raw("SELECT fit::text AS fit, retired_at IS NOT NULL AS retired FROM checklist_templates WHERE id = ?", v1).Scan(&row)
	if !strings.Contains(row.Fit, "r.103(2)") || !row.Retired {
		t.Fatalf("ka-display-board v1 after reseed: %+v", row)
	}
	var after int64
	db.Gorm.Raw("SELECT count(*) FROM change_log WHERE entity_type = 'checklist_template'").Scan(&after)
	if after != before+1 {
		t.Fatalf("change log %d → %d, want one entry for the refreshed version", before, after)
	}
}
