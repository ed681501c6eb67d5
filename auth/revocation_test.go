package auth

import (
	"testing"

	"github.com/tindal/tindal/models"
)

// TestAccessTokenRefusedOnceItsSessionEnds is issue 10 hole 10: before the
// fix an access token kept working for up to 15 minutes after logout, after
// its family was revoked for refresh-token reuse, or after a new login on
// the same device.
func TestAccessTokenRefusedOnceItsSessionEnds(t *testing.T) {
	f := newFixture(t)
	u := f.inspector(t, "a@demo.tindal")
	authOK := func(tok Tokens) error {
		_, err := f.svc.Authenticate(t.Context(), "Bearer "+tok.AccessToken)
		return err
	}

	t.Run("logout", func(t *testing.T) {
		tok := f.login(t, "a@demo.tindal", "phone-1")
		if err := authOK(tok); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Logout(t.Context(), u.ID, tok.DeviceID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, authOK(tok), models.KindUnauthenticated, "session_ended")
	})
	t.Run("refresh token reuse revokes the family", func(t *testing.T) {
		tok := f.login(t, "a@demo.tindal", "phone-2")
		next, err := f.svc.Refresh(t.Context(), tok.RefreshToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Refresh(t.Context(), next.RefreshToken); err != nil { // the successor is used: any replay is theft
			t.Fatal(err)
		}
		_, err = f.svc.Refresh(t.Context(), tok.RefreshToken)
		wantCode(t, err, models.KindUnauthenticated, "refresh_token_reused")
		wantCode(t, authOK(tok), models.KindUnauthenticated, "session_ended")
		wantCode(t, authOK(next), models.KindUnauthenticated, "session_ended")
	})
	t.Run("a new login on the device ends the old session", func(t *testing.T) {
		old := f.login(t, "a@demo.tindal", "phone-3")
		cur := f.login(t, "a@demo.tindal", "phone-3")
		wantCode(t, authOK(old), models.KindUnauthenticated, "session_ended")
		if err := authOK(cur); err != nil {
			t.Fatalf("the new session: %v", err)
		}
	})
	t.Run("rotation keeps the session", func(t *testing.T) {
		tok := f.login(t, "a@demo.tindal", "phone-4")
		next, err := f.svc.Refresh(t.Context(), tok.RefreshToken)
		if err != nil {
			t.Fatal(err)
		}
		if err := authOK(tok); err != nil {
			t.Fatalf("the access token of a rotated family: %v", err)
		}
		if err := authOK(next); err != nil {
			t.Fatal(err)
		}
	})
}
