package auth

import (
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

func TestAuthenticateLoadsAssignmentsInForce(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	ended, future := f.jurisdiction(t, "MANGALURU"), f.jurisdiction(t, "PARADIP")
	f.db.Gorm.Exec(`INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on, ends_on) VALUES
		(?, ?, ?, '2026-01-01', '2026-05-31'), (?, ?, ?, '2026-06-02', NULL)`,
		uuid.New(), u.ID, ended, uuid.New(), u.ID, future)
	tok := f.login(t, "a@demo.tindal", "i")
	p, err := f.svc.Authenticate(t.Context(), tok.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Jurisdictions) != 1 || !p.InJurisdiction(f.jur) || p.InJurisdiction(ended) || p.InJurisdiction(future) {
		t.Fatalf("jurisdictions %v, want only %s", p.Jurisdictions, f.jur)
	}
	if p.Email != "a@demo.tindal" || p.OwnerID != nil {
		t.Fatalf("principal %+v", p)
	}
}

func TestAuthenticateOwner(t *testing.T) {
	f := newFixture(t)
	owner := f.owner(t)
	_, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Email: "owner1@demo.tindal",
		Role: models.RoleOwner, Password: testPassword, OwnerID: &owner})
	if err != nil {
		t.Fatal(err)
	}
	tok := f.login(t, "owner1@demo.tindal", "i")
	p, err := f.svc.Authenticate(t.Context(), tok.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if p.Role != models.RoleOwner || p.OwnerID == nil || *p.OwnerID != owner || len(p.Jurisdictions) != 0 {
		t.Fatalf("principal %+v", p)
	}
}

func TestAuthenticateRefusals(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	tok := f.login(t, "a@demo.tindal", "i")
	f.db.Gorm.Exec("UPDATE devices SET revoked_at = now() WHERE id = ?", tok.DeviceID)
	_, err := f.svc.Authenticate(t.Context(), tok.AccessToken)
	wantCode(t, err, models.KindUnauthenticated, "device_revoked")
	f.db.Gorm.Exec("UPDATE devices SET revoked_at = NULL WHERE id = ?", tok.DeviceID)
	f.db.Gorm.Exec("UPDATE users SET disabled_at = now() WHERE id = ?", u.ID)
	_, err = f.svc.Authenticate(t.Context(), tok.AccessToken)
	wantCode(t, err, models.KindUnauthenticated, "account_disabled")
	f.db.Gorm.Exec("UPDATE users SET disabled_at = NULL, deleted_at = now() WHERE id = ?", u.ID)
	_, err = f.svc.Authenticate(t.Context(), tok.AccessToken)
	wantCode(t, err, models.KindUnauthenticated, "invalid_token")
	// A token naming another user's device.
	v := f.inspector(t, "b@demo.tindal")
	forged, err := f.svc.issueAccess(v.ID, tok.DeviceID, uuid.New(), models.RoleInspector, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Authenticate(t.Context(), forged)
	wantCode(t, err, models.KindUnauthenticated, "invalid_token")
}
