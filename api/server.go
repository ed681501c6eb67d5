// Package api is Tindal's HTTP layer: the Fiber app, every route of the
// OpenAPI contract, authentication and the authorization table, and the one
// place where errors become RFC 9457 problems. Handlers are thin: they turn
// a request into a call to one domain method and its result into a response.
package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// Pinger is a dependency /readyz checks.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are what the server needs; main builds them. Every service is
// built once in cmd/tindal and comes in the one services.Set the pages and
// the jobs share; NewServer refuses a server without one of them, or
// without Logger, DB, Auth or Printer. Blobs, LocalBlobs, Metrics, Rules
// and the settings below them are optional.
type Deps struct {
	services.Set
	// SMSReceipts records the SMS gateway's signed delivery receipts; nil
	// leaves the callback route out.
	SMSReceipts *notify.Receipts
	Logger      *slog.Logger
	DB          *storage.DB
	Blobs       Pinger // the object store; nil when not configured
	Auth        *auth.Service
	Metrics     *prometheus.Registry
	Clock       func() time.Time
	// LocalBlobs, when photos are stored on local disk, serves the store's
	// signed upload and download URLs under /v1/blobs/.
	LocalBlobs *blob.Local
	// Outbox writes notices in their cause's transaction (the one-time
	// sign-in mail); its Email says whether mail is sent at all.
	Outbox notify.Outbox
	// Pages, when set, mounts the office console and the owners' pages
	// (package web) on the same app, after the body limits and before the
	// contract's router, which answers 404 for anything it does not route.
	Pages Mounter
	// PublicBaseURL prefixes the calendar feed URLs handed to owners and
	// the verification URLs printed on documents.
	PublicBaseURL string
	// Printer prints the documents' PDFs (headless Chromium, shared).
	Printer *document.Printer
	// Issuer is the letterhead of every document; a zero Issuer takes
	// document.DefaultIssuer under PublicBaseURL.
	Issuer document.Issuer
	// TrustedProxies are the networks whose X-Forwarded-For is believed for
	// the client address (login rate limits); none: the socket's peer.
	TrustedProxies []netip.Prefix
	// PublicLimit limits the public vessel page per client address; zero
	// takes public.DefaultLimit.
	PublicLimit public.Limit
	// Timeouts of the HTTP server; zero fields take the defaults.
	Timeouts Timeouts
}

// missing names the services d lacks. main wires every one (cmd/tindal),
// so no handler checks for one and a running server never answers that
// something "is not configured"; tests build servers the same way.
func (d Deps) missing() []string {
	var out []string
	for name, nilService := range map[string]bool{"Logger": d.Logger == nil, "DB": d.DB == nil, "Auth": d.Auth == nil,
		"Printer": d.Printer == nil} {
		if nilService {
			out = append(out, name)
		}
	}
	out = append(out, d.Missing()...)
	slices.Sort(out)
	return out
}

// BodyLimit is the largest request body any route accepts (docs/ARCHITECTURE.md:
// 256 KiB for everything but pushes and photo content).
const BodyLimit = 256 << 10

// Mounter registers routes outside the contract (the pages) on the app.
type Mounter interface{ Mount(app *fiber.App) }

