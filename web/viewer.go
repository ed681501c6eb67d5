package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
)

const viewerKey = "tindal-web-viewer"

// viewer loads the signed-in person named by the session, if any, on every
// request: a deactivated or deleted user's session is destroyed at once.
func (s *Site) viewer(c *fiber.Ctx) error {
	ctx := c.UserContext()
	raw := s.sessions.GetString(ctx, keyUserID)
	if raw == "" {
		return c.Next()
	}
	id, err := uuid.Parse(raw)
	if err != nil {
		return s.endSession(c)
	}
	p, err := s.d.Auth.PersonOf(ctx, id)
	var me *models.Error
	if errors.As(err, &me) && me.Kind == models.KindUnauthenticated {
		return s.endSession(c)
	}
	if err != nil {
		return err
	}
	c.Locals(viewerKey, p)
	return c.Next()
}

// endSession destroys the session and sends the person to sign in.
func (s *Site) endSession(c *fiber.Ctx) error {
	if err := s.sessions.Destroy(c.UserContext()); err != nil {
		return err
	}
	return c.Redirect(s.signInPath(c), fiber.StatusSeeOther)
}

// Viewer is the signed-in person of this request, or nil.
func Viewer(c *fiber.Ctx) *auth.Person {
	p, _ := c.Locals(viewerKey).(*auth.Person)
	return p
}

// RequireRoles lets through only a signed-in person with one of roles; a
// person who is not signed in is sent to the area's sign-in page, one with
// another role gets 403.
func RequireRoles(roles ...models.Role) fiber.Handler {
	return func(c *fiber.Ctx) error {
		p := Viewer(c)
		if p == nil {
			return c.Redirect(signInTo(c), fiber.StatusSeeOther)
		}
		if !slices.Contains(roles, p.Role) {
			return models.Errorf(models.KindForbidden, "forbidden", "your role (%s) may not use these pages", p.Role)
		}
		return c.Next()
	}
}

// Officials are the roles of the office console.
var Officials = []models.Role{models.RoleAdmin, models.RoleRegistrar, models.RoleSupervisor, models.RoleInspector}

// Scope is the signed-in person's scope for acting as the API operation
// operationID: its access level comes from the API's authorisation table
// (api.AccessFor), so a page reaches exactly what that operation of the API
// would. A role the table refuses gets 403, as from the API.
func Scope(c *fiber.Ctx, operationID string) (models.Scope, error) {
	p := Viewer(c)
	if p == nil {
		return models.Scope{}, models.Errorf(models.KindUnauthenticated, "unauthenticated", "sign in first")
	}
	access, ok := api.AccessFor(operationID, p.Role)
	if !ok {
		return models.Scope{}, errors.New("web: operation " + operationID + " has no row in the authorisation table")
	}
	if access == models.AccessNone {
		return models.Scope{}, models.Errorf(models.KindForbidden, "forbidden", "your role (%s) may not do this", p.Role)
	}
	return models.Scope{
		UserID: p.UserID, Role: p.Role, Jurisdictions: p.Jurisdictions, OwnerID: p.OwnerID,
		Access: access, RequestID: requestID(c),
	}, nil
}

func requestID(c *fiber.Ctx) string {
	id, _ := c.Locals("X-Request-Id").(string) // set by the API's request-id middleware
	return id
}

// SignIn starts a signed-in session for user: a new session token (no
// fixation: the token a visitor had before signing in is never the one of
// their signed-in session) and a new CSRF token.
func (s *Site) SignIn(c *fiber.Ctx, userID uuid.UUID) error {
	ctx := c.UserContext()
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.sessions.Remove(ctx, keyCSRF)
	s.sessions.Put(ctx, keyUserID, userID.String())
	s.sessions.Put(ctx, keyStart, strconv.FormatInt(s.Now().Unix(), 10))
	return nil
}

// signOut ends the session (the row is deleted) and goes to sign in.
func (s *Site) signOut(c *fiber.Ctx) error {
	path := s.signInPath(c)
	if err := s.sessions.Destroy(c.UserContext()); err != nil {
		return err
	}
	return c.Redirect(path, fiber.StatusSeeOther)
}

// signInPath is the sign-in page of the area the request is in.
func (s *Site) signInPath(c *fiber.Ctx) string { return signInPathOf(c) }

func signInPathOf(c *fiber.Ctx) string { return areaOf(c) + "/signin" }

// signInTo is the area's sign-in page for a person who is not signed in.
// When they asked for a page of the area (a GET: a link from a mail, a
// bookmark), it carries that page as next, so signing in leads there
// rather than to the start page.
func signInTo(c *fiber.Ctx) string {
	in := signInPathOf(c)
	if c.Method() != fiber.MethodGet {
		return in
	}
	want, area := string(c.Request().URI().RequestURI()), areaOf(c)
	if AreaPath(want, area) == "" || want == area || want == area+"/" {
		return in
	}
	return in + "?next=" + url.QueryEscape(want)
}

// AreaPath is next when it is a page of this site under the area's prefix
// (/console, /my), else "": never another host (no open redirect), never
// another area.
func AreaPath(next, prefix string) string {
	if LocalPath(next, "") == "" {
		return ""
	}
	if next != prefix && !strings.HasPrefix(next, prefix+"/") && !strings.HasPrefix(next, prefix+"?") {
		return ""
	}
	return next
}

// Flash leaves a one-time message for the next page this session shows.
func (s *Site) Flash(c *fiber.Ctx, msg string) { s.sessions.Put(c.UserContext(), keyFlash, msg) }

func (s *Site) popFlash(ctx context.Context) string { return s.sessions.PopString(ctx, keyFlash) }
