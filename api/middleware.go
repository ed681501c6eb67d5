package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

const requestIDHeader = "X-Request-Id"

var safeRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestIDMiddleware gives every request an id, the client's if it is a
// safe token, echoed in the response and in every log line.
func requestIDMiddleware(c *fiber.Ctx) error {
	id := c.Get(requestIDHeader)
	if !safeRequestID.MatchString(id) {
		id = uuid.NewString()
	} else {
		id = string([]byte(id)) // Fiber reuses the header buffer
	}
	c.Locals(requestIDHeader, id)
	c.Set(requestIDHeader, id)
	return c.Next()
}

// securityHeaders marks every response, problems included, as not to be
// sniffed into another content type, then gives every page and document
// what a browser needs to show it safely (documentHeaders). It runs after
// the handler and after the error handler has rendered any error, so it
// sees the final Content-Type of every route: the contract's documents,
// the public status pages, /docs, and whatever page is added later.
func securityHeaders(c *fiber.Ctx) error {
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	err := c.Next()
	documentHeaders(c)
	return err
}

// Content-Security-Policies. Pages and documents are self-contained: text
// and one inline <style>; no image but the QR code as a data: URL, no
// script, form, fetch or frame. /docs runs
// the embedded Redoc bundle (script-src 'self', its
// styles injected at run time, its search in a blob: worker) and fetches
// only /openapi.yaml; nothing from another origin, the CDN logo included.
const (
	pageCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; " + // data: the documents' QR codes
		"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
	docsCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
		"font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
		"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)

// documentHeaders sets, on every HTML page: a charset when the handler
// named none; and on every HTML page and public status answer: a
// Content-Security-Policy, no framing (frame-ancestors and,
// for older browsers, X-Frame-Options) and no Referer carrying a
// document's URL away. An HTML page or a PDF of the API (/v1/…: orders and
// notices, with names and addresses) is also kept out of every cache
// (private, no-store); public pages keep the caching their handler chose.
func documentHeaders(c *fiber.Ctx) {
	h := &c.Response().Header
	ct := strings.ToLower(string(h.ContentType()))
	html := strings.HasPrefix(ct, fiber.MIMETextHTML)
	if html && !strings.Contains(ct, "charset=") {
		h.SetContentType(fiber.MIMETextHTMLCharsetUTF8)
	}
	// The public status answers (/v/…) carry the page's policy in every
	// format, so that a found vessel and an unknown one answer alike.
	if html || strings.HasPrefix(c.Path(), "/v/") {
		csp := pageCSP
		if c.Path() == "/docs" {
			csp = docsCSP
		}
		if len(h.Peek(fiber.HeaderContentSecurityPolicy)) == 0 { // the pages (package web) set their own
			h.Set(fiber.HeaderContentSecurityPolicy, csp)
		}
		h.Set(fiber.HeaderXFrameOptions, "DENY")
		h.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	}
	if (html || strings.HasPrefix(ct, "application/pdf")) && strings.HasPrefix(c.Path(), "/v1/") {
		h.Set(fiber.HeaderCacheControl, "private, no-store")
	}
}

func requestID(c *fiber.Ctx) string {
	id, _ := c.Locals(requestIDHeader).(string)
	return id
}

// recoverMiddleware turns a panic into a 500 problem carrying the request
// id; the panic and its stack are logged, never sent.
func recoverMiddleware(log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) (err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic", "request_id", requestID(c), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return c.Next()
	}
}

// logMiddleware writes one structured line per request.
func logMiddleware(log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		if err != nil {
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				return herr
			}
		}
		log.Info("request", "request_id", requestID(c), "method", c.Method(), "route", routeOf(c),
			"status", c.Response().StatusCode(), "duration_ms", time.Since(start).Milliseconds())
		return nil
	}
}

// routeOf is the route template, not the raw path, to keep label sets small.
func routeOf(c *fiber.Ctx) string {
	if r := c.Route(); r != nil && r.Path != "/" && r.Path != "" {
		return r.Path
	}
	return "unmatched"
}

