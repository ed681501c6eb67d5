package registry_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// An owner's devices must hear about the crew of their vessels: signing a
// crew member on, changing them, and their certificates are logged under
// the owner's scope key, not only the jurisdiction's.
func TestCrewChangesReachTheOwnersScope(t *testing.T) {
	ctx := context.Background()
	db := testkit.NewDB(t)
	reg := registry.New(db, time.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "KARWAR", Name: "Karwar", Regime: "KA-IV-2025"})
	must(err)
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Ravi", JurisdictionID: j.ID})
	must(err)
	cat, zone := "C", 3
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-KWR-NM-1", Name: "Doni", Kind: "non_mechanised",
		Category: &cat, Zone: &zone, Use: "passenger", OwnerID: o.ID, JurisdictionID: j.ID})
	must(err)
	m, _, err := reg.CreateCrewMember(ctx, admin, models.CrewMember{IndivcNumber: "KA-GP-0009", Name: "Suresh", JurisdictionID: j.ID})
	must(err)
	c, _, err := reg.CreateCertificate(ctx, admin, models.Certificate{CrewMemberID: &m.ID, Kind: "gp_rating", Number: "GP-9", IssuedOn: cbDay(2025, 1, 1)})
	must(err)
	ownerKey := storage.ScopeOwner(o.ID)
	logged := func(entity uuid.UUID) int64 {
		var n int64
		must(db.Gorm.Raw("SELECT count(*) FROM change_log WHERE entity_id = ? AND scope_key = ?", entity, ownerKey).Scan(&n).Error)
		return n
	}
	if logged(m.ID) != 0 {
		t.Fatal("crew member logged for an owner before serving on their vessel")
	}
	placement, _, err := reg.AddVesselCrew(ctx, admin, models.VesselCrew{VesselID: v.ID, CrewMemberID: m.ID, Role: "gp_rating", SignedOn: cbDay(2026, 1, 1)})
	must(err)
	if logged(m.ID) != 1 || logged(c.ID) != 1 {
		t.Fatalf("sign-on: crew member logged %d, certificate %d times under the owner key; want 1 and 1", logged(m.ID), logged(c.ID))
	}
	name := "Suresh K"
	_, err = reg.UpdateCrewMember(ctx, admin, m.ID, 1, registry.CrewMemberPatch{Name: &name})
	must(err)
	if logged(m.ID) != 2 {
		t.Fatal("a change to the crew member did not reach the owner's scope")
	}
	must(reg.DeleteVesselCrew(ctx, admin, placement.ID, 1))
	if logged(m.ID) != 3 {
		t.Fatal("signing the placement out of existence did not tell the owner's devices")
	}
}
