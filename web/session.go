package web

import (
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/gofiber/fiber/v2"
)

// SessionCookie is the name of the session cookie: a random token, the
// session's data stays in PostgreSQL (web_sessions).
const SessionCookie = "tindal_session"

// Keys of what a session holds.
const (
	keyUserID = "user_id"   // the signed-in user, a UUID string; absent before sign-in
	keyCSRF   = "csrf"      // the session's CSRF token
	keyLang   = "lang"      // a language chosen before sign-in
	keyFlash  = "flash"     // a one-time message for the next page
	keyStart  = "signed_at" // when the person signed in (Unix seconds)
)

func newSessionManager(store scs.Store, d Deps) *scs.SessionManager {
	sm := scs.New()
	sm.Store = store
	sm.IdleTimeout = orDuration(d.IdleTimeout, 30*time.Minute)
	sm.Lifetime = orDuration(d.Lifetime, 12*time.Hour)
	sm.Cookie.Name = SessionCookie
	sm.Cookie.HttpOnly = true
	sm.Cookie.Secure = d.Secure
	sm.Cookie.SameSite = http.SameSiteStrictMode
	sm.Cookie.Path = "/"
	sm.Cookie.Persist = false // ends with the browser as well as by the timeouts
	return sm
}

func orDuration(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// session loads the request's session from its cookie and, after the
// handler, saves it and (re)writes the cookie: what scs's LoadAndSave does
// for net/http, for Fiber. With an idle timeout every request extends the
// session (scs marks it modified on load).
func (s *Site) session(c *fiber.Ctx) error {
	ctx, err := s.sessions.Load(c.UserContext(), c.Cookies(SessionCookie))
	if err != nil {
		return err
	}
	c.SetUserContext(ctx)
	herr := c.Next()
	if herr != nil {
		// Render the error page first: it may touch the session (a CSRF
		// token for its forms).
		if werr := s.renderError(c, herr); werr != nil {
			return werr
		}
	}
	return s.saveSession(c)
}

func (s *Site) saveSession(c *fiber.Ctx) error {
	ctx := c.UserContext()
	switch s.sessions.Status(ctx) {
	case scs.Modified:
		token, expiry, err := s.sessions.Commit(ctx)
		if err != nil {
			return err
		}
		c.Cookie(s.cookie(token, expiry))
	case scs.Destroyed:
		c.Cookie(s.cookie("", time.Unix(1, 0)))
	}
	return nil
}

func (s *Site) cookie(token string, expiry time.Time) *fiber.Cookie {
	ck := &fiber.Cookie{
		Name: SessionCookie, Value: token, Path: "/", HTTPOnly: true,
		Secure: s.sessions.Cookie.Secure, SameSite: fiber.CookieSameSiteStrictMode,
	}
	if token == "" {
		ck.Expires = expiry
		ck.MaxAge = -1
	}
	return ck
}
