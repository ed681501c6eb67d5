package auth

import (
	"sync"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
)

func (f *fixture) refresh(t *testing.T, token string) Tokens {
	t.Helper()
	tok, err := f.svc.Refresh(t.Context(), token)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	return tok
}

func (f *fixture) wantRefreshFails(t *testing.T, token, code string) {
	t.Helper()
	_, err := f.svc.Refresh(t.Context(), token)
	wantCode(t, err, models.KindUnauthenticated, code)
}

func TestRefreshRotates(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	t1 := f.refresh(t, t0.RefreshToken)
	if t1.RefreshToken == t0.RefreshToken || t1.DeviceID != t0.DeviceID {
		t.Fatalf("no rotation: %+v", t1)
	}
	if _, err := f.svc.Authenticate(t.Context(), t1.AccessToken); err != nil {
		t.Fatal(err)
	}
	t2 := f.refresh(t, t1.RefreshToken)
	f.refresh(t, t2.RefreshToken)
	var row struct{ TokenHash []byte }
	f.db.Gorm.Raw("SELECT token_hash FROM refresh_tokens LIMIT 1").Scan(&row)
	if len(row.TokenHash) != 32 {
		t.Fatalf("stored token hash has %d bytes", len(row.TokenHash))
	}
}

func TestRefreshLostResponseGrace(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	t1 := f.refresh(t, t0.RefreshToken)
	f.clock.Advance(9 * time.Minute)
	again := f.refresh(t, t0.RefreshToken) // the response of the first refresh was lost
	if again.RefreshToken != t1.RefreshToken {
		t.Fatal("the replay returned a different successor")
	}
	if again.AccessToken == t1.AccessToken {
		t.Fatal("the replay did not issue a fresh access token")
	}
	f.refresh(t, again.RefreshToken) // the family is intact
}

func TestRefreshReuseOfOlderTokenRevokesFamily(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	t1 := f.refresh(t, t0.RefreshToken)
	t2 := f.refresh(t, t1.RefreshToken)
	f.wantRefreshFails(t, t0.RefreshToken, "refresh_token_reused")
	f.wantRefreshFails(t, t2.RefreshToken, "invalid_refresh_token")
	f.wantRefreshFails(t, t1.RefreshToken, "invalid_refresh_token")
	var n int64
	f.db.Gorm.Table("audit_log").Where("action = 'refresh_reuse_revoked'").Count(&n)
	if n != 1 {
		t.Fatalf("%d audit entries for the reuse, want 1", n)
	}
}

func TestRefreshReuseAfterSuccessorUsedRevokes(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	t1 := f.refresh(t, t0.RefreshToken)
	t2 := f.refresh(t, t1.RefreshToken)
	if again := f.refresh(t, t1.RefreshToken); again.RefreshToken != t2.RefreshToken {
		t.Fatal("t2 unused: the replay of t1 must return t2")
	}
	t3 := f.refresh(t, t2.RefreshToken) // now t1's successor is used
	f.wantRefreshFails(t, t1.RefreshToken, "refresh_token_reused")
	f.wantRefreshFails(t, t3.RefreshToken, "invalid_refresh_token")
}

func TestRefreshReuseAfterGraceRevokes(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	t1 := f.refresh(t, t0.RefreshToken)
	f.clock.Advance(10*time.Minute + time.Second)
	f.wantRefreshFails(t, t0.RefreshToken, "refresh_token_reused")
	f.wantRefreshFails(t, t1.RefreshToken, "invalid_refresh_token")
}

func TestRefreshExpired(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	f.clock.Advance(29 * 24 * time.Hour) // a month in the field, refreshing once
	t1 := f.refresh(t, t0.RefreshToken)
	f.clock.Advance(31 * 24 * time.Hour)
	f.wantRefreshFails(t, t1.RefreshToken, "invalid_refresh_token")
}

func TestRefreshUnknownOrMalformed(t *testing.T) {
	f := newFixture(t)
	tok, _ := newRefreshToken()
	for _, s := range []string{"", "short", tok} {
		f.wantRefreshFails(t, s, "invalid_refresh_token")
	}
}

func TestRefreshRefusesRevokedDeviceAndDisabledUser(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	tok := f.login(t, "a@demo.tindal", "i")
	f.db.Gorm.Exec("UPDATE devices SET revoked_at = now() WHERE id = ?", tok.DeviceID)
	f.wantRefreshFails(t, tok.RefreshToken, "device_revoked")
	f.db.Gorm.Exec("UPDATE devices SET revoked_at = NULL WHERE id = ?", tok.DeviceID)
	f.db.Gorm.Exec("UPDATE users SET disabled_at = now() WHERE id = ?", u.ID)
	f.wantRefreshFails(t, tok.RefreshToken, "account_disabled")
}

// TestRefreshConcurrent presents one token from 10 goroutines: exactly one
// child may be made, and every success returns that child.
func TestRefreshConcurrent(t *testing.T) {
	f := newFixture(t)
	f.inspector(t, "a@demo.tindal")
	t0 := f.login(t, "a@demo.tindal", "i")
	const n = 10
	var wg sync.WaitGroup
	results := make([]Tokens, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { results[i], errs[i] = f.svc.Refresh(t.Context(), t0.RefreshToken) })
	}
	wg.Wait()
	successors := map[string]bool{}
	for i := range n {
		if errs[i] != nil {
			t.Logf("goroutine %d: %v", i, errs[i])
			continue
		}
		successors[results[i].RefreshToken] = true
	}
	if len(successors) != 1 {
		t.Fatalf("%d different successors, want 1", len(successors))
	}
	var children int64
	f.db.Gorm.Table("refresh_tokens").Where("parent_id IS NOT NULL").Count(&children)
	if children != 1 {
		t.Fatalf("%d children, want 1", children)
	}
}
