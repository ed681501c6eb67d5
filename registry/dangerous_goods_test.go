package registry_test

import (
	"context"
	"testing"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
)

// Karnataka 2025, r.102 Note: a non-mechanised boat carrying dangerous
// goods or flammable liquids (other than for its domestic use) is Category
// A whatever its passengers, so its minimum crew is 3 GP ratings (r.124):
// the register records the fact, derives the category from it, and
// compliance and manning follow.
func TestDangerousGoodsMakeABoatCategoryA(t *testing.T) {
	cb := newCountryBoat(t)
	ctx := context.Background()
	on := rules.D(2026, 3, 1)
	before, err := cb.reg.Compliance(ctx, cb.admin, cb.vessel.ID, on)
	if err != nil {
		t.Fatal(err)
	}
	if !before.Manning.Compliant {
		t.Fatalf("Category B boat with two GP ratings: %+v", before.Manning)
	}
	yes := true
	v, err := cb.reg.UpdateVessel(ctx, cb.admin, cb.vessel.ID, cb.vessel.Version, registry.VesselPatch{DangerousGoods: &yes})
	if err != nil {
		t.Fatal(err)
	}
	if !v.DangerousGoods || v.Category == nil || *v.Category != "A" {
		t.Fatalf("dangerous goods recorded %t, category %v; want true, A", v.DangerousGoods, v.Category)
	}
	c, err := cb.reg.Compliance(ctx, cb.admin, cb.vessel.ID, on)
	if err != nil {
		t.Fatal(err)
	}
	if c.Manning.Compliant || len(c.Manning.Required) != 3 {
		t.Errorf("Category A boat with two GP ratings: compliant %t, %d required; want not compliant, 3", c.Manning.Compliant, len(c.Manning.Required))
	}
	found := false
	for _, d := range c.Deficiencies {
		found = found || d.Code == rules.CodeManningShortfall
	}
	if !found {
		t.Errorf("no manning shortfall (02001) in compliance: %+v", c.Deficiencies)
	}
	// A boat registered with dangerous goods is Category A from the start.
	created, _, err := cb.reg.CreateVessel(ctx, cb.admin, models.Vessel{RegistrationNumber: "KA-KWR-NM-13", Name: "Tanker Doni", Kind: "non_mechanised",
		Passengers: cb.vessel.Passengers, Use: "cargo", OwnerID: cb.vessel.OwnerID, JurisdictionID: cb.vessel.JurisdictionID, DangerousGoods: true})
	if err != nil {
		t.Fatal(err)
	}
	if created.Category == nil || *created.Category != "A" {
		t.Errorf("registered with dangerous goods: category %v, want A", created.Category)
	}
}
