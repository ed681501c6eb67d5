package replicas

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// password is every seeded user's password.
const password = "replicas-test-password"

// seed writes, through the services the replicas run, a jurisdiction with
// an owner and a vessel, a user of each role, and an insurance certificate
// that expires in 30 days (India's date), so that the certificate-expiry
// job has exactly one reminder to mail the owner. Passwords are hashed
// cheaply (the hash names its own cost, which the replicas verify with).
func (c *cluster) seed() error { return seedInto(c.db, c.ids) }

// seedInto is seed on any database; ids receives what it made.
func seedInto(db *storage.DB, ids map[string]string) error {
	ctx := context.Background()
	reg := registry.New(db, time.Now)
	all := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, _, err := reg.CreateJurisdiction(ctx, all, models.Jurisdiction{Code: "KARWAR", Name: "Karwar", Regime: "KA-IV-2025"})
	if err != nil {
		return err
	}
	ids["KARWAR"] = j.ID.String()
	ids["owner-email"] = "owner-" + randomHex(4) + "@replicas.test"
	o, _, err := reg.CreateOwner(ctx, all, models.Owner{Kind: "person", Name: "Owner of Karwar", JurisdictionID: j.ID,
		PreferredLanguage: "en", Email: ids["owner-email"]})
	if err != nil {
		return err
	}
	ids["owner"] = o.ID.String()
	// A second owner, who signs in at /my (TestMySessionHoldsOnEveryReplica):
	// the first one's mailbox holds only the reminder.
	ids["owner2-email"] = "owner2-" + randomHex(4) + "@replicas.test"
	o2, _, err := reg.CreateOwner(ctx, all, models.Owner{Kind: "person", Name: "Second owner of Karwar", JurisdictionID: j.ID,
		PreferredLanguage: "en", Email: ids["owner2-email"]})
	if err != nil {
		return err
	}
	cat, zone, power, unit := "C", 3, 120.0, "kW"
	v, _, err := reg.CreateVessel(ctx, all, models.Vessel{RegistrationNumber: "KA-KWR-0001", Name: "Boat of Karwar",
		Kind: "mechanised", Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger",
		JurisdictionID: j.ID, OwnerID: o.ID})
	if err != nil {
		return err
	}
	ids["vessel"] = v.ID.String()
	today := rules.DateOf(time.Now())
	issued := time.Date(today.Year-1, today.Month, today.Day, 0, 0, 0, 0, time.UTC)
	expires := time.Date(today.Year, today.Month, today.Day, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 30)
	now := time.Now().UTC()
	vid := v.ID
	if err := db.Gorm.Create(&models.Certificate{ID: uuid.New(), SubjectType: "vessel", VesselID: &vid, Kind: "insurance",
		Number: "INS-REPLICAS", IssuedOn: issued, ExpiresOn: &expires, Status: "valid", JurisdictionID: j.ID, OwnerID: &o.ID,
		Synced: models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}}).Error; err != nil {
		return err
	}
	a := auth.NewService(db, nil, auth.Options{Hasher: authtest.CheapHasher()})
	long := time.Now().Add(-365 * 24 * time.Hour)
	for _, u := range []struct {
		label string
		role  models.Role
	}{{"admin", models.RoleAdmin}, {"supervisor", models.RoleSupervisor}, {"inspector", models.RoleInspector},
		{"inspector2", models.RoleInspector}, {"inspector3", models.RoleInspector}, {"owner", models.RoleOwner}} {
		n := auth.NewUser{Email: u.label + "@replicas.test", Name: u.label, Role: u.role, Password: password, AssignedFrom: long}
		switch u.role {
		case models.RoleOwner:
			n.OwnerID = &o.ID
			n.Email = ids["owner-email"]
		case models.RoleAdmin:
		default:
			n.Jurisdictions = []uuid.UUID{j.ID}
		}
		if _, err := a.CreateUser(ctx, storage.Actor{}, n); err != nil {
			return err
		}
	}
	_, err = a.CreateUser(ctx, storage.Actor{}, auth.NewUser{Email: ids["owner2-email"], Name: "owner2", Role: models.RoleOwner,
		Password: password, AssignedFrom: long, OwnerID: &o2.ID})
	return err
}

// newUser creates a user of role for one test (an owner of the seeded
// owner, others in Karwar) with a fresh email, so that the test's limits
// and mails are its own however often it runs.
func newUser(role models.Role, label string) (string, error) {
	email := label + "-" + randomHex(4) + "@replicas.test"
	n := auth.NewUser{Email: email, Name: label, Role: role, Password: password, AssignedFrom: time.Now().Add(-365 * 24 * time.Hour)}
	switch role {
	case models.RoleOwner:
		o, err := uuid.Parse(set.ids["owner"])
		if err != nil {
			return "", err
		}
		n.OwnerID = &o
	case models.RoleAdmin:
	default:
		j, err := uuid.Parse(set.ids["KARWAR"])
		if err != nil {
			return "", err
		}
		n.Jurisdictions = []uuid.UUID{j}
	}
	_, err := auth.NewService(set.db, nil, auth.Options{Hasher: authtest.CheapHasher()}).CreateUser(context.Background(), storage.Actor{}, n)
	return email, err
}
