package auth

import (
	"fmt"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
)

func TestLogin(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "inspector@demo.tindal")
	tok, err := f.svc.Login(t.Context(), LoginInput{Email: "  Inspector@Demo.Tindal ", Password: testPassword,
		InstallationID: "inst-1", DeviceName: "Pixel", RemoteAddr: "10.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	if tok.TokenType != "Bearer" || tok.ExpiresIn != 900 || tok.RefreshToken == "" || tok.DeviceID.String() == "" {
		t.Fatalf("tokens %+v", tok)
	}
	p, err := f.svc.Authenticate(t.Context(), "Bearer "+tok.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if p.UserID != u.ID || p.DeviceID != tok.DeviceID || p.Role != models.RoleInspector {
		t.Fatalf("principal %+v", p)
	}
}

func TestLoginRefusals(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	disabled := f.inspector(t, "off@demo.tindal")
	if err := f.db.Gorm.Exec("UPDATE users SET disabled_at = now() WHERE id = ?", disabled.ID).Error; err != nil {
		t.Fatal(err)
	}
	in := func(email, pw string) LoginInput {
		return LoginInput{Email: email, Password: pw, InstallationID: "i"}
	}
	_, err := f.svc.Login(t.Context(), in("a@demo.tindal", "wrong password!"))
	wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	_, err = f.svc.Login(t.Context(), in("nobody@demo.tindal", testPassword))
	wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	_, err = f.svc.Login(t.Context(), in("off@demo.tindal", "wrong password!"))
	wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	_, err = f.svc.Login(t.Context(), in("off@demo.tindal", testPassword))
	wantCode(t, err, models.KindUnauthenticated, "account_disabled")
}

func TestLoginValidation(t *testing.T) {
	f := newFixture(t)
	_, err := f.svc.Login(t.Context(), LoginInput{Email: " "})
	e := wantCode(t, err, models.KindInvalid, "validation_failed")
	got := map[string]bool{}
	for _, fe := range e.Fields {
		got[fe.Field] = true
	}
	for _, field := range []string{"email", "password", "installation_id"} {
		if !got[field] {
			t.Errorf("no error for %s in %+v", field, e.Fields)
		}
	}
}

func TestReloginReusesDevice(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	first := f.login(t, "a@demo.tindal", "inst-1")
	if err := f.db.Gorm.Exec("UPDATE devices SET revoked_at = now() WHERE id = ?", first.DeviceID).Error; err != nil {
		t.Fatal(err)
	}
	second := f.login(t, "a@demo.tindal", "inst-1")
	if second.DeviceID != first.DeviceID {
		t.Fatalf("re-login made device %s, want %s", second.DeviceID, first.DeviceID)
	}
	if _, err := f.svc.Authenticate(t.Context(), second.AccessToken); err != nil {
		t.Fatalf("re-login did not lift the revocation: %v", err)
	}
	_, err := f.svc.Refresh(t.Context(), first.RefreshToken)
	wantCode(t, err, models.KindUnauthenticated, "invalid_refresh_token")
	other := f.login(t, "a@demo.tindal", "inst-2")
	if other.DeviceID == first.DeviceID {
		t.Fatal("another installation got the same device")
	}
}

func TestLoginRateLimitPerAccount(t *testing.T) {
	f := newFixtureOpts(t, Options{AccountLimit: RateLimit{Max: 3, Window: 15 * time.Minute}})
	f.inspector(t, "a@demo.tindal")
	bad := LoginInput{Email: "a@demo.tindal", Password: "wrong password!", InstallationID: "i"}
	// A success clears the failures.
	for range 2 {
		_, err := f.svc.Login(t.Context(), bad)
		wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	}
	f.login(t, "a@demo.tindal", "i")
	for range 3 {
		_, err := f.svc.Login(t.Context(), bad)
		wantCode(t, err, models.KindUnauthenticated, "invalid_credentials")
	}
	_, err := f.svc.Login(t.Context(), LoginInput{Email: "a@demo.tindal", Password: testPassword, InstallationID: "i"})
	e := wantCode(t, err, models.KindRateLimited, "too_many_attempts")
	if e.RetryAfter != 14*60 {
		t.Fatalf("RetryAfter %d, want %d (until the window ends)", e.RetryAfter, 14*60)
	}
	f.clock.Advance(14 * time.Minute)
	f.login(t, "a@demo.tindal", "i")
}

func TestLoginRateLimitPerAddress(t *testing.T) {
	f := newFixtureOpts(t, Options{AddressLimit: RateLimit{Max: 3, Window: 15 * time.Minute}})
	f.inspector(t, "a@demo.tindal")
	f.clock.Advance(10 * time.Minute)
	fail := func(email string) error {
		_, err := f.svc.Login(t.Context(), LoginInput{Email: email, Password: "wrong password!", InstallationID: "i", RemoteAddr: "10.0.0.1:6000"})
		return err
	}
	f.login(t, "a@demo.tindal", "i") // successes are not counted...
	wantCode(t, fail("b@demo.tindal"), models.KindUnauthenticated, "invalid_credentials")
	wantCode(t, fail("c@demo.tindal"), models.KindUnauthenticated, "invalid_credentials")
	f.login(t, "a@demo.tindal", "i") // ...and do not reset the address's failures
	wantCode(t, fail("a@demo.tindal"), models.KindUnauthenticated, "invalid_credentials")
	_, err := f.svc.Login(t.Context(), LoginInput{Email: "a@demo.tindal", Password: testPassword,
		InstallationID: "i", RemoteAddr: "10.0.0.1:6000"}) // three failures on three accounts: the address is locked
	e := wantCode(t, err, models.KindRateLimited, "too_many_attempts")
	if e.RetryAfter != 4*60 {
		t.Fatalf("RetryAfter %d, want %d", e.RetryAfter, 4*60)
	}
	if _, err := f.svc.Login(t.Context(), LoginInput{Email: "a@demo.tindal", Password: testPassword,
		InstallationID: "i", RemoteAddr: "10.0.0.2"}); err != nil {
		t.Fatalf("another address is limited too: %v", err)
	}
	n, err := f.svc.PruneLoginAttempts(t.Context())
	if err != nil || n != 0 {
		t.Fatalf("pruned %d live windows, %v", n, err)
	}
	f.clock.Advance(31 * time.Minute)
	if n, err := f.svc.PruneLoginAttempts(t.Context()); err != nil || n == 0 {
		t.Fatalf("pruned %d old windows, %v", n, err)
	}
}

// TestCorrectLoginsFromOneAddressAreNotLimited is issue 10 hole 9: an
// office behind one address (carrier NAT, a proxy) signs in all morning;
// before the fix the 31st correct login in 15 minutes got 429.
func TestCorrectLoginsFromOneAddressAreNotLimited(t *testing.T) {
	f := newFixture(t) // the defaults: 30 failures per address per 15 minutes
	for i := range 40 {
		email := fmt.Sprintf("inspector%d@demo.tindal", i%8)
		if i < 8 {
			f.inspector(t, email)
		}
		if _, err := f.svc.Login(t.Context(), LoginInput{Email: email, Password: testPassword,
			InstallationID: fmt.Sprintf("phone-%d", i), RemoteAddr: "203.0.113.9:40000"}); err != nil {
			t.Fatalf("correct login %d: %v", i+1, err)
		}
	}
}

func TestLogout(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	tok := f.login(t, "a@demo.tindal", "i")
	if err := f.svc.Logout(t.Context(), u.ID, tok.DeviceID); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.Refresh(t.Context(), tok.RefreshToken)
	wantCode(t, err, models.KindUnauthenticated, "invalid_refresh_token")
	var n int64
	f.db.Gorm.Table("devices").Where("id = ? AND revoked_at IS NULL", tok.DeviceID).Count(&n)
	if n != 1 {
		t.Fatal("logout removed or revoked the device")
	}
}