// NewServer builds the Fiber app with every route of the contract.
func NewServer(d Deps) (*fiber.App, error) {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	d.Timeouts = d.Timeouts.withDefaults()
	if d.Issuer.Authority == nil {
		d.Issuer = document.DefaultIssuer(d.PublicBaseURL)
	}
	if d.Issuer.BaseURL == "" {
		d.Issuer.BaseURL = d.PublicBaseURL
	}
	if missing := d.missing(); len(missing) > 0 {
		return nil, fmt.Errorf("api: a server needs every service, and %s are missing", strings.Join(missing, ", "))
	}
	h := &handlers{
		d:         d,
		detention: newDetentionMetrics(d.Metrics),
		verify:    public.NewLimiter(d.DB, verifyLimit),
	}
	k, err := loadContract(h)
	if err != nil {
		return nil, err
	}
	app := fiber.New(fiber.Config{
		AppName:               "tindal",
		BodyLimit:             BodyLimit,
		StreamRequestBody:     true, // limits per route: bodyLimitMiddleware
		ErrorHandler:          errorHandler(d.Logger),
		DisableStartupMessage: true,
		ReadTimeout:           d.Timeouts.Read, // upload bodies: UploadIdle without a byte instead (progressBody)
		WriteTimeout:          d.Timeouts.Write,
		IdleTimeout:           d.Timeouts.Idle,
		// Route exactly what the contract routes (see contract.middleware):
		// by default Fiber also routes /V1/Vessels and /v1/vessels/.
		CaseSensitive: true,
		StrictRouting: true,
	})
	honourExpectContinue(app) // 413 instead of 100 for an over-limit photo upload (api/photos.go)
	m := newMetrics(d.Metrics, d.DB)
	if d.Metrics != nil && d.Blobs != nil {
		registerObjectStore(d.Metrics, d.Blobs)
	}
	if d.Metrics != nil {
		d.Metrics.MustRegister(d.Inspect.OverdueCollector()) // tindal_findings_overdue (docs/REVIEW.md)
		d.Metrics.MustRegister(
			d.Penalties.NoticeCollectors()...) // notices issued, appeals filed and decided (docs/PENALTIES.md)
	}
	app.Use(requestIDMiddleware, securityHeaders, m.middleware, logMiddleware(d.Logger), recoverMiddleware(d.Logger),
		contentEncodingMiddleware, remoteAddrMiddleware(d.TrustedProxies))
	h.mountSystem(app, k)
	h.mountPublic(app)     // /v/vessel/{registration}: public, outside the contract (api/public.go)
	h.mountVerifyPage(app) // /v/{code} for a browser; JSON clients go on to the contract (api/verify_page.go)
	mountBlobs(app, d.LocalBlobs, d.Timeouts.UploadIdle)
	app.Use(bodyLimitMiddleware)
	h.mountSMSReceipts(app) // POST /hooks/sms/receipts: signed by the gateway, outside the contract
	if d.Pages != nil {
		d.Pages.Mount(app)
	}
	app.Use(k.middleware)       // route and authorise: nothing below runs for an unknown route or caller
	app.Use(pushBodyMiddleware) // inflate a gzip push, for an authorised caller only
	app.Use(k.validation)
	app.Put("/v1/photos/:id/content", requireScopeHandler, h.putPhotoContent) // streamed; not in the strict server
	app.Patch("/v1/photos/:id/content", requireScopeHandler, h.patchPhotoContent)
	openapi.RegisterHandlers(app, openapi.NewStrictHandler(h, []openapi.StrictMiddlewareFunc{k.secured}))
	app.Use(func(c *fiber.Ctx) error { return fiber.ErrNotFound })
	return app, nil
}

// handlers implements the generated StrictServerInterface.
type handlers struct {
	d         Deps
	detention *detentionMetrics // detention and release counters
	verify    *public.Limiter   // GET /v/{code} per address
}

var _ openapi.StrictServerInterface = (*handlers)(nil)

// authenticate turns a bearer token into the caller's scope.
func (h *handlers) authenticate(ctx context.Context, authorization string) (models.Scope, error) {
	p, err := h.d.Auth.Authenticate(ctx, authorization)
	if err != nil {
		return models.Scope{}, err
	}
	return models.Scope{
		UserID:        p.UserID,
		DeviceID:      p.DeviceID,
		Role:          p.Role,
		Jurisdictions: p.Jurisdictions,
		OwnerID:       p.OwnerID,
	}, nil
}

type scopeKey struct{}

func withScope(ctx context.Context, s models.Scope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

// scopeOf returns the caller's scope, set by the contract middleware for
// every operation that needs a signed-in caller.
func scopeOf(ctx context.Context) models.Scope {
	s, _ := ctx.Value(scopeKey{}).(models.Scope)
	return s
}
