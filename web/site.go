// Package web is the shared layer of Tindal's pages: the office console
// (/console, package web/console) and the owners' pages (/my, package
// web/my). It owns sessions stored in PostgreSQL, CSRF protection, the
// Content-Security-Policy, the layout and its embedded assets, the
// languages (English, Kannada, Hindi) and the one path from a signed-in
// person to a models.Scope: through the API's authorisation table, so a page
// never reaches what the API would refuse. web/README.md says how to add a
// page.
package web

import (
	"errors"
	"log/slog"
	"time"

	"github.com/alexedwards/scs/postgresstore"
	"github.com/alexedwards/scs/v2"
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/storage"
)

// Deps are what the pages need. DB and Auth are required.
type Deps struct {
	Logger *slog.Logger
	DB     *storage.DB
	Auth   *auth.Service
	Clock  func() time.Time
	// Secure marks the session cookie Secure: set it when the site is
	// served over TLS (directly or behind a TLS-terminating proxy).
	Secure bool
	// IdleTimeout ends a session nobody used for this long (default 30
	// minutes); Lifetime ends any session this long after sign-in (default
	// 12 hours, an office day).
	IdleTimeout time.Duration
	Lifetime    time.Duration
	// PublicBaseURL is the absolute address of this server, for links in
	// mail (password resets, sign-in links).
	PublicBaseURL string
}

// Area is a part of the site under one path prefix (/console, /my) with
// the roles that may use its signed-in pages.
type Area struct {
	Prefix string
	// Routes registers the area's pages on a router whose requests already
	// passed the session, CSRF and viewer middleware.
	Routes func(r fiber.Router)
}

// Site is the shared web layer; packages add their areas before the server
// mounts it.
type Site struct {
	d        Deps
	sessions *scs.SessionManager
	store    *postgresstore.PostgresStore
	i18n     *catalogue
	layout   *Templates
	areas    []Area
	apps     []func(app *fiber.App)
}

// New builds the site. Close stops the session store's cleanup.
func New(d Deps) (*Site, error) {
	if d.DB == nil || d.Auth == nil {
		return nil, errors.New("web: a site needs a database and the auth service")
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.Clock == nil {
		d.Clock = time.Now
	}
	cat, err := loadCatalogue()
	if err != nil {
		return nil, err
	}
	s := &Site{d: d, i18n: cat}
	s.store = postgresstore.NewWithConfig(
		d.DB.SQL,
		postgresstore.Config{TableName: "web_sessions", CleanUpInterval: 10 * time.Minute},
	)
	s.sessions = newSessionManager(s.store, d)
	s.layout, err = s.Templates(pageFS, "templates")
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Close stops the background cleanup of expired sessions.
func (s *Site) Close() { s.store.StopCleanup() }

// Add registers an area; call before the server mounts the site.
func (s *Site) Add(a Area) { s.areas = append(s.areas, a) }

// AddApp registers routes that need none of the pages' sessions, CSRF or
// viewer: a browser app that talks to the API with its own tokens (the
// inspector's field app, /field). Call before the server mounts the site.
func (s *Site) AddApp(mount func(app *fiber.App)) { s.apps = append(s.apps, mount) }

// Mount registers the assets, the shared routes (sign-out, language) and
// every area on app. The API's server calls it before its contract
// middleware, so pages are not routes of the JSON contract.
func (s *Site) Mount(app *fiber.App) {
	app.Get(assetPrefix+":name", s.asset)
	app.Get("/favicon.ico", s.favicon)

	for _, mount := range s.apps {
		mount(app)
	}
	for _, a := range s.areas {
		g := app.Group(a.Prefix, s.headers, s.session, s.csrf, s.viewer, s.checkInput)
		g.Post("/signout", s.signOut)
		g.Post("/lang", s.switchLanguage)
		a.Routes(g)
		g.Use(func(c *fiber.Ctx) error { return s.NotFound(c) })
	}
}

// Logger is the site's logger.
func (s *Site) Logger() *slog.Logger { return s.d.Logger }

// Now is the site's clock.
func (s *Site) Now() time.Time { return s.d.Clock() }

// Auth is the auth service pages sign people in with.
func (s *Site) Auth() *auth.Service { return s.d.Auth }

// DB is the database, for the session store and sign-in.
func (s *Site) DB() *storage.DB { return s.d.DB }

// PublicBaseURL is the absolute address of the server.
func (s *Site) PublicBaseURL() string { return s.d.PublicBaseURL }
