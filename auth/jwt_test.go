package auth

import (
	"crypto/ed25519"
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// jwtFixture is a Service without a database: VerifyAccessToken needs none.
func jwtFixture(t *testing.T) (*Service, *testClock, ed25519.PrivateKey) {
	t.Helper()
	clock := &testClock{t: testStart}
	priv := newKey(t)
	return NewService(nil, NewKeySet(priv), Options{Clock: clock.Now, Hasher: cheapHasher()}), clock, priv
}

func validClaims(now time.Time) AccessClaims {
	return AccessClaims{Role: models.RoleInspector, DeviceID: uuid.NewString(), RegisteredClaims: jwt.RegisteredClaims{
		Issuer: Issuer, Subject: uuid.NewString(), Audience: jwt.ClaimStrings{Audience},
		ExpiresAt: jwt.NewNumericDate(now.Add(time.Minute)), IssuedAt: jwt.NewNumericDate(now), ID: "j"}}
}

func sign(t *testing.T, method jwt.SigningMethod, key any, kid string, c jwt.Claims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, c)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAccessTokenRoundTrip(t *testing.T) {
	svc, _, _ := jwtFixture(t)
	user, device := uuid.New(), uuid.New()
	tok, err := svc.issueAccess(user, device, uuid.New(), models.RoleSupervisor, testStart)
	if err != nil {
		t.Fatal(err)
	}
	c, err := svc.VerifyAccessToken(tok)
	if err != nil {
		t.Fatal(err)
	}
	if c.Subject != user.String() || c.DeviceID != device.String() || c.Role != models.RoleSupervisor || c.ID == "" {
		t.Fatalf("claims %+v", c)
	}
	if c.ExpiresAt.Sub(testStart) != 15*time.Minute {
		t.Fatalf("expires after %v, want 15m", c.ExpiresAt.Sub(testStart))
	}
}

func TestAccessTokenExpired(t *testing.T) {
	svc, clock, _ := jwtFixture(t)
	tok, err := svc.issueAccess(uuid.New(), uuid.New(), uuid.New(), models.RoleInspector, testStart)
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(15*time.Minute + time.Second)
	_, err = svc.VerifyAccessToken(tok)
	wantCode(t, err, models.KindUnauthenticated, "token_expired")
}

func TestAccessTokenRejections(t *testing.T) {
	svc, _, priv := jwtFixture(t)
	kid := svc.keys.SigningKeyID()
	pub := priv.Public().(ed25519.PublicKey)
	other := newKey(t)
	mod := func(f func(*AccessClaims)) AccessClaims { c := validClaims(testStart); f(&c); return c }
	good := sign(t, jwt.SigningMethodEdDSA, priv, kid, validClaims(testStart))
	cases := map[string]string{
		"signed with another key": sign(t, jwt.SigningMethodEdDSA, other, kid, validClaims(testStart)),
		"alg none": sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, kid,
			validClaims(testStart)),
		"HS256 keyed with the public key": sign(t, jwt.SigningMethodHS256, []byte(pub), kid, validClaims(testStart)),
		"wrong audience":                  sign(t, jwt.SigningMethodEdDSA, priv, kid, mod(func(c *AccessClaims) { c.Audience = jwt.ClaimStrings{"other"} })),
		"wrong issuer":                    sign(t, jwt.SigningMethodEdDSA, priv, kid, mod(func(c *AccessClaims) { c.Issuer = "evil" })),
		"no exp":                          sign(t, jwt.SigningMethodEdDSA, priv, kid, mod(func(c *AccessClaims) { c.ExpiresAt = nil })),
		"bad subject":                     sign(t, jwt.SigningMethodEdDSA, priv, kid, mod(func(c *AccessClaims) { c.Subject = "root" })),
		"unknown kid":                     sign(t, jwt.SigningMethodEdDSA, priv, "0123456789abcdef", validClaims(testStart)),
		"no kid":                          sign(t, jwt.SigningMethodEdDSA, priv, "", validClaims(testStart)),
		"tampered claims":                 tamper(t, good),
		"garbage":                         "not.a.jwt",
		"empty":                           "",
	}
	if _, err := svc.VerifyAccessToken(good); err != nil {
		t.Fatalf("the control token fails: %v", err)
	}
	for name, tok := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := svc.VerifyAccessToken(tok)
			e := wantCode(t, err, models.KindUnauthenticated, "invalid_token")
			if strings.Contains(e.Message, "kid") || strings.Contains(e.Message, "signature") {
				t.Fatalf("message leaks internals: %q", e.Message)
			}
		})
	}
}

// tamper re-encodes the payload of tok with role admin, keeping the signature.
func tamper(t *testing.T, tok string) string {
	t.Helper()
	parts := strings.Split(tok, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	payload = []byte(strings.Replace(string(payload), `"role":"inspector"`, `"role":"admin"`, 1))
	parts[1] = base64.RawURLEncoding.EncodeToString(payload)
	return strings.Join(parts, ".")
}

func TestKeyRotation(t *testing.T) {
	dir := t.TempDir()
	clock := &testClock{t: testStart}
	opts := Options{Clock: clock.Now, Hasher: cheapHasher()}
	if err := GenerateKeyFile(filepath.Join(dir, "2026-05-01.pem")); err != nil {
		t.Fatal(err)
	}
	oldKeys, err := LoadKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	oldTok, err := NewService(nil, oldKeys, opts).issueAccess(uuid.New(), uuid.New(), uuid.New(), models.RoleInspector, testStart)
	if err != nil {
		t.Fatal(err)
	}
	// Rotate: a newer key signs, the old one is kept as public only.
	if err := GenerateKeyFile(filepath.Join(dir, "2026-11-30.pem")); err != nil {
		t.Fatal(err)
	}
	if err := RetireKeyFile(filepath.Join(dir, "2026-05-01.pem")); err != nil {
		t.Fatal(err)
	}
	newKeys, err := LoadKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(nil, newKeys, opts)
	if _, err := svc.VerifyAccessToken(oldTok); err != nil {
		t.Fatalf("a token of the retired key no longer verifies: %v", err)
	}
	newTok, err := svc.issueAccess(uuid.New(), uuid.New(), uuid.New(), models.RoleInspector, testStart)
	if err != nil {
		t.Fatal(err)
	}
	parsed, _, err := jwt.NewParser().ParseUnverified(newTok, &AccessClaims{})
	if err != nil {
		t.Fatal(err)
	}
	if parsed.Header["kid"] != newKeys.SigningKeyID() || newKeys.SigningKeyID() == oldKeys.SigningKeyID() {
		t.Fatalf("new token kid %v, want the new key's %s", parsed.Header["kid"], newKeys.SigningKeyID())
	}
	if _, err := svc.VerifyAccessToken(newTok); err != nil {
		t.Fatal(err)
	}
}
