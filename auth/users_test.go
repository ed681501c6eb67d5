package auth

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

func TestCreateUserValidation(t *testing.T) {
	f := newFixture(t)
	owner := f.owner(t)
	j := []uuid.UUID{f.jur}
	cases := []struct {
		name  string
		u     NewUser
		field string
	}{
		{"unknown role", NewUser{Email: "x@d.t", Role: "captain", Password: testPassword}, "role"},
		{"short password", NewUser{Email: "x@d.t", Role: models.RoleAdmin, Password: "short"}, "password"},
		{"bad email", NewUser{Email: "x", Role: models.RoleAdmin, Password: testPassword}, "email"},
		{"owner without owner", NewUser{Email: "x@d.t", Role: models.RoleOwner, Password: testPassword}, "owner_id"},
		{"inspector without jurisdiction", NewUser{Email: "x@d.t", Role: models.RoleInspector, Password: testPassword}, "jurisdictions"},
		{"registrar with an owner", NewUser{Email: "x@d.t", Role: models.RoleRegistrar, Password: testPassword, Jurisdictions: j, OwnerID: &owner}, "owner_id"},
		{"unknown jurisdiction", NewUser{Email: "x@d.t", Role: models.RoleSupervisor, Password: testPassword, Jurisdictions: []uuid.UUID{uuid.New()}}, "jurisdictions"},
		{"unknown owner", NewUser{Email: "x@d.t", Role: models.RoleOwner, Password: testPassword, OwnerID: ptr(uuid.New())}, "owner_id"},
		{"language", NewUser{Email: "x@d.t", Role: models.RoleAdmin, Password: testPassword, PreferredLanguage: "fr"}, "preferred_language"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.svc.CreateUser(t.Context(), storage.Actor{}, c.u)
			e := wantCode(t, err, models.KindInvalid, "validation_failed")
			if len(e.Fields) != 1 || e.Fields[0].Field != c.field {
				t.Fatalf("fields %+v, want %s", e.Fields, c.field)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestCreateUserEmailTaken(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	_, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Email: "A@demo.tindal ",
		Role: models.RoleAdmin, Password: testPassword})
	wantCode(t, err, models.KindConflict, "email_taken")
}

func TestCreateUserAuditHasNoPassword(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	var after string
	f.db.Gorm.Raw("SELECT after::text FROM audit_log WHERE entity_type = 'user' AND entity_id = ?", u.ID).Scan(&after)
	if !strings.Contains(after, "a@demo.tindal") {
		t.Fatalf("no audit entry: %q", after)
	}
	if strings.Contains(after, "argon2") || strings.Contains(strings.ToLower(after), "password") {
		t.Fatalf("audit image holds the password: %s", after)
	}
}

func TestUpsertUserIsIdempotent(t *testing.T) {
	f := newFixture(t)
	n := NewUser{Email: "sup@demo.tindal", Role: models.RoleSupervisor, Password: testPassword,
		Jurisdictions: []uuid.UUID{f.jur}}
	a, created, err := f.svc.UpsertUser(t.Context(), storage.Actor{}, n)
	if err != nil || !created {
		t.Fatalf("first upsert: %v, created %v", err, created)
	}
	n.Password, n.Name = "another long password", "Supervisor"
	b, created, err := f.svc.UpsertUser(t.Context(), storage.Actor{}, n)
	if err != nil || created || b.ID != a.ID || b.Version != 2 {
		t.Fatalf("second upsert: %v, created %v, %+v", err, created, b)
	}
	var assignments int64
	f.db.Gorm.Table("user_jurisdictions").Where("user_id = ?", a.ID).Count(&assignments)
	if assignments != 1 {
		t.Fatalf("%d assignments, want 1", assignments)
	}
	if _, err := f.svc.Login(t.Context(), LoginInput{Email: n.Email, Password: n.Password, InstallationID: "i"}); err != nil {
		t.Fatalf("login with the new password: %v", err)
	}
}

// TestUpsertUsersHashesOnce: accounts upserted together with one password
// share one hash (one argon2id computation), each signs in with it, and a
// second call refreshes them rather than adding any.
func TestUpsertUsersHashesOnce(t *testing.T) {
	f := newFixture(t)
	ns := []NewUser{
		{Email: "sup@demo.tindal", Role: models.RoleSupervisor, Password: testPassword, Jurisdictions: []uuid.UUID{f.jur}},
		{Email: "insp@demo.tindal", Role: models.RoleInspector, Password: testPassword, Jurisdictions: []uuid.UUID{f.jur}},
		{Email: "reg@demo.tindal", Role: models.RoleRegistrar, Password: testPassword, Jurisdictions: []uuid.UUID{f.jur}},
	}
	for range 2 {
		us, err := f.svc.UpsertUsers(t.Context(), storage.Actor{}, ns)
		if err != nil || len(us) != len(ns) {
			t.Fatalf("upsert: %v, %d users", err, len(us))
		}
	}
	var hashes []string
	f.db.Gorm.Table("users").Where("email LIKE ?", "%@demo.tindal").Distinct("password_hash").Pluck("password_hash", &hashes)
	if len(hashes) != 1 {
		t.Errorf("%d distinct hashes for one password, want 1", len(hashes))
	}
	var n int64
	f.db.Gorm.Table("users").Where("email LIKE ?", "%@demo.tindal").Count(&n)
	if n != int64(len(ns)) {
		t.Errorf("%d accounts after two upserts, want %d", n, len(ns))
	}
	for _, u := range ns {
		if _, err := f.svc.Login(t.Context(), LoginInput{Email: u.Email, Password: testPassword, InstallationID: "i"}); err != nil {
			t.Errorf("login %s: %v", u.Email, err)
		}
	}
}

func TestSetPassword(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	err := f.svc.SetPassword(t.Context(), storage.Actor{}, u.ID, "short")
	wantCode(t, err, models.KindInvalid, "validation_failed")
	err = f.svc.SetPassword(t.Context(), storage.Actor{}, uuid.New(), "a new long password")
	wantCode(t, err, models.KindNotFound, "not_found")
	if err := f.svc.SetPassword(t.Context(), storage.Actor{}, u.ID, "a new long password"); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Login(t.Context(), LoginInput{Email: "a@demo.tindal", Password: testPassword, InstallationID: "i"})
	wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	if _, err := f.svc.Login(t.Context(), LoginInput{Email: "a@demo.tindal", Password: "a new long password", InstallationID: "i"}); err != nil {
		t.Fatal(err)
	}
}

// TestOwnerAccountWithoutEmail: an owner's account may have no email when
// the owner record has a mobile (the owner then signs in by SMS code);
// without either it is refused naming the email; an official always needs
// one; and the owner record keys at most one email-less account.
func TestOwnerAccountWithoutEmail(t *testing.T) {
	f := newFixture(t)
	bare := f.owner(t)
	_, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Role: models.RoleOwner, NoPassword: true, OwnerID: &bare})
	if e := wantCode(t, err, models.KindInvalid, "validation_failed"); len(e.Fields) != 1 || e.Fields[0].Field != "email" {
		t.Fatalf("an owner with neither email nor mobile: %+v", e.Fields)
	}
	_, err = f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Role: models.RoleAdmin, NoPassword: true})
	if e := wantCode(t, err, models.KindInvalid, "validation_failed"); len(e.Fields) != 1 || e.Fields[0].Field != "email" {
		t.Fatalf("an admin without an email: %+v", e.Fields)
	}
	if err := f.db.Gorm.Exec(`UPDATE owners SET mobile = '+919845011111' WHERE id = ?`, bare).Error; err != nil {
		t.Fatal(err)
	}
	u, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Role: models.RoleOwner, NoPassword: true, OwnerID: &bare})
	if err != nil || u.Email != "" {
		t.Fatalf("an owner with a mobile only: %+v, %v", u, err)
	}
	if _, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Role: models.RoleOwner, NoPassword: true,
		OwnerID: &bare}); err == nil {
		t.Fatal("a second email-less account of the same owner was made")
	}
	// no link to mail: the registrar's resend finds no account with an email
	err = f.svc.ResendOneTime(t.Context(), models.Scope{Access: models.AccessAll}, bare,
		func(context.Context, *gorm.DB, OneTimeMail) error {
			t.Fatal("mailed an account without email")
			return nil
		})
	wantCode(t, err, models.KindNotFound, "not_found")
}
