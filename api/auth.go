package api

import (
	"context"
	"net/netip"
	"strings"

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

// remoteAddrMiddleware records the client address for login rate limits:
// the socket's peer, unless the peer is one of the trusted proxies.
func remoteAddrMiddleware(trusted []netip.Prefix) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if ip := clientIP(c, trusted); ip.IsValid() {
			c.SetUserContext(context.WithValue(c.UserContext(), remoteAddrKey{}, ip.String()))
		}
		return c.Next()
	}
}

// clientIP is the socket's peer or, when the peer is a trusted proxy, the
// nearest address of X-Forwarded-For that is not a trusted proxy. Proxies
// append the address they received from, so everything left of that is
// what the client claimed and is never believed; a malformed entry ends
// the walk at the last address a trusted proxy vouched for.
func clientIP(c *fiber.Ctx, trusted []netip.Prefix) netip.Addr {
	peer, _ := netip.AddrFromSlice(c.Context().RemoteIP())
	peer = peer.Unmap()
	if !isTrusted(peer, trusted) {
		return peer
	}
	var hops []string
	for k, v := range c.Request().Header.All() {
		if strings.EqualFold(string(k), fiber.HeaderXForwardedFor) {
			hops = append(hops, strings.Split(string(v), ",")...)
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return client
		}
		client = a.Unmap()
		if !isTrusted(client, trusted) {
			return client
		}
	}
	return client
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func remoteAddr(ctx context.Context) string {
	s, _ := ctx.Value(remoteAddrKey{}).(string)
	return s
}

// ClientAddr is the client's address of a request served by this API's
// app: the socket's peer, or behind a trusted proxy the address its
// X-Forwarded-For vouches for (clientIP). Pages count failed sign-ins and
// one-time codes per address with it: Fiber's own c.IP() is the proxy's
// address behind a load balancer, which would put every person in one
// bucket.
func ClientAddr(c *fiber.Ctx) string {
	if a := remoteAddr(c.UserContext()); a != "" {
		return a
	}
	return c.IP()
}
