package api

import (
	"context"
	"net"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/openapi"
)

type remoteAddrKey struct{}

// Login authenticates a user and registers the installation as a device.
func (h *handlers) Login(ctx context.Context, r openapi.LoginRequestObject) (openapi.LoginResponseObject, error) {
	in := auth.LoginInput{Email: r.Body.Email, Password: r.Body.Password, InstallationID: r.Body.InstallationId,
		RemoteAddr: remoteAddr(ctx)}
	if r.Body.DeviceName != nil {
		in.DeviceName = *r.Body.DeviceName
	}
	t, err := h.d.Auth.Login(ctx, in)
	if err != nil {
		return nil, err
	}
	return openapi.Login200JSONResponse(tokensOut(t)), nil
}

// Refresh rotates a refresh token.
func (h *handlers) Refresh(ctx context.Context, r openapi.RefreshRequestObject) (openapi.RefreshResponseObject, error) {
	t, err := h.d.Auth.Refresh(ctx, r.Body.RefreshToken)
	if err != nil {
		return nil, err
	}
	return openapi.Refresh200JSONResponse(tokensOut(t)), nil
}

// Logout revokes the calling device's refresh tokens.
func (h *handlers) Logout(ctx context.Context, _ openapi.LogoutRequestObject) (openapi.LogoutResponseObject, error) {
	s := scopeOf(ctx)
	if err := h.d.Auth.Logout(ctx, s.UserID, s.DeviceID); err != nil {
		return nil, err
	}
	return openapi.Logout204Response{}, nil
}

// GetMe describes the caller.
func (h *handlers) GetMe(ctx context.Context, _ openapi.GetMeRequestObject) (openapi.GetMeResponseObject, error) {
	s := scopeOf(ctx)
	u, err := h.d.Auth.User(ctx, s.UserID)
	if err != nil {
		return nil, err
	}
	return openapi.GetMe200JSONResponse{Id: s.UserID, Email: u.Email, Name: &u.Name, Role: openapi.Role(s.Role),
		DeviceId: s.DeviceID, OwnerId: s.OwnerID, JurisdictionIds: s.Jurisdictions,
		PreferredLanguage: openapi.Language(u.PreferredLanguage)}, nil
}

func tokensOut(t auth.Tokens) openapi.Tokens {
	return openapi.Tokens{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, TokenType: openapi.Bearer,
		ExpiresIn: t.ExpiresIn, DeviceId: t.DeviceID}
}

// remoteAddrMiddleware records the client address for login rate limits.
func remoteAddrMiddleware(c *fiber.Ctx) error {
	ip := c.IP()
	if net.ParseIP(ip) != nil {
		c.SetUserContext(context.WithValue(c.UserContext(), remoteAddrKey{}, ip))
	}
	return c.Next()
}

func remoteAddr(ctx context.Context) string {
	s, _ := ctx.Value(remoteAddrKey{}).(string)
	return s
}