type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// newMetrics registers the HTTP metrics and the database pool gauges.
func newMetrics(reg *prometheus.Registry, db *storage.DB) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(
			prometheus.CounterOpts{Name: "tindal_http_requests_total", Help: "HTTP requests by route, method and status."},
			[]string{"route", "method", "status"},
		),
		duration: prometheus.NewHistogramVec(
			prometheus.HistogramOpts{
				Name:    "tindal_http_request_duration_seconds",
				Help:    "HTTP request duration by route and method.",
				Buckets: prometheus.DefBuckets,
			},
			[]string{"route", "method"},
		),
	}
	if reg == nil {
		return m
	}
	reg.MustRegister(m.requests, m.duration)
	if db != nil {
		registerPoolStats(reg, db)
	}
	return m
}

func registerPoolStats(reg *prometheus.Registry, db *storage.DB) {
	gauge := func(name, help string, f func() float64) {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
	}
	gauge(
		"tindal_db_pool_total_conns",
		"Connections in the pool.",
		func() float64 { return float64(db.Pool.Stat().TotalConns()) },
	)
	gauge(
		"tindal_db_pool_acquired_conns",
		"Connections in use.",
		func() float64 { return float64(db.Pool.Stat().AcquiredConns()) },
	)
	gauge("tindal_db_pool_idle_conns", "Idle connections.", func() float64 { return float64(db.Pool.Stat().IdleConns()) })
	gauge("tindal_db_pool_max_conns", "Pool size limit.", func() float64 { return float64(db.Pool.Stat().MaxConns()) })
	reg.MustRegister(
		prometheus.NewCounterFunc(
			prometheus.CounterOpts{
				Name: "tindal_db_pool_acquire_wait_seconds_total",
				Help: "Time spent waiting for a connection.",
			},
			func() float64 { return db.Pool.Stat().AcquireDuration().Seconds() },
		),
	)
}

func (m *metrics) middleware(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	if err != nil {
		if herr := c.App().ErrorHandler(c, err); herr != nil {
			return herr
		}
	}
	route, method := routeOf(c), methodLabel(c.Method())
	m.requests.WithLabelValues(route, method, strconv.Itoa(c.Response().StatusCode())).Inc()
	m.duration.WithLabelValues(route, method).Observe(time.Since(start).Seconds())
	return nil
}

// methodLabel returns a constant for the request method: c.Method() points
// into a buffer fasthttp reuses for the next request on the connection, and
// a label value kept by Prometheus must not change under it (it did: "GETT"
// labels, then a 500 on every scrape).
func methodLabel(m string) string {
	for _, k := range []string{fiber.MethodGet, fiber.MethodHead, fiber.MethodPost, fiber.MethodPut, fiber.MethodPatch,
		fiber.MethodDelete, fiber.MethodOptions} {
		if m == k {
			return k
		}
	}
	return "other"
}

// registerObjectStore registers the object store's state, read at each
// scrape: tindal_object_store_up is 1 while it serves (degraded
// included), tindal_object_store_degraded is 1 while it serves with drives
// offline (blob.ErrDegraded) — a drive to replace, not an outage.
func registerObjectStore(reg *prometheus.Registry, p Pinger) {
	state := func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return p.Ping(ctx)
	}
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tindal_object_store_up",
		Help: "1 while the object store serves (degraded included), 0 when it does not answer."}, func() float64 {
		if err := state(); err != nil && !errors.Is(err, blob.ErrDegraded) {
			return 0
		}
		return 1
	}))
	degraded := prometheus.GaugeOpts{
		Name: "tindal_object_store_degraded",
		Help: "1 while the object store serves with drives offline (an erasure-coded MinIO that lost a drive).",
	}
	reg.MustRegister(prometheus.NewGaugeFunc(degraded, func() float64 {
		if errors.Is(state(), blob.ErrDegraded) {
			return 1
		}
		return 0
	}))
}
