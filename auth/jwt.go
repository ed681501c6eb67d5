package auth

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// Access-token issuer and audience.
const (
	Issuer   = "tindal"
	Audience = "tindal-api"
)

// AccessClaims are the claims of an access token: sub is the user id.
type AccessClaims struct {
	Role     models.Role `json:"role"`
	DeviceID string      `json:"did"`
	// FamilyID is the refresh family the token was issued with: once the
	// family is revoked (logout, a new login on the device, refresh-token
	// reuse) Authenticate refuses the token before it expires.
	FamilyID string `json:"fam,omitempty"`
	jwt.RegisteredClaims
}

// newParser pins EdDSA and requires exp, iss and aud, on the injected clock.
func newParser(clock func() time.Time) *jwt.Parser {
	return jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(Issuer),
		jwt.WithAudience(Audience),
		jwt.WithTimeFunc(clock),
	)
}

// issueAccess signs an access token for a user on a device.
func (s *Service) issueAccess(userID, deviceID, family uuid.UUID, role models.Role, now time.Time) (string, error) {
	claims := AccessClaims{
		Role:     role,
		DeviceID: deviceID.String(),
		FamilyID: family.String(),
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    Issuer,
			Subject:   userID.String(),
			Audience:  jwt.ClaimStrings{Audience},
			ExpiresAt: jwt.NewNumericDate(now.Add(s.opts.AccessTTL)),
			IssuedAt:  jwt.NewNumericDate(now),
			ID:        uuid.NewString(),
		},
	}
	t := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	t.Header["kid"] = s.keys.SigningKeyID()
	signed, err := t.SignedString(s.keys.signer)
	if err != nil {
		return "", fmt.Errorf("sign access token: %w", err)
	}
	return signed, nil
}

// tokens builds the response of a login or refresh.
func (s *Service) tokens(
	userID, deviceID, family uuid.UUID,
	role models.Role,
	refresh string,
	now time.Time,
) (Tokens, error) {
	access, err := s.issueAccess(userID, deviceID, family, role, now)
	if err != nil {
		return Tokens{}, err
	}
	return Tokens{
		AccessToken: access, RefreshToken: refresh, TokenType: "Bearer",
		ExpiresIn: int(s.opts.AccessTTL / time.Second), DeviceID: deviceID,
	}, nil
}

// VerifyAccessToken checks an access token's signature, algorithm, key,
// issuer, audience and expiry, without touching the database. Every failure
// is KindUnauthenticated: "token_expired" or "invalid_token".
func (s *Service) VerifyAccessToken(token string) (*AccessClaims, error) {
	var c AccessClaims
	_, err := s.parser.ParseWithClaims(token, &c, s.keyFor)
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return nil, unauthenticated("token_expired", "the access token has expired", err)
	case err != nil:
		return nil, errInvalidToken(err)
	}
	if _, err := uuid.Parse(c.Subject); err != nil {
		return nil, errInvalidToken(fmt.Errorf("subject: %w", err))
	}
	if _, err := uuid.Parse(c.DeviceID); err != nil {
		return nil, errInvalidToken(fmt.Errorf("device: %w", err))
	}
	return &c, nil
}

// keyFor finds the verification key named by the token's kid header.
func (s *Service) keyFor(t *jwt.Token) (any, error) {
	kid, _ := t.Header["kid"].(string)
	pub, ok := s.keys.publicKey(kid)
	if !ok {
		return nil, fmt.Errorf("unknown kid %q", kid)
	}
	return pub, nil
}

func errInvalidToken(cause error) error {
	return unauthenticated("invalid_token", "the access token is not valid", cause)
}

// bearerToken strips an optional "Bearer " scheme from an Authorization value.
func bearerToken(v string) string {
	v = strings.TrimSpace(v)
	if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
		return strings.TrimSpace(v[7:])
	}
	return v
}
